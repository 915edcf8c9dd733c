/*
 * pagecache.h: the one page cache.
 *
 * Every cached page belongs to a mapping (struct address_space) and has an
 * index in it: a mapping is either a file's data (its inode's) or a whole
 * block device's contents (filesystem metadata is read through it).  Pages
 * are found by (mapping, index) in one hash table.
 *
 * A clean page nobody holds sits on the global LRU list and can be
 * reclaimed; a dirty page sits on its mapping's dirty list until it is
 * written back (pagecache_sync_mapping, pagecache_sync_all: by sync, fsync,
 * unmount and, once threads exist, a flusher).  A page under I/O is
 * locked.  The mapping's ops read and write one page; readpages, when
 * present, reads several consecutive pages in one request (read-ahead).
 *
 * References: pagecache_read/grab return a page with a reference held;
 * pagecache_put drops it.  A page's data is page_address(pg) (lowmem).
 * A page mapped in user address spaces holds one reference per page-table
 * entry (mm/vm.h), so reclaim never takes it; write-back write-protects
 * its shared mappings (vm_page_mkclean) before writing it, so that the
 * next write through them dirties it again.
 *
 * Interface: mapping_init, pagecache_read, pagecache_read_ahead,
 * pagecache_find, pagecache_grab, pagecache_put, pagecache_get_for_read,
 * pagecache_read_done, pagecache_ra_window, pagecache_mark_uptodate,
 * pagecache_mark_dirty, pagecache_clear_dirty, pagecache_sync_mapping,
 * pagecache_sync_all, pagecache_truncate, pagecache_reclaim,
 * pagecache_reclaim_block,
 * pagecache_alloc_page, pagecache_get_stats.
 */
#ifndef MM_PAGECACHE_H
#define MM_PAGECACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/list.h"
#include "mm/mm.h"

struct address_space;

#define PC_WRITE_RUN_MAX	16	/* pages per write-back run, 64 KiB */

struct address_space_ops {
	/* Fill pg (index pg->index) from the backing store: 0 or -Exxx. */
	int (*readpage)(struct address_space *m, struct page *pg);
	/* Optional: fill n pages of consecutive indexes in one go. */
	int (*readpages)(struct address_space *m, struct page **pgs,
			 unsigned int n);
	/* Write pg back: 0 or -Exxx. */
	int (*writepage)(struct address_space *m, struct page *pg);
	/* Optional: write back n (at most PC_WRITE_RUN_MAX) pages of
	 * consecutive indexes in one go (runs of blocks as single
	 * requests); 0, or -Exxx for them all. */
	int (*writepages)(struct address_space *m, struct page **pgs,
			  unsigned int n);
};

struct address_space {
	const struct address_space_ops *ops;
	void *host;			/* struct inode * or struct blkdev * */
	uint32_t nrpages;		/* pages cached */
	uint32_t max_index;		/* highest index ever cached, + 1 */
	uint32_t last_read;		/* for detecting sequential reads */
	uint32_t ra_pages;		/* current read-ahead window */
	struct list_head dirty;		/* dirty pages */
	struct list_head dirty_link;	/* on the list of mappings to sync */
	int error;			/* first write-back error, reported once */
	struct list_head mmaps;		/* VMAs mapping it (mm/vm/rmap.c) */
	/* Bumped by pagecache_truncate: the blocks behind pages may have been
	 * freed.  A read that mapped its blocks before dropping the lock
	 * that keeps them (fs/blockmap.c) checks it after the disk's answer. */
	uint32_t blocks_seq;
	uint32_t writing;		/* pages taken for write-back, in flight */
};

struct pagecache_stats {
	uint64_t hits, misses;
	uint64_t reads;			/* pages read from backing stores */
	uint64_t readahead;		/* of which read ahead */
	uint64_t writes;		/* pages written back */
	uint64_t evictions;
	uint64_t waits;			/* for a page someone else read */
	uint32_t cached, dirty;		/* pages now */
};

void mapping_init(struct address_space *m, const struct address_space_ops *ops,
		  void *host);

/*
 * Page index of m, read if needed; ERR_PTR(-EIO/-ENOMEM) on failure.
 * pagecache_read_ahead() also reads ahead when reads are sequential, never
 * at or past page `end` (the object's size in pages: the end of the file
 * or of the device).  pagecache_read() reads no more than the one page.
 */
struct page *pagecache_read_ahead(struct address_space *m, uint32_t index,
				  uint32_t end);
struct page *pagecache_read(struct address_space *m, uint32_t index);
/* The cached page, with a reference, or NULL: never reads. */
struct page *pagecache_find(struct address_space *m, uint32_t index);
/* Page index of m without reading it (the caller overwrites it all);
 * check PAGE_FLAG_UPTODATE.  ERR_PTR(-ENOMEM) on failure. */
struct page *pagecache_grab(struct address_space *m, uint32_t index);
void pagecache_put(struct page *pg);
/*
 * For a filesystem that reads pages itself (fs/blockmap.c): page index of
 * m with a reference; *fresh when it was not filled and is now locked for
 * the caller, who reads it and publishes the result with
 * pagecache_read_done (err: the page leaves the cache).  A page someone
 * else is reading is waited for.  pagecache_ra_window notes index as read
 * and says how many pages after it to read ahead (sequential reads),
 * never at or past end.
 */
struct page *pagecache_get_for_read(struct address_space *m, uint32_t index,
				    bool *fresh);
void pagecache_read_done(struct page *pg, int err);
uint32_t pagecache_ra_window(struct address_space *m, uint32_t index,
			     uint32_t end);
void pagecache_mark_uptodate(struct page *pg);	/* after filling a grab */
/* What a grab was filled with is not the data after all (a write's copy
 * failed): unless dirtied since, the next use reads the page again. */
void pagecache_mark_stale(struct page *pg);
void pagecache_mark_dirty(struct page *pg);
void pagecache_clear_dirty(struct page *pg);	/* nothing left to write */

/* Write back dirty pages: 0 or the first error. */
int pagecache_sync_mapping(struct address_space *m);
/*
 * The steps of pagecache_sync_mapping, for a filesystem that writes its
 * pages itself (fs/flushdata.c): the first dirty run of m (up to
 * PC_WRITE_RUN_MAX pages from its first dirty page, in file order), each
 * page clean, locked, held and write-protected in every mapping (0: none
 * dirty); then, once its write is over (status err), the run's pages
 * unlocked and let go, those whose write failed put on failed, dirty;
 * and last the failed ones back on m's dirty list (err in m->error).
 * A dirty page still being written (dirtied again meanwhile) is waited
 * for before it is taken again, so that two writes of it never overlap.
 */
unsigned int pagecache_dirty_run(struct address_space *m, struct page **run);
void pagecache_run_written(struct address_space *m, struct page **run,
			   unsigned int n, int err, struct list_head *failed);
void pagecache_failed_back(struct address_space *m, struct list_head *failed,
			   int err);
int pagecache_sync_all(void);
/* Wait until pg (held) is not locked: read in or written back. */
void pagecache_wait_page(struct page *pg);
/* Wait until no page of m taken for write-back is in flight (another
 * task's write-back): what a sync found clean may still be on its way. */
void pagecache_wait_writing(struct address_space *m);
void pagecache_wait_all_writing(void);	/* every mapping's (sync(2)) */
/* Drop pages with index >= from (dirty ones are discarded).  A locked
 * page (being read, or written back) is waited for first, so that the
 * blocks behind it are not freed while its I/O is in flight. */
void pagecache_truncate(struct address_space *m, uint32_t from);
/* Evict up to want clean unused pages, oldest first; returns how many. */
size_t pagecache_reclaim(size_t want);
/* Evict the clean unused cache pages of one aligned block of 2^order
 * frames whose other frames are free, so that the block can be
 * allocated whole (mm/pagecache_block.c); returns how many. */
size_t pagecache_reclaim_block(unsigned int order);
/* A free page for the cache, reclaiming when memory is short. */
struct page *pagecache_alloc_page(void);
void pagecache_get_stats(struct pagecache_stats *st);

#endif
