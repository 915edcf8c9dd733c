/*
 * vdso.h: the vDSO, mapped into every program (vdso/vdso.c; its code in
 * vdso/vdso.S).
 *
 * Interface:
 *   vdso_map(mm, &base)	map it in a new address space (exec): 0 and
 *				its address in *base, or -ENOMEM
 *   vdso_base(mm)		where mm maps it now (its first page), or 0
 *   VDSO_SYM_*			offsets of its symbols from its base
 *				(generated: build/vdso/vdso-syms.h), e.g.
 *				VDSO_SYM_kernel_vsyscall for AT_SYSINFO,
 *				VDSO_SYM_kernel_sigreturn and
 *				VDSO_SYM_kernel_rt_sigreturn for signal
 *				handlers without SA_RESTORER
 */
#ifndef VDSO_VDSO_H
#define VDSO_VDSO_H

#include <stdint.h>
#include "vdso-syms.h"

struct mm;

int vdso_map(struct mm *mm, uintptr_t *base);
uintptr_t vdso_base(struct mm *mm);

#endif
