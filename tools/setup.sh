#!/usr/bin/env bash
# setup.sh: install what maestro's build and tests need, from Debian's archive.
#
# Idempotent: packages already present are not reinstalled, and the i386 musl
# sysroot under build/sysroot is unpacked only once.  Uses sudo when not root.
# Usage: tools/setup.sh [--check]   (--check: exit 1 if anything is missing)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
sysroot="$top/build/sysroot"

# Host packages: the cross compiler, assembler, ISO tools, QEMU, ext2 tools.
packages=(make nasm gcc libc6-dev gcc-i686-linux-gnu binutils-i686-linux-gnu
	grub-pc-bin grub-common xorriso mtools qemu-system-x86 e2fsprogs
	python3 gdb-multiarch file)
# i386 packages unpacked into build/sysroot (never installed system-wide).
sysroot_debs=(musl:i386 musl-dev:i386 linux-libc-dev:i386)

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing_packages() {
	local p
	for p in "${packages[@]}"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
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

# The i386 musl C library and Linux headers, fetched with apt-get download
# and unpacked with dpkg -x, so they cannot conflict with amd64 packages.
install_sysroot() {
	[ -f "$sysroot/.done" ] && return 0
	if ! dpkg --print-foreign-architectures | grep -qx i386; then
		as_root dpkg --add-architecture i386
	fi
	as_root apt-get update -qq || true
	local dl
	dl=$(mktemp -d)
	chmod 777 "$dl"
	(cd "$dl" && apt-get download "${sysroot_debs[@]}")
	rm -rf "$sysroot"
	mkdir -p "$sysroot"
	local deb
	for deb in "$dl"/*.deb; do dpkg -x "$deb" "$sysroot"; done
	rm -rf "$dl"
	touch "$sysroot/.done"
}

if [ "${1:-}" = "--check" ]; then
	[ -z "$(missing_packages)" ] && [ -f "$sysroot/.done" ]
	exit
fi
install_packages
install_sysroot
echo "setup: all tools present"
