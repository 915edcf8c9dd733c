/*
 * writeback.c: writing dirty pages back and dropping pages of a mapping,
 * the page cache's half that deals with the backing store going the other
 * way (see pagecache.h for the interface: pagecache_sync_mapping,
 * pagecache_sync_all, pagecache_truncate).
 */
#include "mm/pagecache.h"
#include "mm/pagecache_internal.h"
#include "kernel/sched/task.h"
#include "lib/compiler.h"
#include "mm/vm.h"

/* Pages taken for write-back and not written yet, in every mapping. */
static uint32_t pc_writing;

/*
 * The run starting at dirty page pg: it and the pages after it that are
 * cached, dirty and not being written, up to PC_WRITE_RUN_MAX (only when
 * the mapping can write several at once).  Each is made clean (on the LRU),
 * locked and held.  Caller holds pc_lock.  Returns how many in run[].
 */
static unsigned int pc_take_run(struct address_space *m, struct page *pg,
				struct page **run)
{
	unsigned int n = 0;

	do {
		pc_make_clean(pg);
		pc_lock_page(pg);
		pg->refcount++;
		run[n++] = pg;
		if (!m->ops->writepages || n == PC_WRITE_RUN_MAX ||
		    pg->index == UINT32_MAX)
			break;
		pg = pc_lookup(m, pg->index + 1);
	} while (pg && (pg->flags & PAGE_FLAG_DIRTY) &&
		 !(pg->flags & PAGE_FLAG_LOCKED));
	return n;
}

/* After pg's write (status err): unlock it, put it back on the dirty
 * list's *failed when the write failed and nobody dirtied it meanwhile.
 * Caller holds pc_lock; returns whether the caller must free pg (it was
 * truncated away meanwhile and this was the last reference). */
static bool pc_written(struct page *pg, int err, struct list_head *failed)
{
	pc_unlock(pg);
	if (!(pg->flags & PAGE_FLAG_CACHE))
		return --pg->refcount == 0;
	pg->refcount--;
	if (err && !(pg->flags & PAGE_FLAG_DIRTY)) {
		pg->flags |= PAGE_FLAG_DIRTY;
		list_move_tail(&pg->list, failed);
		pc_stats.dirty++;
	} else if (!err && !(pg->flags & PAGE_FLAG_DIRTY)) {
		pg->dirty_sectors = 0;
	}
	pc_stats.writes += !err;
	return false;
}

/* Whether pg (found under pc_lock, held by flags) is locked and was
 * waited for: then pc_lock was dropped, and the caller looks again. */
static bool pc_waited_unlocked(struct page *pg, uint32_t flags)
{
	if (!(pg->flags & PAGE_FLAG_LOCKED) || !sched_can_sleep())
		return false;
	pg->refcount++;
	spin_unlock_irqrestore(&pc_lock, flags);
	pc_wait_unlocked(pg);
	pagecache_put(pg);
	return true;
}

unsigned int pagecache_dirty_run(struct address_space *m, struct page **run)
{
	uint32_t flags = spin_lock_irqsave(&pc_lock);
	unsigned int n = 0;

	while (!list_empty(&m->dirty)) {
		struct page *pg = list_first_entry(&m->dirty, struct page, list);

		if (pc_waited_unlocked(pg, flags)) {	/* still being written */
			flags = spin_lock_irqsave(&pc_lock);
			continue;
		}
		n = pc_take_run(m, pg, run);
		m->writing += n;
		pc_writing += n;
		break;
	}
	spin_unlock_irqrestore(&pc_lock, flags);
	for (unsigned int i = 0; i < n; i++)
		vm_page_mkclean(run[i]);	/* the next store redirties */
	return n;
}

void pagecache_run_written(struct address_space *m, struct page **run,
			   unsigned int n, int err, struct list_head *failed)
{
	bool orphan[PC_WRITE_RUN_MAX];
	uint32_t flags = spin_lock_irqsave(&pc_lock);

	m->writing -= n;		/* before pc_unlock wakes the waiters */
	pc_writing -= n;
	for (unsigned int i = 0; i < n; i++)
		orphan[i] = pc_written(run[i], err, failed);
	spin_unlock_irqrestore(&pc_lock, flags);
	for (unsigned int i = 0; i < n; i++) {
		if (orphan[i]) {
			run[i]->refcount = 1;
			page_free(run[i], 0);
		}
	}
}

void pagecache_failed_back(struct address_space *m, struct list_head *failed,
			   int err)
{
	uint32_t flags;

	if (list_empty(failed))
		return;
	flags = spin_lock_irqsave(&pc_lock);
	while (!list_empty(failed))
		list_move_tail(failed->next, &m->dirty);
	if (list_empty(&m->dirty_link))
		list_add_tail(&m->dirty_link, &pc_dirty_mappings);
	m->error = err;
	spin_unlock_irqrestore(&pc_lock, flags);
}

/*
 * Write back m's dirty pages, a run at a time (pagecache_dirty_run).  The
 * pages are clean (on the LRU) during the write, so that a write to one
 * meanwhile dirties it again instead of being lost; a page whose write
 * failed goes to failed, dirty again, so that the loop moves on, and back
 * to m's dirty list at the end, for a later sync to retry.
 */
int pagecache_sync_mapping(struct address_space *m)
{
	struct list_head failed = LIST_HEAD_INIT(failed);
	struct page *run[PC_WRITE_RUN_MAX];
	unsigned int n;
	int err = 0;

	while ((n = pagecache_dirty_run(m, run))) {
		int ret = n > 1 ? m->ops->writepages(m, run, n)
				: m->ops->writepage(m, run[0]);

		pagecache_run_written(m, run, n, ret, &failed);
		if (ret < 0 && !err)
			err = ret;
	}
	pagecache_failed_back(m, &failed, err);
	return err;
}

void pagecache_wait_page(struct page *pg)
{
	if (sched_can_sleep() && (pg->flags & PAGE_FLAG_LOCKED))
		pc_wait_unlocked(pg);
}

void pagecache_wait_writing(struct address_space *m)
{
	if (sched_can_sleep())
		wait_event(&pc_unlocked, READ_ONCE(m->writing) == 0);
}

void pagecache_wait_all_writing(void)
{
	if (sched_can_sleep())
		wait_event(&pc_unlocked, READ_ONCE(pc_writing) == 0);
}

int pagecache_sync_all(void)
{
	struct list_head retry = LIST_HEAD_INIT(retry);
	uint32_t flags = spin_lock_irqsave(&pc_lock);
	int err = 0;

	while (!list_empty(&pc_dirty_mappings)) {
		struct address_space *m = list_first_entry(&pc_dirty_mappings,
					struct address_space, dirty_link);
		int ret;

		spin_unlock_irqrestore(&pc_lock, flags);
		ret = pagecache_sync_mapping(m);
		flags = spin_lock_irqsave(&pc_lock);
		if (ret < 0) {
			err = err ? err : ret;
			list_move_tail(&m->dirty_link, &retry);
		}
	}
	while (!list_empty(&retry))
		list_move_tail(retry.next, &pc_dirty_mappings);
	spin_unlock_irqrestore(&pc_lock, flags);
	return err;
}

/* Take pg out of the cache; free it unless someone still holds it (their
 * pagecache_put frees it).  Caller holds pc_lock; returns whether the
 * caller must page_free it after unlocking. */
static bool pc_drop(struct page *pg)
{
	pc_remove(pg);
	if (pg->refcount)
		return false;
	pg->refcount = 1;
	return true;
}

/* Drop the page (m, index) if cached, after its lock is released. */
static void pc_truncate_index(struct address_space *m, uint32_t index)
{
	for (;;) {
		uint32_t flags = spin_lock_irqsave(&pc_lock);
		struct page *pg = pc_lookup(m, index);
		bool free;

		if (pg && pc_waited_unlocked(pg, flags))
			continue;
		free = pg && pc_drop(pg);
		spin_unlock_irqrestore(&pc_lock, flags);
		if (free)
			page_free(pg, 0);
		return;
	}
}

/* Truncate by looking up every index in [from, max_index). */
static void pc_truncate_by_index(struct address_space *m, uint32_t from)
{
	for (uint32_t index = from; index < m->max_index; index++)
		pc_truncate_index(m, index);
}

/* Truncate by walking the whole hash table: cheaper when the index range
 * is larger than the table (a sparse file of terabytes). */
static void pc_truncate_by_scan(struct address_space *m, uint32_t from)
{
	for (uint32_t b = 0; b < ARRAY_SIZE(pc_hash); b++) {
		struct page *pg, *victim;

		do {
			uint32_t flags = spin_lock_irqsave(&pc_lock);
			bool free = false;

			victim = NULL;
			for (pg = pc_hash[b]; pg && !victim; pg = pg->hash_next)
				if (pg->mapping == m && pg->index >= from)
					victim = pg;
			if (victim && pc_waited_unlocked(victim, flags))
				continue;	/* look at the bucket again */
			if (victim)
				free = pc_drop(victim);
			spin_unlock_irqrestore(&pc_lock, flags);
			if (free)
				page_free(victim, 0);
		} while (victim);
	}
}

void pagecache_truncate(struct address_space *m, uint32_t from)
{
	m->blocks_seq++;
	if (from >= m->max_index)
		return;
	if (m->max_index - from > ARRAY_SIZE(pc_hash))
		pc_truncate_by_scan(m, from);
	else
		pc_truncate_by_index(m, from);
	m->max_index = from;
}

