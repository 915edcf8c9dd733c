/*
 * sample.c: the sampling interrupt's handler (see prof.h).
 *
 * The local APIC timer interrupts hz times a second, independently of the
 * PIT's scheduler tick.  Each interrupt that finds a profiled task writes
 * one SAMPLE record: the kernel chain from the interrupted frame when the
 * CPU was in the kernel, and the user chain from the registers the task
 * left user mode with (the interrupted frame itself, or the trap frame at
 * the top of its kernel stack when it is in a system call or fault).
 *
 * Time with interrupts off.  The timer cannot interrupt code that runs
 * with interrupts disabled: its interrupt waits and is taken, late, when
 * they come back on, and the periods in between would be lost.  Each
 * sample therefore measures the TSC time since the previous interrupt;
 * the whole periods beyond one are counted in the record's irqs_off, so
 * that time shows as an "[irqs-off]" frame over the stack where
 * interrupts came back on, never silently missing.  Under TCG the
 * emulated timer jitters, so only a gap above 1.5 periods counts.
 *
 * The handler's own cost, in TSC cycles from its first instruction to its
 * last, is summed for the statistics (the interrupt's entry and exit
 * stubs are not in it).
 *
 * Interface (prof.h): prof_sample, prof_sample_reset and the counters.
 */
#include "kernel/prof/prof.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/interrupt.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/syscall/syscall.h"
#include "lib/div64.h"
#include "lib/string.h"

uint64_t prof_samples, prof_irqs_off_periods;
uint64_t prof_handler_cycles, prof_handler_calls;
static uint64_t period_tsc, last_tsc;

void prof_sample_reset(uint32_t hz)
{
	period_tsc = hz ? (uint64_t)tsc_khz() * 1000 / hz : 0;
	last_tsc = 0;
	prof_samples = prof_irqs_off_periods = 0;
	prof_handler_cycles = prof_handler_calls = 0;
}

/* Whole periods missed since the last interrupt. */
static uint16_t periods_late(uint64_t now)
{
	uint64_t gap = now - last_tsc, periods;
	uint32_t rem;
	bool first = !last_tsc;

	last_tsc = now;
	if (first || !period_tsc || gap <= period_tsc + period_tsc / 2)
		return 0;
	periods = div_u64_rem(gap + period_tsc / 2, (uint32_t)period_tsc, &rem);
	return periods - 1 > 0xffff ? 0xffff : (uint16_t)(periods - 1);
}

/* The user registers of a task in the kernel, or NULL (kernel thread,
 * or a task that has not been to user mode yet). */
static const struct trap_frame *user_regs(void)
{
	const struct trap_frame *uf;

	if (!current || !current->thread)
		return NULL;
	uf = (const struct trap_frame *)(current->stack_top - sizeof(*uf));
	return trap_from_user(uf) ? uf : NULL;
}

static uint8_t sample_mode(const struct trap_frame *f)
{
	if (trap_from_user(f))
		return PROF_MODE_USER;
	return current && current->pid == 0 ? PROF_MODE_IDLE : PROF_MODE_KERNEL;
}

static void sample_write(const struct trap_frame *f, uint16_t late,
			 uint64_t now)
{
	uint32_t ips[PROF_KERNEL_DEPTH + PROF_USER_DEPTH], lo, hi;
	unsigned int nk = 0, nu;
	const struct trap_frame *uf = f;
	struct prof_rec_sample *s;
	uint32_t tid = current ? (uint32_t)current->pid : 0;
	uint32_t pid = current && current->proc ? (uint32_t)current->proc->pid : tid;

	if (!trap_from_user(f)) {
		prof_stack_bounds(&lo, &hi);
		nk = prof_unwind_kernel(f->eip, f->ebp, lo, hi, ips,
					PROF_KERNEL_DEPTH);
		uf = user_regs();
	}
	nu = uf ? prof_unwind_user(uf->eip, uf->ebp, ips + nk,
				   PROF_USER_DEPTH) : 0;
	s = (struct prof_rec_sample *)prof_log_reserve(PROF_REC_SAMPLE,
			sizeof(*s) + 4 * (nk + nu), pid, tid, now);
	if (!s)
		return;
	s->mode = sample_mode(f);
	s->pad = 0;
	s->irqs_off = late;
	s->nkernel = (uint16_t)nk;
	s->nuser = (uint16_t)nu;
	s->syscall_fn = uf && uf != f && uf->vector == SYSCALL_VECTOR ?
			syscall_handler(uf->error) : 0;
	memcpy(s->ips, ips, 4 * (nk + nu));
	prof_samples++;
	prof_irqs_off_periods += late;
}

/* The timer's handler: interrupts are off. */
void prof_sample(struct trap_frame *f)
{
	uint64_t t0 = rdtsc();
	uint16_t late = periods_late(t0);

	if (prof_flags & PROF_F_BOOT)
		prof_boot_tick(t0);
	if (prof_on(PROF_F_SAMPLES) && prof_task_wanted(current))
		sample_write(f, late, t0);
	prof_handler_calls++;
	prof_handler_cycles += rdtsc() - t0;
}
