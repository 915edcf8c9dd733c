/*
 * sys_mlock.c: mlock (150), munlock (151), mlockall (152), munlockall
 * (153) and mlock2 (376), with Linux's checks (mm/vm/mlock.c marks and
 * faults in the VMAs).
 *
 * The range is widened to whole pages.  Locking needs a non-zero
 * RLIMIT_MEMLOCK or privilege (-EPERM), and an unprivileged caller may
 * not have more than RLIMIT_MEMLOCK locked (-ENOMEM; pages of the range
 * already locked are not counted twice); mlockall(MCL_CURRENT) compares
 * the whole address space with it.  A range that is not all mapped gives
 * -ENOMEM; memory running out while faulting in, -EAGAIN.
 *
 * Interface: the SYSCALL registrations; mlock.h for sys_mm.c.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/rlimit.h"
#include "kernel/syscall/mlock.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define NR_mlock	150
#define NR_munlock	151
#define NR_mlockall	152
#define NR_munlockall	153
#define NR_mlock2	376

#define MLOCK_ONFAULT	1
#define MCL_CURRENT	1
#define MCL_FUTURE	2
#define MCL_ONFAULT	4

static bool mlock_privileged(void)
{
	return proc_current()->euid == 0;
}

int mlock_allowed(void)
{
	return rlimit_cur(RLIMIT_MEMLOCK) || mlock_privileged() ? 0 : -EPERM;
}

/* Whether a total of pages locked pages is within the limit. */
static bool mlock_within(uint64_t pages)
{
	return pages <= rlimit_cur(RLIMIT_MEMLOCK) >> PAGE_SHIFT ||
	       mlock_privileged();
}

bool mlock_fits(struct mm *mm, uint32_t pages)
{
	return mlock_within((uint64_t)pages +
			    vm_locked_pages(mm, 0, KERNEL_BASE));
}

void mlock_map(struct mm *mm, uintptr_t addr, size_t len, uint32_t flags)
{
	uint32_t lock = (flags & MAP_LOCKED) ? VMA_LOCKED : mm->def_lock;

	if (lock)
		vm_mlock(mm, addr, addr + ALIGN_UP(len, PAGE_SIZE), lock);
}

/* The page-aligned range of [addr, addr + len): 0, or -EINVAL when it
 * wraps. */
static int mlock_range(uintptr_t addr, size_t len, uintptr_t *start,
		       uintptr_t *end)
{
	uint64_t n = ALIGN_UP((uint64_t)len + (addr & (PAGE_SIZE - 1)),
			      PAGE_SIZE);

	*start = addr & PAGE_MASK;
	if (*start + n > (uint64_t)UINTPTR_MAX + 1)
		return -EINVAL;
	*end = (uintptr_t)(*start + n);
	return 0;
}

static long do_mlock(uintptr_t addr, size_t len, uint32_t lock)
{
	struct mm *mm = proc_current()->mm;
	uintptr_t start, end;
	long err = mlock_allowed();
	uint32_t pages;

	if (err)
		return err;
	err = mlock_range(addr, len, &start, &end);
	if (err)
		return err;
	pages = (uint32_t)((end - start) >> PAGE_SHIFT);
	mm_lock(mm);
	if (mlock_fits(mm, pages - vm_locked_pages(mm, start, end)))
		err = vm_mlock(mm, start, end, lock);
	else
		err = -ENOMEM;
	mm_unlock(mm);
	return err;
}

static long sys_mlock(uintptr_t addr, size_t len)
{
	return do_mlock(addr, len, VMA_LOCKED);
}
SYSCALL(NR_mlock, sys_mlock);

static long sys_mlock2(uintptr_t addr, size_t len, uint32_t flags)
{
	if (flags & ~MLOCK_ONFAULT)
		return -EINVAL;
	return do_mlock(addr, len, VMA_LOCKED |
			(flags & MLOCK_ONFAULT ? VMA_LOCKONFAULT : 0));
}
SYSCALL(NR_mlock2, sys_mlock2);

static long sys_munlock(uintptr_t addr, size_t len)
{
	struct mm *mm = proc_current()->mm;
	uintptr_t start, end;
	long err = mlock_range(addr, len, &start, &end);

	if (err)
		return err;
	mm_lock(mm);
	err = vm_mlock(mm, start, end, 0);
	mm_unlock(mm);
	return err;
}
SYSCALL(NR_munlock, sys_munlock);

/* The pages of every mapping of mm. */
static uint32_t mlock_mm_pages(struct mm *mm)
{
	struct vma *vma;
	uint32_t n = 0;

	list_for_each_entry(vma, &mm->vmas, list)
		n += (uint32_t)((vma->end - vma->start) >> PAGE_SHIFT);
	return n;
}

static long sys_mlockall(uint32_t flags)
{
	struct mm *mm = proc_current()->mm;
	uint32_t lock = VMA_LOCKED |
			(flags & MCL_ONFAULT ? VMA_LOCKONFAULT : 0);
	long err;

	if (!flags || (flags & ~(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT)) ||
	    flags == MCL_ONFAULT)
		return -EINVAL;
	err = mlock_allowed();
	if (err)
		return err;
	mm_lock(mm);
	if (!(flags & MCL_CURRENT) || mlock_within(mlock_mm_pages(mm)))
		vm_mlock_all(mm, flags & MCL_CURRENT, lock,
			     flags & MCL_FUTURE ? lock : 0);
	else
		err = -ENOMEM;
	mm_unlock(mm);
	return err;
}
SYSCALL(NR_mlockall, sys_mlockall);

static long sys_munlockall(void)
{
	struct mm *mm = proc_current()->mm;

	mm_lock(mm);
	vm_mlock_all(mm, true, 0, 0);
	mm_unlock(mm);
	return 0;
}
SYSCALL(NR_munlockall, sys_munlockall);
