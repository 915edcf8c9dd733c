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
 * Interface: fpu_init (boot: CR0/CR4 set-up), fpu_alloc / fpu_free (a
 * task's area), fpu_copy (fork: child gets the parent's registers),
 * fpu_reset (exec), fpu_switch (from the context switch).
 */
#ifndef KERNEL_FPU_H
#define KERNEL_FPU_H

struct task;

#define FPU_STATE_SIZE	512

void fpu_init(void);
int fpu_alloc(struct task *t);		/* 0 or -ENOMEM; the initial state */
void fpu_free(struct task *t);
void fpu_copy(struct task *dst, struct task *src);
void fpu_reset(struct task *t);	/* exec: back to the initial state */
void fpu_switch(struct task *prev, struct task *next);

#endif
