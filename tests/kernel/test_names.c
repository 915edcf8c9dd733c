/*
 * test_names.c: KTESTs of the name cache (fs/names.c) on ext2, and of the
 * directory code under it (fs/ext2/dir.c, dir_add.c): a directory of
 * many names is read once and then answered from the cache; every change
 * (create, unlink, mkdir, rmdir, rename, link, symlink) shows at once,
 * positive and negative; a mount hides the names under it and its
 * unmount shows them again; a removed directory's names go with it even
 * when a new directory gets its memory; the bound holds and lookups stay
 * right after evictions; new names fill the holes old ones left.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "tests/kernel/ext2_test.h"

#define MANY	240	/* names in the big directory: several blocks; the
			 * images have room for about 330 more files */

static long ino_of(const char *path)
{
	struct kstat st;
	int err = vfs_stat(path, false, &st);

	return err ? err : (long)st.ino;
}

static int make_file(const char *path)
{
	struct file *f = vfs_open(path, O_CREAT | O_EXCL | O_RDWR, 0644);

	return IS_ERR(f) ? (int)PTR_ERR(f) : vfs_close(f);
}

static void name_of(char *buf, const char *dir, unsigned int i)
{
	snprintf(buf, 64, "%s/file-%05u", dir, i);
}

/* Create MANY files in dir: how many failed. */
static unsigned int make_many(const char *dir, unsigned int first,
			      unsigned int step)
{
	unsigned int bad = 0;
	char path[64];

	for (unsigned int i = first; i < MANY; i += step) {
		name_of(path, dir, i);
		bad += make_file(path) != 0;
	}
	return bad;
}

/* How many of dir's names i (first, first + step, ...) do not look up
 * as want (1: found, 0: -ENOENT). */
static unsigned int check_many(const char *dir, unsigned int first,
			       unsigned int step, int want)
{
	unsigned int bad = 0;
	char path[64];

	for (unsigned int i = first; i < MANY; i += step) {
		long ino;

		name_of(path, dir, i);
		ino = ino_of(path);
		bad += want ? ino <= 0 : ino != -ENOENT;
	}
	return bad;
}

static unsigned int unlink_many(const char *dir, unsigned int first,
				unsigned int step)
{
	unsigned int bad = 0;
	char path[64];

	for (unsigned int i = first; i < MANY; i += step) {
		name_of(path, dir, i);
		bad += vfs_unlink(path) != 0;
	}
	return bad;
}

/* A big directory is read once: after the first lookup every other is
 * a hit, present names and absent ones alike. */
KTEST(names, big_directory_read_once)
{
	struct super_block *sb = ext2t_mount("ext2-1k", 0);
	struct names_stats before, after;

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_ASSERT_EQ(ctx, vfs_mkdir("/big", 0755), 0);
	KT_EXPECT_EQ(ctx, make_many("/big", 0, 1), 0);
	ext2t_umount(ctx, sb);		/* forget it all */
	sb = ext2t_mount("ext2-1k", 0);
	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT_EQ(ctx, check_many("/big", 0, 1, 1), 0);
	names_stats(&before);
	KT_EXPECT_EQ(ctx, check_many("/big", 0, 1, 1), 0);
	KT_EXPECT_EQ(ctx, ino_of("/big/absent"), -ENOENT);
	KT_EXPECT_EQ(ctx, ino_of("/big/.."), EXT2_ROOT_INO);
	names_stats(&after);
	KT_EXPECT_EQ(ctx, after.misses, before.misses);
	KT_EXPECT_EQ(ctx, after.fills, before.fills);
	KT_EXPECT(ctx, after.hits >= before.hits + MANY + 1);
	KT_EXPECT_EQ(ctx, unlink_many("/big", 0, 1), 0);
	KT_EXPECT_EQ(ctx, check_many("/big", 0, 1, 0), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/big"), 0);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

/* Every change shows at once: no stale positive or negative entry. */
KTEST(names, changes_show_at_once)
{
	struct super_block *sb = ext2t_mount("ext2-2k", 0);
	long a, c;

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_ASSERT_EQ(ctx, vfs_mkdir("/c", 0755), 0);
	KT_EXPECT_EQ(ctx, ino_of("/c/a"), -ENOENT);	/* negative */
	KT_ASSERT_EQ(ctx, make_file("/c/a"), 0);
	a = ino_of("/c/a");
	KT_EXPECT(ctx, a > 0);
	KT_EXPECT_EQ(ctx, make_file("/c/a"), -EEXIST);
	KT_EXPECT_EQ(ctx, vfs_link("/c/a", "/c/l"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/c/l"), a);
	KT_EXPECT_EQ(ctx, vfs_symlink("a", "/c/s"), 0);
	KT_EXPECT(ctx, ino_of("/c/s") > 0 && ino_of("/c/s") != a);
	KT_EXPECT_EQ(ctx, vfs_rename("/c/a", "/c/b"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/c/a"), -ENOENT);
	KT_EXPECT_EQ(ctx, ino_of("/c/b"), a);
	KT_ASSERT_EQ(ctx, make_file("/c/c"), 0);
	c = ino_of("/c/c");
	KT_EXPECT_EQ(ctx, vfs_rename("/c/c", "/c/b"), 0);	/* replaces */
	KT_EXPECT_EQ(ctx, ino_of("/c/b"), c);
	KT_EXPECT_EQ(ctx, ino_of("/c/c"), -ENOENT);
	KT_EXPECT_EQ(ctx, ino_of("/c/l"), a);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/c/d", 0755), 0);
	KT_EXPECT_EQ(ctx, vfs_rename("/c/b", "/c/d/b"), 0);	/* elsewhere */
	KT_EXPECT_EQ(ctx, ino_of("/c/b"), -ENOENT);
	KT_EXPECT_EQ(ctx, ino_of("/c/d/b"), c);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/c/d"), -ENOTEMPTY);
	KT_EXPECT_EQ(ctx, ino_of("/c/d/b"), c);
	KT_EXPECT_EQ(ctx, vfs_unlink("/c/d/b"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/c/d/b"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/c/d"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/c/d"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_unlink("/c/l"), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/c/s"), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/c"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/c"), -ENOENT);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

/* A mount hides the names of the directory under it; its unmount shows
 * them again. */
KTEST(names, mount_hides_names)
{
	struct super_block *sb = ext2t_mount("ext2-4k", 0);

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_ASSERT_EQ(ctx, vfs_mkdir("/m", 0755), 0);
	KT_ASSERT_EQ(ctx, make_file("/m/under"), 0);
	KT_EXPECT(ctx, ino_of("/m/under") > 0);
	KT_ASSERT_EQ(ctx, vfs_mount("none", "/m", "tmpfs", 0, NULL), 0);
	KT_EXPECT_EQ(ctx, ino_of("/m/under"), -ENOENT);
	KT_EXPECT_EQ(ctx, make_file("/m/over"), 0);
	KT_EXPECT(ctx, ino_of("/m/over") > 0);
	KT_EXPECT_EQ(ctx, vfs_umount("/m"), 0);
	KT_EXPECT(ctx, ino_of("/m/under") > 0);
	KT_EXPECT_EQ(ctx, ino_of("/m/over"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_unlink("/m/under"), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/m"), 0);
	ext2t_umount(ctx, sb);
}

/* A directory's names go with its inode (unmount, rmdir): none is left
 * for a new inode that may get the same memory. */
KTEST(names, freed_directory_forgotten)
{
	struct names_stats before, st;
	struct super_block *sb;

	names_shrink(~(size_t)0);
	names_stats(&before);
	sb = ext2t_mount("ext2-1k", 0);
	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_ASSERT_EQ(ctx, vfs_mkdir("/u", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/u/v", 0755), 0);
	KT_ASSERT_EQ(ctx, make_file("/u/f"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/u/v/none"), -ENOENT);
	names_stats(&st);
	KT_EXPECT(ctx, st.entries >= before.entries + 3);
	ext2t_umount(ctx, sb);
	names_stats(&st);
	KT_EXPECT_EQ(ctx, st.entries, before.entries);
	sb = ext2t_mount("ext2-1k", 0);
	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT(ctx, ino_of("/u/f") > 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/u/f"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/u/v/none"), -ENOENT);
	names_stats(&before);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/u/v"), 0);
	names_stats(&st);
	KT_EXPECT(ctx, st.entries < before.entries);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/u"), 0);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

/* With a bound far below the directory's size, the cache stays within
 * it and every lookup is still right; shrinking empties it. */
KTEST(names, bounded_and_shrunk)
{
	struct super_block *sb = ext2t_mount("ext2-2k", 0);
	struct names_stats st;
	uint32_t old;

	KT_ASSERT(ctx, !IS_ERR(sb));
	old = names_set_max(64);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/b", 0755), 0);
	KT_EXPECT_EQ(ctx, make_many("/b", 0, 2), 0);
	KT_EXPECT_EQ(ctx, check_many("/b", 0, 2, 1), 0);
	KT_EXPECT_EQ(ctx, check_many("/b", 1, 2, 0), 0);
	names_stats(&st);
	KT_EXPECT(ctx, st.entries <= 64);
	KT_EXPECT(ctx, st.evicted > 0);
	KT_EXPECT_EQ(ctx, make_many("/b", 1, 2), 0);
	KT_EXPECT_EQ(ctx, check_many("/b", 0, 1, 1), 0);
	names_shrink(~(size_t)0);
	names_stats(&st);
	KT_EXPECT_EQ(ctx, st.entries, 0);
	KT_EXPECT_EQ(ctx, check_many("/b", 0, 1, 1), 0);
	KT_EXPECT_EQ(ctx, unlink_many("/b", 0, 1), 0);
	KT_EXPECT_EQ(ctx, check_many("/b", 0, 1, 0), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/b"), 0);
	names_set_max(old);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}

/* Names made after others were removed take their places (first fit,
 * through dir_add.c's map): the directory does not grow. */
KTEST(names, new_names_fill_holes)
{
	struct super_block *sb = ext2t_mount("ext2-1k", 0);
	struct kstat st;
	uint64_t full;

	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_ASSERT_EQ(ctx, vfs_mkdir("/h", 0755), 0);
	KT_EXPECT_EQ(ctx, make_many("/h", 0, 1), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/h", false, &st), 0);
	full = st.size;
	KT_EXPECT(ctx, full >= 4 * sb->block_size);
	KT_EXPECT_EQ(ctx, unlink_many("/h", 0, 3), 0);
	ext2t_umount(ctx, sb);		/* the map is made again */
	sb = ext2t_mount("ext2-1k", 0);
	KT_ASSERT(ctx, !IS_ERR(sb));
	KT_EXPECT_EQ(ctx, make_many("/h", 0, 3), 0);
	KT_EXPECT_EQ(ctx, unlink_many("/h", 1, 3), 0);
	KT_EXPECT_EQ(ctx, make_many("/h", 1, 3), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/h", false, &st), 0);
	KT_EXPECT_EQ(ctx, st.size, full);
	KT_EXPECT_EQ(ctx, check_many("/h", 0, 1, 1), 0);
	KT_EXPECT_EQ(ctx, unlink_many("/h", 0, 1), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/h"), 0);
	ext2t_fsck_counts(ctx, sb);
	ext2t_umount(ctx, sb);
}
