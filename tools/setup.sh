#!/usr/bin/env bash
# setup.sh: install what maestro's build and tests need, from Debian's archive.
#
# Idempotent: packages already present are not reinstalled, the musl
# sysroots under build/sysroot (i386) and build/sysroot64 (x86_64) are
# unpacked only once, and the source indexes
# (deb-src, for userland/'s apt-get source) are added only when apt has none.
# Uses sudo when not root.
# Usage: tools/setup.sh [--check]   (--check: exit 1 if anything is missing)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
sysroot="$top/build/sysroot"
sysroot64="$top/build/sysroot64"

# Host packages: the cross compiler, assembler, ISO tools, QEMU, ext2 tools,
# and rng-tools5, whose rngtest runs FIPS 140-2 tests on what the guest's
# /dev/urandom gives (tests/system/random.py).
# qemu-user gives qemu-i386, through which tools/i386-exec runs i386
# programs on a host whose kernel cannot (installed without its
# recommendation qemu-user-binfmt, which would register it for every i386
# program on the machine).
packages=(make nasm gcc libc6-dev gcc-i686-linux-gnu binutils-i686-linux-gnu
	grub-pc-bin grub-common xorriso mtools qemu-system-x86 qemu-user
	e2fsprogs python3 gdb-multiarch file dpkg-dev xz-utils chromium rng-tools5)
# Commands and the package that brings each when it is missing.  Node.js
# and npm (for the profiler's pages, tools/web/) count as present when the
# commands are: a Node.js from elsewhere (NodeSource) bundles npm and
# conflicts with Debian's npm package.  Chromium, above, runs the pages'
# browser check (tools/prof-page-check).
commands=(node:nodejs npm:npm)
# i386 packages unpacked into build/sysroot (never installed system-wide).
sysroot_debs=(musl:i386 musl-dev:i386 linux-libc-dev:i386)
# The x86_64 musl (static libc.a, crt files, headers) unpacked into
# build/sysroot64, for bench-strlen's 64-bit build (tools/x86_64-musl-gcc).
sysroot64_debs=(musl-dev:amd64)

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing_packages() {
	local p c
	for p in "${packages[@]}"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
	done
	for c in "${commands[@]}"; do
		command -v "${c%%:*}" >/dev/null || echo "${c#*:}"
	done
}

install_packages() {
	local missing
	missing=$(missing_packages)
	[ -z "$missing" ] && return 0
	echo "setup: installing:" $missing
	as_root apt-get update -qq || true
	# shellcheck disable=SC2086
	as_root env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends $missing
}

# unpack_debs DIR PACKAGE...: fetch the packages with apt-get download and
# unpack them with dpkg -x into DIR (marked done by DIR/.done), so they
# cannot conflict with installed packages.
unpack_debs() {
	local dir=$1 dl deb
	shift
	dl=$(mktemp -d)
	chmod 777 "$dl"
	(cd "$dl" && apt-get download "$@")
	rm -rf "$dir"
	mkdir -p "$dir"
	for deb in "$dl"/*.deb; do dpkg -x "$deb" "$dir"; done
	rm -rf "$dl"
	touch "$dir/.done"
}

# The i386 musl C library and Linux headers.
install_sysroot() {
	[ -f "$sysroot/.done" ] && return 0
	if ! dpkg --print-foreign-architectures | grep -qx i386; then
		as_root dpkg --add-architecture i386
	fi
	as_root apt-get update -qq || true
	unpack_debs "$sysroot" "${sysroot_debs[@]}"
}

# The x86_64 musl C library.
install_sysroot64() {
	[ -f "$sysroot64/.done" ] && return 0
	unpack_debs "$sysroot64" "${sysroot64_debs[@]}"
}

# Source indexes for the userland build (apt-get source bash busybox).
# When apt knows no source of bash, the distribution's own binary entries
# (sources.list and debian.sources/ubuntu.sources, never third-party files)
# are copied with the type deb-src into one file of ours, then apt-get update.
srclist=/etc/apt/sources.list.d/maestro-deb-src.sources
have_deb_src() {
	apt-cache showsrc bash 2>/dev/null | grep -q '^Package: bash'
}

# Prints the distribution's deb entries as deb822 stanzas of type deb-src.
deb_src_stanzas() {
	local f
	for f in /etc/apt/sources.list.d/debian.sources \
		/etc/apt/sources.list.d/ubuntu.sources; do
		[ -f "$f" ] || continue
		awk 'BEGIN { RS = ""; ORS = "\n\n" }
			/(^|\n)Types:[^\n]*deb([ \t]|\n|$)/ && !/(^|\n)Enabled: *no/ {
				sub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/^\n/, "");
				print }' "$f"
	done
	[ -f /etc/apt/sources.list ] || return 0
	# One-line entries: deb [options] URI SUITE COMPONENT...
	sed -n 's/^[ \t]*deb[ \t]\+\(\[[^]]*\][ \t]\+\)\?//p' \
		/etc/apt/sources.list | while read -r uri suite comps; do
		[ -n "$comps" ] || continue
		printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: %s\n\n' \
			"$uri" "$suite" "$comps"
	done
}

install_deb_src() {
	have_deb_src && return 0
	echo "setup: adding source indexes (deb-src) in $srclist"
	local tmp
	tmp=$(mktemp)
	{ echo "# Added by maestro's tools/setup.sh: source indexes for apt-get source."
	  deb_src_stanzas; } > "$tmp"
	as_root install -m 644 "$tmp" "$srclist"
	rm -f "$tmp"
	as_root apt-get update -qq || true
	have_deb_src || { echo "setup: apt still knows no source of bash" >&2; return 1; }
}

if [ "${1:-}" = "--check" ]; then
	[ -z "$(missing_packages)" ] && [ -f "$sysroot/.done" ] &&
		[ -f "$sysroot64/.done" ] && have_deb_src
	exit
fi
install_packages
install_sysroot
install_sysroot64
install_deb_src
echo "setup: all tools present"
