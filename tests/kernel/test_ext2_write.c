/*
 * test_ext2_write.c: KTESTs of every ext2 write operation on 1, 2 and
 * 4 KiB blocks: create, write, overwrite, extend with a hole, truncate
 * down and up, writes reaching the double- (and at 1 KiB triple-)
 * indirect blocks, unlink, link, fast and slow symlinks, mkdir, rmdir,
 * rename in a directory, across directories, onto an existing name and
 * of a directory (its ".." follows).  Everything happens under /w, which
 * is removed at the end: the free block and inode counts must then be
 * back to where they started, and agree with the bitmaps.  Then the disk
 * is filled (blocks, then inodes) and emptied again.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "tests/kernel/ext2_test.h"

static uint32_t ext2t_nlink(const char *path)
{
	struct kstat st;

	return vfs_stat(path, false, &st) ? 0 : st.nlink;
}

static uint64_t ext2t_size(const char *path)
{
	struct kstat st;

	return vfs_stat(path, false, &st) ? ~0ull : st.size;
}

static uint32_t ext2t_ino(const char *path)
{
	struct kstat st;

	return vfs_stat(path, false, &st) ? 0 : st.ino;
}

static int ext2t_create(const char *path)
{
	struct file *f = vfs_open(path, O_CREAT | O_EXCL | O_RDWR, 0644);

	if (IS_ERR(f))
		return (int)PTR_ERR(f);
	return vfs_close(f);
}

/* Create, write, overwrite, extend, truncate down and up. */
static void ext2t_file_ops(struct ktest_ctx *ctx)
{
	static const uint64_t r1[][2] = { { 0, 100000 } };
	static const uint64_t r2[][2] = { { 0, 100000 }, { 200000, 210000 } };
	static const uint64_t r3[][2] = { { 0, 30000 } };

	KT_ASSERT_EQ(ctx, ext2t_create("/w/f"), 0);
	KT_EXPECT_EQ(ctx, ext2t_create("/w/f"), -EEXIST);
	KT_ASSERT_EQ(ctx, ext2t_write_pattern("/w/f", 0, 100000), 0);
	KT_EXPECT_EQ(ctx, ext2t_size("/w/f"), 100000);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/w/f", 0, 100000, r1, 1, 4096), 0);
	/* Overwrite with the same pattern through odd offsets. */
	KT_ASSERT_EQ(ctx, ext2t_write_pattern("/w/f", 5001, 30000), 0);
	KT_EXPECT_EQ(ctx, ext2t_size("/w/f"), 100000);
	/* Extend past a hole. */
	KT_ASSERT_EQ(ctx, ext2t_write_pattern("/w/f", 200000, 10000), 0);
	KT_EXPECT_EQ(ctx, ext2t_size("/w/f"), 210000);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/w/f", 0, 210000, r2, 2, 5000), 0);
	/* Truncate down, then up: the cut part reads as zeros. */
	KT_ASSERT_EQ(ctx, vfs_truncate("/w/f", 30000), 0);
	KT_EXPECT_EQ(ctx, ext2t_size("/w/f"), 30000);
	KT_ASSERT_EQ(ctx, vfs_truncate("/w/f", 80000), 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/w/f", 0, 80000, r3, 1, 4096), 0);
	KT_EXPECT_EQ(ctx, vfs_truncate("/w", 0), -EISDIR);
}

/* Writes through the indirect levels, then unlink frees them all. */
static void ext2t_deep_blocks(struct ktest_ctx *ctx, struct super_block *sb)
{
	uint64_t apb = sb->block_size / 4;
	uint64_t dind = (12 + apb) * sb->block_size + 777;
	uint64_t tind = (12 + apb + apb * apb) * sb->block_size + 99;
	uint64_t runs[2][2] = { { dind, dind + 9000 }, { tind, tind + 5000 } };
	bool triple = sb->block_size == 1024;

	KT_ASSERT_EQ(ctx, ext2t_create("/w/deep"), 0);
	KT_ASSERT_EQ(ctx, ext2t_write_pattern("/w/deep", dind, 9000), 0);
	if (triple)
		KT_ASSERT_EQ(ctx, ext2t_write_pattern("/w/deep", tind, 5000), 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/w/deep", dind - 5000,
					   dind + 9000, runs, 1, 4096), 0);
	if (triple)
		KT_EXPECT_EQ(ctx, ext2t_check_file("/w/deep", tind - 100,
						   tind + 5000, runs, 2, 3000),
			     0);
	KT_EXPECT_EQ(ctx, vfs_truncate("/w/deep", dind + 10), 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/w/deep", dind - 10, dind + 10,
					   runs, 1, 4096), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/w/deep"), 0);
}

static void ext2t_links(struct ktest_ctx *ctx)
{
	static const char slow[] = "a-slow-symbolic-link-target/"
		"which/is/longer/than/sixty/bytes/so/it/needs/a/block/"
		"0123456789abcdef";
	char buf[160];

	KT_ASSERT_EQ(ctx, vfs_link("/w/f", "/w/f2"), 0);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/f"), 2);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/f"), ext2t_ino("/w/f2"));
	KT_EXPECT_EQ(ctx, vfs_link("/w", "/w/dirlink"), -EPERM);
	KT_EXPECT_EQ(ctx, vfs_unlink("/w/f2"), 0);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/f"), 1);
	KT_EXPECT_EQ(ctx, vfs_symlink("f", "/w/sf"), 0);
	KT_EXPECT_EQ(ctx, vfs_symlink(slow, "/w/ss"), 0);
	KT_EXPECT_EQ(ctx, vfs_readlink("/w/sf", buf, sizeof(buf)), 1);
	KT_EXPECT_EQ(ctx, vfs_readlink("/w/ss", buf, sizeof(buf)),
		     sizeof(slow) - 1);
	KT_EXPECT(ctx, memcmp(buf, slow, sizeof(slow) - 1) == 0);
	KT_EXPECT_EQ(ctx, ext2t_size("/w/sf"), 1);
	KT_EXPECT_EQ(ctx, vfs_unlink("/w/sf"), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/w/ss"), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/w/sf"), -ENOENT);
}

/* Many names in one directory: blocks are added, entries coalesced. */
static void ext2t_many(struct ktest_ctx *ctx)
{
	char path[64];

	KT_ASSERT_EQ(ctx, vfs_mkdir("/w/many", 0755), 0);
	for (int i = 0; i < 120; i++) {
		snprintf(path, sizeof(path), "/w/many/a-rather-long-name-%d", i);
		KT_ASSERT_EQ(ctx, ext2t_create(path), 0);
	}
	for (int i = 0; i < 120; i += 2) {
		snprintf(path, sizeof(path), "/w/many/a-rather-long-name-%d", i);
		KT_ASSERT_EQ(ctx, vfs_unlink(path), 0);
	}
	KT_EXPECT_EQ(ctx, vfs_rmdir("/w/many"), -ENOTEMPTY);
	for (int i = 1; i < 120; i += 2) {
		snprintf(path, sizeof(path), "/w/many/a-rather-long-name-%d", i);
		KT_ASSERT_EQ(ctx, vfs_unlink(path), 0);
	}
	KT_EXPECT_EQ(ctx, vfs_rmdir("/w/many"), 0);
}

static void ext2t_dirs(struct ktest_ctx *ctx)
{
	uint32_t wlinks = ext2t_nlink("/w");

	KT_ASSERT_EQ(ctx, vfs_mkdir("/w/d1", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/w/d2", 0755), 0);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/w/d1", 0755), -EEXIST);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w"), wlinks + 2);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/d1"), 2);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/w/d1/sub", 0700), 0);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/d1"), 3);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/d1/sub/.."), ext2t_ino("/w/d1"));
	KT_EXPECT_EQ(ctx, vfs_rmdir("/w/d1"), -ENOTEMPTY);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/w/f"), -ENOTDIR);
	KT_EXPECT_EQ(ctx, vfs_unlink("/w/d1"), -EISDIR);
}

static void ext2t_renames(struct ktest_ctx *ctx)
{
	static const uint64_t r[][2] = { { 0, 30000 } };
	uint32_t ino = ext2t_ino("/w/f");

	/* Same directory, then across, then onto an existing file. */
	KT_ASSERT_EQ(ctx, vfs_rename("/w/f", "/w/g"), 0);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/f"), 0);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/g"), ino);
	KT_ASSERT_EQ(ctx, vfs_rename("/w/g", "/w/d1/g"), 0);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/d1/g"), ino);
	KT_ASSERT_EQ(ctx, ext2t_create("/w/d2/h"), 0);
	KT_ASSERT_EQ(ctx, vfs_rename("/w/d1/g", "/w/d2/h"), 0);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/d2/h"), ino);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/d2/h"), 1);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/w/d2/h", 0, 30000, r, 1, 4096), 0);
	/* A directory across directories: link counts and "..". */
	KT_ASSERT_EQ(ctx, vfs_rename("/w/d1/sub", "/w/d2/sub"), 0);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/d1"), 2);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/d2"), 3);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/d2/sub/.."), ext2t_ino("/w/d2"));
	KT_EXPECT_EQ(ctx, vfs_rename("/w/d2", "/w/d2/sub/x"), -EINVAL);
	/* A directory onto an empty one. */
	KT_ASSERT_EQ(ctx, vfs_rename("/w/d2/sub", "/w/d1"), 0);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/d2"), 2);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/w/d1"), 2);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w/d1/.."), ext2t_ino("/w"));
}

static void ext2t_cleanup(struct ktest_ctx *ctx)
{
	KT_EXPECT_EQ(ctx, vfs_unlink("/w/d2/h"), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/w/d1"), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/w/d2"), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/w"), 0);
	KT_EXPECT_EQ(ctx, ext2t_ino("/w"), 0);
}

static void ext2t_write_all(struct ktest_ctx *ctx, const char *label)
{
	struct super_block *sb = ext2t_mount(label, 0);
	uint64_t blocks0, inodes0, blocks, inodes;
	uint32_t root_links;

	KT_ASSERT(ctx, !IS_ERR(sb));
	ext2t_counts(sb, &blocks0, &inodes0);
	root_links = ext2t_nlink("/");
	KT_ASSERT_EQ(ctx, vfs_mkdir("/w", 0755), 0);
	ext2t_file_ops(ctx);
	ext2t_deep_blocks(ctx, sb);
	ext2t_links(ctx);
	ext2t_many(ctx);
	ext2t_dirs(ctx);
	ext2t_renames(ctx);
	ext2t_cleanup(ctx);
	KT_EXPECT_EQ(ctx, vfs_sync(), 0);
	ext2t_counts(sb, &blocks, &inodes);
	KT_EXPECT_EQ(ctx, blocks, blocks0);
	KT_EXPECT_EQ(ctx, inodes, inodes0);
	KT_EXPECT_EQ(ctx, ext2t_nlink("/"), root_links);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

KTEST(ext2_write, all_1k) { ext2t_write_all(ctx, "ext2-1k"); }
KTEST(ext2_write, all_2k) { ext2t_write_all(ctx, "ext2-2k"); }
KTEST(ext2_write, all_4k) { ext2t_write_all(ctx, "ext2-4k"); }

/*
 * What was written is on the device after unmounting, and still there
 * when mounted again; the superblock is marked not clean while mounted
 * read-write and clean after, with the mount counted.
 */
KTEST(ext2_write, persists)
{
	static const uint64_t r[][2] = { { 0, 5000 } };
	struct ext2_super_block *es = kmalloc(sizeof(*es));
	struct super_block *sb;
	uint16_t mounts;

	KT_ASSERT(ctx, es && ext2t_dev("ext2-2k", es));
	mounts = es->s_mnt_count;
	sb = ext2t_mount("ext2-2k", 0);
	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT(ctx, ext2t_dev("ext2-2k", es) != NULL);
	KT_EXPECT_EQ(ctx, es->s_state & EXT2_VALID_FS, 0);
	KT_EXPECT_EQ(ctx, es->s_mnt_count, mounts + 1);
	KT_ASSERT_EQ(ctx, ext2t_create("/kept"), 0);
	KT_ASSERT_EQ(ctx, ext2t_write_pattern("/kept", 0, 5000), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/kept.d", 0755), 0);
	ext2t_umount(ctx, sb);
	KT_EXPECT(ctx, ext2t_dev("ext2-2k", es) != NULL);
	KT_EXPECT_EQ(ctx, es->s_state & EXT2_VALID_FS, EXT2_VALID_FS);
	kfree(es);
	sb = ext2t_mount("ext2-2k", 0);
	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT_EQ(ctx, ext2t_check_file("/kept", 0, 5000, r, 1, 4096), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/kept"), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/kept.d"), 0);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

/* A read-only mount refuses every change. */
KTEST(ext2_write, read_only)
{
	struct super_block *sb = ext2t_mount("ext2-1k", SB_RDONLY);

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT_EQ(ctx, ext2t_create("/nope"), -EROFS);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/nope", 0755), -EROFS);
	KT_EXPECT_EQ(ctx, vfs_unlink("/hello.txt"), -EROFS);
	KT_EXPECT_EQ(ctx, vfs_truncate("/hello.txt", 0), -EROFS);
	KT_EXPECT_EQ(ctx, vfs_rename("/hello.txt", "/x"), -EROFS);
	KT_EXPECT_EQ(ctx, ext2t_size("/hello.txt"), 16);
	ext2t_umount(ctx, sb);
}

/* Write until the disk is full: -ENOSPC, then everything comes back. */
static void ext2t_fill_blocks(struct ktest_ctx *ctx, struct super_block *sb)
{
	uint64_t blocks, inodes;
	uint64_t off = 0;
	int err;

	KT_ASSERT_EQ(ctx, ext2t_create("/fill"), 0);
	do {
		err = ext2t_write_pattern("/fill", off, 65536);
		off += 65536;
	} while (err == 0 && off < 64 * 1024 * 1024);
	KT_EXPECT_EQ(ctx, err, -ENOSPC);
	/* The failed write gave back the blocks of the page it could not
	 * fill: top the file up block by block. */
	off = (uint64_t)ext2t_size("/fill");
	do {
		err = ext2t_write_pattern("/fill", off, sb->block_size);
		off += sb->block_size;
	} while (err == 0 && off < 64 * 1024 * 1024);
	KT_EXPECT_EQ(ctx, err, -ENOSPC);
	ext2t_counts(sb, &blocks, &inodes);
	KT_EXPECT_EQ(ctx, blocks, 0);
	KT_EXPECT_EQ(ctx, ext2t_create("/more"), 0);
	KT_EXPECT_EQ(ctx, ext2t_write_pattern("/more", 0, 10), -ENOSPC);
	KT_EXPECT_EQ(ctx, vfs_unlink("/more"), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/fill"), 0);
}

/* Create files until no inode is left, then remove them all. */
static void ext2t_fill_inodes(struct ktest_ctx *ctx)
{
	char path[32];
	int n = 0, err;

	KT_ASSERT_EQ(ctx, vfs_mkdir("/inodes", 0755), 0);
	do {
		snprintf(path, sizeof(path), "/inodes/%d", n);
		err = ext2t_create(path);
	} while (err == 0 && ++n < 4096);
	KT_EXPECT_EQ(ctx, err, -ENOSPC);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/inodes/dir", 0755), -ENOSPC);
	while (n-- > 0) {
		snprintf(path, sizeof(path), "/inodes/%d", n);
		KT_EXPECT_EQ(ctx, vfs_unlink(path), 0);
	}
	KT_EXPECT_EQ(ctx, vfs_rmdir("/inodes"), 0);
}

static void ext2t_full(struct ktest_ctx *ctx, const char *label)
{
	struct super_block *sb = ext2t_mount(label, 0);
	uint64_t blocks0, inodes0, blocks, inodes;

	KT_ASSERT(ctx, !IS_ERR(sb));
	ext2t_counts(sb, &blocks0, &inodes0);
	ext2t_fill_blocks(ctx, sb);
	ext2t_fill_inodes(ctx);
	ext2t_counts(sb, &blocks, &inodes);
	KT_EXPECT_EQ(ctx, blocks, blocks0);
	KT_EXPECT_EQ(ctx, inodes, inodes0);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

KTEST(ext2_write, full_1k) { ext2t_full(ctx, "ext2-1k"); }
KTEST(ext2_write, full_4k) { ext2t_full(ctx, "ext2-4k"); }
