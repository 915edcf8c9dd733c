/*
 * test_pagecache.c: the page cache and the block-device buffer layer,
 * over a RAM-backed test device that counts the requests reaching it (and
 * can hold a read pending, for the page lock's tests); freeing a whole
 * block of cache pages for a high-order allocation.
 */
#include "drivers/block/blkdev.h"
#include "fs/buffer.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/internal.h"
#include "mm/pagecache.h"

#define TDEV_SECTORS	2048		/* 1 MiB */

static uint8_t *tdev_data;
static unsigned int tdev_reads, tdev_writes, tdev_write_sectors;
static uint64_t tdev_bad_sector = UINT64_MAX;	/* requests over it fail */

/* With tdev_hold, a read is kept pending in tdev_held (started, no data
 * yet) until the test completes it, as a disk's DMA would. */
static bool tdev_hold;
static struct blk_request *volatile tdev_held;

static int tdev_start(struct blkdev *dev, struct blk_request *rq)
{
	if (tdev_hold && rq->op == BLK_READ) {
		tdev_reads++;
		tdev_held = rq;
		return 0;
	}
	if (tdev_bad_sector >= rq->sector &&
	    tdev_bad_sector < rq->sector + rq->count)
		return -EIO;

	blk_copy_request(rq, tdev_data);
	if (rq->op == BLK_READ) {
		tdev_reads++;
	} else {
		tdev_writes++;
		tdev_write_sectors += rq->count;
	}
	return BLK_DONE;
}

static const struct blkdev_ops tdev_ops = { .start = tdev_start };
static struct blkdev tdev = { .name = "ktestblk", .ops = &tdev_ops,
			      .nr_sectors = TDEV_SECTORS };

/* The test device with a fresh pattern and an empty cache. */
static struct blkdev *tdev_setup(void)
{
	if (!tdev_data) {
		struct page *pg = page_alloc(8);	/* 1 MiB */

		if (!pg || blkdev_register(&tdev) < 0)
			return NULL;
		tdev_data = page_address(pg);
	}
	if (tdev.cache)
		pagecache_truncate(tdev.cache, 0);
	for (uint32_t i = 0; i < TDEV_SECTORS * SECTOR_SIZE; i++)
		tdev_data[i] = (uint8_t)(i * 7 + (i >> 9));
	tdev_reads = tdev_writes = tdev_write_sectors = 0;
	tdev_bad_sector = UINT64_MAX;
	return &tdev;
}

static bool block_matches(const struct buf *b, uint32_t bsize)
{
	return memcmp(b->data, tdev_data + (size_t)b->block * bsize, bsize) == 0;
}

/* A raw read of block 0, as /dev/hdaN's read does (no VFS lock). */
static int raw_reader(void *arg)
{
	struct buf b;
	int err = bread(arg, 0, 1024, &b);

	if (!err)
		brelse(&b);
	return err;
}

/* A filesystem's new block 0 (bget, then overwritten and dirtied). */
static int block_writer(void *arg)
{
	struct buf b;
	int err = bget(arg, 0, 1024, &b);

	if (!err) {
		memset(b.data, 0xee, 1024);
		bdirty(&b);
		brelse(&b);
	}
	return err;
}

/* Issue 14's raw-device race: a block whose read is in flight is not
 * handed out (bget) or read again (bread) until the read is done, so the
 * read's stale data cannot land on a newer copy.  (Defined first so that
 * it runs last: the threads it starts change where the next test's
 * pages land, which reclaim_block_frees_a_whole_block depends on.) */
KTEST(pagecache, page_being_read_is_waited_for)
{
	struct blkdev *dev = tdev_setup();
	struct task *reader, *writer, *second;
	struct blk_request *rq;
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	tdev_held = NULL;
	tdev_hold = true;
	reader = kthread_create(raw_reader, dev, "kt-raw");
	KT_ASSERT(ctx, reader != NULL);
	for (int i = 0; i < 1000 && !tdev_held; i++)
		sleep_ns(1000000);
	rq = tdev_held;
	KT_ASSERT(ctx, rq != NULL);
	writer = kthread_create(block_writer, dev, "kt-bget");
	second = kthread_create(raw_reader, dev, "kt-raw2");
	KT_ASSERT(ctx, writer != NULL && second != NULL);
	sleep_ns(20000000);	/* let them get at the page */
	tdev_hold = false;
	blk_copy_request(rq, tdev_data);	/* the disk's old contents */
	blk_complete(rq, 0);
	KT_EXPECT_EQ(ctx, kthread_join(reader), 0);
	KT_EXPECT_EQ(ctx, kthread_join(writer), 0);
	KT_EXPECT_EQ(ctx, kthread_join(second), 0);
	KT_EXPECT_EQ(ctx, tdev_reads, 1);	/* never read twice */
	KT_ASSERT_EQ(ctx, bread(dev, 0, 1024, &b), 0);
	KT_EXPECT_EQ(ctx, ((uint8_t *)b.data)[0], 0xee);
	KT_EXPECT_EQ(ctx, ((uint8_t *)b.data)[1023], 0xee);
	brelse(&b);
	bforget(dev, 0, 1024);	/* no write-back left for the next test */
}

KTEST(pagecache, repeated_reads_hit_the_cache)
{
	struct blkdev *dev = tdev_setup();
	struct pagecache_stats before, after;
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	KT_ASSERT_EQ(ctx, bread(dev, 5, 1024, &b), 0);
	KT_EXPECT(ctx, block_matches(&b, 1024));
	brelse(&b);
	KT_EXPECT_EQ(ctx, tdev_reads, 1);
	pagecache_get_stats(&before);
	for (int i = 0; i < 100; i++) {
		KT_ASSERT_EQ(ctx, bread(dev, 4 + (i & 3), 1024, &b), 0);
		KT_EXPECT(ctx, block_matches(&b, 1024));
		brelse(&b);
	}
	pagecache_get_stats(&after);
	KT_EXPECT_EQ(ctx, tdev_reads, 1);	/* blocks 4-7 share one page */
	KT_EXPECT_EQ(ctx, after.hits - before.hits, 100);
}

KTEST(pagecache, sequential_reads_read_ahead)
{
	struct blkdev *dev = tdev_setup();
	struct pagecache_stats before, after;
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	pagecache_get_stats(&before);
	for (uint32_t blk = 0; blk < 64; blk++) {	/* 64 pages of 4 KiB */
		KT_ASSERT_EQ(ctx, bread(dev, blk, 4096, &b), 0);
		KT_EXPECT(ctx, block_matches(&b, 4096));
		brelse(&b);
	}
	pagecache_get_stats(&after);
	KT_EXPECT(ctx, tdev_reads < 16);
	KT_EXPECT(ctx, after.readahead - before.readahead >= 48);
	/* The last block of the device is readable, past it is not. */
	KT_ASSERT_EQ(ctx, bread(dev, TDEV_SECTORS / 2 - 1, 1024, &b), 0);
	KT_EXPECT(ctx, block_matches(&b, 1024));
	brelse(&b);
	KT_EXPECT_EQ(ctx, bread(dev, TDEV_SECTORS / 2, 1024, &b), -EINVAL);
	KT_EXPECT_EQ(ctx, bread(dev, 0, 3000, &b), -EINVAL);
}

/* A bad block that read-ahead runs into fails only its own page. */
KTEST(pagecache, bad_block_ahead_fails_only_itself)
{
	struct blkdev *dev = tdev_setup();
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	tdev_bad_sector = 6 * 8 + 3;			/* in page 6 */
	for (uint32_t blk = 0; blk < 6; blk++) {
		KT_ASSERT_EQ(ctx, bread(dev, blk, 4096, &b), 0);
		KT_EXPECT(ctx, block_matches(&b, 4096));
		brelse(&b);
	}
	KT_EXPECT_EQ(ctx, bread(dev, 6, 4096, &b), -EIO);
	tdev_bad_sector = UINT64_MAX;
	KT_ASSERT_EQ(ctx, bread(dev, 6, 4096, &b), 0);	/* not cached as bad */
	KT_EXPECT(ctx, block_matches(&b, 4096));
	brelse(&b);
}

KTEST(pagecache, write_back_writes_only_dirty_blocks)
{
	struct blkdev *dev = tdev_setup();
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	KT_ASSERT_EQ(ctx, bread(dev, 9, 1024, &b), 0);	/* page 2, 2nd block */
	memset(b.data, 0xab, 1024);
	bdirty(&b);
	brelse(&b);
	/* Change the device under the cache next to the dirty block: the
	 * write-back must not put the cache's stale copy over it. */
	memset(tdev_data + 8 * 1024, 0x11, 1024);
	KT_EXPECT_EQ(ctx, tdev_writes, 0);
	KT_ASSERT_EQ(ctx, bdev_sync(dev), 0);
	KT_EXPECT_EQ(ctx, tdev_writes, 1);
	KT_EXPECT_EQ(ctx, tdev_write_sectors, 2);
	KT_EXPECT(ctx, memchr_inv(tdev_data + 9 * 1024, 0xab, 1024) == NULL);
	KT_EXPECT(ctx, memchr_inv(tdev_data + 8 * 1024, 0x11, 1024) == NULL);
	/* Clean now: another sync writes nothing. */
	KT_ASSERT_EQ(ctx, bdev_sync(dev), 0);
	KT_EXPECT_EQ(ctx, tdev_writes, 1);
}

KTEST(pagecache, bforget_drops_a_pending_write)
{
	struct blkdev *dev = tdev_setup();
	uint8_t old = tdev_data[20 * 1024];
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	KT_ASSERT_EQ(ctx, bread(dev, 20, 1024, &b), 0);
	memset(b.data, 0xcd, 1024);
	bdirty(&b);
	brelse(&b);
	bforget(dev, 20, 1024);
	KT_ASSERT_EQ(ctx, pagecache_sync_all(), 0);
	KT_EXPECT_EQ(ctx, tdev_writes, 0);
	KT_EXPECT_EQ(ctx, tdev_data[20 * 1024], old);
}

KTEST(pagecache, bget_whole_page_skips_the_read)
{
	struct blkdev *dev = tdev_setup();
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	KT_ASSERT_EQ(ctx, bget(dev, 30, 4096, &b), 0);
	KT_EXPECT_EQ(ctx, tdev_reads, 0);
	memset(b.data, 0x5e, 4096);
	bdirty(&b);
	brelse(&b);
	KT_ASSERT_EQ(ctx, bdev_sync(dev), 0);
	KT_EXPECT(ctx, memchr_inv(tdev_data + 30 * 4096, 0x5e, 4096) == NULL);
	KT_EXPECT_EQ(ctx, tdev_write_sectors, 8);
}

KTEST(pagecache, reclaim_evicts_clean_unused_pages)
{
	struct blkdev *dev = tdev_setup();
	struct pagecache_stats st;
	struct buf held, b;
	size_t freed;

	KT_ASSERT(ctx, dev != NULL);
	KT_ASSERT_EQ(ctx, bread(dev, 0, 4096, &held), 0);
	for (uint32_t blk = 1; blk < 8; blk++) {
		KT_ASSERT_EQ(ctx, bread(dev, blk, 4096, &b), 0);
		if (blk == 7) {
			bdirty(&b);		/* dirty pages are not evicted */
		}
		brelse(&b);
	}
	pagecache_get_stats(&st);
	freed = pagecache_reclaim(1000);
	KT_EXPECT(ctx, freed >= 6);
	/* The held and the dirty page are still there. */
	KT_EXPECT(ctx, pagecache_find(tdev.cache, 0) == held.page);
	pagecache_put(held.page);
	struct page *dirty = pagecache_find(tdev.cache, 7);
	KT_EXPECT(ctx, dirty != NULL);
	if (dirty)
		pagecache_put(dirty);
	KT_EXPECT(ctx, pagecache_find(tdev.cache, 3) == NULL);
	brelse(&held);
	KT_ASSERT_EQ(ctx, bdev_sync(dev), 0);
	/* Reading an evicted block goes to the device again. */
	unsigned int reads = tdev_reads;
	KT_ASSERT_EQ(ctx, bread(dev, 3, 4096, &b), 0);
	KT_EXPECT(ctx, block_matches(&b, 4096));
	brelse(&b);
	KT_EXPECT_EQ(ctx, tdev_reads, reads + 1);
}

KTEST(pagecache, truncate_drops_pages_and_dirt)
{
	struct blkdev *dev = tdev_setup();
	struct pagecache_stats before, after;
	struct buf b;

	KT_ASSERT(ctx, dev != NULL);
	pagecache_get_stats(&before);
	for (uint32_t blk = 0; blk < 4; blk++) {
		KT_ASSERT_EQ(ctx, bread(dev, blk, 4096, &b), 0);
		bdirty(&b);
		brelse(&b);
	}
	pagecache_truncate(tdev.cache, 0);
	pagecache_get_stats(&after);
	KT_EXPECT_EQ(ctx, tdev.cache ? ((struct address_space *)tdev.cache)->nrpages : 1, 0);
	KT_EXPECT_EQ(ctx, after.dirty, before.dirty);
	KT_ASSERT_EQ(ctx, pagecache_sync_all(), 0);
	KT_EXPECT_EQ(ctx, tdev_writes, 0);
}

/* A mapping with no backing store: pages read as zeros; writepage counts
 * calls and, when asked, dirties the page again as a concurrent writer
 * would while its write-back is in flight. */
static unsigned int mem_writes;
static bool mem_redirty;

static int mem_readpage(struct address_space *m, struct page *pg)
{
	memset(page_address(pg), 0, PAGE_SIZE);
	return 0;
}

static int mem_writepage(struct address_space *m, struct page *pg)
{
	mem_writes++;
	if (mem_redirty) {
		mem_redirty = false;
		pagecache_mark_dirty(pg);
	}
	return 0;
}

static const struct address_space_ops mem_ops = {
	.readpage = mem_readpage,
	.writepage = mem_writepage,
};

KTEST(pagecache, write_during_write_back_is_kept)
{
	struct address_space m;
	struct page *pg;

	mapping_init(&m, &mem_ops, NULL);
	pg = pagecache_read(&m, 3);
	KT_ASSERT(ctx, !IS_ERR(pg));
	pagecache_mark_dirty(pg);
	mem_writes = 0;
	mem_redirty = true;
	/* The page dirtied again during its write is written again. */
	KT_EXPECT_EQ(ctx, pagecache_sync_mapping(&m), 0);
	KT_EXPECT_EQ(ctx, mem_writes, 2);
	KT_EXPECT(ctx, !(pg->flags & PAGE_FLAG_DIRTY));
	pagecache_put(pg);
	pagecache_truncate(&m, 0);
	KT_EXPECT_EQ(ctx, m.nrpages, 0);
}

/* Truncating a mapping whose pages span more indexes than the hash table
 * has buckets walks the table instead, with the same result. */
KTEST(pagecache, truncate_of_a_huge_range)
{
	static const uint32_t idx[] = { 0, 1, 5000, 100000, 3000000 };
	struct address_space m;
	struct pagecache_stats before, after;

	mapping_init(&m, &mem_ops, NULL);
	pagecache_get_stats(&before);
	for (unsigned int i = 0; i < ARRAY_SIZE(idx); i++) {
		struct page *pg = pagecache_read(&m, idx[i]);

		KT_ASSERT(ctx, !IS_ERR(pg));
		pagecache_put(pg);
	}
	KT_EXPECT_EQ(ctx, m.nrpages, ARRAY_SIZE(idx));
	pagecache_truncate(&m, 2);
	KT_EXPECT_EQ(ctx, m.nrpages, 2);
	KT_EXPECT(ctx, pagecache_find(&m, 5000) == NULL);
	KT_EXPECT(ctx, pagecache_find(&m, 3000000) == NULL);
	pagecache_truncate(&m, 0);
	pagecache_get_stats(&after);
	KT_EXPECT_EQ(ctx, m.nrpages, 0);
	KT_EXPECT_EQ(ctx, after.cached, before.cached);
}

/*
 * pagecache_reclaim_block frees a whole aligned block of cache pages.
 * Every frame is taken but 16 aligned blocks of 4, which the test
 * device's pages then fill; one page in each block but one is held, so
 * that exactly one block can be freed whole: that block, and nothing
 * else, must be evicted, and page_alloc(2) must then return it.
 */
#define RB_BLOCKS	16

static bool pfn_marked(const uint8_t *map, uint32_t pfn)
{
	return map[pfn / 8] & (1u << (pfn % 8));
}

/* Whether the 4 frames at pfn are all unused cache pages. */
static bool block_all_cache(uint32_t pfn)
{
	for (uint32_t i = 0; i < 4; i++) {
		const struct page *pg = pfn_to_page(pfn + i);

		if (!(pg->flags & PAGE_FLAG_CACHE) || pg->refcount)
			return false;
	}
	return true;
}

KTEST(pagecache, reclaim_block_frees_a_whole_block)
{
	struct blkdev *dev = tdev_setup();
	uint32_t nframes = (uint32_t)(mm_total_pages() * 2), blocks[RB_BLOCKS];
	uint8_t *map = kzalloc(nframes / 8 + 1);
	struct list_head taken = LIST_HEAD_INIT(taken);
	struct page *held[RB_BLOCKS] = { 0 }, *pg, *tmp, *got;
	unsigned int nb = 0, target = RB_BLOCKS;
	struct buf b;

	KT_ASSERT(ctx, dev && map);
	while (pagecache_reclaim(64))
		;
	while ((pg = page_alloc(0)) != NULL) {
		list_add_tail(&pg->list, &taken);
		if (page_to_pfn(pg) < nframes)
			map[page_to_pfn(pg) / 8] |= 1u << (page_to_pfn(pg) % 8);
	}
	/* Give 16 whole aligned blocks of 4 back. */
	list_for_each_entry(pg, &taken, list) {
		uint32_t pfn = page_to_pfn(pg);

		if (nb < RB_BLOCKS && pfn % 4 == 0 && pfn + 3 < nframes &&
		    pfn_marked(map, pfn + 1) && pfn_marked(map, pfn + 2) &&
		    pfn_marked(map, pfn + 3))
			blocks[nb++] = pfn;
	}
	KT_ASSERT_EQ(ctx, nb, RB_BLOCKS);
	list_for_each_entry_safe(pg, tmp, &taken, list) {
		for (unsigned int i = 0; i < nb; i++) {
			if (ALIGN_DOWN(page_to_pfn(pg), 4) == blocks[i]) {
				list_del(&pg->list);
				page_free(pg, 0);
				break;
			}
		}
	}
	/* The device's pages take those frames. */
	for (uint32_t blk = 0; blk < 256 && mm_free_pages(); blk++) {
		if (bread(dev, blk, 4096, &b) == 0)
			brelse(&b);
	}
	for (unsigned int i = 0; i < nb; i++) {
		if (!block_all_cache(blocks[i]))
			continue;
		if (target == RB_BLOCKS) {
			target = i;
			continue;
		}
		pg = pfn_to_page(blocks[i] + 1);
		held[i] = pagecache_find(pg->mapping, pg->index);
	}
	KT_ASSERT(ctx, target < RB_BLOCKS);
	KT_EXPECT_EQ(ctx, pagecache_reclaim_block(2), 4);
	got = buddy_alloc(2);
	KT_EXPECT(ctx, got && page_to_pfn(got) == blocks[target]);
	for (unsigned int i = 0; i < nb; i++) {
		if (held[i]) {
			KT_EXPECT(ctx, pfn_to_page(blocks[i])->flags & PAGE_FLAG_CACHE);
			pagecache_put(held[i]);
		}
	}
	if (got)
		page_free(got, 2);
	list_for_each_entry_safe(pg, tmp, &taken, list) {
		list_del(&pg->list);
		page_free(pg, 0);
	}
	kfree(map);
	pagecache_truncate(dev->cache, 0);
}
