/*
 * test_ext2_util.c: helpers for the ext2 KTESTs (see ext2_test.h).
 */
#include "drivers/block/blkdev.h"
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "tests/kernel/ext2_test.h"

/* Register the partitions of every whole disk with an MBR, once. */
static void ext2t_scan_partitions(uint8_t *sector)
{
	static bool done;
	struct blkdev *dev;

	if (done)
		return;
	done = true;
	for (dev = blkdev_next(NULL); dev; dev = blkdev_next(dev))
		if (!dev->parent && dev->nr_sectors > 1 &&
		    blk_rw(dev, BLK_READ, 0, 1, sector) == 0 &&
		    sector[510] == 0x55 && sector[511] == 0xaa)
			blk_scan_mbr(dev);
}

const char *ext2t_dev(const char *label, struct ext2_super_block *copy)
{
	struct ext2_super_block *es = kmalloc(sizeof(*es));
	const char *found = NULL;

	if (!es)
		return NULL;
	ext2t_scan_partitions((uint8_t *)es);
	for (struct blkdev *dev = blkdev_next(NULL); dev && !found;
	     dev = blkdev_next(dev)) {
		if (dev->nr_sectors < 4 ||
		    blk_rw(dev, BLK_READ, 2, 2, es))
			continue;
		if (strncmp(es->s_volume_name, label,
			    sizeof(es->s_volume_name)) == 0)
			found = dev->name;
	}
	if (found && copy)
		memcpy(copy, es, sizeof(*es));
	kfree(es);
	return found;
}

static struct inode *ext2t_saved_root;

struct super_block *ext2t_mount(const char *label, unsigned int flags)
{
	const char *dev = ext2t_dev(label, NULL);
	struct super_block *sb;

	if (!dev)
		return ERR_PTR(-ENODEV);
	sb = vfs_kern_mount("ext2", dev, flags, NULL);
	if (!IS_ERR(sb))
		ext2t_saved_root = vfs_set_root(igrab(sb->root));
	return sb;
}

void ext2t_umount(struct ktest_ctx *ctx, struct super_block *sb)
{
	struct inode *ours = vfs_set_root(ext2t_saved_root);

	ext2t_saved_root = NULL;
	if (ours)
		iput(ours);
	KT_EXPECT_EQ(ctx, vfs_kern_umount(sb), 0);
}

/* Is offset i inside one of the runs? */
static bool ext2t_in_runs(uint64_t i, const uint64_t (*runs)[2],
			  unsigned int nruns)
{
	for (unsigned int r = 0; r < nruns; r++)
		if (i >= runs[r][0] && i < runs[r][1])
			return true;
	return false;
}

long ext2t_check_file(const char *path, uint64_t from, uint64_t to,
		      const uint64_t (*runs)[2], unsigned int nruns,
		      size_t chunk)
{
	struct file *f = vfs_open(path, O_RDONLY, 0);
	uint8_t *buf;
	long bad = 0;

	if (IS_ERR(f))
		return PTR_ERR(f);
	buf = kmalloc(chunk);
	if (!buf || vfs_lseek(f, (int64_t)from, SEEK_SET) != (int64_t)from)
		bad = buf ? -EIO : -ENOMEM;
	for (uint64_t pos = from; bad >= 0 && pos < to; ) {
		ssize_t n = vfs_read(f, buf, (size_t)MIN((uint64_t)chunk,
							 to - pos));

		if (n <= 0) {
			bad = n ? n : -ENODATA;
			break;
		}
		for (ssize_t i = 0; i < n; i++, pos++) {
			uint8_t want = ext2t_in_runs(pos, runs, nruns) ?
				       ext2t_pattern(pos) : 0;

			bad += buf[i] != want;
		}
	}
	kfree(buf);
	vfs_close(f);
	return bad;
}

int ext2t_write_pattern(const char *path, uint64_t off, uint64_t len)
{
	struct file *f = vfs_open(path, O_RDWR, 0);
	uint8_t *buf = kmalloc(PAGE_SIZE);
	int err = 0;

	if (IS_ERR(f)) {
		kfree(buf);
		return (int)PTR_ERR(f);
	}
	if (!buf || vfs_lseek(f, (int64_t)off, SEEK_SET) != (int64_t)off)
		err = buf ? -EIO : -ENOMEM;
	for (uint64_t done = 0; !err && done < len; ) {
		size_t n = (size_t)MIN((uint64_t)(PAGE_SIZE - 123), len - done);
		ssize_t w;

		for (size_t i = 0; i < n; i++)
			buf[i] = ext2t_pattern(off + done + i);
		w = vfs_write(f, buf, n);	/* a short count: write the rest */
		if (w <= 0)
			err = w < 0 ? (int)w : -EIO;
		else
			done += (uint64_t)w;
	}
	kfree(buf);
	vfs_close(f);
	return err;
}

void ext2t_counts(struct super_block *sb, uint64_t *blocks, uint64_t *inodes)
{
	struct kstatfs st;

	sb->ops->statfs(sb, &st);
	*blocks = st.blocks_free;
	*inodes = st.files_free;
}

void ext2t_fsck_counts(struct ktest_ctx *ctx, struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t gfree_b = 0, gfree_i = 0;

	for (uint32_t g = 0; g < sbi->groups_count; g++) {
		gfree_b += sbi->gd[g].bg_free_blocks_count;
		gfree_i += sbi->gd[g].bg_free_inodes_count;
	}
	KT_EXPECT_EQ(ctx, ext2_count_free_blocks(sb),
		     sbi->es.s_free_blocks_count);
	KT_EXPECT_EQ(ctx, ext2_count_free_inodes(sb),
		     sbi->es.s_free_inodes_count);
	KT_EXPECT_EQ(ctx, gfree_b, sbi->es.s_free_blocks_count);
	KT_EXPECT_EQ(ctx, gfree_i, sbi->es.s_free_inodes_count);
}
