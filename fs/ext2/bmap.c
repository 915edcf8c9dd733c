/*
 * bmap.c: from a block of a file to a block of the disk.
 *
 * An inode's i_block holds 12 direct block numbers, then one indirect
 * block (addr_per_block numbers), one double-indirect and one
 * triple-indirect block.  ext2_get_block walks that tree, checking every
 * number it reads, and with create allocates what is missing: indirect
 * blocks are zeroed through the buffer cache.  A new data block of a
 * regular file is zeroed on the disk when the page cache might read it
 * before the write that caused the allocation fills it (its page is not
 * cached and lies inside the file: fs/blockmap.c reads such a page for a
 * partial write); otherwise the page cache writes it whole.  Number 0 is
 * a hole.
 *
 * ext2_prefetch_map reads the whole tree of indirect blocks, for the VFS
 * to have it cached before a truncation frees it under the VFS lock.
 *
 * Interface: ext2_get_block (inode_ops.get_block, and used by directories
 * and slow symlinks), ext2_alloc_zeroed, ext2_prefetch_map.
 */
#include "drivers/block/blkdev.h"
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/pagecache.h"

/*
 * The path to file block fblock: returns the depth (0 direct, 1, 2, 3
 * indirect levels) with off[0] the index in i_block and off[1..depth] the
 * indexes in each indirect block, or -EFBIG past the triple-indirect range.
 */
static int ext2_block_path(struct ext2_sb_info *sbi, uint32_t fblock,
			   uint32_t off[4])
{
	uint32_t shift = sbi->log_block_size - 2;	/* log2(addr_per_block) */
	uint32_t mask = sbi->addr_per_block - 1;
	uint64_t b = fblock;

	if (b < EXT2_NDIR_BLOCKS) {
		off[0] = (uint32_t)b;
		return 0;
	}
	b -= EXT2_NDIR_BLOCKS;
	if (b < (1ull << shift)) {
		off[0] = EXT2_IND_BLOCK;
		off[1] = (uint32_t)b;
		return 1;
	}
	b -= 1ull << shift;
	if (b < (1ull << 2 * shift)) {
		off[0] = EXT2_DIND_BLOCK;
		off[1] = (uint32_t)(b >> shift);
		off[2] = (uint32_t)b & mask;
		return 2;
	}
	b -= 1ull << 2 * shift;
	if (b < (1ull << 3 * shift)) {
		off[0] = EXT2_TIND_BLOCK;
		off[1] = (uint32_t)(b >> 2 * shift);
		off[2] = (uint32_t)(b >> shift) & mask;
		off[3] = (uint32_t)b & mask;
		return 3;
	}
	return -EFBIG;
}

/* Allocate a block for inode near its last one: 0 or -Exxx. */
static int ext2_alloc_for(struct inode *inode, uint32_t *blk)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_sb_info *sbi = EXT2_SB(inode->sb);
	uint32_t goal = ei->alloc_goal;
	int err;

	if (!goal)
		goal = ext2_group_first_block(sbi, ei->block_group);
	err = ext2_new_block(inode->sb, goal, blk);
	if (err)
		return err;
	ei->alloc_goal = *blk + 1;
	inode->blocks += sbi->block_size / 512;
	inode_mark_dirty(inode);
	return 0;
}

/* Allocate a block for inode and fill it with zeros: 0 or -Exxx. */
int ext2_alloc_zeroed(struct inode *inode, uint32_t goal, uint32_t *blk)
{
	struct super_block *sb = inode->sb;
	struct buf b;
	int err;

	if (goal)
		EXT2_I(inode)->alloc_goal = goal;
	err = ext2_alloc_for(inode, blk);
	if (err)
		return err;
	err = bget(sb->dev, *blk, sb->block_size, &b);
	if (err) {
		ext2_free_block(sb, *blk);
		inode->blocks -= sb->block_size / 512;
		return err;
	}
	memset(b.data, 0, sb->block_size);
	bdirty(&b);
	brelse(&b);
	return 0;
}

/* A new block for a slot: zeroed when it will be an indirect block. */
static int ext2_fill_slot(struct inode *inode, bool indirect, uint32_t *blk)
{
	if (indirect)
		return ext2_alloc_zeroed(inode, 0, blk);
	return ext2_alloc_for(inode, blk);
}

/*
 * Entry idx of indirect block ind into *out (0: a hole), allocating it
 * with create (zeroed when child_indirect).  0 or -Exxx.
 */
static int ext2_step(struct inode *inode, uint32_t ind, uint32_t idx,
		     bool create, bool child_indirect, uint32_t *out)
{
	struct super_block *sb = inode->sb;
	uint32_t *table;
	struct buf b;
	int err = bread(sb->dev, ind, sb->block_size, &b);

	if (err)
		return err;
	table = b.data;
	*out = table[idx];
	if (*out == 0 && create) {
		err = ext2_fill_slot(inode, child_indirect, out);
		if (!err) {
			table[idx] = *out;
			bdirty(&b);
		}
	} else if (*out && !ext2_block_ok(EXT2_SB(sb), *out)) {
		err = EXT2_CORRUPT(sb, "inode %u: block %u in indirect block "
				   "%u", inode->ino, *out, ind);
	}
	brelse(&b);
	return err;
}

/* A page of zeros (lowmem, for DMA), made on first use; NULL if no memory. */
static void *ext2_zero_page(void)
{
	static void *zeros;

	if (!zeros)
		zeros = kzalloc(PAGE_SIZE);
	return zeros;
}

/* Is file block fblock's page cached with valid data, or past the end? */
static bool ext2_page_covers(struct inode *inode, uint32_t fblock)
{
	uint64_t pos = (uint64_t)fblock * inode->sb->block_size;
	uint32_t index = (uint32_t)(pos >> PAGE_SHIFT);
	struct page *pg;
	bool ok;

	if ((uint64_t)index * PAGE_SIZE >= inode->size)
		return true;
	pg = pagecache_find(&inode->mapping, index);
	if (!pg)
		return false;
	ok = pg->flags & PAGE_FLAG_UPTODATE;
	pagecache_put(pg);
	return ok;
}

/*
 * New data block blk of inode at file block fblock: zero it on the disk
 * unless the page cache will write it whole.  0 or -Exxx.
 */
static int ext2_zero_new_data(struct inode *inode, uint32_t fblock,
			      uint32_t blk)
{
	uint32_t sectors = inode->sb->block_size / SECTOR_SIZE;
	void *zeros;

	if (!S_ISREG(inode->mode) || ext2_page_covers(inode, fblock))
		return 0;
	zeros = ext2_zero_page();
	if (!zeros)
		return -ENOMEM;
	return blk_rw(inode->sb->dev, BLK_WRITE, (uint64_t)blk * sectors,
		      sectors, zeros);
}

/*
 * The disk block of file block fblock of inode into *dblock (0: a hole).
 * With create, a missing block is allocated (-EROFS on a read-only
 * mount, -ENOSPC when full).  -EFBIG past the largest file, -EUCLEAN for a
 * block number that is not a data block, -EIO.
 */
int ext2_get_block(struct inode *inode, uint32_t fblock, bool create,
		   uint32_t *dblock)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_sb_info *sbi = EXT2_SB(inode->sb);
	uint32_t off[4], blk;
	uint64_t blocks_before = inode->blocks;
	int depth = ext2_block_path(sbi, fblock, off);
	int err = 0;

	if (depth < 0)
		return depth;
	if (create && sbi->rdonly)
		return -EROFS;
	blk = ei->i_block[off[0]];
	if (blk == 0 && create) {
		err = ext2_fill_slot(inode, depth > 0, &blk);
		if (err)
			return err;
		ei->i_block[off[0]] = blk;
	} else if (blk && !ext2_block_ok(sbi, blk)) {
		return EXT2_CORRUPT(inode->sb, "inode %u: block %u in i_block",
				    inode->ino, blk);
	}
	for (int level = 1; level <= depth && blk && !err; level++)
		err = ext2_step(inode, blk, off[level], create, level < depth,
				&blk);
	/* Something was allocated only if the data block was missing. */
	if (!err && blk && inode->blocks != blocks_before)
		err = ext2_zero_new_data(inode, fblock, blk);
	*dblock = err ? 0 : blk;
	return err;
}

/* Read blk, an indirect block depth levels above the data, and the
 * indirect blocks under it: 0 or -Exxx (-EMETAWAIT when run armed). */
static int ext2_read_tree(struct inode *inode, uint32_t blk, int depth)
{
	struct super_block *sb = inode->sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	const uint32_t *table;
	struct buf b;
	int err;

	if (!blk || !ext2_block_ok(sbi, blk))
		return 0;		/* the truncation logs a bad one */
	err = bread(sb->dev, blk, sb->block_size, &b);
	if (err)
		return err;
	table = b.data;
	for (uint32_t i = 0; depth > 1 && !err && i < sbi->addr_per_block; i++)
		err = ext2_read_tree(inode, table[i], depth - 1);
	brelse(&b);
	return err;
}

/* inode_ops.prefetch_map: every indirect block of the file into the
 * cache (reads only: run armed, fs/metawait.c). */
int ext2_prefetch_map(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	int err = 0;

	if (!ext2_has_block_map(inode))
		return 0;
	for (int i = EXT2_IND_BLOCK; !err && i < EXT2_N_BLOCKS; i++)
		err = ext2_read_tree(inode, ei->i_block[i],
				     i - EXT2_IND_BLOCK + 1);
	return err;
}
