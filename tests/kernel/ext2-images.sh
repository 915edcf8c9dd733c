#!/bin/sh
# ext2-images.sh OUTDIR: build the ext2 images the in-kernel ext2 tests
# (tests/kernel/test_ext2*.c) mount, with mke2fs -d from staged trees.
#
# Every filesystem has a volume label the tests find it by (ext2t_dev()),
# so the order of the Multiboot modules does not matter.  The test kernel
# takes at most 8 modules, so the small images are partitions of two MBR
# disks (the tests register the partitions with blk_scan_mbr):
#   ext2-1k, ext2-2k, ext2-4k   the full tree, 1/2/4 KiB blocks, 4 groups
#   ext2-misc.img, partitions:
#     ext2-rev0                 revision 0, 1 KiB blocks, small tree
#     ext2-rocompat             unknown RO_COMPAT 0x8000: mounts read-only
#     ext2-corrupt              /dir's first entry has rec_len 6, and
#                               /ind.bin's indirect block points outside
#     ext2-badcounts            inodes_per_group absurd
#   ext2-refused.img, partitions:
#     ext2-incompat             unknown INCOMPAT feature 0x8000
#     ext2-recover              INCOMPAT_RECOVER (journal needs recovery)
#     ext2-extents              INCOMPAT_EXTENTS
#     ext2-badmagic             magic 0x1234
#
# The file contents follow pattern(i) = (i * 131) ^ (i >> 9), low byte,
# from the file's start; the tests compute the same.
set -e
out=$1
stage=$out/stage
small=$out/stage-small
rm -rf "$stage" "$small"
mkdir -p "$stage" "$small"

# pattern FILE OFFSET LENGTH: write pattern bytes at OFFSET (not truncating).
pattern() {
	python3 - "$1" "$2" "$3" <<'EOF'
import sys
path, off, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = bytes((((i * 131) ^ (i >> 9)) & 0xff) for i in range(off, off + n))
with open(path, 'r+b' if __import__('os').path.exists(path) else 'wb') as f:
    f.seek(off)
    f.write(data)
EOF
}

# The full tree.
printf 'Hello, maestro!\n' > "$stage/hello.txt"
ln "$stage/hello.txt" "$stage/hello.lnk"
pattern "$stage/pattern.bin" 0 1200000		# past double-indirect at 1 KiB
: > "$stage/empty"
truncate -s 300000 "$stage/sparse.bin"		# holes between three runs
pattern "$stage/sparse.bin" 0 4096
pattern "$stage/sparse.bin" 102400 4096
pattern "$stage/sparse.bin" 299990 10
truncate -s 71680000 "$stage/far.bin"		# triple-indirect at 1 KiB
pattern "$stage/far.bin" 71675904 4096
mkdir -p "$stage/a/b/c/d/e/f/g/h"
printf 'deep\n' > "$stage/a/b/c/d/e/f/g/h/leaf.txt"
mkdir "$stage/bigdir"
i=0
while [ $i -lt 150 ]; do
	n=$(printf 'file%03d' $i)
	printf '%s\n' "$n" > "$stage/bigdir/$n"
	i=$((i + 1))
done
ln -s hello.txt "$stage/link_fast"
slow=a/b/c/d/e/f/g/h/this-is-a-long-symbolic-link-target-of-more-than-sixty-bytes-0123456789
ln -s "$slow" "$stage/link_slow"
mkfifo "$stage/fifo"

# The small tree, for revision 0 and the corrupt images.
printf 'Hello, maestro!\n' > "$small/hello.txt"
mkdir "$small/dir"
printf 'one\n' > "$small/dir/one"
printf 'two\n' > "$small/dir/two"
pattern "$small/ind.bin" 0 20480			# uses the indirect block

mk() {	# mk NAME BLOCKSIZE SIZE TREE [mke2fs options]
	mk_name=$1 bs=$2 size=$3 tree=$4
	shift 4
	rm -f "$out/$mk_name.img"
	mke2fs -q -t ext2 -b "$bs" -L "$mk_name" -E root_owner=0:0 "$@" \
		-d "$tree" -F "$out/$mk_name.img" "$size"
}

# poke IMAGE OFFSET FORMAT VALUE: write a little-endian number.
poke() {
	python3 - "$@" <<'EOF'
import struct, sys
path, off, fmt, val = sys.argv[1], int(sys.argv[2], 0), sys.argv[3], int(sys.argv[4], 0)
with open(path, 'r+b') as f:
    f.seek(off)
    f.write(struct.pack('<' + fmt, val))
EOF
}

# or_u32 IMAGE OFFSET BITS: set bits in a superblock field.
or_u32() {
	python3 - "$@" <<'EOF'
import struct, sys
path, off, bits = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3], 0)
with open(path, 'r+b') as f:
    f.seek(off)
    v = struct.unpack('<I', f.read(4))[0]
    f.seek(off)
    f.write(struct.pack('<I', v | bits))
EOF
}

mk ext2-1k 1024 4M "$stage" -g 1024 -N 512
mk ext2-2k 2048 4M "$stage" -g 512 -N 512
mk ext2-4k 4096 4M "$stage" -g 256 -N 512
mk ext2-rev0 1024 1M "$small" -r 0

# Superblock fields (at byte 1024): s_magic 0x38, s_inodes_per_group 0x28,
# s_feature_incompat 0x60, s_feature_ro_compat 0x64.
SB=1024
for v in incompat:0x60:0x8000 recover:0x60:0x4 extents:0x60:0x40 \
	 rocompat:0x64:0x8000; do
	name=${v%%:*} rest=${v#*:}
	mk "ext2-$name" 1024 1M "$small"
	or_u32 "$out/ext2-$name.img" $((SB + ${rest%%:*})) "${rest#*:}"
done
mk ext2-badmagic 1024 1M "$small"
poke "$out/ext2-badmagic.img" $((SB + 0x38)) H 0x1234
mk ext2-badcounts 1024 1M "$small"
poke "$out/ext2-badcounts.img" $((SB + 0x28)) I 0x7ffffff8

mk ext2-corrupt 1024 1M "$small"
blk=$(debugfs -R "bmap /dir 0" "$out/ext2-corrupt.img" 2>/dev/null)
poke "$out/ext2-corrupt.img" $((blk * 1024 + 4)) H 6
ind=$(debugfs -R "stat /ind.bin" "$out/ext2-corrupt.img" 2>/dev/null |
	sed -n 's/.*(IND):\([0-9]*\).*/\1/p')
poke "$out/ext2-corrupt.img" $((ind * 1024 + 4)) I 0x00fffff0

# mbr OUT IMAGE...: a disk with an MBR and each image as a primary
# partition (type 0x83) from sector 2048 on, one after the other.
mbr() {
	python3 - "$@" <<'EOF'
import struct, sys
out, images = sys.argv[1], sys.argv[2:]
table, parts, lba = b'', [], 2048
for path in images:
    data = open(path, 'rb').read()
    n = len(data) // 512
    table += struct.pack('<B3sB3sII', 0, b'\0\0\0', 0x83, b'\0\0\0', lba, n)
    parts.append((lba, data))
    lba += n
mbr = bytearray(512)
mbr[446:446 + len(table)] = table
mbr[510:512] = b'\x55\xaa'
with open(out, 'wb') as f:
    f.write(mbr)
    for start, data in parts:
        f.seek(start * 512)
        f.write(data)
EOF
}

mbr "$out/ext2-misc.img" "$out/ext2-rev0.img" "$out/ext2-rocompat.img" \
	"$out/ext2-corrupt.img" "$out/ext2-badcounts.img"
mbr "$out/ext2-refused.img" "$out/ext2-incompat.img" "$out/ext2-recover.img" \
	"$out/ext2-extents.img" "$out/ext2-badmagic.img"
