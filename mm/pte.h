/*
 * pte.h: one page-table entry: its type, its bits and the accessors that
 * every reader and writer of page tables goes through.
 *
 * maestro pages with PAE: every level (the 4-entry page-directory-pointer
 * table, the 512-entry directories and tables) holds 64-bit entries, and
 * bit 63 (PTE_NX) forbids instruction fetches when EFER.NXE is on.  Only
 * this header, mm/paging.c and boot/entry.asm know the width; the rest of
 * mm/ handles pte_t values through the functions below.
 *
 * pte_make() drops the flag bits the CPU does not have (PTE_NX without NX,
 * PTE_GLOBAL without PGE: see pte_cpu_mask), so callers always say what
 * they mean.  Frames are below 4 GiB, so an entry's address fits a
 * uintptr_t.  pte_set() and pte_clear() write an entry so that the
 * hardware never sees half of an old and half of a new one: the present
 * bit (low word) goes off first and comes on last.
 *
 * Interface: pte_t, PTE_*, the geometry (PTE_PER_TABLE, PDPT_ENTRIES,
 * PDPT_KERNEL, PDE_SPAN, pdpt_index, pde_index, pte_index), pte_cpu_mask, pte_make, pte_addr, pte_flags,
 * pte_present, pte_set, pte_clear.
 */
#ifndef MM_PTE_H
#define MM_PTE_H

#include <stdint.h>
#include <stdbool.h>

typedef uint64_t pte_t;

#define PTE_PRESENT	0x001ull
#define PTE_WRITE	0x002ull
#define PTE_USER	0x004ull
#define PTE_PWT		0x008ull
#define PTE_PCD		0x010ull
#define PTE_ACCESSED	0x020ull
#define PTE_DIRTY	0x040ull
#define PTE_PSE		0x080ull	/* directory entry: a 2 MiB page */
#define PTE_GLOBAL	0x100ull
#define PTE_SOFT	0xe00ull	/* bits 9-11: free for software */
#define PTE_NX		(1ull << 63)	/* no instruction fetch */
#define PTE_ADDR_MASK	0x000ffffffffff000ull

/* Geometry: a pgdir (page-directory-pointer table) has 4 entries of
 * 1 GiB, a directory 512 of 2 MiB, a page table 512 of 4 KiB. */
#define PTE_PER_TABLE	512u
#define PDPT_ENTRIES	4u
#define PDPT_KERNEL	3u		/* 0xC0000000..: the kernel's slot */
#define PDE_SPAN	0x200000u	/* what one directory entry maps */

static inline unsigned int pdpt_index(uintptr_t va) { return va >> 30; }
static inline unsigned int pde_index(uintptr_t va)
{
	return (va >> 21) & (PTE_PER_TABLE - 1);
}
static inline unsigned int pte_index(uintptr_t va)
{
	return (va >> 12) & (PTE_PER_TABLE - 1);
}

/* The bits pte_make() keeps: everything but what this CPU lacks (set once
 * by paging_init_lowmem; before that neither PTE_NX nor PTE_GLOBAL). */
extern pte_t pte_cpu_mask;

/* An entry mapping the frame (or table) at pa with flags. */
static inline pte_t pte_make(uintptr_t pa, pte_t flags)
{
	return ((pte_t)pa & PTE_ADDR_MASK) | (flags & pte_cpu_mask &
					      ~PTE_ADDR_MASK);
}

static inline uintptr_t pte_addr(pte_t e)
{
	return (uintptr_t)(e & PTE_ADDR_MASK);
}

static inline pte_t pte_flags(pte_t e)
{
	return e & ~PTE_ADDR_MASK;
}

static inline bool pte_present(pte_t e)
{
	return e & PTE_PRESENT;
}

/* Replace *p with e: present bit off, high word, then the low word. */
static inline void pte_set(pte_t *p, pte_t e)
{
	volatile uint32_t *w = (volatile uint32_t *)p;

	w[0] = 0;
	__asm__ __volatile__("" ::: "memory");
	w[1] = (uint32_t)(e >> 32);
	__asm__ __volatile__("" ::: "memory");
	w[0] = (uint32_t)e;
}

static inline void pte_clear(pte_t *p)
{
	volatile uint32_t *w = (volatile uint32_t *)p;

	w[0] = 0;
	__asm__ __volatile__("" ::: "memory");
	w[1] = 0;
}

#endif
