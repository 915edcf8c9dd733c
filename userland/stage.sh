#!/bin/sh
# stage.sh BIN_DIR STAGE_DIR: the userland part of the root tree.
#
# Puts BIN_DIR's bash and busybox in STAGE_DIR/bin, makes /bin/sh a link
# to bash, and links every applet of BIN_DIR/busybox.links (bin/, sbin/,
# usr/bin/, usr/sbin/) to busybox, as `busybox --install -s` would, but
# with relative links, which resolve wherever the tree lies or its image is
# mounted (build/userland/root/ itself, a loop mount of build/rootfs.ext2),
# not only at /.
# busybox.links is the applet list busybox's build makes (one path a line,
# /bin/ash; the same list as `busybox --list-full`), which build.sh keeps
# beside the binary: busybox itself is not run here, since the build
# machine need not be able to run i386 programs.
# Left out: sh (bash is the shell), init and linuxrc (/sbin/init is
# maestro's own, userland/init/).
# tools/mkrootfs.sh then copies the tree into the image, links as links.
set -eu
bin=$1
stage=$2

rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/sbin" "$stage/usr/bin" "$stage/usr/sbin"
cp "$bin/bash" "$bin/busybox" "$stage/bin/"
ln -s bash "$stage/bin/sh"
[ -s "$bin/busybox.links" ] ||
	{ echo "stage.sh: no applet list $bin/busybox.links" >&2; exit 1; }
sed 's|^/||' "$bin/busybox.links" | while read -r applet; do
	case "$applet" in
	bin/sh|sbin/init|linuxrc|bin/busybox) continue ;;
	esac
	case "$applet" in
	bin/*) target=busybox ;;
	sbin/*) target=../bin/busybox ;;
	usr/*) target=../../bin/busybox ;;
	*) echo "stage.sh: unexpected applet path $applet" >&2; exit 1 ;;
	esac
	[ -e "$stage/$applet" ] || ln -s "$target" "$stage/$applet"
done
