#!/usr/bin/env bash
# build.sh PACKAGE DEST_DIR: one static i386 musl program of the root image,
# from Debian's source package (PACKAGE is bash or busybox).
#
# The program is built once per (Debian version, build recipe) and kept in
# the cache, ${XDG_CACHE_HOME:-~/.cache}/maestro/userland/PACKAGE-VERSION-KEY/,
# where KEY hashes this script, userland/PACKAGE.*, tools/i386-musl-gcc, the
# compiler's version and the musl libc.a.  A cache hit copies the binary to
# DEST_DIR/PACKAGE (unless the same file is there) and builds nothing; a miss fetches the source with
# `apt-get source` (kept in the cache's src/ for the next recipe), builds it
# out of tree under build/userland/PACKAGE/, strips it and stores it.
# Nothing is patched: the choices are in userland/bash.configure (configure
# arguments) and userland/busybox.config (settings applied over defconfig).
# Runs for the same package (from several worktrees) wait for each other
# on a lock in the cache, so that a second one finds the first one's build.
set -euo pipefail

pkg=$1
dest=$2
top=$(cd "$(dirname "$0")/.." && pwd)
cc=$top/tools/i386-musl-gcc
cross=${CROSS_LINUX:-i686-linux-gnu-}
sysroot=${MUSL_SYSROOT:-$top/build/sysroot}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/maestro/userland
work=$top/build/userland/$pkg
jobs=${USERLAND_JOBS:-$(nproc)}

case "$pkg" in
bash) recipe=("$top/userland/bash.configure") ;;
busybox) recipe=("$top/userland/busybox.config") ;;
*) echo "build.sh: unknown package '$pkg'" >&2; exit 2 ;;
esac

say() { echo "userland: $*"; }

# The .dsc apt would fetch now: "NAME_VERSION.dsc SIZE" per file, one line
# each; the version has no epoch.
source_files() {
	(cd /tmp && apt-get source --print-uris -qq "$pkg") |
		sed -n "s/^'[^']*' \([^ ]*\) \([0-9]*\) .*/\1 \2/p"
}

recipe_key() {
	{ cat "$0" "${recipe[@]}" "$cc"
	  "${cross}gcc" --version | head -1
	  sha256sum < "$sysroot/usr/lib/i386-linux-musl/libc.a"
	} | sha256sum | cut -c1-12
}

# Fetches and unpacks the Debian source into $src (once per version).
# apt's sandbox user cannot enter a home directory, so the download happens
# in a temporary directory under /tmp.
fetch_source() {
	[ -f "$src/.done" ] && return 0
	local total tmp t0
	total=$(echo "$files" | awk '{ s += $2 } END { printf "%.1f", s / 1048576 }')
	say "downloading Debian's source of $pkg $version ($total MiB) with apt-get source"
	tmp=$(mktemp -d /tmp/maestro-src.XXXXXX)
	chmod 755 "$tmp"
	t0=$SECONDS
	(cd "$tmp" && chmod 777 . && apt-get source "$pkg" 2>&1 |
		grep -v '^dpkg-source: info: applying' |
		sed 's/^/userland:   /')
	say "fetched and unpacked $pkg in $((SECONDS - t0)) s"
	rm -rf "$src"
	mkdir -p "$(dirname "$src")"
	mv "$tmp/$(cd "$tmp" && ls -d */ | head -1)" "$src"
	rm -rf "$tmp"
	touch "$src/.done"
}

build_bash() {
	local args
	args=$(grep -v '^#' "$top/userland/bash.configure" | tr '\n' ' ')
	# shellcheck disable=SC2086  # one argument per word of bash.configure
	(cd "$work" && CC=$cc "$src/configure" $args > configure.log 2>&1) ||
		{ tail -30 "$work/configure.log"; return 1; }
	make -C "$work" -j"$jobs" -s bash > "$work/make.log" 2>&1 ||
		{ tail -40 "$work/make.log"; return 1; }
	"${cross}strip" -o "$work/out" "$work/bash"
}

build_busybox() {
	local line
	make -C "$src" O="$work" -s defconfig > /dev/null
	# Each "CONFIG_X=value" or "# CONFIG_X is not set" line of busybox.config
	# replaces the defconfig's setting of CONFIG_X.
	grep -E '^(CONFIG_|# CONFIG_)' "$top/userland/busybox.config" |
	while read -r line; do
		local name
		name=$(echo "$line" | grep -o 'CONFIG_[A-Za-z0-9_]*' | head -1)
		sed -i "/^$name=/d; /^# $name is not set/d" "$work/.config"
		echo "$line" >> "$work/.config"
	done
	{ yes '' || :; } | make -C "$work" -s oldconfig > /dev/null
	make -C "$work" -j"$jobs" CC="$cc" CROSS_COMPILE="$cross" \
		busybox > "$work/make.log" 2>&1 ||
		{ tail -40 "$work/make.log"; return 1; }
	"${cross}strip" -o "$work/out" "$work/busybox_unstripped"
}

files=$(source_files)
dsc=$(echo "$files" | awk '/\.dsc / { print $1 }')
[ -n "$dsc" ] || { echo "build.sh: apt knows no source of $pkg (run tools/setup.sh)" >&2; exit 1; }
version=${dsc#"${pkg}_"}
version=${version%.dsc}
key=$(recipe_key)
entry=$cache/$pkg-$version-$key
src=$cache/src/${pkg}_$version

mkdir -p "$cache"
exec 9> "$cache/$pkg.lock"
flock 9
if [ ! -x "$entry/$pkg" ]; then
	fetch_source
	say "building $pkg $version (static i386 musl, recipe $key) in $work"
	t0=$SECONDS
	rm -rf "$work"
	mkdir -p "$work"
	"build_$pkg"
	rm -rf "$entry" "$entry.tmp"
	mkdir -p "$entry.tmp"
	cp "$work/out" "$entry.tmp/$pkg"
	mv "$entry.tmp" "$entry"
	say "built $pkg in $((SECONDS - t0)) s, stored in $entry"
else
	say "$pkg $version from the cache ($entry)"
fi
mkdir -p "$dest"
if ! cmp -s "$entry/$pkg" "$dest/$pkg"; then
	cp "$entry/$pkg" "$dest/$pkg.tmp"
	mv "$dest/$pkg.tmp" "$dest/$pkg"
fi
