#!/usr/bin/env bash
# build.sh PACKAGE DEST_DIR: one static i386 musl program of the root image,
# from Debian's source package (PACKAGE is bash or busybox).
# build.sh --source-dir PACKAGE: print the path of the unpacked source of
# the version a build would use (fetched into the cache's src/ first, as
# for a build, when not there yet), and build nothing: bench-bash
# (tests/bench/bash.mk) takes bash's own tests from it.
#
# The program is built once per (Debian version, build recipe) and kept in
# the cache, ${XDG_CACHE_HOME:-~/.cache}/maestro/userland/PACKAGE-VERSION-KEY/,
# where KEY hashes this script, userland/PACKAGE.*, tools/i386-musl-gcc, the
# compiler's version and the musl libc.a.  An entry holds the program,
# PACKAGE, and for busybox busybox.links, its applet list (one path a
# line, /bin/ash; stage.sh makes the links from it).  A cache hit
# copies the entry's files to DEST_DIR (each unless the same file is
# there) and builds nothing; a miss fetches the source with `apt-get
# source` (kept in the cache's src/ for the next recipe), builds it out of
# tree under build/userland/PACKAGE/ (marked with its recipe key in
# .recipe; a hit removes a folder of another recipe), strips its debug
# information and stores it.
# Nothing is patched: the choices are in userland/bash.configure (configure
# arguments) and userland/busybox.config (settings applied over defconfig),
# and the compiler flags below.
#
# For the profiler (kernel/prof/), both keep what it needs to name the
# frames of a user stack: they are compiled with frame pointers (bash with
# CFLAGS="$bash_cflags", busybox with CONFIG_EXTRA_CFLAGS in busybox.config,
# which comes after its own -fomit-frame-pointer), and only the debug
# information is stripped (strip --strip-debug): the symbol table stays,
# so that a profile of a script names bash's functions (reader_loop,
# execute_command, ...) and busybox's applets (ash_main, ...).  check_flags
# stops if a compile line of the build lacks -fno-omit-frame-pointer, and
# check_symbols if the stored program lacks those symbols.
#
# Both are cross builds, and nothing here runs an i386 program: the build
# machine need not be able to.  bash's configure gets --host and --build
# (so it runs no test program; the answers it would have found by running
# one are cache variables in bash.configure), and its build tools are
# compiled with the host's gcc; busybox gets CROSS_COMPILE and CC, its
# host tools (kconfig, applet tables) use the host's gcc, and its applet
# list comes from `make busybox.links` (the host's cpp over the
# configuration), not from running busybox.  After each build, the checks
# in check_bash and check_busybox stop with a message if it was not a
# cross build.
# Runs for the same package (from several worktrees) wait for each other
# on a lock in the cache, so that a second one finds the first one's build.
set -euo pipefail

source_only=
if [ "${1:-}" = --source-dir ]; then
	source_only=yes
	shift
fi
pkg=$1
dest=${2:-}
top=$(cd "$(dirname "$0")/.." && pwd)
cc=$top/tools/i386-musl-gcc
cross=${CROSS_LINUX:-i686-linux-gnu-}
sysroot=${MUSL_SYSROOT:-$top/build/sysroot}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/maestro/userland
work=$top/build/userland/$pkg
jobs=${USERLAND_JOBS:-$(nproc)}
# configure's own default (-g -O2; the debug information is stripped at
# the end) plus frame pointers.  Given CFLAGS, configure also drops its
# STYLE_CFLAGS, which only silence two warnings (-Wno-parentheses
# -Wno-format-security).
bash_cflags="-g -O2 -fno-omit-frame-pointer"

case "$pkg" in
bash) recipe=("$top/userland/bash.configure") ;;
busybox) recipe=("$top/userland/busybox.config") ;;
*) echo "build.sh: unknown package '$pkg'" >&2; exit 2 ;;
esac

say() { echo "userland: $*"; }
fail() { echo "build.sh: $*" >&2; exit 1; }

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
	local args build
	args=$(grep -v '^#' "$top/userland/bash.configure" | tr '\n' ' ')
	# The build machine's triplet; --build and --host together make
	# configure cross compile without trying to run anything.
	build=$(sh "$src/support/config.guess")
	# shellcheck disable=SC2086  # one argument per word of bash.configure
	(cd "$work" && CC=$cc AR=${cross}ar RANLIB=${cross}ranlib \
		CFLAGS=$bash_cflags \
		"$src/configure" --build="$build" $args > configure.log 2>&1) ||
		{ tail -30 "$work/configure.log"; return 1; }
	check_bash
	make -C "$work" -j"$jobs" bash > "$work/make.log" 2>&1 ||
		{ tail -40 "$work/make.log"; return 1; }
	check_flags "$work/make.log"
	mkdir -p "$work/out"
	"${cross}strip" --strip-debug -o "$work/out/bash" "$work/bash"
	check_symbols "$work/out/bash" main reader_loop execute_command yyparse
}

# Stops unless bash's configure decided it was cross compiling: then, and
# only then, it substitutes -DCROSS_COMPILING into the Makefiles and
# builds the build tools with the host's compiler rather than with $cc.
check_bash() {
	if ! grep -qx 'checking whether we are cross compiling... yes' \
		"$work/configure.log" ||
	   ! grep -qF 'S["CROSS_COMPILE"]="-DCROSS_COMPILING"' \
		"$work/config.status"; then
		fail "bash's configure did not cross compile (see $work/configure.log); its build would run i386 programs on this machine"
	fi
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
	make -C "$work" -j"$jobs" CC="$cc" CROSS_COMPILE="$cross" V=1 \
		busybox busybox.links > "$work/make.log" 2>&1 ||
		{ tail -40 "$work/make.log"; return 1; }
	check_busybox
	check_flags "$work/make.log"
	mkdir -p "$work/out"
	"${cross}strip" --strip-debug -o "$work/out/busybox" \
		"$work/busybox_unstripped"
	check_symbols "$work/out/busybox" main ash_main ls_main
	cp "$work/busybox.links" "$work/out/busybox.links"
}

# Stops unless busybox was built as a cross build: linked by $cc, its
# archives made with CROSS_COMPILE's ar, an i386 ELF program, and an
# applet list from the build (busybox.links is made even when its rule
# fails, which make then ignores).
check_busybox() {
	local why=
	grep -qF "\"$cc\"" "$work/.busybox_unstripped.cmd" ||
		why="$why; not linked with $cc"
	grep -q "^cmd_libbb/lib.a := .*${cross}ar " "$work/libbb/.lib.a.cmd" ||
		why="$why; CROSS_COMPILE=$cross not used"
	LC_ALL=C "${cross}readelf" -h "$work/busybox_unstripped" |
		grep -q 'Machine: *Intel 80386' || why="$why; not an i386 program"
	grep -qx '/bin/ash' "$work/busybox.links" ||
		why="$why; no applet list in busybox.links"
	[ -z "$why" ] ||
		fail "busybox was not cross built: ${why#; } (see $work/make.log)"
}

# check_flags LOG: stops unless LOG has compile lines (lines that run $cc
# with -c) and on each of them the last frame-pointer flag is
# -fno-omit-frame-pointer (busybox's own -fomit-frame-pointer comes
# first).
check_flags() {
	local counts
	counts=$(awk -v cc="$cc " '
		index($0, cc) && / -c / {
			n++
			last = ""
			for (i = 1; i <= NF; i++)
				if ($i ~ /^-f(no-)?omit-frame-pointer$/)
					last = $i
			if (last != "-fno-omit-frame-pointer")
				bad++
		}
		END { print n + 0, bad + 0 }' "$1")
	set -- "$1" $counts
	[ "$2" -gt 0 ] || fail "no compile lines in $1"
	[ "$3" -eq 0 ] ||
		fail "$3 of $2 compile lines in $1 lack -fno-omit-frame-pointer"
	say "$pkg: $2 compile lines in $1, all with -fno-omit-frame-pointer"
}

# check_symbols PROGRAM NAME...: stops unless PROGRAM's symbol table
# defines each NAME as a function.
check_symbols() {
	local prog=$1 syms name
	shift
	syms=$("${cross}nm" "$prog")
	for name in "$@"; do
		grep -qE "^[0-9a-f]+ [Tt] $name\$" <<< "$syms" ||
			fail "$prog has no function $name (stripped too much?)"
	done
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
if [ -n "$source_only" ]; then
	fetch_source >&2
	echo "$src"
	exit 0
fi
if [ ! -x "$entry/$pkg" ]; then
	fetch_source
	say "building $pkg $version (static i386 musl, recipe $key) in $work"
	t0=$SECONDS
	rm -rf "$work"
	mkdir -p "$work"
	echo "$key" > "$work/.recipe"
	"build_$pkg"
	rm -rf "$entry" "$entry.tmp"
	cp -r "$work/out" "$entry.tmp"
	mv "$entry.tmp" "$entry"
	say "built $pkg in $((SECONDS - t0)) s, stored in $entry"
else
	say "$pkg $version from the cache ($entry)"
	# A build folder of another recipe (its logs, a native configure's
	# among them) says nothing of this one.
	[ "$(cat "$work/.recipe" 2>/dev/null)" = "$key" ] || rm -rf "$work"
fi
mkdir -p "$dest"
for f in "$entry"/*; do
	name=${f##*/}
	if ! cmp -s "$f" "$dest/$name"; then
		cp "$f" "$dest/$name.tmp"
		mv "$dest/$name.tmp" "$dest/$name"
	fi
done
