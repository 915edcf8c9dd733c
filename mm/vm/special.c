/*
 * special.c: special mappings, VMAs of frames the kernel keeps (the vDSO).
 *
 * vm_map_special() places one like an mmap without a hint (top-down from
 * mm->mmap_base) and maps nothing yet: special_fault() puts the frame of
 * a page in when it is first touched, and again after MADV_DONTNEED.
 * The frame is mapped read-only whatever the VMA allows, as the kernel's
 * own reference makes it shared: a write to a writable special VMA copies
 * it (mm/vm/fault.c's copy-on-write).  vm_special_base() finds where an
 * address space maps a special object's first page, for the signal code
 * to point a handler's return at the vDSO.
 *
 * Interface: vm_map_special, vm_special_base (mm/vm.h); special_fault
 * (mm/vm/internal.h).
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"

int vm_map_special(struct mm *mm, uintptr_t *addr, uint32_t prot,
		   const struct vm_special *sp)
{
	size_t len = (size_t)sp->npages * PAGE_SIZE;
	uintptr_t at = len ? find_gap(mm, len) : 0;
	struct vma *vma;

	if (!at)
		return -ENOMEM;
	vma = vma_alloc(at, at + len, prot, 0);
	if (!vma)
		return -ENOMEM;
	vma->special = sp;
	vma_link(mm, vma);
	*addr = at;
	return 0;
}

uintptr_t vm_special_base(struct mm *mm, const struct vm_special *sp)
{
	uintptr_t base = 0;
	struct vma *vma;

	if (!mm)
		return 0;
	mm_lock(mm);
	list_for_each_entry(vma, &mm->vmas, list)
		if (vma->special == sp && vma->pgoff == 0) {
			base = vma->start;
			break;
		}
	mm_unlock(mm);
	return base;
}

/* Map the frame of special VMA vma's page va at *pte, which holds none.
 * 0, or -EFAULT past the object's end (a VMA cannot grow there). */
int special_fault(struct mm *mm, struct vma *vma, uintptr_t va, pte_t *pte)
{
	uint32_t index = vma->pgoff + (uint32_t)((va - vma->start) >> PAGE_SHIFT);
	struct page *pg;

	if (index >= vma->special->npages)
		return -EFAULT;
	pg = vma->special->pages[index];
	page_get(pg);
	pte_set(pte, pte_make(page_to_phys(pg), vma_pte_flags(vma, pg)));
	__atomic_add_fetch(&mm->rss, 1, __ATOMIC_RELAXED);
	return 0;
}
