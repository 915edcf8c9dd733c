/*
 * test_ext2_bad.c: KTESTs of images ext2 must refuse, mount read-only,
 * or mount and then report as corrupt (tests/kernel/ext2-images.sh makes
 * them): an unknown incompatible feature, a journal needing recovery,
 * extents, an unknown read-only-compatible feature, a bad magic, absurd
 * counts, a directory entry with a broken rec_len and an indirect block
 * pointing outside the filesystem.  None may crash the kernel.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "tests/kernel/ext2_test.h"

/* Mount label and unmount it again: 0 or the mount's error. */
static long ext2t_mount_error(struct ktest_ctx *ctx, const char *label,
			      unsigned int flags)
{
	struct super_block *sb = ext2t_mount(label, flags);

	if (IS_ERR(sb))
		return PTR_ERR(sb);
	ext2t_umount(ctx, sb);
	return 0;
}

KTEST(ext2_bad, refused_features)
{
	KT_EXPECT_EQ(ctx, ext2t_mount_error(ctx, "ext2-incompat", 0), -EINVAL);
	KT_EXPECT_EQ(ctx, ext2t_mount_error(ctx, "ext2-recover", 0), -EINVAL);
	KT_EXPECT_EQ(ctx, ext2t_mount_error(ctx, "ext2-extents", 0), -EINVAL);
	KT_EXPECT_EQ(ctx, ext2t_mount_error(ctx, "ext2-extents", SB_RDONLY),
		     -EINVAL);
}

KTEST(ext2_bad, ro_compat_mounts_read_only)
{
	struct super_block *sb = ext2t_mount("ext2-rocompat", 0);
	struct file *f;
	char buf[20];

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT(ctx, sb->flags & SB_RDONLY);
	f = vfs_open("/hello.txt", O_RDONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 16);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/new", 0755), -EROFS);
	ext2t_umount(ctx, sb);
}

KTEST(ext2_bad, bad_superblocks)
{
	KT_EXPECT_EQ(ctx, ext2t_mount_error(ctx, "ext2-badmagic", SB_RDONLY),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, ext2t_mount_error(ctx, "ext2-badcounts", SB_RDONLY),
		     -EUCLEAN);
}

static bool ext2t_count(void *arg, const char *name, size_t len, uint32_t ino,
			unsigned int dtype)
{
	++*(int *)arg;
	return true;
}

KTEST(ext2_bad, broken_rec_len)
{
	struct super_block *sb = ext2t_mount("ext2-corrupt", SB_RDONLY);
	struct kstat st;
	struct file *f;
	int n = 0;

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT_EQ(ctx, vfs_stat("/hello.txt", false, &st), 0);
	KT_EXPECT_EQ(ctx, vfs_stat("/dir/one", false, &st), -EUCLEAN);
	f = vfs_open("/dir", O_RDONLY | O_DIRECTORY, 0);
	KT_EXPECT(ctx, !IS_ERR(f));
	if (!IS_ERR(f)) {
		KT_EXPECT_EQ(ctx, vfs_readdir(f, ext2t_count, &n), -EUCLEAN);
		vfs_close(f);
	}
	ext2t_umount(ctx, sb);
}

KTEST(ext2_bad, indirect_out_of_range)
{
	static const uint64_t all[][2] = { { 0, 20480 } };
	struct super_block *sb = ext2t_mount("ext2-corrupt", SB_RDONLY);

	KT_ASSERT(ctx, !IS_ERR(sb));
	/*
	 * The direct blocks read; the bad pointer (file block 13) fails.
	 * Page 2 first, then 0 and 1: read-ahead from page 0 would reach the
	 * bad page 3, and a failed read-ahead fails the page asked for too
	 * (mm/pagecache.c; reported to the lead).
	 */
	KT_EXPECT_EQ(ctx, ext2t_check_file("/ind.bin", 8192, 12288, all, 1,
					   4096), 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/ind.bin", 0, 8192, all, 1, 4096),
		     0);
	KT_EXPECT(ctx, ext2t_check_file("/ind.bin", 13312, 14336, all, 1,
					1024) < 0);
	ext2t_umount(ctx, sb);
}
