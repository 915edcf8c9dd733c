/*
 * pagecache_internal.h: what mm/pagecache.c shares with mm/writeback.c and
 * nothing else uses: the lock, the hash table, the list of mappings with
 * dirty pages, the counters, and the list and hash helpers.  Everything
 * here is covered by pc_lock.
 */
#ifndef MM_PAGECACHE_INTERNAL_H
#define MM_PAGECACHE_INTERNAL_H

#include "kernel/spinlock.h"
#include "mm/pagecache.h"

#define PC_HASH_BITS	14

extern struct page *pc_hash[1u << PC_HASH_BITS];
extern struct list_head pc_dirty_mappings;
extern struct spinlock pc_lock;
extern struct pagecache_stats pc_stats;

/* The cached page (m, index) or NULL. */
struct page *pc_lookup(const struct address_space *m, uint32_t index);
/* Take pg out of the cache (it stays allocated). */
void pc_remove(struct page *pg);
/* Move a dirty page back to the LRU (its dirty_sectors are left). */
void pc_make_clean(struct page *pg);
/* Lock pg for the current task, which unlocks it (pc_unlock) when its
 * read or write-back is done; clear the lock and wake those waiting for
 * it. */
void pc_lock_page(struct page *pg);
void pc_unlock(struct page *pg);
/* Sleep until pg (held by the caller, pc_lock not held) is unlocked. */
void pc_wait_unlocked(struct page *pg);
/* Woken by every pc_unlock. */
extern struct wait_queue pc_unlocked;

#endif
