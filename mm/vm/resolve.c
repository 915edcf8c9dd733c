/*
 * resolve.c: from a user address to the frame behind it, for keys that
 * must be the same in every address space mapping the memory (shared
 * futexes, kernel/proc/futex.c).
 *
 * vm_resolve() faults the page in as a read would (vm_fault) when it is
 * not present yet, then reads its page-table entry, all under the mm's
 * lock.  A PROT_NONE page or an address no VMA covers gives -EFAULT.
 *
 * Interface (mm/vm.h): vm_resolve.
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"

int vm_resolve(struct mm *mm, uintptr_t addr, uint32_t *phys, bool *shared)
{
	uintptr_t page = ALIGN_DOWN(addr, PAGE_SIZE);
	struct vma *vma;
	pte_t *pte;
	int err = -EFAULT;

	if (!mm || addr >= KERNEL_BASE)
		return -EFAULT;
	mm_lock(mm);
	vma = vma_find(mm, addr);
	if (vma) {
		pte = paging_user_pte(mm->pgdir, page, false);
		err = pte && (*pte & PTE_PRESENT) ? 0 : vm_fault(mm, addr, 0);
		pte = paging_user_pte(mm->pgdir, page, false);
		if (!err && (!pte || !(*pte & PTE_PRESENT)))
			err = -EFAULT;
	}
	if (!err) {
		*phys = pte_addr(*pte) | (addr & (PAGE_SIZE - 1));
		*shared = vma->flags & VMA_SHARED;
	}
	mm_unlock(mm);
	return err;
}
