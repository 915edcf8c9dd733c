/*
 * pagemap.c: the page-table view /proc/<pid>/pagemap gives, as Linux's.
 *
 * One 64-bit entry per page of user space: bit 63 the page is present (a
 * frame is mapped, PROT_NONE ones too), bits 0-54 its frame number (only
 * for a reader Linux gives it to: root; 0 otherwise), bit 61 it is file
 * data, shared anonymous memory or a kernel page such as the vDSO (not
 * private anonymous memory), bit 56 this is its only mapping.  A page no
 * mapping covers, or not in memory, reads as 0.  Soft-dirty (bit 55)
 * does not exist on Linux i386, and swap (bit 62) never happens.
 *
 * Interface (mm/vm.h): vm_pagemap.
 */
#include "mm/vm/internal.h"

#define PM_PFN_MASK	((1ull << 55) - 1)
#define PM_EXCLUSIVE	(1ull << 56)
#define PM_FILE		(1ull << 61)
#define PM_PRESENT	(1ull << 63)

/* How many mappings pg has: its references, but for the one its owner
 * keeps (shared anonymous memory's object, ramfs; a page-cache page's
 * references are all users). */
static uint32_t page_mappings(const struct vma *vma, const struct page *pg)
{
	bool owned = vma->shmem || (pg->flags & PAGE_FLAG_FILE);

	return owned ? pg->refcount - 1 : pg->refcount;
}

static uint64_t pagemap_entry(struct mm *mm, uintptr_t va, bool show_pfn)
{
	struct vma *vma = vma_find(mm, va);
	uint64_t entry = PM_PRESENT;
	struct page *pg;
	pte_t *pte;

	pte = vma ? paging_user_pte(mm->pgdir, va, false) : NULL;
	if (!pte || !pte_has_page(*pte))
		return 0;
	pg = pte_page(*pte);
	if (show_pfn)
		entry |= (pte_addr(*pte) >> PAGE_SHIFT) & PM_PFN_MASK;
	if (vma->special || vma->shmem || (pg && page_is_file(pg)))
		entry |= PM_FILE;
	if (pg && page_mappings(vma, pg) == 1)
		entry |= PM_EXCLUSIVE;
	return entry;
}

void vm_pagemap(struct mm *mm, uintptr_t va, uint64_t *out, size_t n,
		bool show_pfn)
{
	mm_lock(mm);
	for (size_t i = 0; i < n; i++, va += PAGE_SIZE)
		out[i] = va < KERNEL_BASE ? pagemap_entry(mm, va, show_pfn) : 0;
	mm_unlock(mm);
}
