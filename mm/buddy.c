/*
 * buddy.c: the physical frame allocator.
 *
 * Every frame of lowmem has a struct page in one array indexed by frame
 * number (pfn).  Free frames are grouped in blocks of 2^order frames
 * aligned to their size, one free list per order.  Allocation takes the
 * smallest free block that fits and splits it, giving the upper halves
 * back to the lists; freeing merges a block with its buddy
 * (pfn ^ (1 << order)) for as long as the buddy is free and of the same
 * order.  One spinlock (interrupts saved) covers the lists and counters.
 *
 * The head page of a free block has PAGE_FLAG_FREE and its order; the head
 * of an allocated block has PAGE_FLAG_ALLOC and its order; every other
 * frame of a block has no flag.  That is what lets page_free() recognise a
 * double free, a wrong order, a tail page or a reserved frame: it reports
 * them with pr_err, counts them in mm_page_errors and frees nothing.
 *
 * Interface (mm/mm.h): page_free, pfn_to_page, page_to_pfn,
 * page_to_phys, page_address, virt_to_page, mm_free_pages, mm_total_pages,
 * mm_free_blocks, mm_page_errors; buddy_alloc for mm/pressure.c's
 * page_alloc.  Set-up (mm/internal.h): buddy_init, buddy_mark_available,
 * buddy_mark_reserved, buddy_release.
 */
#include "mm/mm.h"
#include "kernel/export.h"
#include "kernel/prof/prof.h"
#include "mm/internal.h"
#include "lib/compiler.h"
#include "kernel/ksyms.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"

static struct page *page_array;
static uint32_t page_count;		/* frames covered by page_array */
static struct list_head free_lists[PAGE_MAX_ORDER];
static size_t free_blocks[PAGE_MAX_ORDER];
static size_t free_pages;
static size_t managed_pages;
static struct spinlock buddy_lock = SPINLOCK_INIT;

unsigned long mm_page_errors;

/* Take over the page array (already mapped) with every frame reserved. */
void buddy_init(struct page *array, uint32_t npages)
{
	uint32_t i;

	page_array = array;
	page_count = npages;
	for (i = 0; i < npages; i++) {
		array[i] = (struct page){ .flags = PAGE_FLAG_RESERVED };
		list_init(&array[i].list);
	}
	for (i = 0; i < PAGE_MAX_ORDER; i++)
		list_init(&free_lists[i]);
}

/* Mark frames [start_pfn, end_pfn) as RAM the allocator may hand out. */
void buddy_mark_available(uint32_t start_pfn, uint32_t end_pfn)
{
	uint32_t pfn;

	end_pfn = MIN(end_pfn, page_count);
	for (pfn = start_pfn; pfn < end_pfn; pfn++)
		page_array[pfn].flags &= ~PAGE_FLAG_RESERVED;
}

/* Mark frames [start_pfn, end_pfn) as never to be handed out. */
void buddy_mark_reserved(uint32_t start_pfn, uint32_t end_pfn)
{
	uint32_t pfn;

	end_pfn = MIN(end_pfn, page_count);
	for (pfn = start_pfn; pfn < end_pfn; pfn++)
		page_array[pfn].flags |= PAGE_FLAG_RESERVED;
}

static void buddy_list_add(uint32_t pfn, unsigned int order)
{
	struct page *pg = &page_array[pfn];

	pg->flags = PAGE_FLAG_FREE;
	pg->order = order;
	list_add(&pg->list, &free_lists[order]);
	free_blocks[order]++;
}

static void buddy_list_del(struct page *pg)
{
	list_del(&pg->list);
	free_blocks[pg->order]--;
	pg->flags = 0;
	pg->order = 0;
}

/*
 * Put the block of 2^order frames at pfn on the free lists, merging it with
 * its buddies as far as they are free.  Caller holds buddy_lock.
 */
static void buddy_free_block(uint32_t pfn, unsigned int order)
{
	free_pages += 1u << order;
	while (order < PAGE_MAX_ORDER - 1) {
		uint32_t buddy = pfn ^ (1u << order);
		struct page *b;

		if (buddy >= page_count)
			break;
		b = &page_array[buddy];
		if (!(b->flags & PAGE_FLAG_FREE) || b->order != order)
			break;
		buddy_list_del(b);
		pfn &= ~(1u << order);
		order++;
	}
	buddy_list_add(pfn, order);
}

/* Free frames [start, end) in the largest aligned blocks that fit, from
 * the top down. */
static void buddy_free_run(uint32_t start, uint32_t end)
{
	while (end > start) {
		unsigned int order = 0;

		while (order + 1 < PAGE_MAX_ORDER &&
		       IS_ALIGNED(end, 2u << order) &&
		       end - start >= (2u << order))
			order++;
		end -= 1u << order;
		buddy_free_block(end, order);
		managed_pages += 1u << order;
	}
}

static bool buddy_reserved(uint32_t pfn)
{
	return page_array[pfn].flags & PAGE_FLAG_RESERVED;
}

/*
 * Hand every frame not marked reserved to the free lists, from the top of
 * memory down: the lowest blocks go on the lists last, so they are handed
 * out first.  The boot loader ran in the high frames (GRUB's heap), and
 * under QEMU's TCG every store to a frame that still holds translated
 * code takes a slow path until the code is gone: about 0.25 ms for the
 * first zeroing of each such frame.
 */
void buddy_release(void)
{
	uint32_t flags = spin_lock_irqsave(&buddy_lock);
	uint32_t pfn = page_count;

	while (pfn > 0) {
		uint32_t start = pfn - 1;

		if (buddy_reserved(start)) {
			pfn--;
			continue;
		}
		while (start > 0 && !buddy_reserved(start - 1))
			start--;
		buddy_free_run(start, pfn);
		pfn = start;
	}
	spin_unlock_irqrestore(&buddy_lock, flags);
}

/*
 * Allocate 2^order contiguous frames.  Returns the head page (refcount 1,
 * PAGE_FLAG_ALLOC), or NULL when no block is big enough or order is out of
 * range.  Takes buddy_lock; safe in interrupts.
 */
struct page *buddy_alloc(unsigned int order)
{
	struct page *pg;
	unsigned int o;
	uint32_t flags, pfn;

	if (order >= PAGE_MAX_ORDER)
		return NULL;
	flags = spin_lock_irqsave(&buddy_lock);
	for (o = order; o < PAGE_MAX_ORDER; o++)
		if (!list_empty(&free_lists[o]))
			break;
	if (o == PAGE_MAX_ORDER) {
		spin_unlock_irqrestore(&buddy_lock, flags);
		return NULL;
	}
	pg = list_first_entry(&free_lists[o], struct page, list);
	buddy_list_del(pg);
	pfn = page_to_pfn(pg);
	while (o > order) {
		o--;
		buddy_list_add(pfn + (1u << o), o);
	}
	pg->flags = PAGE_FLAG_ALLOC;
	pg->order = order;
	pg->refcount = 1;
	free_pages -= 1u << order;
	spin_unlock_irqrestore(&buddy_lock, flags);
	return pg;
}

/*
 * Why pg cannot be freed as a block of this order, or NULL when it can.
 * Caller holds buddy_lock.
 */
static const char *page_free_problem(const struct page *pg, unsigned int order)
{
	uintptr_t off = (uintptr_t)pg - (uintptr_t)page_array;

	if (pg < page_array || pg >= page_array + page_count ||
	    off % sizeof(*pg))
		return "not a page of the frame array";
	if (order >= PAGE_MAX_ORDER || !IS_ALIGNED(page_to_pfn(pg), 1u << order))
		return "bad order for this frame";
	if (pg->flags & PAGE_FLAG_RESERVED)
		return "reserved frame";
	if (pg->flags & PAGE_FLAG_SLAB)
		return "frame still owned by kmalloc";
	if (!(pg->flags & PAGE_FLAG_ALLOC))
		return "double free, or not the head of an allocated block";
	if (pg->order != order)
		return "order differs from the allocation's";
	return NULL;
}

/*
 * Give back the block of 2^order frames headed by pg.  A bad argument is
 * reported, counted in mm_page_errors and otherwise ignored.  NULL does
 * nothing.  Takes buddy_lock; safe in interrupts.
 */
void page_free(struct page *pg, unsigned int order)
{
	const char *problem;
	char caller[64];
	uint32_t flags;

	if (!pg)
		return;
	flags = spin_lock_irqsave(&buddy_lock);
	problem = page_free_problem(pg, order);
	if (problem) {
		mm_page_errors++;
		spin_unlock_irqrestore(&buddy_lock, flags);
		ksym_snprint(caller, sizeof(caller),
			     (uintptr_t)__builtin_return_address(0));
		pr_err("page_free: %s (page %p, order %u) from %s\n",
		       problem, (void *)pg, order, caller);
		return;
	}
	pg->flags = 0;
	pg->refcount = 0;
	buddy_free_block(page_to_pfn(pg), order);
	spin_unlock_irqrestore(&buddy_lock, flags);
	prof_free(PROF_ALLOC_PAGES, (const void *)page_to_phys(pg));
}
EXPORT_SYMBOL(page_free);

struct page *pfn_to_page(uint32_t pfn)
{
	return pfn < page_count ? &page_array[pfn] : NULL;
}

uint32_t page_to_pfn(const struct page *pg)
{
	return (uint32_t)(pg - page_array);
}

uintptr_t page_to_phys(const struct page *pg)
{
	return (uintptr_t)page_to_pfn(pg) << PAGE_SHIFT;
}

void *page_address(const struct page *pg)
{
	return phys_to_virt(page_to_phys(pg));
}
EXPORT_SYMBOL(page_address);

struct page *virt_to_page(const void *va)
{
	if ((uintptr_t)va < KERNEL_BASE)
		return NULL;
	return pfn_to_page(virt_to_phys(va) >> PAGE_SHIFT);
}

uint32_t buddy_pfn_count(void)
{
	return page_count;
}

size_t mm_free_pages(void)
{
	return READ_ONCE(free_pages);
}

size_t mm_total_pages(void)
{
	return managed_pages;
}

size_t mm_free_blocks(unsigned int order)
{
	return order < PAGE_MAX_ORDER ? READ_ONCE(free_blocks[order]) : 0;
}
