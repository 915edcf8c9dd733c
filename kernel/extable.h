/*
 * extable.h: the exception table.
 *
 * Code that may fault on purpose (reads of user memory, probes) records
 * the address of the faulting instruction and of a fixup in the __extable
 * section.  When an exception hits such an instruction in kernel mode,
 * extable_fixup() moves the saved EIP to the fixup instead of panicking.
 *
 * EXTABLE_ENTRY(insn_label, fixup_label) is for inline assembly.
 * probe_read_u32() reads a word that may not be mapped: 0, or -EFAULT.
 */
#ifndef KERNEL_EXTABLE_H
#define KERNEL_EXTABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

struct trap_frame;

struct extable_entry {
	uint32_t insn;
	uint32_t fixup;
};

#define EXTABLE_ENTRY(insn, fixup)			\
	".pushsection __extable, \"a\"\n\t"		\
	".balign 4\n\t"					\
	".long " #insn ", " #fixup "\n\t"		\
	".popsection\n\t"

const struct extable_entry *extable_search(uint32_t eip);
bool extable_fixup(struct trap_frame *f);
int probe_read_u32(const volatile uint32_t *addr, uint32_t *out);

#endif
