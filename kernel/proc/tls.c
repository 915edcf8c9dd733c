/*
 * tls.c: TLS descriptors from Linux's struct user_desc, for
 * set_thread_area and clone(CLONE_SETTLS).
 *
 * A task has GDT_TLS_COUNT descriptors (task->tls) that the context switch
 * loads into the GDT.  tls_from_user() reads and checks a user_desc as
 * Linux's tls_desc_okay() does: besides an empty or all-zero entry (which
 * clears the slot), only present 32-bit data segments may be installed:
 * no code segment, no 16-bit segment (its iret would leak the high half
 * of the kernel's stack pointer).  entry_number -1 asks for a free slot
 * (set_thread_area only), whose number is written back.
 *
 * Interface (tls.h): tls_from_user.
 */
#include "kernel/proc/tls.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "mm/uaccess.h"

/* Linux's struct user_desc: the flags word holds its bit fields. */
struct user_desc {
	uint32_t entry_number;
	uint32_t base_addr;
	uint32_t limit;
	uint32_t flags;
};

static bool tls_desc_ok(const struct user_desc *d)
{
	uint32_t contents = (d->flags >> 1) & 3;

	if (!d->base_addr && !d->limit &&
	    ((d->flags & 0x7f) == 0x28 || (d->flags & 0x7f) == 0))
		return true;
	return (d->flags & 1) && contents <= 1 && !(d->flags & 0x20);
}

/* The first empty slot of tls, or -ESRCH. */
static int tls_free_slot(const uint64_t tls[GDT_TLS_COUNT])
{
	for (int slot = 0; slot < GDT_TLS_COUNT; slot++)
		if (!tls[slot])
			return slot;
	return -ESRCH;
}

/*
 * Read the user_desc at uaddr: *slot (0..GDT_TLS_COUNT-1) and *desc get
 * the descriptor to install among tls.  Returns 0, -EFAULT, -EINVAL
 * (bad descriptor or entry, or -1 when !can_allocate) or -ESRCH (no free
 * slot).
 */
int tls_from_user(uint32_t uaddr, const uint64_t tls[GDT_TLS_COUNT],
		  bool can_allocate, unsigned int *slot, uint64_t *desc)
{
	struct user_desc *u = (struct user_desc *)uaddr, d;
	int free;

	if (copy_from_user(&d, u, sizeof(d)))
		return -EFAULT;
	if (!tls_desc_ok(&d))
		return -EINVAL;
	if (d.entry_number == (uint32_t)-1 && can_allocate) {
		free = tls_free_slot(tls);
		if (free < 0)
			return free;
		d.entry_number = GDT_TLS_FIRST + (uint32_t)free;
		if (put_user(d.entry_number, &u->entry_number))
			return -EFAULT;
	}
	if (d.entry_number < GDT_TLS_FIRST ||
	    d.entry_number >= GDT_TLS_FIRST + GDT_TLS_COUNT)
		return -EINVAL;
	*slot = d.entry_number - GDT_TLS_FIRST;
	*desc = gdt_tls_desc(d.base_addr, d.limit, d.flags);
	return 0;
}
