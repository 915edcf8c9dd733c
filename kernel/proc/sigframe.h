/*
 * sigframe.h: the Linux i386 signal frames, as user space sees them on
 * its stack when a handler starts (arch/x86/include/uapi/asm/sigcontext.h,
 * arch/x86/include/asm/sigframe.h, ucontext and siginfo for i386).  The
 * sizes and offsets are checked here with _Static_assert against Linux's.
 *
 *   struct sigframe32      a handler without SA_SIGINFO: pretcode, sig,
 *                          sigcontext, the unused legacy FPU area,
 *                          extramask (the mask's high word), retcode
 *   struct rt_sigframe32   SA_SIGINFO: pretcode, sig, pinfo, puc, siginfo,
 *                          ucontext (the alternate stack, the sigcontext
 *                          and the mask), retcode
 * Above either frame lies the x87/SSE state (struct fpstate32, kernel/
 * fpu.h), which the sigcontext's fpstate points to.
 */
#ifndef KERNEL_PROC_SIGFRAME_H
#define KERNEL_PROC_SIGFRAME_H

#include <stddef.h>
#include <stdint.h>
#include "kernel/proc/signal.h"

struct sigcontext32 {
	uint16_t gs, gsh, fs, fsh, es, esh, ds, dsh;
	uint32_t edi, esi, ebp, esp, ebx, edx, ecx, eax;
	uint32_t trapno, err, eip;
	uint16_t cs, csh;
	uint32_t eflags, esp_at_signal;
	uint16_t ss, ssh;
	uint32_t fpstate, oldmask, cr2;
};

#define FPSTATE32_SIZE	624	/* struct _fpstate_32 */

struct sigframe32 {
	uint32_t pretcode;
	int32_t sig;
	struct sigcontext32 sc;
	uint8_t fpstate_unused[FPSTATE32_SIZE];
	uint32_t extramask;
	uint8_t retcode[8];
};

/* siginfo_t for i386: 128 bytes, the union at offset 12 (its words as
 * in struct ksiginfo). */
struct siginfo32 {
	int32_t signo, errno_, code;
	uint32_t word[29];
};

/* kernel/proc/sigqueue.c: si as user space gets k. */
void siginfo_fill(struct siginfo32 *si, const struct ksiginfo *k);

struct ucontext32 {
	uint32_t flags, link;
	struct stack32 stack;
	struct sigcontext32 mcontext;
	uint64_t sigmask;
};

struct rt_sigframe32 {
	uint32_t pretcode;
	int32_t sig;
	uint32_t pinfo, puc;
	struct siginfo32 info;
	struct ucontext32 uc;
	uint8_t retcode[8];
};

_Static_assert(sizeof(struct sigcontext32) == 88, "struct sigcontext_32");
_Static_assert(offsetof(struct sigcontext32, eip) == 56, "sigcontext ip");
_Static_assert(offsetof(struct sigcontext32, eflags) == 64, "sigcontext flags");
_Static_assert(offsetof(struct sigcontext32, oldmask) == 80, "oldmask");
_Static_assert(offsetof(struct sigframe32, sc) == 8, "sigframe sc");
_Static_assert(offsetof(struct sigframe32, extramask) == 720, "extramask");
_Static_assert(sizeof(struct sigframe32) == 732, "struct sigframe_ia32");
_Static_assert(sizeof(struct siginfo32) == 128, "siginfo_t");
_Static_assert(offsetof(struct siginfo32, word[2]) == 20, "si_status");
_Static_assert(offsetof(struct ksiginfo, word) ==
	       offsetof(struct siginfo32, word), "ksiginfo's union");
_Static_assert(sizeof(struct ucontext32) == 116, "struct ucontext_ia32");
_Static_assert(offsetof(struct ucontext32, mcontext) == 20, "uc_mcontext");
_Static_assert(offsetof(struct ucontext32, sigmask) == 108, "uc_sigmask");
_Static_assert(offsetof(struct rt_sigframe32, info) == 16, "rt info");
_Static_assert(offsetof(struct rt_sigframe32, uc) == 144, "rt uc");
_Static_assert(sizeof(struct rt_sigframe32) == 268, "rt_sigframe_ia32");

#endif
