/*
 * buffer.c: filesystem blocks through the block device's page cache
 * mapping (see buffer.h).
 *
 * The device's mapping reads whole pages (8 sectors, fewer at the end of
 * the device) and reads ahead in one request of up to BLK_MAX_SEGMENTS
 * pages.  Write-back writes only the runs of sectors marked dirty in
 * page->dirty_sectors.
 */
#include "fs/buffer.h"
#include "fs/internal.h"
#include "kernel/sched/task.h"
#include "kernel/init.h"
#include "drivers/block/blkdev.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/pagecache.h"

#define SECTORS_PER_PAGE	(PAGE_SIZE / SECTOR_SIZE)
#define ALL_SECTORS		((1u << SECTORS_PER_PAGE) - 1)

static uint32_t bdev_pages(const struct blkdev *dev)
{
	return (uint32_t)((dev->nr_sectors + SECTORS_PER_PAGE - 1) /
			  SECTORS_PER_PAGE);
}

/* Sectors of page index that exist on dev (8, or fewer at the end). */
static uint32_t bdev_page_sectors(const struct blkdev *dev, uint32_t index)
{
	uint64_t first = (uint64_t)index * SECTORS_PER_PAGE;

	if (first >= dev->nr_sectors)
		return 0;
	return (uint32_t)MIN((uint64_t)SECTORS_PER_PAGE, dev->nr_sectors - first);
}

/* Read up to BLK_MAX_SEGMENTS consecutive pages in one request. */
static int bdev_read_run(struct blkdev *dev, struct page **pgs, unsigned int n)
{
	struct blk_request rq = { .dev = dev, .op = BLK_READ };
	int err;

	rq.sector = (uint64_t)pgs[0]->index * SECTORS_PER_PAGE;
	for (rq.nseg = 0; rq.nseg < n; rq.nseg++) {
		uint32_t sectors = bdev_page_sectors(dev, pgs[rq.nseg]->index);

		if (!sectors)
			return -EINVAL;
		if (sectors < SECTORS_PER_PAGE)
			memset(page_address(pgs[rq.nseg]), 0, PAGE_SIZE);
		rq.seg[rq.nseg].buf = page_address(pgs[rq.nseg]);
		rq.seg[rq.nseg].len = sectors * SECTOR_SIZE;
	}
	err = blk_submit(&rq);
	return err ? err : blk_wait(&rq);
}

static int bdev_readpages(struct address_space *m, struct page **pgs,
			  unsigned int n)
{
	for (unsigned int done = 0; done < n; done += BLK_MAX_SEGMENTS) {
		int err = bdev_read_run(m->host, pgs + done,
					MIN(n - done, (unsigned int)BLK_MAX_SEGMENTS));

		if (err)
			return err;
	}
	return 0;
}

static int bdev_readpage(struct address_space *m, struct page *pg)
{
	return bdev_readpages(m, &pg, 1);
}

/* Write the dirty sector runs of pg. */
static int bdev_writepage(struct address_space *m, struct page *pg)
{
	struct blkdev *dev = m->host;
	uint32_t mask = pg->dirty_sectors ? pg->dirty_sectors : ALL_SECTORS;
	uint32_t limit = bdev_page_sectors(dev, pg->index);
	uint64_t base = (uint64_t)pg->index * SECTORS_PER_PAGE;
	char *data = page_address(pg);

	for (uint32_t s = 0; s < limit; s++) {
		uint32_t run = 0;
		int err;

		while (s + run < limit && (mask & (1u << (s + run))))
			run++;
		if (!run)
			continue;
		err = blk_rw(dev, BLK_WRITE, base + s, run, data + s * SECTOR_SIZE);
		if (err)
			return err;
		s += run;
	}
	return 0;
}

static const struct address_space_ops bdev_mapping_ops = {
	.readpage = bdev_readpage,
	.readpages = bdev_readpages,
	.writepage = bdev_writepage,
};

struct address_space *bdev_mapping(struct blkdev *dev)
{
	if (!dev->cache) {
		struct address_space *m = kmalloc(sizeof(*m));

		if (!m)
			return NULL;
		mapping_init(m, &bdev_mapping_ops, dev);
		dev->cache = m;
	}
	return dev->cache;
}

/* The block layer's hook when dev's last user is gone, or dev itself
 * (gone): its cached pages are written to it (while its driver still
 * holds its memory) and dropped, and with it gone, the mapping too. */
static void bdev_mapping_release(struct blkdev *dev, bool gone)
{
	struct address_space *m = dev->cache;

	if (!m)
		return;
	vfs_lock();
	pagecache_sync_mapping(m);
	pagecache_truncate(m, 0);
	vfs_unlock();
	if (gone) {
		dev->cache = NULL;
		kfree(m);
	}
}

static int bdev_release_hook_init(void)
{
	blkdev_set_release_hook(bdev_mapping_release);
	return 0;
}
INITCALL(INIT_CORE, bdev_release_hook_init);

/*
 * Check the block, and find dev's mapping and the block's page index and
 * offset in it: 0, -EINVAL or -ENOMEM.
 */
static int blocate(struct blkdev *dev, uint32_t block, uint32_t bsize,
		   struct address_space **m, uint32_t *index, uint32_t *offset)
{
	uint64_t byte = (uint64_t)block * bsize;

	if (bsize < SECTOR_SIZE || bsize > PAGE_SIZE || (bsize & (bsize - 1)))
		return -EINVAL;
	if (byte + bsize > dev->nr_sectors * SECTOR_SIZE)
		return -EINVAL;
	*m = bdev_mapping(dev);
	if (!*m)
		return -ENOMEM;
	*index = (uint32_t)(byte >> PAGE_SHIFT);
	*offset = (uint32_t)(byte & (PAGE_SIZE - 1));
	return 0;
}

static void bfill(struct buf *b, struct page *pg, uint32_t block,
		  uint32_t bsize, uint32_t offset)
{
	b->page = pg;
	b->data = (char *)page_address(pg) + offset;
	b->block = block;
	b->size = bsize;
}

/* An armed bread (fs/metawait.c): the page if it is cached and read,
 * else ERR_PTR(-EMETAWAIT) with the block noted in w. */
static struct page *bread_cached(struct address_space *m, uint32_t index,
				 struct meta_wait *w, struct blkdev *dev,
				 uint32_t block, uint32_t bsize)
{
	struct page *pg = pagecache_find(m, index);

	if (pg && (pg->flags & PAGE_FLAG_UPTODATE))
		return pg;
	if (pg)
		pagecache_put(pg);
	w->dev = dev;
	w->block = block;
	w->bsize = bsize;
	return ERR_PTR(-EMETAWAIT);
}

int bread(struct blkdev *dev, uint32_t block, uint32_t bsize, struct buf *b)
{
	struct address_space *m;
	uint32_t index, offset;
	struct page *pg;
	int err = blocate(dev, block, bsize, &m, &index, &offset);

	if (err)
		return err;
	if (current && current->meta_wait)
		pg = bread_cached(m, index, current->meta_wait, dev, block,
				  bsize);
	else
		pg = pagecache_read_ahead(m, index, bdev_pages(dev));
	if (IS_ERR(pg))
		return PTR_ERR(pg);
	bfill(b, pg, block, bsize, offset);
	return 0;
}

int bprefetch(struct blkdev *dev, uint32_t block, uint32_t bsize)
{
	struct buf b;
	int err = bread(dev, block, bsize, &b);

	if (!err)
		brelse(&b);
	return err;
}

int bget(struct blkdev *dev, uint32_t block, uint32_t bsize, struct buf *b)
{
	struct address_space *m;
	uint32_t index, offset;
	struct page *pg;
	int err = blocate(dev, block, bsize, &m, &index, &offset);

	if (err)
		return err;
	/* A block smaller than the page shares it: the rest must be read. */
	if (bsize < PAGE_SIZE)
		return bread(dev, block, bsize, b);
	pg = pagecache_grab(m, index);
	if (IS_ERR(pg))
		return PTR_ERR(pg);
	pagecache_mark_uptodate(pg);	/* the caller overwrites it all */
	bfill(b, pg, block, bsize, offset);
	return 0;
}

static uint32_t bmask(const struct buf *b)
{
	uint32_t offset = (uint32_t)((char *)b->data - (char *)page_address(b->page));

	return ((1u << (b->size / SECTOR_SIZE)) - 1) << (offset / SECTOR_SIZE);
}

void bdirty(struct buf *b)
{
	b->page->dirty_sectors |= bmask(b);
	pagecache_mark_dirty(b->page);
}

void brelse(struct buf *b)
{
	if (b->page)
		pagecache_put(b->page);
	b->page = NULL;
	b->data = NULL;
}

void bforget(struct blkdev *dev, uint32_t block, uint32_t bsize)
{
	struct address_space *m;
	uint32_t index, offset;
	struct page *pg;
	struct buf b;

	if (blocate(dev, block, bsize, &m, &index, &offset))
		return;
	pg = pagecache_find(m, index);
	if (!pg)
		return;
	/* A write-back of the page in flight (without the VFS lock) may
	 * carry the block: let it land before the block can be reused. */
	pagecache_wait_page(pg);
	bfill(&b, pg, block, bsize, offset);
	pg->dirty_sectors &= ~bmask(&b);
	if (!pg->dirty_sectors)
		pagecache_clear_dirty(pg);
	pagecache_put(pg);
}

int bdev_sync(struct blkdev *dev)
{
	return dev->cache ? pagecache_sync_mapping(dev->cache) : 0;
}

int bdev_writeback(struct blkdev *dev)
{
	int err = bdev_sync(dev);

	if (dev->cache)
		pagecache_wait_writing(dev->cache);
	return err;
}
