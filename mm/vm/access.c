/*
 * access.c: reading another address space's memory (/proc/<pid>/cmdline
 * and environ), as Linux's access_remote_vm does.
 *
 * vm_read_remote() copies from user address addr of mm into a kernel
 * buffer, page by page, under mm's lock: each page is reached through a
 * temporary kernel mapping of its frame (kmap_phys), so mm need not be
 * the one loaded in CR3.  A page that is not resident yet is faulted in
 * on behalf of mm as a read would fault it (vm_fault: a zeroed anonymous
 * page, a file page from the page cache, a swapped-out one never exists
 * here); the copy stops at the first address that no readable VMA covers
 * or that cannot be brought in.  The stack is not grown for such reads.
 *
 * Interface (mm/vm.h): vm_read_remote.
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "lib/string.h"

/* The frame behind the page of addr, faulted in for a read if needed:
 * its physical address, or 0 when it cannot be read.  mm is locked. */
static uintptr_t access_frame(struct mm *mm, uintptr_t addr)
{
	uintptr_t page = ALIGN_DOWN(addr, PAGE_SIZE);
	struct vma *vma = vma_find(mm, addr);
	pte_t *pte;

	if (!vma || !(vma->prot & PROT_READ))
		return 0;
	pte = paging_user_pte(mm->pgdir, page, false);
	if (!pte || !(*pte & PTE_PRESENT)) {
		if (vm_fault(mm, addr, 0))
			return 0;
		pte = paging_user_pte(mm->pgdir, page, false);
		if (!pte || !(*pte & PTE_PRESENT))
			return 0;
	}
	return pte_addr(*pte);
}

long vm_read_remote(struct mm *mm, uintptr_t addr, void *buf, size_t len)
{
	size_t done = 0;

	if (!mm)
		return 0;
	mm_lock(mm);
	while (done < len && addr < KERNEL_BASE && addr >= VM_USER_MIN) {
		size_t off = addr & (PAGE_SIZE - 1);
		size_t n = MIN(len - done, PAGE_SIZE - off);
		uintptr_t frame = access_frame(mm, addr);
		char *va;

		if (!frame)
			break;
		va = kmap_phys(frame);
		if (!va)
			break;
		memcpy((char *)buf + done, va + off, n);
		kunmap(va);
		done += n;
		addr += n;
	}
	mm_unlock(mm);
	return (long)done;
}
