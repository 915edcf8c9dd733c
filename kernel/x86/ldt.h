/*
 * ldt.h: local descriptor tables (kernel/x86/ldt.c): the segments a process
 * defines for itself with modify_ldt, which it may load into %fs, %gs...
 * with a selector whose TI bit is set.
 *
 * An address space (struct mm) has at most one LDT, NULL until the first
 * write; fork copies it, exec starts without one, as Linux.  mm_switch
 * loads it (ldt_load).
 *
 *   ldt_load(ldt)                make ldt (NULL: none) the CPU's LDT
 *   ldt_copy(ldt)                a copy for a child: the copy, NULL for
 *                                NULL, or ERR_PTR(-ENOMEM)
 *   ldt_free(ldt)                free it (it may be loaded: none is then)
 *   ldt_set(mm, index, desc)     set entry index of mm's LDT (grown to
 *                                hold it; mm is the current one, locked):
 *                                0 or -ENOMEM
 *   ldt_read(mm, buf, size)      copy up to size bytes of mm's entries
 *                                into buf: the bytes copied
 */
#ifndef KERNEL_X86_LDT_H
#define KERNEL_X86_LDT_H

#include <stddef.h>
#include <stdint.h>

#define LDT_ENTRIES	8192		/* as the CPU allows, and Linux */

struct ldt;
struct mm;

void ldt_load(const struct ldt *ldt);
struct ldt *ldt_copy(const struct ldt *ldt);
void ldt_free(struct ldt *ldt);
int ldt_set(struct mm *mm, uint32_t index, uint64_t desc);
size_t ldt_read(struct mm *mm, void *buf, size_t size);

#endif
