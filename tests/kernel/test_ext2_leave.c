/*
 * test_ext2_leave.c: a workload that stays on the 1, 2 and 4 KiB images
 * and the revision 0 one, for the host to check after the test kernel
 * has run (make test-ext2-fsck: tests/kernel/ext2-fsck.py runs e2fsck -fn
 * on the images taken from the guest's memory and compares the files
 * below with debugfs).  Linked after the other ext2 tests, so it runs
 * last on those images.
 *
 * What it leaves under /out:
 *   deep/a/b/c/d/e/f/g/h/leaf   "leaf\n"
 *   big                          pattern bytes [0, 400000)
 *   holes                        pattern [0, 4096) and [5000000, 5004096),
 *                                zeros between
 *   moved/renamed                "renamed\n" (created elsewhere, renamed)
 *   hard1, hard2                 one inode, "hard\n"
 *   fast -> big, slow -> a 100-byte target
 * and it removes what it made on the way (a directory of 60 files, a
 * file truncated to nothing, a replaced rename target).
 */
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "tests/kernel/ext2_test.h"

static int ext2t_put(const char *path, const char *text)
{
	struct file *f = vfs_open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	ssize_t n;

	if (IS_ERR(f))
		return (int)PTR_ERR(f);
	n = vfs_write(f, text, strlen(text));
	vfs_close(f);
	return n == (ssize_t)strlen(text) ? 0 : -EIO;
}

static void ext2t_leave_dirs(struct ktest_ctx *ctx)
{
	char path[64];

	KT_ASSERT_EQ(ctx, vfs_mkdir("/out", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/out/deep", 0755), 0);
	strlcpy(path, "/out/deep", sizeof(path));
	for (char c = 'a'; c <= 'h'; c++) {
		size_t n = strlen(path);

		snprintf(path + n, sizeof(path) - n, "/%c", c);
		KT_ASSERT_EQ(ctx, vfs_mkdir(path, 0755), 0);
	}
	KT_EXPECT_EQ(ctx, ext2t_put("/out/deep/a/b/c/d/e/f/g/h/leaf", "leaf\n"),
		     0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/out/tmp", 0755), 0);
	for (int i = 0; i < 60; i++) {
		snprintf(path, sizeof(path), "/out/tmp/name-%d", i);
		KT_ASSERT_EQ(ctx, ext2t_put(path, path), 0);
	}
	for (int i = 59; i >= 0; i--) {
		snprintf(path, sizeof(path), "/out/tmp/name-%d", i);
		KT_ASSERT_EQ(ctx, vfs_unlink(path), 0);
	}
	KT_EXPECT_EQ(ctx, vfs_rmdir("/out/tmp"), 0);
}

static void ext2t_leave_files(struct ktest_ctx *ctx)
{
	static const char slow[] = "0123456789abcdefghij0123456789abcdefghij"
		"0123456789abcdefghij0123456789abcdefghij0123456789abcdefghij";

	KT_ASSERT_EQ(ctx, ext2t_put("/out/big", ""), 0);
	KT_EXPECT_EQ(ctx, ext2t_write_pattern("/out/big", 0, 400000), 0);
	KT_ASSERT_EQ(ctx, ext2t_put("/out/holes", ""), 0);
	KT_EXPECT_EQ(ctx, ext2t_write_pattern("/out/holes", 5000000, 4096), 0);
	KT_EXPECT_EQ(ctx, ext2t_write_pattern("/out/holes", 0, 4096), 0);
	KT_ASSERT_EQ(ctx, ext2t_put("/out/gone", ""), 0);
	KT_EXPECT_EQ(ctx, ext2t_write_pattern("/out/gone", 0, 70000), 0);
	KT_EXPECT_EQ(ctx, vfs_truncate("/out/gone", 0), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/out/gone"), 0);
	KT_EXPECT_EQ(ctx, ext2t_put("/out/hard1", "hard\n"), 0);
	KT_EXPECT_EQ(ctx, vfs_link("/out/hard1", "/out/hard2"), 0);
	KT_EXPECT_EQ(ctx, vfs_symlink("big", "/out/fast"), 0);
	KT_EXPECT_EQ(ctx, vfs_symlink(slow, "/out/slow"), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/out/moved", 0755), 0);
	KT_EXPECT_EQ(ctx, ext2t_put("/out/deep/renamed", "renamed\n"), 0);
	KT_EXPECT_EQ(ctx, ext2t_put("/out/moved/renamed", "old target\n"), 0);
	KT_EXPECT_EQ(ctx, vfs_rename("/out/deep/renamed", "/out/moved/renamed"),
		     0);
}

static void ext2t_leave(struct ktest_ctx *ctx, const char *label)
{
	struct super_block *sb = ext2t_mount(label, 0);

	KT_ASSERT(ctx, !IS_ERR(sb));
	ext2t_leave_dirs(ctx);
	ext2t_leave_files(ctx);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

KTEST(ext2_leave, workload_1k) { ext2t_leave(ctx, "ext2-1k"); }
KTEST(ext2_leave, workload_2k) { ext2t_leave(ctx, "ext2-2k"); }
KTEST(ext2_leave, workload_4k) { ext2t_leave(ctx, "ext2-4k"); }
KTEST(ext2_leave, workload_rev0) { ext2t_leave(ctx, "ext2-rev0"); }
