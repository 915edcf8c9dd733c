/*
 * mm/vm/internal.h: what the files of mm/vm/ tell each other.
 *
 * A page-table entry of a user page holds its frame either present or, for
 * PROT_NONE, not present with PTE_PROTNONE set (the frame stays attached;
 * any access faults and vm_fault refuses it).
 */
#ifndef MM_VM_INTERNAL_H
#define MM_VM_INTERNAL_H

#include "mm/mm.h"
#include "mm/internal.h"
#include "mm/vm.h"

#define PTE_PROTNONE	0x200	/* software bit: frame kept, access refused */
#define PTE_FRAME	PAGE_MASK

static inline bool pte_has_page(uint32_t pte)
{
	return pte & (PTE_PRESENT | PTE_PROTNONE);
}

static inline struct page *pte_page(uint32_t pte)
{
	return pfn_to_page(pte >> PAGE_SHIFT);
}

static inline void page_get(struct page *pg)
{
	__atomic_add_fetch(&pg->refcount, 1, __ATOMIC_RELAXED);
}

/* Drop one mapping's reference; the last one frees the frame. */
static inline void page_put(struct page *pg)
{
	if (__atomic_sub_fetch(&pg->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
		pg->refcount = 1;	/* page_free wants an allocated block */
		page_free(pg, 0);
	}
}

/* mm/vm/vma.c */
struct vma *vma_alloc(uintptr_t start, uintptr_t end, uint32_t prot,
		      uint32_t flags);
struct vma *vma_find_next(struct mm *mm, uintptr_t addr);
void vma_link(struct mm *mm, struct vma *vma);
void vma_unlink_free(struct mm *mm, struct vma *vma);
int vma_split(struct mm *mm, struct vma *vma, uintptr_t addr);
void vma_merge_around(struct mm *mm, struct vma *vma);
bool vma_range_free(struct mm *mm, uintptr_t start, uintptr_t end);
uint32_t vma_pte_flags(const struct vma *vma, const struct page *pg);
void vm_zap_range(struct mm *mm, uintptr_t start, uintptr_t end);
void vm_protect_range(struct mm *mm, struct vma *vma);

#endif
