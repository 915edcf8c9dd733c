#!/bin/sh
# bash-tree.sh TREE USERLAND_ROOT SHAPE: lay out in TREE the disk of
# bench-bash (tests/bench/bash.mk), which the same program runs chrooted
# on maestro and on Linux:
#   /bin, /sbin, /usr	USERLAND_ROOT (build/userland/root): the root
#			image's /bin/bash, /bin/busybox and its applet links;
#   /tests		bash's own tests/ from Debian's source package of
#			the same version as /bin/bash (userland/build.sh
#			--source-dir bash: the cache's unpacked source, or
#			`apt-get source` into the cache when missing), with
#			the helper programs its scripts call (recho, zecho,
#			printenv, xcase: bash's support/*.c, which bash's
#			`make tests` builds), compiled here as static i386
#			musl programs with tools/i386-musl-gcc;
#   /bench/shape.sh	SHAPE, the synthetic script of the same shape;
#   /logs		empty: each script's output lands there;
#   /proc, /dev, /tmp	empty mount points.
# Nothing here runs an i386 program.
set -eu
tree=$1
root=$2
shape=$3
top=$(cd "$(dirname "$0")/.." && pwd)

src=$("$top/userland/build.sh" --source-dir bash)
[ -d "$src/tests" ] || { echo "bash-tree.sh: no tests/ in $src" >&2; exit 1; }
rm -rf "$tree"
mkdir -p "$tree"
cp -a "$root/." "$tree/"
cp -a "$src/tests" "$tree/tests"
for prog in recho zecho printenv xcase; do
	# config.h comes from a configure run; these four need only the
	# headers it would say are there.
	"$top/tools/i386-musl-gcc" -O2 -DHAVE_STRING_H -DHAVE_STDLIB_H \
		-DHAVE_UNISTD_H -DHAVE_LOCALE_H -I"$src" -I"$src/include" \
		"$src/support/$prog.c" -o "$tree/tests/$prog"
done
mkdir -p "$tree/bench" "$tree/logs" "$tree/proc" "$tree/dev" "$tree/tmp"
chmod 1777 "$tree/tmp"
cp "$shape" "$tree/bench/shape.sh"
