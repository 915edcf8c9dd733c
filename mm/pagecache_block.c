/*
 * pagecache_block.c: freeing a whole block of frames from the page cache.
 *
 * Reclaiming the oldest clean pages gives order-0 frames scattered over
 * memory; an allocation of 2^order contiguous frames (a kernel stack, a
 * pipe buffer) needs an aligned block whose every frame is free.  This
 * looks for such a block among those whose frames are all either free or
 * clean, unused cache pages, and evicts its cache pages: once they are
 * given back, the buddy allocator merges the block.  The scan starts where
 * the last one stopped, so that the same region is not emptied again and
 * again.  Dirty, locked or mapped pages and anything else allocated (the
 * kernel's memory) make a block unusable.  The scan holds pc_lock, which
 * keeps the cache pages as they are; a free block's head may change under
 * it, which at worst makes this block's allocation fail and page_alloc
 * try again.
 *
 * Interface (mm/pagecache.h): pagecache_reclaim_block.
 */
#include "mm/pagecache.h"
#include "mm/pagecache_internal.h"
#include "lib/compiler.h"
#include "mm/internal.h"

static uint32_t scan_cursor;	/* a pfn: where the next scan starts */

static bool page_evictable(const struct page *pg)
{
	uint16_t flags = READ_ONCE(pg->flags);

	return (flags & (PAGE_FLAG_ALLOC | PAGE_FLAG_CACHE)) ==
		(PAGE_FLAG_ALLOC | PAGE_FLAG_CACHE) &&
	       !(flags & (PAGE_FLAG_DIRTY | PAGE_FLAG_LOCKED)) &&
	       pg->order == 0 && pg->refcount == 0;
}

/* Whether every frame of the aligned block at pfn is free or an evictable
 * cache page, and one at least is a cache page (a block already free
 * needs nothing from here).  Caller holds pc_lock. */
static bool block_reclaimable(uint32_t pfn, unsigned int order)
{
	uint32_t end = pfn + (1u << order);
	bool cached = false;

	while (pfn < end) {
		const struct page *pg = pfn_to_page(pfn);

		if (!pg)
			return false;
		if (READ_ONCE(pg->flags) & PAGE_FLAG_FREE) {
			uint8_t o = READ_ONCE(pg->order);

			if (o >= PAGE_MAX_ORDER)
				return false;
			pfn += 1u << o;	/* aligned: never past a bigger block */
			continue;
		}
		if (!page_evictable(pg))
			return false;
		cached = true;
		pfn++;
	}
	return cached;
}

/* Take the cache pages of the block at pfn out of the cache, onto out. */
static size_t block_evict(uint32_t pfn, unsigned int order,
			  struct list_head *out)
{
	uint32_t end = pfn + (1u << order);
	size_t n = 0;

	for (; pfn < end; pfn++) {
		struct page *pg = pfn_to_page(pfn);

		if (!page_evictable(pg))
			continue;	/* a free frame */
		pc_remove(pg);
		list_add_tail(&pg->list, out);
		n++;
	}
	pc_stats.evictions += n;
	return n;
}

size_t pagecache_reclaim_block(unsigned int order)
{
	uint32_t span = 1u << order, nblocks, pfn, flags;
	struct list_head freed = LIST_HEAD_INIT(freed);
	struct page *pg, *tmp;
	size_t n = 0;

	if (order == 0 || order >= PAGE_MAX_ORDER)
		return 0;
	nblocks = buddy_pfn_count() >> order;
	flags = spin_lock_irqsave(&pc_lock);
	pfn = ALIGN_DOWN(scan_cursor, span);
	for (uint32_t i = 0; i < nblocks; i++, pfn += span) {
		if (pfn + span > buddy_pfn_count())
			pfn = 0;
		if (block_reclaimable(pfn, order)) {
			n = block_evict(pfn, order, &freed);
			scan_cursor = pfn + span;
			break;
		}
	}
	spin_unlock_irqrestore(&pc_lock, flags);
	list_for_each_entry_safe(pg, tmp, &freed, list)
		page_free(pg, 0);
	return n;
}
