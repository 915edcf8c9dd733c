/*
 * fpu.h: the x87/SSE register state of user tasks.
 *
 * The kernel itself never uses the FPU (it is built with -mno-80387
 * -mno-sse), so only tasks that run user code have a state: a 512-byte
 * area (FXSAVE layout, or FSAVE's 108 bytes on a CPU without FXSR).  It is
 * switched eagerly: saved when such a task is switched out, restored when
 * one is switched in.  New tasks start from the state FNINIT gives, with
 * SSE exceptions masked (MXCSR 0x1f80), as on Linux.
 *
 * Interface: fpu_init (boot: CR0/CR4 set-up, first thing in kmain: under
 * an emulator that translates code, such as QEMU's TCG, those bits are
 * part of what a translation is valid for, so code run before the change
 * would be translated again after it), fpu_report (the boot log's line,
 * once the consoles are up), fpu_alloc / fpu_free (a
 * task's area), fpu_copy (fork: child gets the parent's registers),
 * fpu_reset (exec, and a signal handler's clean start), fpu_switch (from
 * the context switch); fpu_sync / fpu_load (the live registers of the
 * current task to and from its area), fpu_has_fxsr, fpu_mxcsr_mask.
 * The signal-frame image of the state: kernel/x86/fpu_sigframe.c, below.
 */
#ifndef KERNEL_X86_FPU_H
#define KERNEL_X86_FPU_H

#include <stdbool.h>
#include <stdint.h>

struct task;

#define FPU_STATE_SIZE	512

void fpu_init(void);
void fpu_report(void);
int fpu_alloc(struct task *t);		/* 0 or -ENOMEM; the initial state */
void fpu_free(struct task *t);
void fpu_copy(struct task *dst, struct task *src);
void fpu_reset(struct task *t);	/* exec: back to the initial state */
void fpu_switch(struct task *prev, struct task *next);
/* With interrupts off: t's area gets the live registers (t current), or
 * the live registers get t's area. */
void fpu_sync(struct task *t);
void fpu_load(struct task *t);
bool fpu_has_fxsr(void);
/* The si_code of SIGFPE for an x87 (#MF, 16) or SIMD (#XM, 19) exception
 * of the current task t (FPE_FLT*), or 0 when no unmasked exception is
 * flagged (a spurious one: no signal), as Linux decodes it. */
int fpu_exception_code(struct task *t, int vector);
uint32_t fpu_mxcsr_mask(void);	/* the MXCSR bits the CPU accepts */

/*
 * kernel/x86/fpu_sigframe.c: the state as Linux i386 signal frames carry it,
 * struct _fpstate_32 (arch/x86/include/uapi/asm/sigcontext.h): the FSAVE
 * environment and the eight 10-byte registers, the status word and a
 * magic (0: the FXSAVE image follows; 0xffff: FSAVE data only), then the
 * 512-byte FXSAVE image, whose last 48 bytes (reserved for software)
 * hold struct _fpx_sw_bytes with FP_XSTATE_MAGIC1.  Linux places the
 * FXSAVE image 64-byte aligned, the FSAVE part right below it.
 *
 *   fpu_frame_size()             bytes of the image: 624 (FXSR) or 112
 *   fpu_frame_save(t, fs)        fs = t's state (t is current)
 *   fpu_frame_restore(t, fs)     t's state = fs, as Linux reads it back:
 *                                x87 from the FSAVE part, SSE from the
 *                                FXSAVE image, the MXCSR bits the
 *                                CPU rejects cleared (as Linux i386)
 */
#define FPSTATE_FSAVE_SIZE	112
#define FPSTATE_MAGIC_FXSR	0x0000
#define FPSTATE_MAGIC_FSAVE	0xffff
#define FP_XSTATE_MAGIC1	0x46505853u
#define FXSAVE_SW_OFFSET	464	/* software bytes in the image */

struct fpx_sw_bytes {
	uint32_t magic1, extended_size;
	uint64_t xfeatures;
	uint32_t xstate_size, padding[7];
} __attribute__((packed));

struct fpstate32 {
	uint32_t cw, sw, tag, ipoff, cssel, dataoff, datasel;
	uint8_t st[8][10];
	uint16_t status, magic;
	uint8_t fxsave[FPU_STATE_SIZE];
} __attribute__((packed));
_Static_assert(sizeof(struct fpstate32) == 624, "struct _fpstate_32");
_Static_assert(sizeof(struct fpx_sw_bytes) == 48, "struct _fpx_sw_bytes");

uint32_t fpu_frame_size(void);
void fpu_frame_save(struct task *t, struct fpstate32 *fs);
void fpu_frame_restore(struct task *t, const struct fpstate32 *fs);

#endif
