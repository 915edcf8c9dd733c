/*
 * sysenter.h: system calls through SYSENTER, the fast way in that
 * __kernel_vsyscall (vdso/vdso.S) takes, as Linux i386's vDSO does.
 *
 * The CPU's SYSENTER MSRs point at isr_sysenter (kernel/x86/isr.asm) with
 * the current task's kernel stack; that stub builds the trap frame int
 * 0x80 would have built, tagged SYSENTER_VECTOR, and trap_dispatch calls
 * sysenter_frame, which completes it
 * from what __kernel_vsyscall pushed (the sixth argument, the caller's
 * return address) and goes on as for int 0x80: the call returns with
 * iret, straight to __kernel_vsyscall's caller.  A call that is restarted
 * goes back through the vDSO's int $0x80 (sysenter_restart).
 *
 * Interface:
 *   sysenter_supported()	whether to use SYSENTER: the CPU has it
 *				(CPUID SEP, not the early Pentium Pro that
 *				lists it wrongly) and the command line does
 *				not say "sysenter=off"
 *   sysenter_set_stack(esp0)	the kernel stack for the next entry (each
 *				context switch, with the TSS's esp0)
 *   sysenter_frame(f)	the C half of the entry: make f the
 *				SYSCALL_VECTOR frame of the call; false
 *				(SIGSEGV queued, nothing to call) when the
 *				vDSO's words cannot be read
 *   sysenter_frame_is(f)	whether f came in through SYSENTER
 *   sysenter_restart(f)	point f at the vDSO's int $0x80 for a restart:
 *				false when there is no vDSO to go back through
 *   sysenter_single_step(f)	whether f, a debug trap in the kernel, is a
 *				user's TF stepping into the entry stub
 *				before it clears the flag (to be ignored)
 */
#ifndef KERNEL_X86_SYSENTER_H
#define KERNEL_X86_SYSENTER_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/x86/interrupt.h"

/* The vector isr_sysenter's frame comes to trap_dispatch with (no IDT
 * entry has it); sysenter_frame makes it SYSCALL_VECTOR. */
#define SYSENTER_VECTOR		0x81
/* In a frame from SYSENTER, the (unused) slot of pusha's esp. */
#define SYSENTER_FRAME_MARK	1u

static inline bool sysenter_frame_is(const struct trap_frame *f)
{
	return f->esp_dummy == SYSENTER_FRAME_MARK;
}

bool sysenter_supported(void);
void sysenter_set_stack(uint32_t esp0);
bool sysenter_frame(struct trap_frame *f);
bool sysenter_restart(struct trap_frame *f);
bool sysenter_single_step(const struct trap_frame *f);

#endif
