/*
 * sys_mm.c: memory system calls on the current address space: brk,
 * mmap2 (anonymous memory only: file mappings come with the page cache
 * mapping work), munmap, mprotect; and set_thread_area, which fills one
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
#include "mm/uaccess.h"
#include "mm/vm.h"

static long sys_brk(uintptr_t addr)
{
	return (long)vm_brk(proc_current()->mm, addr);
}
SYSCALL(NR_brk, sys_brk);

static long sys_mmap2(uintptr_t addr, size_t len, uint32_t prot,
		      uint32_t flags, int fd, uint32_t pgoff)
{
	int err;

	if (!(flags & MAP_ANONYMOUS))
		return fd_get(fd) ? -ENODEV : -EBADF;
	err = vm_mmap(proc_current()->mm, &addr, len, prot, flags);
	return err ? err : (long)addr;
}
SYSCALL(NR_mmap2, sys_mmap2);

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
