/*
 * internal.h: what the files of mm/ tell each other; not for other folders.
 *
 * mm_init() (mm/init.c) reads the boot memory map and drives the set-up in
 * this order:
 *   paging_init_lowmem()  NX and PGE when the CPU has them, the final
 *                         kernel page tables with the lowmem map;
 *   buddy_init() ...      page array, then buddy_mark_available() for every
 *                         usable region, buddy_mark_reserved() for the
 *                         first MiB, the kernel, modules and the array,
 *                         then buddy_release() hands the rest to the lists;
 *   paging_init_kmap()    page tables of the KMAP area, static (bss);
 *   kmalloc_init()        the heap's size classes.
 */
#ifndef MM_INTERNAL_H
#define MM_INTERNAL_H

#include <stdint.h>
#include "mm/mm.h"

#define MM_LARGE_PAGE	PDE_SPAN	/* one 2 MiB page, one page table */

/* A physical address range, end exclusive. */
struct mm_range {
	uint32_t start;
	uint32_t end;
};

/* mm/paging.c */
void paging_init_lowmem(uintptr_t lowmem_end);
void paging_init_kmap(void);
pte_t *paging_user_pte(pte_t *pgdir, uintptr_t va, bool alloc);

/* mm/buddy.c */
void buddy_init(struct page *array, uint32_t npages);
void buddy_mark_available(uint32_t start_pfn, uint32_t end_pfn);
void buddy_mark_reserved(uint32_t start_pfn, uint32_t end_pfn);
void buddy_release(void);
/* 2^order free frames as they are (no reclaim): the head page or NULL. */
struct page *buddy_alloc(unsigned int order);
uint32_t buddy_pfn_count(void);		/* frames the page array covers */

/* mm/kmalloc.c */
void kmalloc_init(void);

#endif
