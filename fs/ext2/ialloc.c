/*
 * ialloc.c: inode allocation and the place of an inode on the disk.
 *
 * Inode ino (from 1) is entry (ino - 1) % inodes_per_group of group
 * (ino - 1) / inodes_per_group's inode table, with its bit in that group's
 * inode bitmap.  A new inode goes into its parent directory's group when
 * that has a free inode, else the next group that has one.  The group's
 * free-inode and directory counts and the superblock's free count follow
 * every change.
 *
 * Interface: ext2_new_inode, ext2_free_inode, ext2_inode_location,
 * ext2_count_free_inodes.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/bitmap.h"

/* Try to take an inode in group g: 0, -ENOSPC or -Exxx. */
static int ext2_ialloc_in_group(struct super_block *sb, uint32_t g,
				bool is_dir, uint32_t *ino)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_group_desc *gd = &sbi->gd[g];
	uint32_t bit;
	int err;

	if (gd->bg_free_inodes_count == 0)
		return -ENOSPC;
	err = ext2_bitmap_take(sb, gd->bg_inode_bitmap, sbi->inodes_per_group,
			       0, &bit);
	if (err == -ENOSPC)
		return EXT2_CORRUPT(sb, "group %u has %u free inodes but a "
				    "full bitmap", g, gd->bg_free_inodes_count);
	if (err)
		return err;
	*ino = g * sbi->inodes_per_group + bit + 1;
	if (*ino < sbi->first_ino)
		return EXT2_CORRUPT(sb, "reserved inode %u is free in the "
				    "bitmap", *ino);
	gd->bg_free_inodes_count--;
	if (is_dir)
		gd->bg_used_dirs_count++;
	sbi->es.s_free_inodes_count--;
	sbi->dirty = true;
	return 0;
}

/*
 * Allocate an inode number for a new file in dir: 0 with *ino set,
 * -ENOSPC, -EROFS, -EUCLEAN or -EIO.  The caller fills the inode.
 */
int ext2_new_inode(struct inode *dir, bool is_dir, uint32_t *ino)
{
	struct super_block *sb = dir->sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t g0 = EXT2_I(dir)->block_group;

	if (sbi->rdonly)
		return -EROFS;
	if (sbi->es.s_free_inodes_count == 0)
		return -ENOSPC;
	for (uint32_t i = 0; i < sbi->groups_count; i++) {
		uint32_t g = (g0 + i) % sbi->groups_count;
		int err = ext2_ialloc_in_group(sb, g, is_dir, ino);

		if (err != -ENOSPC)
			return err;
	}
	return -ENOSPC;
}

/* Free inode number ino: 0, -EUCLEAN (bad or already free) or -EIO. */
int ext2_free_inode(struct super_block *sb, uint32_t ino, bool is_dir)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_group_desc *gd;
	uint32_t g, bit;
	struct buf b;
	bool was;
	int err;

	if (sbi->rdonly)
		return -EROFS;
	if (ino < sbi->first_ino || ino > sbi->inodes_count)
		return EXT2_CORRUPT(sb, "freeing inode %u", ino);
	g = (ino - 1) / sbi->inodes_per_group;
	bit = (ino - 1) % sbi->inodes_per_group;
	gd = &sbi->gd[g];
	err = bread(sb->dev, gd->bg_inode_bitmap, sb->block_size, &b);
	if (err)
		return err;
	was = bitmap_test_and_clear_bit(b.data, bit);
	if (was)
		bdirty(&b);
	brelse(&b);
	if (!was)
		return EXT2_CORRUPT(sb, "freeing free inode %u", ino);
	gd->bg_free_inodes_count++;
	if (is_dir && gd->bg_used_dirs_count)
		gd->bg_used_dirs_count--;
	sbi->es.s_free_inodes_count++;
	sbi->dirty = true;
	return 0;
}

/* Block and byte offset of inode ino: 0 or -EUCLEAN (out of range). */
int ext2_inode_location(struct super_block *sb, uint32_t ino, uint32_t *blk,
			uint32_t *offset)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t g, idx;

	if (ino < 1 || ino > sbi->inodes_count)
		return EXT2_CORRUPT(sb, "inode number %u out of range", ino);
	g = (ino - 1) / sbi->inodes_per_group;
	idx = (ino - 1) % sbi->inodes_per_group;
	*blk = sbi->gd[g].bg_inode_table + idx / sbi->inodes_per_block;
	*offset = (idx % sbi->inodes_per_block) * sbi->inode_size;
	return 0;
}

int64_t ext2_count_free_inodes(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t n = sbi->inodes_per_group;
	int64_t nfree = 0;

	for (uint32_t g = 0; g < sbi->groups_count; g++) {
		struct buf b;
		int err = bread(sb->dev, sbi->gd[g].bg_inode_bitmap,
				sb->block_size, &b);

		if (err)
			return err;
		nfree += n - bitmap_weight(b.data, n);
		brelse(&b);
	}
	return nfree;
}
