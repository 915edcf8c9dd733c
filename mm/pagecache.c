/*
 * pagecache.c: the one page cache (see pagecache.h).
 *
 * One spinlock, pc_lock, covers the hash table, the LRU list, every
 * mapping's dirty list and page count, and the cache flags of every page.
 * It is never held across I/O or across a call into the buddy allocator:
 * a page is inserted LOCKED, the lock is dropped for the read, and taken
 * again to publish the result.
 *
 * The page lock: a page being read in (LOCKED, not UPTODATE) is waited
 * for by everyone else who finds it, on pc_unlocked, and never read a
 * second time: what they find after is the data read, or, when the read
 * failed, no page (they try again).  Nobody can change a page's contents
 * (bget, a write) while a read that would overwrite them is in flight,
 * even without the VFS lock (a raw read of the block device).  A page
 * that is not UPTODATE and not locked (grabbed and never filled) is
 * locked by whoever reads it.  Pages locked for write-back are UPTODATE
 * and are not waited for.
 *
 * A cached page is on exactly one list: the LRU (clean pages, oldest
 * first, including pages in use, which reclaim skips) or its mapping's
 * dirty list.  A page removed from the cache while someone still holds it
 * (truncate) is freed by the last pagecache_put().  Write-back and
 * truncation are in mm/writeback.c.
 */
#include "mm/pagecache.h"
#include "mm/pagecache_internal.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/sched/task.h"
#include "kernel/spinlock.h"
#include "kernel/wait.h"
#include "lib/hash.h"
#include "lib/string.h"

#define RA_MIN_PAGES	4
#define RA_MAX_PAGES	32	/* 128 KiB */
#define RECLAIM_BATCH	64

struct page *pc_hash[1u << PC_HASH_BITS];
static struct list_head pc_lru = LIST_HEAD_INIT(pc_lru);
struct list_head pc_dirty_mappings = LIST_HEAD_INIT(pc_dirty_mappings);
struct spinlock pc_lock = SPINLOCK_INIT;
struct pagecache_stats pc_stats;
struct wait_queue pc_unlocked = WAIT_QUEUE_INIT(pc_unlocked);
/* Every page lock is one class for the validator: the task that locks a
 * page (to read it in, or to write it back) unlocks it. */
static struct lockdep_class page_lock_class = LOCKDEP_CLASS("page lock");

void mapping_init(struct address_space *m, const struct address_space_ops *ops,
		  void *host)
{
	memset(m, 0, sizeof(*m));
	m->ops = ops;
	m->host = host;
	list_init(&m->dirty);
	list_init(&m->dirty_link);
	list_init(&m->mmaps);
}

static struct page **pc_bucket(const struct address_space *m, uint32_t index)
{
	return &pc_hash[hash_32((uint32_t)(uintptr_t)m ^ hash_32(index, 32),
				PC_HASH_BITS)];
}

/* The cached page (m, index) or NULL.  Caller holds pc_lock. */
struct page *pc_lookup(const struct address_space *m, uint32_t index)
{
	struct page *pg = *pc_bucket(m, index);

	while (pg && (pg->mapping != m || pg->index != index))
		pg = pg->hash_next;
	return pg;
}

/* Put a fresh page (one reference, the caller's) in the cache, locked. */
static void pc_insert(struct address_space *m, uint32_t index, struct page *pg)
{
	struct page **bucket = pc_bucket(m, index);

	pg->flags = (pg->flags & PAGE_FLAG_ALLOC) | PAGE_FLAG_CACHE;
	pc_lock_page(pg);
	pg->mapping = m;
	pg->index = index;
	pg->dirty_sectors = 0;
	pg->hash_next = *bucket;
	*bucket = pg;
	list_add_tail(&pg->list, &pc_lru);
	m->nrpages++;
	if (index >= m->max_index)
		m->max_index = index + 1;
	pc_stats.cached++;
}

/* Take pg out of the cache (it stays allocated).  Caller holds pc_lock. */
void pc_remove(struct page *pg)
{
	struct page **link = pc_bucket(pg->mapping, pg->index);

	while (*link != pg)
		link = &(*link)->hash_next;
	*link = pg->hash_next;
	list_del(&pg->list);
	if (pg->flags & PAGE_FLAG_DIRTY) {
		pc_stats.dirty--;
		if (list_empty(&pg->mapping->dirty))
			list_del(&pg->mapping->dirty_link);
	}
	pg->mapping->nrpages--;
	pg->flags &= ~(PAGE_FLAG_CACHE | PAGE_FLAG_DIRTY | PAGE_FLAG_UPTODATE);
	pg->mapping = NULL;
	pc_stats.cached--;
}

/* Below the kernel's reserve (mm/pressure.c), the cache recycles its own
 * oldest clean pages before it takes a free frame. */
struct page *pagecache_alloc_page(void)
{
	if (mm_free_pages() <= mm_reserve_pages())
		pagecache_reclaim(RECLAIM_BATCH);
	return page_alloc(0);
}

size_t pagecache_reclaim(size_t want)
{
	struct page *batch[RECLAIM_BATCH], *pg, *tmp;
	size_t n = 0, i;
	uint32_t flags = spin_lock_irqsave(&pc_lock);

	want = MIN(want, (size_t)RECLAIM_BATCH);
	list_for_each_entry_safe(pg, tmp, &pc_lru, list) {
		if (n == want)
			break;
		if (pg->refcount || (pg->flags & PAGE_FLAG_LOCKED))
			continue;
		pc_remove(pg);
		batch[n++] = pg;
	}
	pc_stats.evictions += n;
	spin_unlock_irqrestore(&pc_lock, flags);
	for (i = 0; i < n; i++)
		page_free(batch[i], 0);
	return n;
}

struct page *pagecache_find(struct address_space *m, uint32_t index)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);
	struct page *pg = pc_lookup(m, index);

	if (pg)
		pg->refcount++;
	spin_unlock_irqrestore(&pc_lock, flags);
	return pg;
}

static bool pc_reading(const struct page *pg)
{
	return (pg->flags & (PAGE_FLAG_LOCKED | PAGE_FLAG_UPTODATE)) ==
	       PAGE_FLAG_LOCKED;
}

void pc_lock_page(struct page *pg)
{
	pg->flags |= PAGE_FLAG_LOCKED;
	lockdep_acquire(&page_lock_class, true);
}

void pc_wait_unlocked(struct page *pg)
{
	lockdep_wait(&page_lock_class);
	wait_event(&pc_unlocked, !(pg->flags & PAGE_FLAG_LOCKED));
}

void pc_unlock(struct page *pg)
{
	pg->flags &= ~PAGE_FLAG_LOCKED;
	lockdep_release(&page_lock_class);
	wake_up(&pc_unlocked);
}

/*
 * Find page index of m, or insert a new locked one (allocating outside the
 * lock).  Returns it with a reference; *fresh says the caller holds its
 * lock and must fill it: it was just inserted, or found never filled.  A
 * page being read by someone else is waited for.
 */
static struct page *pc_find_or_insert(struct address_space *m, uint32_t index,
				      bool *fresh)
{
	struct page *pg, *new_pg = NULL;
	uint32_t flags;

	for (;;) {
		flags = spin_lock_irqsave(&pc_lock);
		pg = pc_lookup(m, index);
		if (pg && pc_reading(pg) && sched_can_sleep()) {
			pg->refcount++;
			pc_stats.waits++;
			spin_unlock_irqrestore(&pc_lock, flags);
			lockdep_wait(&page_lock_class);
			wait_event(&pc_unlocked, !pc_reading(pg));
			pagecache_put(pg);	/* look again: it may be gone */
			continue;
		}
		if (pg) {
			pg->refcount++;
			pc_stats.hits++;
			if (!(pg->flags & PAGE_FLAG_DIRTY))
				list_move_tail(&pg->list, &pc_lru);
			*fresh = !(pg->flags & (PAGE_FLAG_UPTODATE |
						PAGE_FLAG_LOCKED));
			if (*fresh)
				pc_lock_page(pg);
			break;
		}
		if (new_pg) {
			pc_insert(m, index, new_pg);
			pc_stats.misses++;
			pg = new_pg;
			new_pg = NULL;
			*fresh = true;
			break;
		}
		spin_unlock_irqrestore(&pc_lock, flags);
		new_pg = pagecache_alloc_page();
		if (!new_pg)
			return ERR_PTR(-ENOMEM);
	}
	spin_unlock_irqrestore(&pc_lock, flags);
	if (new_pg)
		page_free(new_pg, 0);
	return pg;
}

/* Publish the result of reading the fresh page pg: unlock it and, on
 * failure, take it out of the cache again. */
static void pc_read_done(struct page *pg, int err)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);

	if (err && (pg->flags & PAGE_FLAG_CACHE))
		pc_remove(pg);
	else if (!err)
		pg->flags |= PAGE_FLAG_UPTODATE;
	pc_unlock(pg);
	pc_stats.reads++;
	spin_unlock_irqrestore(&pc_lock, flags);
}

/*
 * Read ahead: insert up to n pages after index that are not cached yet
 * (stopping at the first cached one) and read them with index's page pg
 * in one readpages call.  Returns the status of the read.
 */
static int pc_read_with_ahead(struct address_space *m, struct page *pg,
			      uint32_t n)
{
	struct page *pages[RA_MAX_PAGES + 1];
	unsigned int count = 1, i;
	int err;

	pages[0] = pg;
	for (i = 1; i <= n && count < ARRAY_SIZE(pages); i++) {
		bool fresh;
		struct page *p = pc_find_or_insert(m, pg->index + i, &fresh);

		if (IS_ERR(p))
			break;
		if (!fresh) {
			pagecache_put(p);
			break;
		}
		pages[count++] = p;
	}
	err = m->ops->readpages(m, pages, count);
	for (i = 1; i < count; i++) {
		pc_read_done(pages[i], err);
		pagecache_put(pages[i]);
	}
	pc_stats.readahead += count - 1;
	/* A bad block further on must not fail the page asked for. */
	if (err && count > 1)
		err = m->ops->readpage(m, pg);
	return err;
}

/* How many pages to read ahead of index, from the sequential pattern. */
static uint32_t pc_ra_window(struct address_space *m, uint32_t index,
			     uint32_t end)
{
	if (!m->ops->readpages || index + 1 >= end)
		return 0;
	if (index != 0 && index != m->last_read + 1) {
		m->ra_pages = 0;
		return 0;
	}
	m->ra_pages = m->ra_pages ? MIN(m->ra_pages * 2, (uint32_t)RA_MAX_PAGES)
				  : RA_MIN_PAGES;
	return MIN(m->ra_pages, end - index - 1);
}

struct page *pagecache_read_ahead(struct address_space *m, uint32_t index,
				  uint32_t end)
{
	bool fresh;
	struct page *pg = pc_find_or_insert(m, index, &fresh);
	uint32_t ahead;
	int err;

	if (IS_ERR(pg))
		return pg;
	ahead = pc_ra_window(m, index, end);
	m->last_read = index;
	if (!fresh)
		return pg;	/* uptodate, or locked by write-back */
	if (ahead)
		err = pc_read_with_ahead(m, pg, ahead);
	else
		err = m->ops->readpage(m, pg);
	pc_read_done(pg, err);
	if (err) {
		pagecache_put(pg);
		return ERR_PTR(err);
	}
	return pg;
}

struct page *pagecache_get_for_read(struct address_space *m, uint32_t index,
				    bool *fresh)
{
	return pc_find_or_insert(m, index, fresh);
}

void pagecache_read_done(struct page *pg, int err)
{
	pc_read_done(pg, err);
}

uint32_t pagecache_ra_window(struct address_space *m, uint32_t index,
			     uint32_t end)
{
	uint32_t ahead = pc_ra_window(m, index, end);

	m->last_read = index;
	return ahead;
}

struct page *pagecache_read(struct address_space *m, uint32_t index)
{
	return pagecache_read_ahead(m, index, index + 1);
}

struct page *pagecache_grab(struct address_space *m, uint32_t index)
{
	bool fresh;
	struct page *pg = pc_find_or_insert(m, index, &fresh);

	if (!IS_ERR(pg) && fresh) {
		uint32_t flags = spin_lock_irqsave(&pc_lock);

		pc_unlock(pg);
		spin_unlock_irqrestore(&pc_lock, flags);
	}
	return pg;
}

void pagecache_put(struct page *pg)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);
	bool orphan = --pg->refcount == 0 && !(pg->flags & PAGE_FLAG_CACHE);

	spin_unlock_irqrestore(&pc_lock, flags);
	if (orphan) {
		pg->refcount = 1;	/* page_free expects an allocated block */
		page_free(pg, 0);
	}
}

void pagecache_mark_uptodate(struct page *pg)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);

	pg->flags |= PAGE_FLAG_UPTODATE;
	spin_unlock_irqrestore(&pc_lock, flags);
}

void pagecache_mark_stale(struct page *pg)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);

	if (!(pg->flags & (PAGE_FLAG_DIRTY | PAGE_FLAG_LOCKED)))
		pg->flags &= ~PAGE_FLAG_UPTODATE;
	spin_unlock_irqrestore(&pc_lock, flags);
}

void pagecache_mark_dirty(struct page *pg)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);
	struct address_space *m = pg->mapping;

	if ((pg->flags & PAGE_FLAG_CACHE) && !(pg->flags & PAGE_FLAG_DIRTY)) {
		pg->flags |= PAGE_FLAG_DIRTY | PAGE_FLAG_UPTODATE;
		list_move_tail(&pg->list, &m->dirty);
		if (list_empty(&m->dirty_link))
			list_add_tail(&m->dirty_link, &pc_dirty_mappings);
		pc_stats.dirty++;
	}
	spin_unlock_irqrestore(&pc_lock, flags);
}

/* Move a dirty page back to the LRU (its dirty_sectors are left for the
 * caller).  Caller holds pc_lock. */
void pc_make_clean(struct page *pg)
{
	struct address_space *m = pg->mapping;

	pg->flags &= ~PAGE_FLAG_DIRTY;
	list_move_tail(&pg->list, &pc_lru);
	pc_stats.dirty--;
	if (list_empty(&m->dirty))
		list_del(&m->dirty_link);
}

void pagecache_clear_dirty(struct page *pg)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);

	if (pg->flags & PAGE_FLAG_DIRTY) {
		pc_make_clean(pg);
		pg->dirty_sectors = 0;
	}
	spin_unlock_irqrestore(&pc_lock, flags);
}

void pagecache_get_stats(struct pagecache_stats *st)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);

	*st = pc_stats;
	spin_unlock_irqrestore(&pc_lock, flags);
}

/* page_alloc's reclaim (mm/pressure.c). */
static size_t pagecache_reclaim_for(size_t want, unsigned int order)
{
	return order ? pagecache_reclaim_block(order) : pagecache_reclaim(want);
}

static int pagecache_init(void)
{
	mm_add_reclaim_hook(pagecache_reclaim_for);
	return 0;
}
INITCALL(INIT_CORE, pagecache_init);
