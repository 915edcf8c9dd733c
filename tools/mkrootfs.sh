#!/bin/sh
# mkrootfs.sh OUT.ext2 STAGING_DIR SIZE_MIB [SRC=DEST...]: build the root
# filesystem image.
#
# Stages the standard directories and the files under userland/rootfs/
# into STAGING_DIR, then the contents of each directory SRC under /DEST
# (e.g. build/user/bin=test puts the test programs in /test), then makes an ext2 image of it with mke2fs -d (4 KiB
# blocks, every file owned by root).  Later stages add programs to the
# staging tree before this runs.
set -eu
out=$1
stage=$2
size=$3
top=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$stage"
mkdir -p "$stage"
for d in bin sbin dev proc etc root home tmp usr/bin usr/sbin mnt \
	var/log var/tmp; do
	mkdir -p "$stage/$d"
done
chmod 1777 "$stage/tmp" "$stage/var/tmp"
chmod 700 "$stage/root"
if [ -d "$top/userland/rootfs" ]; then
	cp -R "$top/userland/rootfs/." "$stage/"
fi
shift 3
for extra in "$@"; do
	src=${extra%%=*}
	dest=${extra#*=}
	mkdir -p "$stage/$dest"
	cp -R "$src/." "$stage/$dest/"
done
rm -f "$out"
mke2fs -q -t ext2 -b 4096 -L maestro-root -E root_owner=0:0 \
	-d "$stage" "$out" "${size}M"
