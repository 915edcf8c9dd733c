/*
 * mm.h: physical memory, kernel page tables and the kernel heap.
 *
 * Layout (as Linux i386, 3 GiB user / 1 GiB kernel):
 *   0x00000000-0xBFFFFFFF  user space, one per address space (mm/vm.h)
 *   0xC0000000-0xF7FFFFFF  linear map of physical 0..LOWMEM_MAX ("lowmem"),
 *                          2 MiB global pages (4 KiB ones over the kernel
 *                          image), not executable but for the kernel's
 *                          text; phys_to_virt/virt_to_phys
 *   0xF8000000-0xFFBFFFFF  KMAP area: 4 KiB pages mapped on demand through
 *                          the paging API (temporary mappings, vmalloc later)
 *   0xFFC00000-0xFFFFFFFF  unused (guard)
 * The kernel image is loaded at physical 1 MiB, so it runs at 0xC0100000.
 * RAM above LOWMEM_MAX is not used; boot says so.
 *
 * mm_init() runs once, after cmdline_parse() and before any allocation.  It
 * loads the final kernel page tables (no identity map any more), builds
 * the buddy allocator over every available frame of lowmem, preallocates the
 * page tables of the KMAP area and starts the heap.
 *
 * Physical frames: buddy allocator (mm/buddy.c) over every available frame
 * of lowmem, orders 0..PAGE_MAX_ORDER-1.  page_free() checks its argument:
 * a double free, a reserved frame, a wrong order or a tail page is reported
 * with pr_err, counted in mm_page_errors and otherwise ignored (leaking a
 * frame is safer than corrupting the free lists).
 *
 * Page tables (mm/paging.c, PAE): paging_map/unmap/translate on any
 * address space's tables; user page tables come from the buddy allocator
 * on demand.  The kernel quarter (0xC0000000..) is one page directory that
 * every address space shares through slot 3 of its page-directory-pointer
 * table, and the KMAP area's page tables are all preallocated.  KMAP virtual space (mm/kmap.c):
 * kmap_va_alloc/free hand out page ranges, kmap_phys/kunmap map one frame.
 *
 * Kernel heap: kmalloc/kfree (mm/kmalloc.c), power-of-two size classes from
 * 16 to 2048 bytes carved from pages, whole buddy blocks above.  The
 * command line word "kmalloc_debug" (or kmalloc_debug_set()) turns on
 * poisoning, redzones and double-free checks; errors are reported with
 * pr_err and counted in kmalloc_debug_errors.
 */
#ifndef MM_MM_H
#define MM_MM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "lib/list.h"
#include "mm/pte.h"

#define PAGE_SHIFT	12
#define PAGE_SIZE	4096u
#define PAGE_MASK	(~(PAGE_SIZE - 1))

#define KERNEL_BASE	0xC0000000u
#define LOWMEM_MAX	0x38000000u	/* 896 MiB of physical memory mapped */
#define KMAP_START	0xF8000000u
#define KMAP_END	0xFFC00000u

#define PAGE_MAX_ORDER	11		/* blocks of 1 page .. 4 MiB */

static inline void *phys_to_virt(uintptr_t pa)
{
	return (void *)(pa + KERNEL_BASE);
}
static inline uintptr_t virt_to_phys(const void *va)
{
	return (uintptr_t)va - KERNEL_BASE;
}

/* One per physical frame of lowmem, indexed by frame number. */
struct address_space;

struct page {
	struct list_head list;	/* free: buddy list; allocated: the owner's
				 * (page cache: LRU or its mapping's dirty list) */
	uint16_t flags;		/* PAGE_FLAG_* */
	uint8_t order;		/* order of the free or allocated block it heads */
	union {
		uint8_t slab_class;	/* kmalloc size class (PAGE_FLAG_SLAB) */
		uint8_t dirty_sectors;	/* page cache: device sectors to write */
	};
	union {
		uint32_t refcount;	/* users of an allocated frame */
		uint32_t slab_inuse;	/* kmalloc objects handed out */
	};
	union {
		void *slab_free;	/* kmalloc: first free object */
		struct page *hash_next;	/* page cache: hash chain */
	};
	struct address_space *mapping;	/* page cache: owner */
	uint32_t index;			/* page cache: index in mapping */
};

#define PAGE_FLAG_RESERVED	0x1	/* never given out (kernel, BIOS, holes) */
#define PAGE_FLAG_FREE		0x2	/* heads a free buddy block */
#define PAGE_FLAG_SLAB		0x4	/* owned by kmalloc */
#define PAGE_FLAG_ALLOC		0x8	/* heads an allocated buddy block */
#define PAGE_FLAG_KDEBUG	0x10	/* kmalloc objects carry debug trailers */
#define PAGE_FLAG_CACHE		0x20	/* in the page cache */
#define PAGE_FLAG_UPTODATE	0x40	/* page cache: data valid */
#define PAGE_FLAG_DIRTY		0x80	/* page cache: to be written back */
#define PAGE_FLAG_LOCKED	0x100	/* page cache: I/O in progress */
#define PAGE_FLAG_FILE		0x200	/* file data kept outside the page
					 * cache (ramfs): mappable, never
					 * taken over by copy-on-write */

/* mm/init.c */
void mm_init(void);				/* buddy + heap + page tables */

/* mm/pressure.c: page_alloc reclaims (the page cache's clean pages,
 * whole blocks of the order asked for when that order is not free) before
 * it gives up with NULL; kernel allocations may use every free frame.
 * page_alloc_user, for pages a user process asked for (anonymous memory,
 * copy-on-write copies), leaves mm_reserve_pages() to the kernel. */
struct page *page_alloc(unsigned int order);	/* NULL when out of memory */
struct page *page_alloc_user(unsigned int order);
size_t mm_reserve_pages(void);
/* A reclaim page_alloc calls, after the ones added before it, until
 * enough is freed: frees up to n pages, and with order > 0 tries to free
 * a whole aligned block of that order; returns how many pages it freed
 * (the page cache's clean pages, then the VFS's name cache). */
void mm_add_reclaim_hook(size_t (*hook)(size_t n, unsigned int order));

/* mm/buddy.c */
void page_free(struct page *pg, unsigned int order);	/* NULL: no-op */
struct page *pfn_to_page(uint32_t pfn);		/* NULL beyond lowmem */
uint32_t page_to_pfn(const struct page *pg);
uintptr_t page_to_phys(const struct page *pg);
void *page_address(const struct page *pg);	/* its lowmem virtual address */
struct page *virt_to_page(const void *va);	/* NULL outside lowmem */
size_t mm_free_pages(void);
size_t mm_total_pages(void);			/* frames the buddy manages */
size_t mm_free_blocks(unsigned int order);	/* free blocks of one order */
extern unsigned long mm_page_errors;		/* bad page_free calls seen */

/* One more user of a frame the caller already holds a reference to
 * (page-cache pages too; they must be dropped with pagecache_put). */
static inline void page_get(struct page *pg)
{
	__atomic_add_fetch(&pg->refcount, 1, __ATOMIC_RELAXED);
}

/* Drop one user of an order-0 frame outside the page cache; the last
 * one frees it. */
static inline void page_put(struct page *pg)
{
	if (__atomic_sub_fetch(&pg->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
		pg->refcount = 1;	/* page_free wants an allocated block */
		page_free(pg, 0);
	}
}

/*
 * mm/paging.c: page tables (PAE; entries and flags in mm/pte.h).  A
 * "pgdir" is the top of an address space's tables: its 32-byte page-
 * directory-pointer table, whose physical address goes in CR3.
 */
extern pte_t *kernel_pgdir;			/* virtual address */
extern bool paging_nx;				/* EFER.NXE is on */

/*
 * Map the 4 KiB page at va to the frame at pa with flags (PTE_PRESENT is
 * implied; PTE_NX and PTE_GLOBAL are dropped when the CPU lacks them).
 * Returns 0; -EINVAL for a misaligned va or pa, bad flags (PTE_PSE,
 * PTE_USER on a kernel address, PTE_GLOBAL on a user address), a kernel
 * address outside the KMAP area or a user address in kernel_pgdir; -EEXIST
 * when va is already mapped (also by a 2 MiB page); -ENOMEM when a user
 * page table cannot be had.
 */
int paging_map(pte_t *pgdir, uintptr_t va, uintptr_t pa, pte_t flags);
/* Unmap the 4 KiB page at va.  Returns 0; -EINVAL for a misaligned va, one
 * inside a 2 MiB page or a kernel address outside the KMAP area; -ENOENT
 * when nothing is mapped there. */
int paging_unmap(pte_t *pgdir, uintptr_t va);
/*
 * Look up va, 4 KiB or 2 MiB pages alike.  Returns true and stores the
 * physical address and the entry's flag bits (PTE_PSE set for a 2 MiB
 * page, PTE_NX for a page that cannot be executed) through pa and flags
 * (either may be NULL); returns false, storing nothing, when va is not
 * mapped.
 */
bool paging_translate(pte_t *pgdir, uintptr_t va, uintptr_t *pa,
		      pte_t *flags);
void paging_flush_page(uintptr_t va);		/* this CPU, global or not */
void paging_flush_all(void);			/* global entries too */
/* A new address space's tables sharing the kernel quarter; NULL when out
 * of memory. */
pte_t *paging_pgdir_create(void);
/* Free a pgdir and its user page tables (not the mapped frames). */
void paging_pgdir_destroy(pte_t *pgdir);

/* mm/kmap.c: virtual space of the KMAP area and temporary mappings. */
uintptr_t kmap_va_alloc(unsigned int npages);	/* 0 when none is free */
void kmap_va_free(uintptr_t va, unsigned int npages);
/* Map the frame holding pa; returns the address of pa itself, or NULL. */
void *kmap_phys(uintptr_t pa);
void kunmap(void *va);

/* mm/kmalloc.c.  A small object (up to KMALLOC_MAX_SMALL) is aligned to
 * its size rounded up to a power of two, in either mode. */
void *kmalloc(size_t size);			/* NULL when out of memory */
void *kzalloc(size_t size);
void kfree(void *p);				/* kfree(NULL) does nothing */

#define KMALLOC_MAX_SMALL	2048u	/* larger requests take buddy blocks */
#define KMALLOC_POISON_INUSE	0x5a	/* fresh object, debug mode */
#define KMALLOC_POISON_FREE	0x6b	/* freed object, debug mode */
#define KMALLOC_POISON_REDZONE	0xbb	/* after each object, debug mode */

/* Turn debug mode on or off for objects allocated from now on; objects
 * keep the mode they were allocated in.  Returns the previous mode. */
bool kmalloc_debug_set(bool on);
/*
 * Check one object.  Returns 0 for a live object (whose redzone is intact
 * in debug mode), -EINVAL when p is not the start of a kmalloc object,
 * -ENOENT when it is already free, -EOVERFLOW when its redzone was
 * overwritten and -EUCLEAN when its debug trailer is corrupted.  The last
 * two need the object to come from debug mode.
 */
int kmalloc_check(const void *p);
extern unsigned long kmalloc_debug_errors;	/* problems kfree reported */
/* Objects now handed out, and the bytes of the slots (or blocks) they
 * take: the heap's usage, exact, whatever the debug mode. */
void kmalloc_usage(size_t *objects, size_t *bytes);

#endif
