/*
 * truncate.c: freeing the blocks of a file past a given length.
 *
 * Each pointer in i_block roots a subtree mapping a range of file blocks:
 * a direct pointer one block, the indirect one addr_per_block blocks, and
 * so on.  A subtree wholly past the kept length is freed (data blocks and
 * the indirect blocks above them); one that straddles it is trimmed entry
 * by entry.  A pointer that is not a valid data block is logged and
 * dropped, never freed.
 *
 * ext2_setattr changes attributes; a new size goes through the page cache
 * first (pages past it dropped, the tail of the last one zeroed), then the
 * blocks past it are freed.
 *
 * Interface: ext2_truncate_blocks, ext2_setattr.
 */
#include "fs/ext2/ext2.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/pagecache.h"

/* Free blk and, below it, depth levels of indirection: 0 or -Exxx. */
static int ext2_free_tree(struct inode *inode, uint32_t blk, int depth)
{
	struct super_block *sb = inode->sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	int err = 0;

	if (depth > 0) {
		struct buf b;
		const uint32_t *table;

		err = bread(sb->dev, blk, sb->block_size, &b);
		if (err)
			return err;	/* leaves the blocks in use: e2fsck */
		table = b.data;
		for (uint32_t i = 0; i < sbi->addr_per_block; i++) {
			if (table[i] && !ext2_block_ok(sbi, table[i]))
				err = EXT2_CORRUPT(sb, "inode %u: block %u in "
						   "indirect block %u",
						   inode->ino, table[i], blk);
			else if (table[i])
				err = ext2_free_tree(inode, table[i],
						     depth - 1) ?: err;
		}
		brelse(&b);
	}
	if (ext2_free_block(sb, blk) == 0)
		inode->blocks -= sb->block_size / 512;
	return err;
}

/*
 * Trim the subtree in *slot (depth levels of indirection), which maps file
 * blocks from base on, so that only blocks below keep remain.  Sets
 * *changed when *slot changes.  0 or the first error.
 */
static int ext2_trim(struct inode *inode, uint32_t *slot, int depth,
		     uint64_t base, uint64_t keep, bool *changed)
{
	struct super_block *sb = inode->sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t shift = sbi->log_block_size - 2;
	uint64_t child_span = depth ? 1ull << (shift * (depth - 1)) : 1;
	bool dirty = false;
	struct buf b;
	int err;

	if (*slot == 0 || keep >= base + (1ull << (shift * depth)))
		return 0;
	if (!ext2_block_ok(sbi, *slot)) {
		err = EXT2_CORRUPT(sb, "inode %u: block %u", inode->ino, *slot);
		*slot = 0;
		*changed = true;
		return err;
	}
	if (keep <= base) {
		err = ext2_free_tree(inode, *slot, depth);
		*slot = 0;
		*changed = true;
		return err;
	}
	err = bread(sb->dev, *slot, sb->block_size, &b);
	if (err)
		return err;
	for (uint32_t i = (uint32_t)((keep - base) / child_span);
	     i < sbi->addr_per_block; i++)
		err = ext2_trim(inode, (uint32_t *)b.data + i, depth - 1,
				base + i * child_span, keep, &dirty) ?: err;
	if (dirty)
		bdirty(&b);
	brelse(&b);
	return err;
}

/*
 * Free every block of inode that maps file blocks from keep on, and the
 * indirect blocks no longer needed.  Returns 0 or the first error (the
 * walk goes on after one).
 */
int ext2_truncate_blocks(struct inode *inode, uint32_t keep)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	uint32_t apb = EXT2_SB(inode->sb)->addr_per_block;
	uint64_t base[EXT2_N_BLOCKS];
	bool changed = false;
	int err = 0;

	if (!ext2_has_block_map(inode))
		return 0;
	for (int i = 0; i < EXT2_NDIR_BLOCKS; i++)
		base[i] = (uint64_t)i;
	base[EXT2_IND_BLOCK] = EXT2_NDIR_BLOCKS;
	base[EXT2_DIND_BLOCK] = EXT2_NDIR_BLOCKS + (uint64_t)apb;
	base[EXT2_TIND_BLOCK] = base[EXT2_DIND_BLOCK] + (uint64_t)apb * apb;
	for (int i = 0; i < EXT2_N_BLOCKS; i++) {
		int depth = i < EXT2_NDIR_BLOCKS ? 0 : i - EXT2_NDIR_BLOCKS + 1;

		err = ext2_trim(inode, &ei->i_block[i], depth, base[i], keep,
				&changed) ?: err;
	}
	ei->alloc_goal = 0;
	if (changed)
		inode_mark_dirty(inode);
	return err;
}

/*
 * Zero the cached bytes of inode's data from pos to the end of pos's page,
 * so that bytes past the end of the file read as zeros if it grows again.
 */
static int ext2_zero_tail(struct inode *inode, uint64_t pos)
{
	uint32_t in_page = (uint32_t)(pos % PAGE_SIZE);
	struct page *pg;

	if (in_page == 0 || pos >= inode->size)
		return 0;
	pg = pagecache_read(&inode->mapping, (uint32_t)(pos / PAGE_SIZE));
	if (IS_ERR(pg))
		return (int)PTR_ERR(pg);
	memset((char *)page_address(pg) + in_page, 0, PAGE_SIZE - in_page);
	pagecache_mark_dirty(pg);
	pagecache_put(pg);
	return 0;
}

/*
 * Change a regular file's size, freeing the blocks past it when it does
 * not grow (the same size frees what a failed write left past the end).
 */
static int ext2_set_size(struct inode *inode, uint64_t size)
{
	uint32_t bsize = inode->sb->block_size;
	uint64_t old = inode->size;
	int err;

	if (size > ext2_max_size(EXT2_SB(inode->sb)))
		return -EFBIG;
	err = ext2_zero_tail(inode, MIN(size, old));
	if (err)
		return err;
	inode->size = size;
	if (size <= old) {
		pagecache_truncate(&inode->mapping,
				   (uint32_t)((size + PAGE_SIZE - 1) / PAGE_SIZE));
		err = ext2_truncate_blocks(inode,
				(uint32_t)((size + bsize - 1) / bsize));
	}
	ext2_touch(inode, true);
	return err;
}

/* inode_ops.setattr: mode, owner, times and (regular files) size. */
int ext2_setattr(struct inode *inode, const struct iattr *attr)
{
	int err;

	if (EXT2_SB(inode->sb)->rdonly)
		return -EROFS;
	if (attr->valid & ATTR_SIZE) {
		if (S_ISDIR(inode->mode))
			return -EISDIR;
		if (!S_ISREG(inode->mode))
			return -EINVAL;
		err = ext2_set_size(inode, attr->size);
		if (err)
			return err;
	}
	setattr_copy(inode, attr);
	ext2_touch(inode, false);
	return 0;
}
