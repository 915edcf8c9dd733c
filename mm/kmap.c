/*
 * kmap.c: virtual space of the KMAP area, and temporary frame mappings.
 *
 * The KMAP area (KMAP_START..KMAP_END, 124 MiB) already has its page
 * tables (mm/paging.c); this file only decides which of its pages are in
 * use, with one bit per page.  kmap_va_alloc() finds a run of free pages
 * (next fit from where the last search ended), kmap_va_free() gives it
 * back; the caller maps the pages with paging_map().  kmap_phys() and
 * kunmap() do both for one frame, which is how the kernel reaches a frame
 * above lowmem or a device's registers.  One spinlock guards the bitmap;
 * all of it is safe in interrupts.
 *
 * Interface (mm/mm.h): kmap_va_alloc, kmap_va_free, kmap_phys, kunmap.
 */
#include "mm/mm.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"

#define KMAP_PAGES	((KMAP_END - KMAP_START) >> PAGE_SHIFT)
#define KMAP_WORDS	(KMAP_PAGES / 32)

static uint32_t kmap_used[KMAP_WORDS];
static unsigned int kmap_next;		/* where the next search starts */
static struct spinlock kmap_lock = SPINLOCK_INIT;

static bool kmap_test(unsigned int i)
{
	return kmap_used[i / 32] & (1u << (i % 32));
}

static void kmap_set(unsigned int first, unsigned int n, bool used)
{
	unsigned int i;

	for (i = first; i < first + n; i++) {
		if (used)
			kmap_used[i / 32] |= 1u << (i % 32);
		else
			kmap_used[i / 32] &= ~(1u << (i % 32));
	}
}

/*
 * First index of n free pages in [from, to), or -ENOMEM.  Whole used
 * words are skipped.  Caller holds kmap_lock.
 */
static long kmap_search(unsigned int from, unsigned int to, unsigned int n)
{
	unsigned int i = from, run = 0;

	while (i < to) {
		if (run == 0 && i % 32 == 0 && kmap_used[i / 32] == ~0u) {
			i += 32;
			continue;
		}
		run = kmap_test(i) ? 0 : run + 1;
		i++;
		if (run == n)
			return i - n;
	}
	return -ENOMEM;
}

/*
 * Reserve npages consecutive pages of the KMAP area.  Returns the virtual
 * address of the first, or 0 when there is no such run (or npages is 0).
 */
uintptr_t kmap_va_alloc(unsigned int npages)
{
	uint32_t flags;
	long first;

	if (npages == 0 || npages > KMAP_PAGES)
		return 0;
	flags = spin_lock_irqsave(&kmap_lock);
	first = kmap_search(kmap_next, KMAP_PAGES, npages);
	if (first < 0)
		first = kmap_search(0, KMAP_PAGES, npages);
	if (first >= 0) {
		kmap_set(first, npages, true);
		kmap_next = (first + npages) % KMAP_PAGES;
	}
	spin_unlock_irqrestore(&kmap_lock, flags);
	return first < 0 ? 0 : KMAP_START + ((uintptr_t)first << PAGE_SHIFT);
}

/* Give back pages reserved by kmap_va_alloc; a bad range is reported. */
void kmap_va_free(uintptr_t va, unsigned int npages)
{
	unsigned int first = (va - KMAP_START) >> PAGE_SHIFT, i;
	uint32_t flags;

	if (va < KMAP_START || va >= KMAP_END || !IS_ALIGNED(va, PAGE_SIZE) ||
	    npages > KMAP_PAGES - first) {
		pr_err("kmap: bad range %p + %u pages freed\n", (void *)va,
		       npages);
		return;
	}
	flags = spin_lock_irqsave(&kmap_lock);
	for (i = first; i < first + npages; i++) {
		if (!kmap_test(i))
			pr_err("kmap: page %p freed twice\n",
			       (void *)(KMAP_START + (i << PAGE_SHIFT)));
	}
	kmap_set(first, npages, false);
	spin_unlock_irqrestore(&kmap_lock, flags);
}

/*
 * Map the frame holding physical address pa, writable and not executable,
 * in the KMAP area.
 * Returns the virtual address of pa itself (same offset in the page), or
 * NULL when the area is full.  Undo with kunmap().
 */
void *kmap_phys(uintptr_t pa)
{
	uintptr_t va = kmap_va_alloc(1);

	if (!va)
		return NULL;
	if (paging_map(kernel_pgdir, va, pa & PAGE_MASK,
		       PTE_WRITE | PTE_GLOBAL | PTE_NX) < 0) {
		kmap_va_free(va, 1);
		return NULL;
	}
	return (void *)(va + (pa & ~PAGE_MASK));
}

/* Undo kmap_phys(); p may point anywhere inside the mapped page. */
void kunmap(void *p)
{
	uintptr_t va = (uintptr_t)p & PAGE_MASK;

	if (paging_unmap(kernel_pgdir, va) < 0) {
		pr_err("kunmap: %p is not mapped\n", p);
		return;
	}
	kmap_va_free(va, 1);
}
