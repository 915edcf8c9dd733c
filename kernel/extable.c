/*
 * extable.c: exception-table lookup and probe_read_u32 (see extable.h).
 *
 * The table is small and built by the linker in link order, so a linear
 * scan is used; copy_from_user paths will sort it at boot when it grows.
 */
#include "kernel/extable.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"

extern const struct extable_entry __extable_start[], __extable_end[];

const struct extable_entry *extable_search(uint32_t eip)
{
	for (const struct extable_entry *e = __extable_start;
	     e < __extable_end; e++)
		if (e->insn == eip)
			return e;
	return NULL;
}

bool extable_fixup(struct trap_frame *f)
{
	const struct extable_entry *e = extable_search(f->eip);

	if (!e)
		return false;
	f->eip = e->fixup;
	return true;
}

int probe_read_u32(const volatile uint32_t *addr, uint32_t *out)
{
	int err = 0;
	uint32_t v = 0;

	__asm__ __volatile__(
		"1:	movl (%2), %1\n"
		"2:\n"
		".pushsection .fixup, \"ax\"\n"
		"3:	movl %3, %0\n"
		"	jmp 2b\n"
		".popsection\n"
		EXTABLE_ENTRY(1b, 3b)
		: "+r"(err), "+r"(v)
		: "r"(addr), "i"(-EFAULT)
		: "memory");
	if (!err)
		*out = v;
	return err;
}
