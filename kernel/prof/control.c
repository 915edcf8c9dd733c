/*
 * control.c: starting and stopping a recording (see prof.h).
 *
 * prof_start checks the configuration, prepares the log (allocated now,
 * before anything is recorded), writes the INFO record, describes the
 * processes already running when sampling, and only then sets prof_flags
 * and starts the timer.  prof_stop stops the timer first, then clears
 * prof_flags and closes the log with its LOST record.  Both run in
 * process context (the ioctls, boot.c) and are serialized by a mutex,
 * which readers of the log (prof_read) take too: only prof_start frees
 * or replaces the log.
 *
 * Interface (prof.h): prof_start, prof_stop, prof_read, prof_get_stats,
 * prof_task_wanted, prof_trace.
 */
#include "kernel/prof/prof.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/lapic.h"
#include "kernel/mutex.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"

volatile uint32_t prof_flags;
static struct mutex prof_lock = MUTEX_INIT(prof_lock);
static uint32_t rec_flags, rec_hz;

bool prof_task_wanted(const struct task *t)
{
	if (prof_flags & PROF_F_ALL)
		return true;
	return t && t->proc && t->proc->prof_traced;
}

static int config_check(struct prof_config *c)
{
	if (!c->hz)
		c->hz = PROF_HZ_DEFAULT;
	if (!c->log_kib)
		c->log_kib = PROF_LOG_KIB_DEFAULT;
	if (!c->flags || (c->flags & ~PROF_F_KNOWN) || c->reserved ||
	    c->hz < 10 || c->hz > PROF_HZ_MAX || c->log_kib < 64 ||
	    c->log_kib > PROF_LOG_KIB_MAX)
		return -EINVAL;
	if ((c->flags & PROF_F_SAMPLES) && !lapic_present())
		return -ENODEV;
	return 0;
}

static int untrace(struct proc *p, void *arg)
{
	p->prof_traced = false;
	return 0;
}

static void write_info(void)
{
	struct prof_rec_info info = {
		.h = { .type = PROF_REC_INFO, .size = sizeof(info) },
		.version = PROF_VERSION,
		.tsc_khz = tsc_khz(),
		.boot_tsc = tsc_boot(),
		.hz = rec_hz,
		.flags = rec_flags,
		.kernel_base = KERNEL_BASE,
	};

	prof_log_write(&info.h);
}

/* Sampling on: the timer at hz, counters reset.  0 or -Exxx. */
static int sampling_start(uint32_t hz)
{
	int err;

	prof_sample_reset(hz);
	err = lapic_timer_start(hz, prof_sample);
	if (!err)
		rec_hz = lapic_timer_hz();
	return err;
}

int prof_start(const struct prof_config *cfg)
{
	struct prof_config c = *cfg;
	int err;

	err = config_check(&c);
	if (err)
		return err;
	mutex_lock(&prof_lock);
	err = prof_flags ? -EBUSY : prof_log_alloc(c.log_kib);
	if (err)
		goto out;
	proc_for_each(untrace, NULL);
	rec_flags = c.flags;
	rec_hz = c.flags & PROF_F_SAMPLES ? c.hz : 0;
	write_info();
	if (c.flags & PROF_F_SYSCALLS)
		prof_sysstat_reset();
	prof_flags = c.flags & ~PROF_F_MEMORY;	/* not the list's kmalloc */
	if (c.flags & PROF_F_SAMPLES)
		prof_events_synthesize();
	prof_flags = c.flags;
	if (c.flags & PROF_F_SAMPLES)
		err = sampling_start(c.hz);
	if (err)
		prof_flags = 0;
out:
	mutex_unlock(&prof_lock);
	return err;
}

void prof_stop(void)
{
	uint32_t flags;

	mutex_lock(&prof_lock);
	flags = irq_save();	/* the boot recording may end meanwhile */
	if (prof_flags) {
		lapic_timer_stop();
		prof_flags = 0;
		prof_log_close();
	}
	irq_restore(flags);
	mutex_unlock(&prof_lock);
}

/* Mark process pid (0: the caller's) and, through fork, its future
 * children as profiled: 0, -ESRCH.  The caller's own program is
 * described at once (another process's was, if it already ran, when the
 * recording started with PROF_F_ALL; else its frames stay unnamed until
 * it execs). */
int prof_trace(int pid)
{
	struct proc *p;

	preempt_disable();
	p = pid ? proc_find(pid) : current->proc;
	if (p)
		p->prof_traced = true;
	preempt_enable();
	if (p && p == current->proc)
		prof_exec(p);
	return p ? 0 : -ESRCH;
}

/* The log, for /dev/profile's readers: under prof_lock, so that a
 * recording that starts meanwhile cannot replace the log under the
 * copy. */
size_t prof_read(void *buf, size_t len, uint64_t pos)
{
	size_t n;

	mutex_lock(&prof_lock);
	n = prof_log_read(buf, len, pos);
	mutex_unlock(&prof_lock);
	return n;
}

void prof_get_stats(struct prof_stats *st)
{
	uint32_t flags;

	flags = irq_save();

	*st = (struct prof_stats){
		.samples = prof_samples,
		.lost = prof_log_lost(),
		.irqs_off = prof_irqs_off_periods,
		.handler_cycles = prof_handler_cycles,
		.handler_calls = prof_handler_calls,
		.hz = rec_hz,
		.tsc_khz = tsc_khz(),
		.log_bytes = prof_log_used(),
		.log_size = prof_log_size(),
		.flags = rec_flags,
		.active = prof_flags != 0,
	};
	irq_restore(flags);
}
