/*
 * test_ext2_read.c: KTESTs reading the trees that mke2fs -d staged into
 * the test images (tests/kernel/ext2-images.sh), on 1, 2 and 4 KiB
 * blocks and revision 0: file contents byte for byte (holes as zeros,
 * double- and triple-indirect blocks), directories, symbolic links,
 * special files and statfs.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "tests/kernel/ext2_test.h"

/* Read at most len bytes of path into buf: the count or -Exxx. */
static ssize_t ext2t_read_all(const char *path, char *buf, size_t len)
{
	struct file *f = vfs_open(path, O_RDONLY, 0);
	ssize_t n;

	if (IS_ERR(f))
		return PTR_ERR(f);
	n = vfs_read(f, buf, len);
	vfs_close(f);
	return n;
}

static void ext2t_small_files(struct ktest_ctx *ctx)
{
	char buf[64];
	struct kstat st;

	KT_EXPECT_EQ(ctx, ext2t_read_all("/hello.txt", buf, sizeof(buf)), 16);
	KT_EXPECT(ctx, memcmp(buf, "Hello, maestro!\n", 16) == 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/hello.lnk", false, &st), 0);
	KT_EXPECT_EQ(ctx, st.nlink, 2);
	KT_EXPECT_EQ(ctx, st.size, 16);
	KT_EXPECT(ctx, S_ISREG(st.mode));
	KT_EXPECT_EQ(ctx, ext2t_read_all("/empty", buf, sizeof(buf)), 0);
	KT_EXPECT_EQ(ctx, ext2t_read_all("/a/b/c/d/e/f/g/h/leaf.txt", buf,
					 sizeof(buf)), 5);
	KT_EXPECT(ctx, memcmp(buf, "deep\n", 5) == 0);
	KT_EXPECT_EQ(ctx, vfs_stat("/nonexistent", false, &st), -ENOENT);
	KT_ASSERT_EQ(ctx, vfs_stat("/fifo", false, &st), 0);
	KT_EXPECT(ctx, S_ISFIFO(st.mode));
}

static void ext2t_big_files(struct ktest_ctx *ctx)
{
	static const uint64_t all[][2] = { { 0, 1200000 } };
	static const uint64_t sparse[][2] = {
		{ 0, 4096 }, { 102400, 106496 }, { 299990, 300000 },
	};
	static const uint64_t far[][2] = { { 71675904, 71680000 } };
	struct kstat st;

	KT_EXPECT_EQ(ctx, ext2t_check_file("/pattern.bin", 0, 1200000, all, 1,
					   3000), 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/sparse.bin", 0, 300000, sparse,
					   3, 4096), 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/far.bin", 71000000, 71680000,
					   far, 1, 8192), 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/far.bin", 20000000, 20100000,
					   far, 1, 8192), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/far.bin", false, &st), 0);
	KT_EXPECT_EQ(ctx, st.size, 71680000);
	KT_ASSERT_EQ(ctx, vfs_stat("/sparse.bin", false, &st), 0);
	KT_EXPECT(ctx, st.blocks * 512 < 300000);	/* holes take no blocks */
}

struct ext2t_seen {
	unsigned int files, dots, bad_type;
	uint8_t seen[150];
};

static bool ext2t_emit(void *arg, const char *name, size_t len, uint32_t ino,
		       unsigned int dtype)
{
	struct ext2t_seen *s = arg;
	unsigned int n;

	if ((len == 1 && name[0] == '.') ||
	    (len == 2 && name[0] == '.' && name[1] == '.')) {
		s->dots++;
		s->bad_type += dtype != DT_DIR;
		return true;
	}
	if (len == 7 && memcmp(name, "file", 4) == 0) {
		n = (name[4] - '0') * 100 + (name[5] - '0') * 10 + name[6] - '0';
		if (n < 150 && !s->seen[n]++)
			s->files++;
	}
	s->bad_type += dtype != DT_REG;
	return true;
}

static void ext2t_bigdir(struct ktest_ctx *ctx)
{
	struct ext2t_seen *s = kzalloc(sizeof(*s));
	struct file *f = vfs_open("/bigdir", O_RDONLY | O_DIRECTORY, 0);
	char buf[16];

	KT_ASSERT(ctx, s && !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_readdir(f, ext2t_emit, s), 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, s->files, 150);
	KT_EXPECT_EQ(ctx, s->dots, 2);
	KT_EXPECT_EQ(ctx, s->bad_type, 0);
	kfree(s);
	KT_EXPECT_EQ(ctx, ext2t_read_all("/bigdir/file149", buf, sizeof(buf)),
		     8);
	KT_EXPECT(ctx, memcmp(buf, "file149\n", 8) == 0);
}

static void ext2t_symlinks(struct ktest_ctx *ctx)
{
	static const char slow[] = "a/b/c/d/e/f/g/h/this-is-a-long-symbolic-"
		"link-target-of-more-than-sixty-bytes-0123456789";
	char buf[128];
	struct kstat st;

	KT_EXPECT_EQ(ctx, vfs_readlink("/link_fast", buf, sizeof(buf)), 9);
	KT_EXPECT(ctx, memcmp(buf, "hello.txt", 9) == 0);
	KT_EXPECT_EQ(ctx, vfs_readlink("/link_slow", buf, sizeof(buf)),
		     sizeof(slow) - 1);
	KT_EXPECT(ctx, memcmp(buf, slow, sizeof(slow) - 1) == 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/link_fast", true, &st), 0);
	KT_EXPECT_EQ(ctx, st.size, 16);
	KT_ASSERT_EQ(ctx, vfs_stat("/link_slow", false, &st), 0);
	KT_EXPECT(ctx, S_ISLNK(st.mode));
}

static void ext2t_read_tree(struct ktest_ctx *ctx, const char *label)
{
	struct super_block *sb = ext2t_mount(label, SB_RDONLY);
	struct kstatfs st;

	KT_ASSERT(ctx, !IS_ERR(sb));
	ext2t_small_files(ctx);
	ext2t_big_files(ctx);
	ext2t_bigdir(ctx);
	ext2t_symlinks(ctx);
	KT_EXPECT_EQ(ctx, vfs_statfs("/", &st), 0);
	KT_EXPECT_EQ(ctx, st.type, 0xEF53);
	KT_EXPECT_EQ(ctx, st.blocks * st.block_size, 4 * 1024 * 1024);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

KTEST(ext2_read, tree_1k) { ext2t_read_tree(ctx, "ext2-1k"); }
KTEST(ext2_read, tree_2k) { ext2t_read_tree(ctx, "ext2-2k"); }
KTEST(ext2_read, tree_4k) { ext2t_read_tree(ctx, "ext2-4k"); }

struct ext2t_types {
	unsigned int n, unknown;
};

static bool ext2t_emit_type(void *arg, const char *name, size_t len,
			    uint32_t ino, unsigned int dtype)
{
	struct ext2t_types *t = arg;

	t->n++;
	t->unknown += dtype == DT_UNKNOWN;
	return true;
}

/* Revision 0: no filetype feature, 128-byte inodes, first inode 11. */
KTEST(ext2_read, rev0)
{
	static const uint64_t all[][2] = { { 0, 20480 } };
	struct super_block *sb = ext2t_mount("ext2-rev0", SB_RDONLY);
	struct ext2t_types t = { 0 };
	struct file *f;
	char buf[16];

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT_EQ(ctx, EXT2_SB(sb)->es.s_rev_level, 0);
	KT_EXPECT_EQ(ctx, ext2t_read_all("/dir/two", buf, sizeof(buf)), 4);
	KT_EXPECT(ctx, memcmp(buf, "two\n", 4) == 0);
	KT_EXPECT_EQ(ctx, ext2t_check_file("/ind.bin", 0, 20480, all, 1, 1000),
		     0);
	f = vfs_open("/dir", O_RDONLY | O_DIRECTORY, 0);
	KT_EXPECT(ctx, !IS_ERR(f));
	if (!IS_ERR(f)) {
		KT_EXPECT_EQ(ctx, vfs_readdir(f, ext2t_emit_type, &t), 0);
		vfs_close(f);
	}
	KT_EXPECT_EQ(ctx, t.n, 4);
	KT_EXPECT_EQ(ctx, t.unknown, 4);
	ext2t_umount(ctx, sb);
}
