/*
 * mlock.c: locked memory (mlock, mlock2, munlock, mlockall, munlockall
 * and MAP_LOCKED; the system calls and their RLIMIT_MEMLOCK checks are in
 * kernel/syscall/sys_mlock.c).
 *
 * maestro never pages memory out, so a lock changes nothing for the
 * pages themselves: it marks VMAs VMA_LOCKED (with VMA_LOCKONFAULT for
 * MLOCK_ONFAULT and MCL_ONFAULT), faults their pages in at once unless
 * on-fault or the range had a hole (a write fault for a private writable
 * mapping, so that
 * copy-on-write is broken then, as Linux's populate), and counts them
 * (vm_locked_pages: /proc/<pid>/status's VmLck, the rlimit).  Special
 * mappings (the vDSO) are never locked, as Linux's VM_SPECIAL ones.
 * mlockall(MCL_FUTURE) leaves the flags in mm->def_lock for the mappings
 * that come later (vm_mmap_file and the heap add them).  fork's copies
 * are not locked, and exec starts unlocked, as Linux.
 *
 * Interface (mm/vm.h): vm_mlock, vm_mlock_all, vm_locked_pages.
 */
#include "mm/vm.h"
#include "lib/errno.h"
#include "mm/mm.h"
#include "mm/vm/internal.h"

#define VMA_LOCK_MASK	(VMA_LOCKED | VMA_LOCKONFAULT)
#define PF_WRITE	0x2

uint32_t vm_locked_pages(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct vma *vma;
	uint32_t n = 0;

	list_for_each_entry(vma, &mm->vmas, list) {
		uintptr_t s = vma->start > start ? vma->start : start;
		uintptr_t e = vma->end < end ? vma->end : end;

		if ((vma->flags & VMA_LOCKED) && s < e)
			n += (uint32_t)((e - s) >> PAGE_SHIFT);
	}
	return n;
}

/* Fault in the pages of vma from start to end (a write fault for a
 * private writable mapping); -ENOMEM when memory runs out, other failures
 * (a file's end) are left to later accesses, as Linux's populate. */
static int vma_populate(struct mm *mm, struct vma *vma, uintptr_t start,
			uintptr_t end)
{
	uint32_t error = 0;

	if ((vma->flags & VMA_LOCK_MASK) != VMA_LOCKED ||
	    vma->prot == PROT_NONE)
		return 0;
	if ((vma->prot & PROT_WRITE) && !(vma->flags & VMA_SHARED))
		error = PF_WRITE;
	for (uintptr_t a = start; a < end; a += PAGE_SIZE)
		if (vm_fault(mm, a, error) == -ENOMEM)
			return -ENOMEM;
	return 0;
}

/* Fault in the locked pages of [start, end): 0 or -ENOMEM. */
static int vm_populate(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct vma *vma;

	list_for_each_entry(vma, &mm->vmas, list) {
		uintptr_t s = vma->start > start ? vma->start : start;
		uintptr_t e = vma->end < end ? vma->end : end;

		if (s < e && vma_populate(mm, vma, s, e))
			return -ENOMEM;
	}
	return 0;
}

/* Set lock (VMA_LOCKED, with VMA_LOCKONFAULT, or 0) on vma. */
static void vma_set_lock(struct vma *vma, uint32_t lock)
{
	if (!vma->special)
		vma->flags = (vma->flags & ~VMA_LOCK_MASK) | lock;
}

int vm_mlock(struct mm *mm, uintptr_t start, uintptr_t end, uint32_t lock)
{
	uintptr_t a = start;
	int err;

	if (start == end)
		return 0;
	if (!vma_find(mm, start))
		return -ENOMEM;
	err = split_at(mm, start);
	if (!err)
		err = split_at(mm, end);
	if (err)
		return err;
	while (a < end) {
		struct vma *vma = vma_find(mm, a);

		if (!vma) {
			err = -ENOMEM;	/* a hole: what came before stays */
			break;
		}
		vma_set_lock(vma, lock);
		a = vma->end;
	}
	merge_range(mm, start, a);
	if (!err && lock == VMA_LOCKED && vm_populate(mm, start, end))
		return -EAGAIN;
	return err;
}

void vm_mlock_all(struct mm *mm, bool now, uint32_t lock, uint32_t future)
{
	struct vma *vma;

	mm->def_lock = future;
	if (!now)
		return;
	list_for_each_entry(vma, &mm->vmas, list)
		vma_set_lock(vma, lock);
	merge_range(mm, 0, KERNEL_BASE);
	if (lock == VMA_LOCKED)
		vm_populate(mm, 0, KERNEL_BASE);
}
