/*
 * fault.c: page faults at user addresses.
 *
 * vm_fault() finds the VMA of the address (growing a grows-down VMA, the
 * stack, when the address is below it but within mm->stack_max of its top
 * and above the VMA before it; not a shared anonymous one, whose first
 * page is its object's pgoff), checks the access against the VMA's
 * protection, then:
 *   - no page yet: maps a zeroed frame (demand-zero, anonymous VMAs),
 *     the kernel's frame for a special VMA (mm/vm/special.c), or the
 *     shared object's page for shared anonymous memory (mm/vm/shmem.c);
 *   - write to a read-only private page: copy-on-write.  A frame nobody
 *     else maps (refcount 1) is just made writable; otherwise it is copied
 *     and the old frame loses this mapping's reference;
 *   - anything else was fixed meanwhile (stale TLB entry): flush, retry.
 * File VMAs are served by mm/vm/filemap.c.
 * Called from the page-fault handler (kernel/x86/trap.c) for user-mode faults
 * and for faults of the user-copy functions, with interrupts on (a file
 * fault may sleep); never panics.
 *
 * Interface (mm/vm.h): vm_fault.
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "lib/string.h"

#define PF_PRESENT	0x1
#define PF_WRITE	0x2
#define PF_INSTR	0x10	/* instruction fetch (NX) */

/*
 * The VMA that should serve a fault at addr, after stack growth, or NULL.
 * A grows-down VMA is extended down to addr's page when addr is within
 * mm->stack_max of its end and does not reach the VMA before it (one guard
 * page is kept between them).
 */
static struct vma *fault_vma(struct mm *mm, uintptr_t addr)
{
	struct vma *vma = vma_find_next(mm, addr), *prev;
	uintptr_t page = ALIGN_DOWN(addr, PAGE_SIZE);

	if (!vma || vma->start <= addr)
		return vma;
	if (!(vma->flags & VMA_GROWSDOWN) || vma->shmem ||
	    vma->end - page > mm->stack_max ||
	    page < VM_USER_MIN)
		return NULL;
	if (vma->list.prev != &mm->vmas) {
		prev = list_entry(vma->list.prev, struct vma, list);
		if (prev->end + PAGE_SIZE > page)
			return NULL;
	}
	vma->start = page;
	return vma;
}

/* Whether the VMA allows the access.  Without NX the CPU cannot refuse
 * an instruction fetch from a readable page, nor say it was one. */
static bool fault_allowed(const struct vma *vma, uint32_t error)
{
	if (error & PF_WRITE)
		return vma->prot & PROT_WRITE;
	if (error & PF_INSTR)
		return vma->prot & PROT_EXEC;
	return vma->prot & (PROT_READ | PROT_WRITE | PROT_EXEC);
}

/* Map a zeroed frame at *pte.  Returns 0 or -ENOMEM. */
static int fault_zero(struct mm *mm, struct vma *vma, pte_t *pte)
{
	struct page *pg = page_alloc_user(0);

	if (!pg)
		return -ENOMEM;
	memset(page_address(pg), 0, PAGE_SIZE);
	pte_set(pte, pte_make(page_to_phys(pg), vma_pte_flags(vma, pg)));
	mm_rss_inc(mm);
	return 0;
}

/* Break copy-on-write of the page at *pte.  Returns 0 or -ENOMEM. */
static int fault_cow(struct vma *vma, pte_t *pte)
{
	struct page *old = pte_page(*pte), *pg;

	if (old->refcount == 1 || (vma->flags & VMA_SHARED)) {
		pte_set(pte, *pte | PTE_WRITE);
		return 0;
	}
	pg = page_alloc_user(0);
	if (!pg)
		return -ENOMEM;
	memcpy(page_address(pg), page_address(old), PAGE_SIZE);
	pte_set(pte, pte_make(page_to_phys(pg), vma_pte_flags(vma, pg)));
	page_put(old);
	return 0;
}

int vm_fault(struct mm *mm, uintptr_t addr, uint32_t error)
{
	uintptr_t page = ALIGN_DOWN(addr, PAGE_SIZE);
	struct vma *vma;
	pte_t *pte;
	int err = 0;

	if (!mm || addr >= KERNEL_BASE)
		return -EFAULT;
	vma = fault_vma(mm, addr);
	if (!vma || !fault_allowed(vma, error))
		return -EFAULT;
	pte = paging_user_pte(mm->pgdir, page, true);
	if (!pte)
		return -ENOMEM;
	if (vma->file)
		err = filemap_fault(mm, vma, page, pte, error & PF_WRITE);
	else if (!pte_has_page(*pte) && vma->special)
		err = special_fault(mm, vma, page, pte);
	else if (!pte_has_page(*pte) && vma->shmem)
		err = shmem_fault(mm, vma, page, pte);
	else if (!pte_has_page(*pte))
		err = fault_zero(mm, vma, pte);
	else if (*pte & PTE_PROTNONE)
		err = -EFAULT;		/* the VMA changed under a stale entry */
	else if ((error & PF_WRITE) && !(*pte & PTE_WRITE))
		err = fault_cow(vma, pte);
	paging_flush_page(page);
	return err;
}
