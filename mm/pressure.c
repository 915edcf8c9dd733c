/*
 * pressure.c: page allocation when memory is short.
 *
 * page_alloc() takes a free block from the buddy allocator; when there is
 * none of the order asked for, it asks the reclaim hooks (the page cache,
 * then the VFS's name cache) to give memory back and tries again, a
 * bounded number of times.
 * Freeing any 64 clean pages makes order-0 frames, but not the 16 KiB
 * kernel stacks of fork or the 64 KiB pipe buffers: for order > 0 the
 * hook frees a whole aligned block of that order whose frames are all
 * free or clean cache pages (pagecache_reclaim_block), which the buddy
 * allocator then merges.  A full page cache therefore never stops fork,
 * exec or pipe.
 *
 * The reserve: user pages (page_alloc_user: anonymous memory and
 * copy-on-write copies, what a process can ask for without limit) are
 * refused once fewer than mm_reserve_pages() frames would stay free,
 * after reclaim, so that the kernel's own allocations (page tables,
 * stacks, the allocations of the exit that frees memory) still succeed
 * when a process has taken everything.  A refused user page is the out-
 * of-memory killer's business (kernel/proc/oom.c).  The reserve is
 * Linux's min_free_kbytes rule: sqrt(16 * lowmem in KiB) KiB, within
 * [128 KiB, 64 MiB].
 *
 * Interface (mm/mm.h): page_alloc, page_alloc_user, mm_reserve_pages,
 * mm_add_reclaim_hook.
 */
#include "mm/mm.h"
#include "kernel/export.h"
#include "lib/compiler.h"
#include "kernel/panic.h"
#include "kernel/prof/prof.h"
#include "mm/internal.h"

#define RECLAIM_TRIES	8	/* rounds of reclaim before giving up */
#define RECLAIM_PAGES	64	/* clean pages asked for per round */

#define RECLAIM_HOOKS	4

typedef size_t (*reclaim_hook_t)(size_t n, unsigned int order);
static reclaim_hook_t reclaim_hooks[RECLAIM_HOOKS];

void mm_add_reclaim_hook(size_t (*hook)(size_t n, unsigned int order))
{
	for (int i = 0; i < RECLAIM_HOOKS; i++)
		if (!reclaim_hooks[i]) {
			reclaim_hooks[i] = hook;
			return;
		}
	BUG_ON(1);
}

/* Ask the hooks in the order they came until n pages are freed: how
 * many were. */
static size_t reclaim(size_t n, unsigned int order)
{
	size_t freed = 0;

	for (int i = 0; i < RECLAIM_HOOKS && reclaim_hooks[i] && freed < n;
	     i++)
		freed += reclaim_hooks[i](n - freed, order);
	return freed;
}

/* Integer square root (Newton), for the reserve. */
static uint32_t isqrt(uint32_t n)
{
	uint32_t x = n, y = (n + 1) / 2;

	while (y < x) {
		x = y;
		y = (x + n / x) / 2;
	}
	return x;
}

size_t mm_reserve_pages(void)
{
	static size_t reserve;

	if (!reserve) {
		uint32_t kib = (uint32_t)(mm_total_pages() * (PAGE_SIZE / 1024));
		uint32_t want = isqrt(16 * kib);

		want = MIN(MAX(want, 128u), 65536u);
		reserve = want / (PAGE_SIZE / 1024);
	}
	return reserve;
}

struct page *page_alloc(unsigned int order)
{
	struct page *pg = buddy_alloc(order);

	for (int i = 0; !pg && order < PAGE_MAX_ORDER && i < RECLAIM_TRIES;
	     i++) {
		if (!reclaim(MAX(RECLAIM_PAGES, 1u << order), order))
			break;
		pg = buddy_alloc(order);
	}
	if (pg)
		prof_alloc(PROF_ALLOC_PAGES, (const void *)page_to_phys(pg),
			   PAGE_SIZE << order);
	return pg;
}
EXPORT_SYMBOL(page_alloc);

struct page *page_alloc_user(unsigned int order)
{
	size_t need = mm_reserve_pages() + (1u << order);

	for (int i = 0; mm_free_pages() < need && i < RECLAIM_TRIES; i++)
		if (!reclaim(RECLAIM_PAGES, 0))
			break;
	return mm_free_pages() < need ? NULL : page_alloc(order);
}
