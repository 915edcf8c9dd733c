/*
 * test_ext2_fuzz.c: random corruption of a small image's metadata: each
 * round restores the first blocks of the ext2-corrupt partition (its
 * superblock, descriptors, bitmaps, inode table and directories), flips a
 * few random bytes among them (through the buffer cache, so the mount
 * sees them), mounts it read-only if it still mounts, and walks the tree (every directory listed,
 * every file read, every link read).  Any result is fine except a panic
 * or a hang.  Linked after test_ext2_bad.c, which needs that image
 * intact.
 */
#include "drivers/block/blkdev.h"
#include "fs/buffer.h"
#include "fs/ext2/ext2fs.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/random.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "tests/kernel/ext2_test.h"

#define FUZZ_ROUNDS	300
#define FUZZ_BLOCKS	120	/* saved and restored each round */
#define FUZZ_NAMES	64	/* names listed per directory */

struct fuzz_names {
	unsigned int n;
	char name[FUZZ_NAMES][NAME_MAX + 1];
};

static bool fuzz_emit(void *arg, const char *name, size_t len, uint32_t ino,
		      unsigned int dtype)
{
	struct fuzz_names *fn = arg;

	if (fn->n >= FUZZ_NAMES)
		return false;
	if ((len == 1 && name[0] == '.') ||
	    (len == 2 && name[0] == '.' && name[1] == '.'))
		return true;
	memcpy(fn->name[fn->n], name, MIN(len, (size_t)NAME_MAX));
	fn->name[fn->n++][MIN(len, (size_t)NAME_MAX)] = '\0';
	return true;
}

/* Read a file or link at path; the result does not matter. */
static void fuzz_read(const char *path, const struct kstat *st, char *buf)
{
	struct file *f;

	if (S_ISLNK(st->mode)) {
		vfs_readlink(path, buf, PAGE_SIZE);
		return;
	}
	if (!S_ISREG(st->mode))
		return;
	f = vfs_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return;
	for (int i = 0; i < 16 && vfs_read(f, buf, PAGE_SIZE) > 0; i++)
		;
	vfs_close(f);
}

/* Walk the tree under path (a PATH_MAX buffer), depth levels at most. */
static void fuzz_walk(char *path, int depth, char *buf)
{
	struct fuzz_names *fn = kzalloc(sizeof(*fn));
	size_t len = strlen(path);
	struct file *f = vfs_open(len ? path : "/", O_RDONLY | O_DIRECTORY, 0);

	if (fn && !IS_ERR(f))
		vfs_readdir(f, fuzz_emit, fn);
	if (!IS_ERR(f))
		vfs_close(f);
	for (unsigned int i = 0; fn && i < fn->n; i++) {
		struct kstat st;

		snprintf(path + len, PATH_MAX - len, "/%s", fn->name[i]);
		if (vfs_stat(path, false, &st) == 0) {
			fuzz_read(path, &st, buf);
			if (S_ISDIR(st.mode) && depth > 0)
				fuzz_walk(path, depth - 1, buf);
		}
		path[len] = '\0';
	}
	kfree(fn);
}

/* Copy the first blocks of dev to or from saved: 0 or -Exxx. */
static int fuzz_copy(struct blkdev *dev, uint8_t *saved, bool restore)
{
	for (uint32_t blk = 1; blk <= FUZZ_BLOCKS; blk++) {
		uint8_t *copy = saved + (blk - 1) * 1024;
		struct buf b;
		int err = bread(dev, blk, 1024, &b);

		if (err)
			return err;
		if (restore) {
			memcpy(b.data, copy, 1024);
			bdirty(&b);
		} else {
			memcpy(copy, b.data, 1024);
		}
		brelse(&b);
	}
	return 0;
}

/*
 * A block worth corrupting, from the pristine copy: the superblock, the
 * descriptors, the bitmaps, the inode table blocks of the first 16
 * inodes, or one of the 40 blocks after the table (directories, symlinks,
 * indirect blocks and file data of the small tree).
 */
static uint32_t fuzz_target(const uint8_t *saved, uint32_t *seed)
{
	const struct ext2_super_block *es = (const void *)saved;
	const struct ext2_group_desc *gd = (const void *)(saved + 1024);
	uint32_t isize = es->s_rev_level ? es->s_inode_size : 128;
	uint32_t table_end = gd->bg_inode_table +
			     es->s_inodes_per_group * isize / 1024;
	uint32_t r = xorshift32(seed) % 50;

	if (r < 2)
		return 1 + r;				/* sb, descriptors */
	if (r < 4)
		return gd->bg_block_bitmap + (r - 2);	/* and inode bitmap */
	if (r < 10)
		return gd->bg_inode_table + (r - 4) % 4;
	return table_end + xorshift32(seed) % 40;
}

/* Flip a few random bytes of chosen blocks, through the buffer cache. */
static void fuzz_corrupt(struct blkdev *dev, const uint8_t *saved,
			 uint32_t *seed)
{
	for (int i = 0; i < 3; i++) {
		uint32_t blk = fuzz_target(saved, seed);
		struct buf b;

		if (blk > FUZZ_BLOCKS || bread(dev, blk, 1024, &b))
			continue;
		((uint8_t *)b.data)[xorshift32(seed) % 1024] ^=
			(uint8_t)(1 + xorshift32(seed) % 255);
		bdirty(&b);
		brelse(&b);
	}
}

KTEST(ext2_fuzz, corrupt_and_walk)
{
	const char *name = ext2t_dev("ext2-corrupt", NULL);
	struct blkdev *dev = name ? blkdev_find(name) : NULL;
	char *path = kmalloc(PATH_MAX), *buf = kmalloc(PAGE_SIZE);
	uint8_t *saved = kmalloc(FUZZ_BLOCKS * 1024);
	uint32_t seed = 0x2545f491;
	int mounted = 0;

	KT_ASSERT(ctx, dev && path && buf && saved);
	KT_ASSERT_EQ(ctx, fuzz_copy(dev, saved, false), 0);
	for (int round = 0; round < FUZZ_ROUNDS; round++) {
		struct super_block *sb;
		struct inode *old;

		fuzz_copy(dev, saved, true);
		fuzz_corrupt(dev, saved, &seed);
		sb = vfs_kern_mount("ext2", name, SB_RDONLY, NULL);
		if (IS_ERR(sb))
			continue;
		mounted++;
		old = vfs_set_root(igrab(sb->root));
		path[0] = '\0';
		fuzz_walk(path, 6, buf);
		iput(vfs_set_root(old));
		KT_EXPECT_EQ(ctx, vfs_kern_umount(sb), 0);
	}
	pr_info("ext2_fuzz: %d of %d corrupted images mounted and walked\n",
		mounted, FUZZ_ROUNDS);
	fuzz_copy(dev, saved, true);
	kfree(saved);
	kfree(path);
	kfree(buf);
}
