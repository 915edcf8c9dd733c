/*
 * sys_ldt.c: modify_ldt (123), as Linux i386's (kernel/x86/ldt.c keeps the
 * tables).
 *
 *   func 0      read: up to bytecount bytes of the LDT's entries, the
 *               rest of bytecount zeroed; bytecount (at most 64 KiB), or
 *               0 without an LDT
 *   func 2      read the "default LDT": bytecount zero bytes, at most 40
 *   func 1, 0x11  write a struct user_desc (bytecount must be its 16
 *               bytes): entry_number below 8192, contents 3 (a
 *               non-conforming code segment) only in the new mode (0x11)
 *               and not present; an entry whose base and limit are 0
 *               (old mode) or that is "empty" (read_exec_only and
 *               seg_not_present alone) clears it; else the descriptor is
 *               made as set_thread_area makes one (16-bit segments
 *               included, as Linux i386 allows), useable dropped in the
 *               old mode
 *   other       -ENOSYS
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/x86/ldt.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define NR_modify_ldt		123
#define LDT_DEFAULT_SIZE	40	/* 5 descriptors on 32-bit x86 */

struct user_desc {
	uint32_t entry_number, base_addr, limit, flags;
};

static long ldt_read_user(void *ubuf, uint32_t bytecount)
{
	struct mm *mm = proc_current()->mm;
	size_t n, size = bytecount < LDT_ENTRIES * 8 ? bytecount :
						       LDT_ENTRIES * 8;
	void *buf;

	if (!mm->ldt)
		return 0;
	buf = kmalloc(size ? size : 1);
	if (!buf)
		return -ENOMEM;
	mm_lock(mm);
	n = ldt_read(mm, buf, size);
	mm_unlock(mm);
	if (copy_to_user(ubuf, buf, n) || clear_user((char *)ubuf + n, size - n))
		size = (size_t)-EFAULT;
	kfree(buf);
	return (long)size;
}

static long ldt_default(void *ubuf, uint32_t bytecount)
{
	uint32_t n = bytecount < LDT_DEFAULT_SIZE ? bytecount :
						    LDT_DEFAULT_SIZE;

	return clear_user(ubuf, n) ? -EFAULT : (long)n;
}

/* The descriptor d asks for: 0 to clear, or -EINVAL in *err. */
static uint64_t ldt_desc(const struct user_desc *d, bool oldmode, int *err)
{
	uint32_t contents = (d->flags >> 1) & 3, flags = d->flags;
	bool not_present = d->flags & 0x20;

	*err = 0;
	if (contents == 3 && (oldmode || !not_present)) {
		*err = -EINVAL;
		return 0;
	}
	if ((oldmode && !d->base_addr && !d->limit) ||
	    (!d->base_addr && !d->limit && (flags & 0x7f) == 0x28))
		return 0;
	if (oldmode)
		flags &= ~0x40u;	/* useable */
	return gdt_user_desc(d->base_addr, d->limit, flags);
}

static long ldt_write_user(const void *uptr, uint32_t bytecount,
			   bool oldmode)
{
	struct mm *mm = proc_current()->mm;
	struct user_desc d;
	uint64_t desc;
	int err;

	if (bytecount != sizeof(d))
		return -EINVAL;
	if (copy_from_user(&d, uptr, sizeof(d)))
		return -EFAULT;
	if (d.entry_number >= LDT_ENTRIES)
		return -EINVAL;
	desc = ldt_desc(&d, oldmode, &err);
	if (err)
		return err;
	mm_lock(mm);
	err = ldt_set(mm, d.entry_number, desc);
	mm_unlock(mm);
	return err;
}

static long sys_modify_ldt(int func, void *ptr, uint32_t bytecount)
{
	switch (func) {
	case 0:
		return ldt_read_user(ptr, bytecount);
	case 1:
		return ldt_write_user(ptr, bytecount, true);
	case 2:
		return ldt_default(ptr, bytecount);
	case 0x11:
		return ldt_write_user(ptr, bytecount, false);
	}
	return -ENOSYS;
}
SYSCALL(NR_modify_ldt, sys_modify_ldt);
