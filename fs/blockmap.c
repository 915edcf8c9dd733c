/*
 * blockmap.c: file data in the page cache, for filesystems on a block
 * device that map file blocks to disk blocks with inode_ops.get_block.
 *
 * Reads (read(2) and the kernel's) are blockread.c's, writes are
 * blockwrite.c's; alloc_blocks allocates the blocks under a range of
 * bytes for them and for page_mkwrite.
 *
 * block_mapping_ops reads a page by mapping each of its blocks: holes
 * read as zeros, and each run of blocks that lie one after the other on
 * the disk is read with one request.  readpages does the same over several
 * pages (read-ahead), a run spanning pages with one segment per page.
 * writepage writes the mapped blocks of the page inside the file's size,
 * after zeroing the bytes of the page past the end of the file;
 * writepages does the same over a run of pages the write-back gathers.
 *
 * generic_file_map_page and generic_file_page_mkwrite serve mmap: the
 * first gives the cache page of an index inside the file, the second
 * allocates a page's blocks before a shared mapping stores into it.
 * Disk block b starts at sector b * (block_size / 512) of sb->dev.
 *
 * Interface: generic_file_fsync, generic_file_map_page,
 * generic_file_peek_page, generic_file_page_mkwrite, block_mapping_ops;
 * for blockread.c, blockwrite.c and flushdata.c (internal.h) size_pages,
 * map_blocks, pages_io, alloc_blocks, block_write_prepare.
 */
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define MAX_RUN_PAGES	BLK_MAX_SEGMENTS

uint32_t size_pages(const struct inode *inode)
{
	return (uint32_t)MIN((inode->size + PAGE_SIZE - 1) >> PAGE_SHIFT,
			     (uint64_t)UINT32_MAX);
}

int alloc_blocks(struct inode *inode, uint64_t pos, size_t n)
{
	uint32_t bs = inode->sb->block_size, dblock;
	uint64_t first = pos / bs, last = (pos + n - 1) / bs;
	int err = 0;

	if (!inode->iops || !inode->iops->get_block)
		return 0;
	for (uint64_t b = first; !err && b <= last; b++)
		err = b > UINT32_MAX ? -EFBIG :
		      inode->iops->get_block(inode, (uint32_t)b, true, &dblock);
	return err;
}

static int generic_file_fsync_locked(struct file *f)
{
	struct inode *inode = f->inode;
	struct super_block *sb = inode->sb;
	int err = pagecache_sync_mapping(&inode->mapping);

	if (!err && inode->dirty && sb->ops && sb->ops->write_inode) {
		err = sb->ops->write_inode(inode);
		if (!err)
			inode->dirty = false;
	}
	if (!err && sb->ops && sb->ops->commit)
		err = sb->ops->commit(sb);	/* vfs_fsync writes the device */
	else if (!err && sb->ops && sb->ops->sync)
		err = sb->ops->sync(sb);
	return err;
}

int generic_file_fsync(struct file *f)
{
	int ret;

	vfs_lock();
	ret = generic_file_fsync_locked(f);
	vfs_unlock();
	return ret;
}

/* ---- mmap --------------------------------------------------------------- */

/*
 * file_ops.map_page: page index of the file from the page cache (reading
 * ahead as read(2) does), or ERR_PTR(-EIO) at or past the end of the
 * file.  A block-mapped file is read as read(2) reads it, without the VFS
 * lock while the disk works, and a truncation meanwhile is seen as read(2)
 * sees it (blockread.c); a mapping that reads its pages itself (readpage
 * only) is read under the VFS lock, so that truncation cannot interleave.
 */
struct page *generic_file_map_page(struct file *f, uint32_t index)
{
	struct inode *inode = f->inode;
	struct page *pg;
	uint32_t end;

	if (inode->iops && inode->iops->get_block)
		return file_read_page(f, index);
	vfs_lock();
	end = size_pages(inode);
	pg = index < end ? pagecache_read_ahead(&inode->mapping, index, end)
			 : ERR_PTR(-EIO);
	vfs_unlock();
	return pg;
}

/* file_ops.peek_page: page index if the page cache holds it up to date
 * (the size is read without the lock: a page truncation takes away is
 * no longer the file's, which the mapping code checks under its lock). */
struct page *generic_file_peek_page(struct file *f, uint32_t index)
{
	struct page *pg;

	if (index >= size_pages(f->inode))
		return NULL;
	pg = pagecache_find(&f->inode->mapping, index);
	if (pg && !(pg->flags & PAGE_FLAG_UPTODATE)) {
		pagecache_put(pg);
		pg = NULL;
	}
	return pg;
}

/*
 * file_ops.page_mkwrite: allocate the blocks of page index inside the
 * file's size before a shared mapping stores into it (write-back only
 * writes mapped blocks), and update the modification time as a write
 * does.  0, -ENOSPC, -EIO past the end of the file.
 */
int generic_file_page_mkwrite(struct file *f, uint32_t index)
{
	struct inode *inode = f->inode;
	uint64_t start = (uint64_t)index << PAGE_SHIFT;
	int err;

	vfs_lock();
	if (start >= inode->size)
		err = -EIO;
	else
		err = alloc_blocks(inode, start,
				   (size_t)MIN((uint64_t)PAGE_SIZE,
					       inode->size - start));
	if (!err) {
		inode->mtime = inode->ctime = vfs_now();
		inode_mark_dirty(inode);
	}
	vfs_unlock();
	return err;
}

/* ---- address_space_ops ------------------------------------------------ */

/*
 * Map the blocks of npages pages from index on: map[i] is the disk block
 * of the i-th block (0: a hole).  0 or -Exxx.
 */
int map_blocks(struct inode *inode, uint32_t index, unsigned int npages,
	       uint32_t *map)
{
	uint32_t per = PAGE_SIZE / inode->sb->block_size;
	uint32_t first = index * per;
	int err = 0;

	for (uint32_t i = 0; !err && i < npages * per; i++) {
		map[i] = 0;
		err = inode->iops->get_block(inode, first + i, false, &map[i]);
	}
	return err;
}

/* Add bytes [off, off + len) of pg to rq, merging with the last segment. */
static void rq_add(struct blk_request *rq, struct page *pg, uint32_t off,
		   uint32_t len)
{
	char *p = (char *)page_address(pg) + off;
	struct blk_segment *last = rq->nseg ? &rq->seg[rq->nseg - 1] : NULL;

	if (last && (char *)last->buf + last->len == p)
		last->len += len;
	else
		rq->seg[rq->nseg++] = (struct blk_segment){ .buf = p, .len = len };
	rq->count += len >> SECTOR_SHIFT;
}

/* Transfer one request for blocks [i, j) of the pages: 0 or -Exxx. */
static int run_io(struct inode *inode, struct page **pgs, const uint32_t *map,
		  uint32_t i, uint32_t j, enum blk_op op)
{
	uint32_t bs = inode->sb->block_size, per = PAGE_SIZE / bs;
	struct blk_request rq = {
		.dev = inode->sb->dev, .op = op,
		.sector = (uint64_t)map[i] * (bs >> SECTOR_SHIFT),
	};
	int err;

	for (uint32_t k = i; k < j; k++)
		rq_add(&rq, pgs[k / per], k % per * bs, bs);
	err = blk_submit(&rq);
	return err ? err : blk_wait(&rq);
}

/*
 * Read or write the blocks of pages pgs[0..npages) given by map: zero the
 * holes on a read, skip blocks at or past limit (in blocks), and move each
 * run of consecutive disk blocks with one request.
 */
int pages_io(struct inode *inode, struct page **pgs, unsigned int npages,
	     const uint32_t *map, uint32_t limit, enum blk_op op)
{
	uint32_t bs = inode->sb->block_size, per = PAGE_SIZE / bs;
	uint32_t total = MIN(npages * per, limit);
	int err = 0;

	for (uint32_t i = 0, j; !err && i < npages * per; i = j) {
		j = i + 1;
		if (i >= total || !map[i]) {
			if (op == BLK_READ)
				memset((char *)page_address(pgs[i / per]) +
				       i % per * bs, 0, bs);
			continue;
		}
		while (j < total && map[j] == map[j - 1] + 1 &&
		       (j % per || j / per - i / per < BLK_MAX_SEGMENTS))
			j++;
		err = run_io(inode, pgs, map, i, j, op);
	}
	return err;
}

/* Blocks of the file inside its size, counted from page index on. */
static uint32_t blocks_limit(struct inode *inode, uint32_t index)
{
	uint32_t bs = inode->sb->block_size;
	uint64_t start = (uint64_t)index * PAGE_SIZE;

	if (inode->size <= start)
		return 0;
	return (uint32_t)MIN((inode->size - start + bs - 1) / bs,
			     (uint64_t)UINT32_MAX);
}

static int bm_readpages(struct address_space *m, struct page **pgs,
			unsigned int n)
{
	struct inode *inode = m->host;
	uint32_t per = PAGE_SIZE / inode->sb->block_size;
	uint32_t *map = kmalloc(n * per * sizeof(*map));
	int err;

	if (!map)
		return -ENOMEM;
	err = map_blocks(inode, pgs[0]->index, n, map);
	if (!err)
		err = pages_io(inode, pgs, n, map, UINT32_MAX, BLK_READ);
	kfree(map);
	return err;
}

static int bm_readpage(struct address_space *m, struct page *pg)
{
	return bm_readpages(m, &pg, 1);
}

/* Zero the bytes of pg past the end of the file (a shared mapping may
 * have stored there): they never reach the disk as data. */
static void zero_past_eof(struct inode *inode, struct page *pg)
{
	uint64_t start = (uint64_t)pg->index << PAGE_SHIFT;

	if (inode->size > start && inode->size - start < PAGE_SIZE)
		memset((char *)page_address(pg) + (inode->size - start), 0,
		       PAGE_SIZE - (size_t)(inode->size - start));
}

int block_write_prepare(struct inode *inode, struct page **pgs,
			unsigned int n, uint32_t *map, uint32_t *limit)
{
	int err;

	if (n > PC_WRITE_RUN_MAX)
		return -EINVAL;
	err = map_blocks(inode, pgs[0]->index, n, map);
	for (unsigned int i = 0; i < n; i++)
		zero_past_eof(inode, pgs[i]);
	*limit = blocks_limit(inode, pgs[0]->index);
	return err;
}

/* Write-back allocates nothing (it may run to free memory): the block
 * map of a run is on the stack. */
static int bm_writepages(struct address_space *m, struct page **pgs,
			 unsigned int n)
{
	struct inode *inode = m->host;
	uint32_t map[WRITE_RUN_BLOCKS], limit;
	int err = block_write_prepare(inode, pgs, n, map, &limit);

	return err ? err : pages_io(inode, pgs, n, map, limit, BLK_WRITE);
}

static int bm_writepage(struct address_space *m, struct page *pg)
{
	return bm_writepages(m, &pg, 1);
}

const struct address_space_ops block_mapping_ops = {
	.readpage = bm_readpage,
	.readpages = bm_readpages,
	.writepage = bm_writepage,
	.writepages = bm_writepages,
};
