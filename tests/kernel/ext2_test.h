/*
 * ext2_test.h: helpers shared by the ext2 KTESTs (test_ext2_util.c).
 *
 * The images come from tests/kernel/ext2-images.sh as Multiboot modules
 * (RAM disks); each is found by its volume label, whatever its ram
 * number.  ext2t_mount mounts one nowhere (vfs_kern_mount) and makes its
 * root the root of path lookup, so the tests use absolute paths;
 * ext2t_umount puts the previous root back and unmounts.
 *
 * Interface: ext2t_pattern, ext2t_dev, ext2t_mount, ext2t_umount,
 * ext2t_check_file, ext2t_write_pattern, ext2t_counts, ext2t_fsck_counts.
 */
#ifndef TESTS_KERNEL_EXT2_TEST_H
#define TESTS_KERNEL_EXT2_TEST_H

#include <stdint.h>
#include "fs/ext2/ext2fs.h"
#include "fs/vfs.h"
#include "kernel/ktest.h"

/* The byte at offset i of the images' pattern files. */
static inline uint8_t ext2t_pattern(uint64_t i)
{
	uint32_t x = (uint32_t)i;

	return (uint8_t)((x * 131u) ^ (x >> 9));
}

/* The block device whose ext2 label is label ("ram3"), or NULL; with es,
 * also a copy of its superblock as it is on the device. */
const char *ext2t_dev(const char *label, struct ext2_super_block *es);

/* Mount the image labelled label (flags: SB_RDONLY or 0) as the lookup
 * root: the superblock or ERR_PTR(-Exxx). */
struct super_block *ext2t_mount(const char *label, unsigned int flags);
void ext2t_umount(struct ktest_ctx *ctx, struct super_block *sb);

/*
 * Check [from, to) of file path: bytes inside one of the nruns runs
 * (pairs of offsets [start, end)) are pattern bytes, the others zeros.
 * Reads in chunks of chunk bytes.  Returns the number of bad bytes, or
 * -Exxx when a call failed.
 */
long ext2t_check_file(const char *path, uint64_t from, uint64_t to,
		      const uint64_t (*runs)[2], unsigned int nruns,
		      size_t chunk);

/* Write pattern bytes [off, off + len) into path (opened O_RDWR): 0 or
 * -Exxx. */
int ext2t_write_pattern(const char *path, uint64_t off, uint64_t len);

/* Free blocks and inodes by the superblock. */
void ext2t_counts(struct super_block *sb, uint64_t *blocks, uint64_t *inodes);
/* Do the bitmaps agree with the counters?  Records failures in ctx. */
void ext2t_fsck_counts(struct ktest_ctx *ctx, struct super_block *sb);

#endif
