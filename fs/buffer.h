/*
 * buffer.h: filesystem blocks of a block device, through the page cache.
 *
 * Filesystem metadata (superblock, group descriptors, bitmaps, inode
 * tables, indirect blocks, directories, slow symlinks) is read and written
 * through the block device's own mapping in the one page cache: block b of
 * size bsize lives at byte b * bsize of the device, in page
 * (b * bsize) / PAGE_SIZE.  Regular file data goes through the file's
 * mapping instead (fs/blockmap.c), never through these calls.
 *
 * With blocks smaller than a page, a device page holds several blocks, and
 * some of them may be file data that this page caches only by accident.
 * So dirtiness is tracked per 512-byte sector: write-back writes only the
 * sectors of blocks that were marked with bdirty(), never a stale copy of
 * its neighbours.  When a filesystem frees a block it calls bforget(),
 * which drops a pending write of that block, so that it cannot land later
 * on top of file data written into the reused block.
 *
 *	struct buf b;
 *	err = bread(sb->dev, block, sb->block_size, &b);
 *	... read or change b.data ...
 *	bdirty(&b);		(if changed)
 *	brelse(&b);
 *
 * bget() is bread() for a block about to be overwritten whole: it does not
 * read the disk.  Every call returns 0 or -Exxx (-EIO from the device,
 * -EINVAL for a block past the end of the device).
 *
 * A read-only VFS operation may run armed (fs/metawait.c): bread() of a
 * block the cache does not hold then fails with -EMETAWAIT instead of
 * waiting for the disk, and notes the block in the task's meta_wait, for
 * bprefetch() once the VFS lock is dropped.
 *
 * Interface: bread, bget, bdirty, brelse, bforget, bprefetch,
 * bdev_mapping, bdev_sync, bdev_writeback.
 */
#ifndef FS_BUFFER_H
#define FS_BUFFER_H

#include <stdint.h>
#include "mm/mm.h"

struct blkdev;
struct address_space;

struct buf {
	struct page *page;
	void *data;		/* the block's bytes, inside the page */
	uint32_t block;
	uint32_t size;
};

/* The block an armed bread() could not find (fs/metawait.c). */
struct meta_wait {
	struct blkdev *dev;
	uint32_t block, bsize;
	unsigned int waits;		/* rounds run so far */
};

int bread(struct blkdev *dev, uint32_t block, uint32_t bsize, struct buf *b);
int bget(struct blkdev *dev, uint32_t block, uint32_t bsize, struct buf *b);
void bdirty(struct buf *b);
void brelse(struct buf *b);
void bforget(struct blkdev *dev, uint32_t block, uint32_t bsize);
/* Read the block into the cache (no reference kept): 0 or -Exxx. */
int bprefetch(struct blkdev *dev, uint32_t block, uint32_t bsize);

/* The device's mapping in the page cache (created on first use). */
struct address_space *bdev_mapping(struct blkdev *dev);
/* Write back every dirty block of dev: 0 or the first error. */
int bdev_sync(struct blkdev *dev);
/* The same, then wait for the blocks another task is writing; without
 * the VFS lock (the caller keeps dev: a mount, an open file). */
int bdev_writeback(struct blkdev *dev);

#endif
