/*
 * balloc.c: block allocation.
 *
 * Each group's block bitmap has one bit per block of the group (set: in
 * use).  Allocating a block sets its bit and decrements the group's and the
 * superblock's free counts; freeing does the reverse and drops any pending
 * write of the block (bforget).  The search starts at a goal block (near
 * the file's other blocks) and goes on group by group, skipping groups
 * whose descriptor says they are full.
 *
 * ext2_bitmap_take is shared with the inode allocator.
 *
 * Interface: ext2_new_block, ext2_free_block, ext2_count_free_blocks,
 * ext2_bitmap_take.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/bitmap.h"

/*
 * Take the first clear bit at or after start (wrapping round to 0) among
 * the nbits of bitmap block bitmap_blk.  Returns 0 with *bit set,
 * -ENOSPC when every bit is set, or an I/O error.
 */
int ext2_bitmap_take(struct super_block *sb, uint32_t bitmap_blk,
		     uint32_t nbits, uint32_t start, uint32_t *bit)
{
	struct buf b;
	size_t n;
	int err = bread(sb->dev, bitmap_blk, sb->block_size, &b);

	if (err)
		return err;
	if (start >= nbits)
		start = 0;
	n = bitmap_find_next_zero(b.data, nbits, start);
	if (n >= nbits) {
		n = bitmap_find_next_zero(b.data, start, 0);
		if (n >= start)
			n = nbits;
	}
	if (n >= nbits) {
		brelse(&b);
		return -ENOSPC;
	}
	bitmap_set_bit(b.data, n);
	bdirty(&b);
	brelse(&b);
	*bit = (uint32_t)n;
	return 0;
}

/* Clear bit in bitmap block bitmap_blk; returns its old value or -Exxx. */
static int ext2_bitmap_clear(struct super_block *sb, uint32_t bitmap_blk,
			     uint32_t bit)
{
	struct buf b;
	bool was;
	int err = bread(sb->dev, bitmap_blk, sb->block_size, &b);

	if (err)
		return err;
	was = bitmap_test_and_clear_bit(b.data, bit);
	if (was)
		bdirty(&b);
	brelse(&b);
	return was;
}

/* Try to take a block in group g from bit start: 0, -ENOSPC or -Exxx. */
static int ext2_alloc_in_group(struct super_block *sb, uint32_t g,
			       uint32_t start, uint32_t *blk)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_group_desc *gd = &sbi->gd[g];
	uint32_t bit;
	int err;

	if (gd->bg_free_blocks_count == 0)
		return -ENOSPC;
	err = ext2_bitmap_take(sb, gd->bg_block_bitmap,
			       ext2_group_blocks(sbi, g), start, &bit);
	if (err == -ENOSPC)
		return EXT2_CORRUPT(sb, "group %u has %u free blocks but a "
				    "full bitmap", g, gd->bg_free_blocks_count);
	if (err)
		return err;
	*blk = ext2_group_first_block(sbi, g) + bit;
	if (ext2_is_metadata(sbi, *blk))
		return EXT2_CORRUPT(sb, "metadata block %u is free in the "
				    "bitmap", *blk);
	gd->bg_free_blocks_count--;
	sbi->es.s_free_blocks_count--;
	sbi->dirty = true;
	return 0;
}

/*
 * Allocate a block, as near goal as possible.  Returns 0 with *blk set,
 * -ENOSPC, -EROFS, -EUCLEAN (bitmaps and counters disagree) or -EIO.
 * The block's contents are whatever was there.
 */
int ext2_new_block(struct super_block *sb, uint32_t goal, uint32_t *blk)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t g0, start;

	if (sbi->rdonly)
		return -EROFS;
	if (sbi->es.s_free_blocks_count == 0)
		return -ENOSPC;
	if (goal < sbi->first_data_block || goal >= sbi->blocks_count)
		goal = sbi->first_data_block;
	g0 = (goal - sbi->first_data_block) / sbi->blocks_per_group;
	start = goal - ext2_group_first_block(sbi, g0);
	for (uint32_t i = 0; i < sbi->groups_count; i++) {
		uint32_t g = (g0 + i) % sbi->groups_count;
		int err = ext2_alloc_in_group(sb, g, i ? 0 : start, blk);

		if (err != -ENOSPC)
			return err;
	}
	return -ENOSPC;
}

/*
 * Free block blk (which must be a data or indirect block): 0, -EUCLEAN
 * for a block that is metadata, outside the filesystem or already free,
 * or -EIO.
 */
int ext2_free_block(struct super_block *sb, uint32_t blk)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t g, bit;
	int was;

	if (sbi->rdonly)
		return -EROFS;
	if (!ext2_block_ok(sbi, blk))
		return EXT2_CORRUPT(sb, "freeing block %u", blk);
	g = (blk - sbi->first_data_block) / sbi->blocks_per_group;
	bit = blk - ext2_group_first_block(sbi, g);
	was = ext2_bitmap_clear(sb, sbi->gd[g].bg_block_bitmap, bit);
	if (was < 0)
		return was;
	if (!was)
		return EXT2_CORRUPT(sb, "freeing free block %u", blk);
	bforget(sb->dev, blk, sb->block_size);
	sbi->gd[g].bg_free_blocks_count++;
	sbi->es.s_free_blocks_count++;
	sbi->dirty = true;
	return 0;
}

/* Free blocks according to the bitmaps (for checks): count or -Exxx. */
int64_t ext2_count_free_blocks(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	int64_t nfree = 0;

	for (uint32_t g = 0; g < sbi->groups_count; g++) {
		uint32_t n = ext2_group_blocks(sbi, g);
		struct buf b;
		int err = bread(sb->dev, sbi->gd[g].bg_block_bitmap,
				sb->block_size, &b);

		if (err)
			return err;
		nfree += n - bitmap_weight(b.data, n);
		brelse(&b);
	}
	return nfree;
}
