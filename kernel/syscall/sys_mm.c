/*
 * sys_mm.c: memory system calls on the current address space: brk,
 * mmap2 and the old mmap (anonymous memory and files; MAP_LOCKED and
 * mlockall(MCL_FUTURE) as mlock, kernel/syscall/mlock.h), munmap, mprotect,
 * mremap, msync, madvise, mincore, each under the address space's lock
 * (threads share it); and set_thread_area, which fills one of the three
 * GDT TLS slots of the calling thread (kernel/x86/gdt.c), picking a free one
 * when entry_number is -1 and writing its number back
 * (kernel/proc/tls.c).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/syscall/mlock.h"
#include "kernel/prof/prof.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/tls.h"
#include "kernel/sched/task.h"
#include "lib/compiler.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

/* The current address space, locked (mm_unlock it after). */
static struct mm *mm_current_locked(void)
{
	struct mm *mm = proc_current()->mm;

	mm_lock(mm);
	return mm;
}

static long sys_brk(uintptr_t addr)
{
	struct mm *mm = mm_current_locked();
	long ret = (long)vm_brk(mm, addr);

	mm_unlock(mm);
	return ret;
}
SYSCALL(NR_brk, sys_brk);

/* mmap with the offset in pages; fd and pgoff are ignored for anonymous
 * memory, as Linux does. */
static long sys_mmap2(uintptr_t addr, size_t len, uint32_t prot,
		      uint32_t flags, int fd, uint32_t pgoff)
{
	struct file *file = NULL;
	struct mm *mm;
	int err;

	if (!(flags & MAP_ANONYMOUS)) {
		file = fd_get(fd);
		if (!file)
			return -EBADF;
	}
	if ((flags & MAP_LOCKED) && (err = mlock_allowed()))
		return err;
	mm = mm_current_locked();
	if ((flags & MAP_LOCKED || mm->def_lock) &&
	    !mlock_fits(mm, (uint32_t)(ALIGN_UP((uint64_t)len, PAGE_SIZE) >>
				       PAGE_SHIFT)))
		err = -EAGAIN;		/* as Linux's mlock_future_check */
	else
		err = vm_mmap_file(mm, &addr, len, prot, flags, file,
				   file ? pgoff : 0);
	if (!err)
		mlock_map(mm, addr, len, flags);
	mm_unlock(mm);
	if (!err && file && (prot & PROT_EXEC) && pgoff < (1u << 20))
		prof_mmap(file, addr, len, pgoff << PAGE_SHIFT);
	return err ? err : (long)addr;
}
SYSCALL(NR_mmap2, sys_mmap2);

/* The old mmap (90): its six arguments in a user struct, the offset in
 * bytes (page aligned, else -EINVAL). */
struct mmap_arg_struct {
	uint32_t addr, len, prot, flags, fd, offset;
};

static long sys_old_mmap(const struct mmap_arg_struct *uargs)
{
	struct mmap_arg_struct a;

	if (copy_from_user(&a, uargs, sizeof(a)))
		return -EFAULT;
	if (a.offset & (PAGE_SIZE - 1))
		return -EINVAL;
	return sys_mmap2(a.addr, a.len, a.prot, a.flags, (int)a.fd,
			 a.offset >> PAGE_SHIFT);
}
SYSCALL(NR_mmap, sys_old_mmap);

static long sys_munmap(uintptr_t addr, size_t len)
{
	struct mm *mm = mm_current_locked();
	long ret = vm_munmap(mm, addr, len);

	mm_unlock(mm);
	return ret;
}
SYSCALL(NR_munmap, sys_munmap);

static long sys_mprotect(uintptr_t addr, size_t len, uint32_t prot)
{
	struct mm *mm = mm_current_locked();
	long ret = vm_mprotect(mm, addr, len, prot);

	mm_unlock(mm);
	return ret;
}
SYSCALL(NR_mprotect, sys_mprotect);

static long sys_mremap(uintptr_t addr, size_t old_len, size_t new_len,
		       uint32_t flags, uintptr_t new_addr)
{
	struct mm *mm = mm_current_locked();
	int err = vm_mremap(mm, addr, old_len, new_len, flags, &new_addr);

	mm_unlock(mm);

	return err ? err : (long)new_addr;
}
SYSCALL(NR_mremap, sys_mremap);

static long sys_msync(uintptr_t addr, size_t len, uint32_t flags)
{
	struct mm *mm = mm_current_locked();
	long ret = vm_msync(mm, addr, len, flags);

	mm_unlock(mm);
	return ret;
}
SYSCALL(NR_msync, sys_msync);

static long sys_madvise(uintptr_t addr, size_t len, uint32_t advice)
{
	struct mm *mm = mm_current_locked();
	long ret = vm_madvise(mm, addr, len, advice);

	mm_unlock(mm);
	return ret;
}
SYSCALL(NR_madvise, sys_madvise);

#define MINCORE_CHUNK	256	/* pages per copy out */

/* mincore: -EINVAL for a misaligned addr, -ENOMEM for a range beyond user
 * space or one with a hole (the pages before it are reported), -EFAULT
 * for a bad vec, as Linux. */
static long sys_mincore(uintptr_t addr, size_t len, uint8_t *uvec)
{
	uint8_t vec[MINCORE_CHUNK];
	size_t pages = (len >> PAGE_SHIFT) + ((len & (PAGE_SIZE - 1)) != 0);
	long n;

	if (addr & (PAGE_SIZE - 1))
		return -EINVAL;
	if (len > KERNEL_BASE || addr > KERNEL_BASE - len)
		return -ENOMEM;
	if ((uintptr_t)uvec >= KERNEL_BASE || pages > KERNEL_BASE - (uintptr_t)uvec)
		return -EFAULT;
	while (pages) {
		struct mm *mm = mm_current_locked();

		n = vm_mincore(mm, addr, MIN(pages, (size_t)MINCORE_CHUNK), vec);
		mm_unlock(mm);
		if (n < 0)
			return n;
		if (copy_to_user(uvec, vec, (size_t)n))
			return -EFAULT;
		pages -= (size_t)n;
		uvec += n;
		addr += (uintptr_t)n << PAGE_SHIFT;
	}
	return 0;
}
SYSCALL(NR_mincore, sys_mincore);

/* Fill one TLS slot of the calling thread (kernel/proc/tls.c). */
static long sys_set_thread_area(uint32_t udesc)
{
	unsigned int slot;
	uint64_t desc;
	uint32_t irq;
	int err = tls_from_user(udesc, current->tls, true, &slot, &desc);

	if (err)
		return err;
	irq = irq_save();
	current->tls[slot] = desc;
	gdt_load_tls(current->tls);
	irq_restore(irq);
	return 0;
}
SYSCALL(NR_set_thread_area, sys_set_thread_area);
