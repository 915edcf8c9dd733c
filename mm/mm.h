/*
 * mm.h: physical memory, kernel page tables and the kernel heap.
 *
 * Layout (as Linux i386, 3 GiB user / 1 GiB kernel):
 *   0x00000000-0xBFFFFFFF  user space (per process, later issues)
 *   0xC0000000-0xF7FFFFFF  linear map of physical 0..LOWMEM_MAX ("lowmem"),
 *                          4 MiB PSE global pages; phys_to_virt/virt_to_phys
 *   0xF8000000-0xFFBFFFFF  KMAP area: 4 KiB pages mapped on demand through
 *                          the paging API (temporary mappings, vmalloc later)
 *   0xFFC00000-0xFFFFFFFF  unused (guard)
 * The kernel image is loaded at physical 1 MiB, so it runs at 0xC0100000.
 * RAM above LOWMEM_MAX is not used; boot says so.
 *
 * Physical frames: buddy allocator (mm/buddy.c) over every available frame
 * of lowmem, orders 0..PAGE_MAX_ORDER-1.  Kernel heap: kmalloc/kfree
 * (mm/kmalloc.c), size classes for small objects, whole pages above.
 */
#ifndef MM_MM_H
#define MM_MM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "lib/list.h"

#define PAGE_SHIFT	12
#define PAGE_SIZE	4096u
#define PAGE_MASK	(~(PAGE_SIZE - 1))

#define KERNEL_BASE	0xC0000000u
#define LOWMEM_MAX	0x38000000u	/* 896 MiB of physical memory mapped */
#define KMAP_START	0xF8000000u
#define KMAP_END	0xFFC00000u

#define PAGE_MAX_ORDER	11		/* blocks of 1 page .. 4 MiB */

static inline void *phys_to_virt(uintptr_t pa) { return (void *)(pa + KERNEL_BASE); }
static inline uintptr_t virt_to_phys(const void *va)
{
	return (uintptr_t)va - KERNEL_BASE;
}

/* One per physical frame of lowmem, indexed by frame number. */
struct page {
	struct list_head list;	/* free list link while free */
	uint16_t flags;
	uint8_t order;		/* order of the free block it heads */
	uint8_t unused;
	uint32_t refcount;
};

#define PAGE_FLAG_RESERVED	0x1	/* never given out (kernel, BIOS, holes) */
#define PAGE_FLAG_FREE		0x2	/* heads a free buddy block */
#define PAGE_FLAG_SLAB		0x4	/* owned by kmalloc */

/* mm/buddy.c */
void mm_init(void);				/* buddy + heap + page tables */
struct page *page_alloc(unsigned int order);	/* NULL when out of memory */
void page_free(struct page *pg, unsigned int order);
struct page *pfn_to_page(uint32_t pfn);
uint32_t page_to_pfn(const struct page *pg);
uintptr_t page_to_phys(const struct page *pg);
void *page_address(const struct page *pg);	/* its lowmem virtual address */
struct page *virt_to_page(const void *va);
size_t mm_free_pages(void);
size_t mm_total_pages(void);

/* mm/paging.c: kernel page tables.  Flags are the x86 PTE bits. */
#define PTE_PRESENT	0x001
#define PTE_WRITE	0x002
#define PTE_USER	0x004
#define PTE_PWT		0x008
#define PTE_PCD		0x010
#define PTE_ACCESSED	0x020
#define PTE_DIRTY	0x040
#define PTE_PSE		0x080
#define PTE_GLOBAL	0x100

extern uint32_t *kernel_pgdir;			/* virtual address */
int paging_map(uint32_t *pgdir, uintptr_t va, uintptr_t pa, uint32_t flags);
int paging_unmap(uint32_t *pgdir, uintptr_t va);
/* Physical address for va, or -EFAULT through *pa unchanged and false. */
bool paging_translate(uint32_t *pgdir, uintptr_t va, uintptr_t *pa,
		      uint32_t *flags);

/* mm/kmalloc.c */
void *kmalloc(size_t size);			/* NULL when out of memory */
void *kzalloc(size_t size);
void kfree(void *p);

#endif
