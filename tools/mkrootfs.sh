#!/bin/sh
# mkrootfs.sh OUT.ext2 STAGING_DIR FREE_MIB FREE_INODES [SRC=DEST...]:
# build a root filesystem image.
#
# Stages the standard directories and the files under userland/rootfs/
# into STAGING_DIR, then the contents of each directory SRC under /DEST
# (e.g. build/user/bin=test puts the test programs in /test), then makes
# an ext2 image of it with mke2fs -d (4 KiB blocks, every file owned by
# root).  Later stages add programs to the staging tree before this runs.
#
# The image is as large as its contents need, counted as ext2 stores them
# (each file's data and indirect blocks, directories, the inode table,
# the superblock, group descriptors and bitmaps), plus FREE_MIB MiB of free
# blocks and FREE_INODES free inodes, rounded up to whole MiB.
# (The ISO carries only the image's used start: tools/trim-image.py.)
set -eu
out=$1
stage=$2
free_mib=$3
free_inodes=$4
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
shift 4
for extra in "$@"; do
	src=${extra%%=*}
	dest=${extra#*=}
	mkdir -p "$stage/$dest"
	cp -R "$src/." "$stage/$dest/"
done

# "BLOCKS INODES": the 4 KiB blocks and inodes the tree takes in ext2.
tree_needs() {
	find "$1" -printf '%y %s\n' | awk '
	function up(n, d) { return int((n + d - 1) / d) }
	{
		inodes++
		if ($1 == "f") {
			b = up($2, 4096)
			if (b > 12)
				b += 1 + (b > 1036 ? 1 + up(b - 1036, 1024) : 0)
			blocks += b
		} else if ($1 == "d") {
			blocks += $2 > 4096 ? up($2, 4096) : 1
		} else if ($1 == "l" && $2 >= 60) {
			blocks++
		}
	}
	END { print blocks + 0, inodes + 0 }'
}

set -- $(tree_needs "$stage")
used_blocks=$1
inodes=$(( $2 + 16 + free_inodes ))
# The inode table (256-byte inodes), then the superblock, descriptors,
# bitmaps and reserved descriptor blocks: 64 blocks and 1% are plenty.
meta_blocks=$(( (inodes * 256 + 4095) / 4096 + 64 + used_blocks / 100 ))
size_mib=$(( ((used_blocks + meta_blocks) * 4 + 1023) / 1024 + free_mib ))
rm -f "$out"
mke2fs -q -t ext2 -b 4096 -I 256 -N "$inodes" -L maestro-root \
	-E root_owner=0:0 -d "$stage" "$out" "${size_mib}M"
echo "mkrootfs: $out: $size_mib MiB, $(( used_blocks * 4 / 1024 )) MiB of" \
	"files, $free_mib MiB and $free_inodes inodes free"
