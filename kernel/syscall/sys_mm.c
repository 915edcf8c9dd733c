/*
 * sys_mm.c: memory system calls on the current address space: brk,
 * mmap2 and the old mmap (anonymous memory and files), munmap, mprotect,
 * mremap, msync, madvise, mincore; and set_thread_area, which fills one
 * of the three GDT TLS slots of the calling task (kernel/gdt.c), picking
 * a free one when entry_number is -1 and writing its number back.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/cpu.h"
#include "kernel/errno.h"
#include "kernel/interrupt.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/compiler.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

static long sys_brk(uintptr_t addr)
{
	return (long)vm_brk(proc_current()->mm, addr);
}
SYSCALL(NR_brk, sys_brk);

/* mmap with the offset in pages; fd and pgoff are ignored for anonymous
 * memory, as Linux does. */
static long sys_mmap2(uintptr_t addr, size_t len, uint32_t prot,
		      uint32_t flags, int fd, uint32_t pgoff)
{
	struct file *file = NULL;
	int err;

	if (!(flags & MAP_ANONYMOUS)) {
		file = fd_get(fd);
		if (!file)
			return -EBADF;
	}
	err = vm_mmap_file(proc_current()->mm, &addr, len, prot, flags, file,
			   file ? pgoff : 0);
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
	return vm_munmap(proc_current()->mm, addr, len);
}
SYSCALL(NR_munmap, sys_munmap);

static long sys_mprotect(uintptr_t addr, size_t len, uint32_t prot)
{
	return vm_mprotect(proc_current()->mm, addr, len, prot);
}
SYSCALL(NR_mprotect, sys_mprotect);

static long sys_mremap(uintptr_t addr, size_t old_len, size_t new_len,
		       uint32_t flags, uintptr_t new_addr)
{
	int err = vm_mremap(proc_current()->mm, addr, old_len, new_len, flags,
			    &new_addr);

	return err ? err : (long)new_addr;
}
SYSCALL(NR_mremap, sys_mremap);

static long sys_msync(uintptr_t addr, size_t len, uint32_t flags)
{
	return vm_msync(proc_current()->mm, addr, len, flags);
}
SYSCALL(NR_msync, sys_msync);

static long sys_madvise(uintptr_t addr, size_t len, uint32_t advice)
{
	return vm_madvise(proc_current()->mm, addr, len, advice);
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
		n = vm_mincore(proc_current()->mm, addr,
			       MIN(pages, (size_t)MINCORE_CHUNK), vec);
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

/* Linux's struct user_desc: the flags word holds its bit fields. */
struct user_desc {
	uint32_t entry_number;
	uint32_t base_addr;
	uint32_t limit;
	uint32_t flags;
};

/*
 * As Linux's tls_desc_okay(): besides an empty or all-zero entry (which
 * clears the slot), only present 32-bit data segments may be installed:
 * no code segment, no 16-bit segment (its iret would leak the high half
 * of the kernel's stack pointer).
 */
static bool tls_desc_ok(const struct user_desc *d)
{
	uint32_t contents = (d->flags >> 1) & 3;

	if (!d->base_addr && !d->limit &&
	    ((d->flags & 0x7f) == 0x28 || (d->flags & 0x7f) == 0))
		return true;
	return (d->flags & 1) && contents <= 1 && !(d->flags & 0x20);
}

static long sys_set_thread_area(struct user_desc *udesc)
{
	struct user_desc d;
	uint32_t irq;
	int slot;

	if (copy_from_user(&d, udesc, sizeof(d)))
		return -EFAULT;
	if (!tls_desc_ok(&d))
		return -EINVAL;
	if (d.entry_number == (uint32_t)-1) {
		for (slot = 0; slot < GDT_TLS_COUNT; slot++)
			if (!current->tls[slot])
				break;
		if (slot == GDT_TLS_COUNT)
			return -ESRCH;
		d.entry_number = GDT_TLS_FIRST + slot;
		if (put_user(d.entry_number, &udesc->entry_number))
			return -EFAULT;
	}
	if (d.entry_number < GDT_TLS_FIRST ||
	    d.entry_number >= GDT_TLS_FIRST + GDT_TLS_COUNT)
		return -EINVAL;
	irq = irq_save();
	current->tls[d.entry_number - GDT_TLS_FIRST] =
		gdt_tls_desc(d.base_addr, d.limit, d.flags);
	gdt_load_tls(current->tls);
	irq_restore(irq);
	return 0;
}
SYSCALL(NR_set_thread_area, sys_set_thread_area);
