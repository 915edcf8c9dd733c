/*
 * sysstat.c: system call statistics (see prof.h).
 *
 * While a recording has PROF_F_SYSCALLS, every call a profiled task makes
 * is counted by number: calls, errors (a return in -4095..-1, as the C
 * library sees one), total and longest time in TSC cycles.  The counters
 * are only written by the calling task with interrupts off, so a reader
 * sees whole values.  /proc/syscall_stats shows them, one line per call
 * made since the recording started:
 *	nr name calls errors total_ns max_ns
 * with the name the kernel gives the call, without its "sys_" prefix.
 * The time is the call's whole time in the kernel, sleeps included, as
 * strace -c counts it.
 *
 * Interface (prof.h): prof_sysstat_reset, prof_syscall_enter,
 * prof_syscall_exit.
 */
#include "kernel/prof/prof.h"
#include "fs/procfs/procfs.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/init.h"
#include "kernel/syscall/syscall.h"
#include "kernel/sched/task.h"
#include "lib/string.h"

struct syscall_stat {
	uint32_t calls, errors;
	uint64_t total, max;	/* TSC cycles */
};

static struct syscall_stat stats[SYSCALL_MAX + 1];	/* last: unknown */

void prof_sysstat_reset(void)
{
	uint32_t flags;

	flags = irq_save();
	memset(stats, 0, sizeof(stats));
	irq_restore(flags);
}

void prof_syscall_enter(uint32_t nr)
{
	if (prof_flags & PROF_F_BOOT)
		prof_boot_first_syscall(nr);
}

void prof_syscall_exit(uint32_t nr, long ret, uint64_t cycles)
{
	struct syscall_stat *s = &stats[nr < SYSCALL_MAX ? nr : SYSCALL_MAX];
	uint32_t flags;

	if (!(prof_flags & PROF_F_SYSCALLS) || !prof_task_wanted(current))
		return;
	flags = irq_save();
	s->calls++;
	if (ret < 0 && ret >= -4095)
		s->errors++;
	s->total += cycles;
	if (cycles > s->max)
		s->max = cycles;
	irq_restore(flags);
}

static void stats_show(struct procfs_buf *b)
{
	for (uint32_t nr = 0; nr <= SYSCALL_MAX; nr++) {
		struct syscall_stat s;
		const char *name;
		uint32_t flags;

		flags = irq_save();
		s = stats[nr];
		irq_restore(flags);
		if (!s.calls)
			continue;
		name = nr < SYSCALL_MAX ? syscall_name(nr) : NULL;
		if (name && !strncmp(name, "sys_", 4))
			name += 4;
		procfs_printf(b, "%u %s %u %u %llu %llu\n", nr,
			      name ? name : "unknown", s.calls, s.errors,
			      (unsigned long long)tsc_to_ns(s.total),
			      (unsigned long long)tsc_to_ns(s.max));
	}
}

static int sysstat_init(void)
{
	return procfs_register("syscall_stats", stats_show);
}
INITCALL(INIT_FS, sysstat_init);
