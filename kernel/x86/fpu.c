/*
 * fpu.c: x87/SSE state of user tasks (see fpu.h).
 */
#include "kernel/x86/fpu.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"

#define CR0_MP		(1u << 1)
#define CR0_EM		(1u << 2)
#define CR0_TS		(1u << 3)
#define CR0_NE		(1u << 5)
#define CR4_OSFXSR	(1u << 9)
#define CR4_OSXMMEXCPT	(1u << 10)
#define CPUID_FXSR	(1u << 24)
#define CPUID_SSE	(1u << 25)

static bool have_fxsr;
static uint32_t mxcsr_mask = 0xffbf;	/* without MXCSR_MASK: Intel's default */
static uint8_t initial_state[FPU_STATE_SIZE] __aligned(16);

static void fpu_save(void *area)
{
	if (have_fxsr)
		__asm__ __volatile__("fxsave (%0)" : : "r"(area) : "memory");
	else
		__asm__ __volatile__("fnsave (%0); fwait" : : "r"(area) : "memory");
}

static void fpu_restore(const void *area)
{
	if (have_fxsr)
		__asm__ __volatile__("fxrstor (%0)" : : "r"(area) : "memory");
	else
		__asm__ __volatile__("frstor (%0)" : : "r"(area) : "memory");
}

void fpu_init(void)
{
	uint32_t a, b, c, d, mxcsr = 0x1f80;

	cpuid(1, &a, &b, &c, &d);
	have_fxsr = d & CPUID_FXSR;
	write_cr0((read_cr0() & ~(CR0_EM | CR0_TS)) | CR0_MP | CR0_NE);
	if (have_fxsr)
		write_cr4(read_cr4() | CR4_OSFXSR |
			  (d & CPUID_SSE ? CR4_OSXMMEXCPT : 0));
	__asm__ __volatile__("fninit");
	if (have_fxsr && (d & CPUID_SSE))
		__asm__ __volatile__("ldmxcsr %0" : : "m"(mxcsr));
	fpu_save(initial_state);
	if (have_fxsr && *(uint32_t *)(initial_state + 28))
		mxcsr_mask = *(uint32_t *)(initial_state + 28);
}

void fpu_report(void)
{
	uint32_t a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	pr_info("fpu: x87%s%s, saved with %s\n", have_fxsr ? ", FXSR" : "",
		d & CPUID_SSE ? ", SSE" : "", have_fxsr ? "fxsave" : "fnsave");
}

int fpu_alloc(struct task *t)
{
	t->fpu = kmalloc(FPU_STATE_SIZE);	/* 512-byte class: aligned */
	if (!t->fpu)
		return -ENOMEM;
	memcpy(t->fpu, initial_state, FPU_STATE_SIZE);
	return 0;
}

void fpu_free(struct task *t)
{
	kfree(t->fpu);
	t->fpu = NULL;
}

void fpu_copy(struct task *dst, struct task *src)
{
	uint32_t flags = irq_save();

	if (src == current && src->fpu)
		fpu_save(src->fpu);	/* its registers are the live ones */
	if (src->fpu && dst->fpu)
		memcpy(dst->fpu, src->fpu, FPU_STATE_SIZE);
	if (src == current && src->fpu && !have_fxsr)
		fpu_restore(src->fpu);	/* fnsave reinitialised them */
	irq_restore(flags);
}

void fpu_reset(struct task *t)
{
	uint32_t flags = irq_save();

	if (t->fpu) {
		memcpy(t->fpu, initial_state, FPU_STATE_SIZE);
		if (t == current)
			fpu_restore(t->fpu);
	}
	irq_restore(flags);
}

void fpu_switch(struct task *prev, struct task *next)
{
	if (prev->fpu)
		fpu_save(prev->fpu);
	if (next->fpu)
		fpu_restore(next->fpu);
}

void fpu_sync(struct task *t)
{
	if (t == current && t->fpu) {
		fpu_save(t->fpu);
		if (!have_fxsr)
			fpu_restore(t->fpu);	/* fnsave reinitialised them */
	}
}

void fpu_load(struct task *t)
{
	if (t == current && t->fpu)
		fpu_restore(t->fpu);
}

bool fpu_has_fxsr(void)
{
	return have_fxsr;
}

uint32_t fpu_mxcsr_mask(void)
{
	return mxcsr_mask;
}

/* Linux's fpu__exception_code: the first flagged unmasked exception. */
int fpu_exception_code(struct task *t, int vector)
{
	const uint8_t *area = t->fpu;
	uint32_t flags = irq_save(), err;

	fpu_sync(t);
	if (vector == 16) {
		uint16_t cw = have_fxsr ? *(const uint16_t *)area :
			(uint16_t)*(const uint32_t *)area;
		uint16_t sw = have_fxsr ? *(const uint16_t *)(area + 2) :
			(uint16_t)*(const uint32_t *)(area + 4);

		err = sw & ~cw;
	} else {
		uint32_t mxcsr = have_fxsr ? *(const uint32_t *)(area + 24) :
			0x1f80;

		err = ~(mxcsr >> 7) & mxcsr;
	}
	irq_restore(flags);
	if (err & 0x01)
		return FPE_FLTINV;
	if (err & 0x04)
		return FPE_FLTDIV;
	if (err & 0x08)
		return FPE_FLTOVF;
	if (err & 0x12)
		return FPE_FLTUND;
	if (err & 0x20)
		return FPE_FLTRES;
	return 0;
}
