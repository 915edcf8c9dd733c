/*
 * test_ext2_regress.c: regression tests for bugs found in review of the
 * ext2 driver and the VFS paths it uses.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "tests/kernel/ext2_test.h"

static int create_empty(const char *path)
{
	struct file *f = vfs_open(path, O_CREAT | O_EXCL | O_RDWR, 0644);

	return IS_ERR(f) ? (int)PTR_ERR(f) : vfs_close(f);
}

/* Blocks mapped at or past block `first` of inode, among the next n. */
static unsigned int mapped_from(struct inode *inode, uint32_t first,
				uint32_t n)
{
	unsigned int mapped = 0;

	for (uint32_t b = first; b < first + n; b++) {
		uint32_t d = 0;

		if (inode->iops->get_block(inode, b, false, &d) == 0 && d)
			mapped++;
	}
	return mapped;
}

/* A write that runs out of space part way through a page gives back the
 * blocks it had allocated past the end of the file. */
KTEST(ext2_regress, enospc_frees_blocks_past_eof)
{
	struct super_block *sb = ext2t_mount("ext2-1k", 0);
	struct inode *ino;
	uint64_t off = 0;
	uint32_t bs;
	int err;

	KT_ASSERT(ctx, !IS_ERR(sb));
	bs = sb->block_size;
	KT_ASSERT_EQ(ctx, create_empty("/small"), 0);
	KT_ASSERT_EQ(ctx, ext2t_write_pattern("/small", 0, 2 * bs), 0);
	KT_ASSERT_EQ(ctx, create_empty("/fill"), 0);
	do {
		err = ext2t_write_pattern("/fill", off, bs);
		off += bs;
	} while (err == 0 && off < (64u << 20));
	KT_EXPECT_EQ(ctx, err, -ENOSPC);
	KT_EXPECT_EQ(ctx, vfs_unlink("/small"), 0);	/* two blocks free */
	KT_ASSERT_EQ(ctx, vfs_lookup("/fill", 0, &ino), 0);
	off = (ino->size + 4095) / 4096 * 4096 + 4096;
	KT_EXPECT_EQ(ctx, ext2t_write_pattern("/fill", off, 4096), -ENOSPC);
	KT_EXPECT_EQ(ctx, mapped_from(ino, (uint32_t)((ino->size + bs - 1) / bs),
				      64), 0);
	iput(ino);
	KT_EXPECT_EQ(ctx, vfs_unlink("/fill"), 0);
	ext2t_umount(ctx, sb);
}

/* One device, one superblock: a second mount is refused. */
KTEST(ext2_regress, same_device_mounted_twice)
{
	const char *dev = ext2t_dev("ext2-4k", NULL);
	struct super_block *a, *b;

	KT_ASSERT(ctx, dev != NULL);
	a = vfs_kern_mount("ext2", dev, 0, NULL);
	KT_ASSERT(ctx, !IS_ERR(a));
	b = vfs_kern_mount("ext2", dev, SB_RDONLY, NULL);
	KT_EXPECT_EQ(ctx, PTR_ERR(b), -EBUSY);
	if (!IS_ERR(b))
		vfs_kern_umount(b);
	KT_EXPECT_EQ(ctx, vfs_kern_umount(a), 0);
}

/* Revision 0 files stop at 2 GiB - 1: a write beyond gets -EFBIG instead
 * of leaving an inode that the next mount finds corrupt. */
KTEST(ext2_regress, write_past_max_size_rev0)
{
	struct super_block *sb = ext2t_mount("ext2-rev0", 0);
	struct kstat st;

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_ASSERT_EQ(ctx, create_empty("/big"), 0);
	KT_EXPECT_EQ(ctx, ext2t_write_pattern("/big", 3ull << 30, 1), -EFBIG);
	ext2t_umount(ctx, sb);
	sb = ext2t_mount("ext2-rev0", 0);
	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT_EQ(ctx, vfs_stat("/big", false, &st), 0);
	KT_EXPECT_EQ(ctx, st.size, 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/big"), 0);
	ext2t_umount(ctx, sb);
}

/* A symbolic link cannot be made in a directory that was removed while
 * still in use. */
KTEST(ext2_regress, symlink_in_removed_dir)
{
	struct super_block *sb = ext2t_mount("ext2-4k", 0);
	struct inode *dir, *out = NULL;

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_ASSERT_EQ(ctx, vfs_mkdir("/gone", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_lookup("/gone", 0, &dir), 0);
	KT_ASSERT_EQ(ctx, vfs_rmdir("/gone"), 0);
	KT_EXPECT_EQ(ctx, dir->iops->symlink(dir, "l", "target", &out), -ENOENT);
	if (out)
		iput(out);
	iput(dir);
	ext2t_umount(ctx, sb);
}
