/*
 * mm.c: address spaces: creation, copy-on-write fork, destruction, switch.
 *
 * mm_create() gives an empty address space whose page directory shares the
 * kernel half.  mm_fork() copies the VMA list and maps every page of the
 * parent in the child too: shared anonymous VMAs keep the frame writable
 * in both and the child's VMA takes a reference to the object holding
 * their pages (mm/vm/shmem.c), where the pages neither side touched yet
 * will be found by both, private ones lose write access in both and each frame gains a
 * reference; the first write fault copies (mm/vm/fault.c).  A shared file
 * page is mapped read-only in the child, whose first write dirties it in
 * the page cache (mm/vm/filemap.c); file VMAs are copied under the rmap
 * lock, and the child's take their own file reference.  mm_destroy() drops a
 * reference; the last one releases every page, page table and VMA.
 * mm_switch() loads an address space in CR3 and records it in vm_current.
 *
 * Interface (mm/vm.h): vm_current, mm_create, mm_get, mm_destroy, mm_fork,
 * mm_switch.
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/ldt.h"

struct mm *vm_current;

struct mm *mm_create(void)
{
	struct mm *mm = kzalloc(sizeof(*mm));

	if (!mm)
		return NULL;
	mm->pgdir = paging_pgdir_create();
	if (!mm->pgdir) {
		kfree(mm);
		return NULL;
	}
	list_init(&mm->vmas);
	mm->lock = (struct mutex)MUTEX_INIT(mm->lock);
	mm->mmap_base = VM_MMAP_BASE;
	mm->stack_max = VM_STACK_MAX;
	mm->refcount = 1;
	return mm;
}

struct mm *mm_get(struct mm *mm)
{
	__atomic_add_fetch(&mm->refcount, 1, __ATOMIC_RELAXED);
	return mm;
}

/* Load mm's page directory (the kernel's for NULL) if not loaded yet. */
void mm_switch(struct mm *mm)
{
	pte_t *pgdir = mm ? mm->pgdir : kernel_pgdir;

	if (read_cr3() != virt_to_phys(pgdir))
		write_cr3(virt_to_phys(pgdir));
	vm_current = mm;
	ldt_load(mm ? mm->ldt : NULL);
}

/*
 * Drop a reference to mm; the last one frees its pages, page tables, VMAs
 * and the mm itself.  If mm is loaded, the kernel's directory replaces it.
 */
void mm_destroy(struct mm *mm)
{
	struct vma *vma, *tmp;

	if (!mm || __atomic_sub_fetch(&mm->refcount, 1, __ATOMIC_ACQ_REL))
		return;
	if (vm_current == mm || read_cr3() == virt_to_phys(mm->pgdir))
		mm_switch(NULL);
	list_for_each_entry_safe(vma, tmp, &mm->vmas, list)
		vma_remove(mm, vma);
	paging_pgdir_destroy(mm->pgdir);
	ldt_free(mm->ldt);
	kfree(mm);
}

/*
 * Map the page at va of parent (entry *ppte) in child too.  A private
 * writable page turns read-only in the parent: both will copy on write.
 * Returns 0 or -ENOMEM.
 */
static int fork_page(struct mm *child, const struct vma *vma, pte_t *ppte,
		     uintptr_t va)
{
	pte_t *cpte = paging_user_pte(child->pgdir, va, true);
	struct page *pg = pte_page(*ppte);

	if (!cpte)
		return -ENOMEM;
	if (!(vma->flags & VMA_SHARED) && (*ppte & PTE_WRITE)) {
		pte_set(ppte, *ppte & ~PTE_WRITE);
		paging_flush_page(va);
	}
	page_get(pg);
	pte_set(cpte, page_is_file(pg) ? *ppte & ~PTE_WRITE : *ppte);
	mm_rss_inc(child);
	return 0;
}

/* Copy the pages of one parent VMA into child.  Returns 0 or -ENOMEM. */
static int fork_vma(struct mm *child, struct mm *parent, const struct vma *vma)
{
	uint32_t flags = vma->file ? rmap_lock() : 0;
	uintptr_t va = vma->start;
	int err = 0;

	while (va < vma->end && !err) {
		pte_t *pte = paging_user_pte(parent->pgdir, va, false);

		if (!pte) {
			va = ALIGN_DOWN(va, VM_PGTABLE_SPAN) + VM_PGTABLE_SPAN;
			continue;
		}
		if (pte_has_page(*pte))
			err = fork_page(child, vma, pte, va);
		va += PAGE_SIZE;
	}
	if (vma->file)
		rmap_unlock(flags);
	return err;
}

/*
 * A copy-on-write copy of parent: same VMAs, break and mmap base, every
 * page shared.  Returns the child, or NULL when out of memory (nothing of
 * the child is left; the parent may have lost write access to some pages,
 * which only costs a fault).
 */
struct mm *mm_fork(struct mm *parent)
{
	struct mm *child = mm_create();
	struct vma *vma, *copy;

	if (!child)
		return NULL;
	child->brk_start = parent->brk_start;
	child->brk = parent->brk;
	child->mmap_base = parent->mmap_base;
	child->read_implies_exec = parent->read_implies_exec;
	child->stack_max = parent->stack_max;
	child->arg_start = parent->arg_start;
	child->arg_end = parent->arg_end;
	child->env_start = parent->env_start;
	child->env_end = parent->env_end;
	child->ldt = ldt_copy(parent->ldt);
	if (IS_ERR(child->ldt)) {
		child->ldt = NULL;
		goto fail;
	}
	list_for_each_entry(vma, &parent->vmas, list) {
		/* Locks are not inherited (mlock.c). */
		copy = vma_alloc(vma->start, vma->end, vma->prot,
				 vma->flags & ~(VMA_LOCKED | VMA_LOCKONFAULT));
		if (!copy)
			goto fail;
		copy->mm = child;
		copy->special = vma->special;
		copy->pgoff = vma->pgoff;
		if (vma->shmem)
			copy->shmem = shmem_get(vma->shmem);
		if (vma->file)
			vma_file_attach(child, copy, vma->file, vma->pgoff);
		list_add_tail(&copy->list, &child->vmas);
		child->nr_vmas++;
		if (fork_vma(child, parent, vma))
			goto fail;
	}
	return child;
fail:
	mm_destroy(child);
	return NULL;
}
