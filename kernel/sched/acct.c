/*
 * acct.c: what tasks and the CPU spend their time on (see task.h).
 *
 * Time is sampled as Linux does without precise accounting: each timer
 * tick charges a whole tick (NSEC_PER_SEC / HZ) to the running task, as
 * user time when the interrupt came from user mode, else system time;
 * the CPU's totals (/proc/stat) get the same tick as user, nice (user
 * time of a task with a positive nice value), system or idle time.
 * Context switches are counted by schedule(): a task leaving the CPU to
 * sleep made a voluntary switch, one still runnable an involuntary one.
 *
 * Interface (kernel/sched/task.h): sched_account_tick,
 * sched_account_switch, cpu_stat.
 */
#include "kernel/clock.h"
#include "kernel/sched/task.h"

#define TICK_NS		(NSEC_PER_SEC / HZ)

struct cpu_stat cpu_stat;

/* From the timer interrupt (interrupts off). */
void sched_account_tick(bool user)
{
	struct task *t = current;

	if (!t)
		return;
	if (t->pid == 0 && !user) {
		cpu_stat.idle_ns += TICK_NS;	/* the idle task */
		return;
	}
	if (user) {
		t->acct.utime_ns += TICK_NS;
		if (t->nice > 0)
			cpu_stat.nice_ns += TICK_NS;
		else
			cpu_stat.user_ns += TICK_NS;
	} else {
		t->acct.stime_ns += TICK_NS;
		cpu_stat.system_ns += TICK_NS;
	}
}

/* From schedule(), with the run queue locked, before prev leaves. */
void sched_account_switch(struct task *prev, struct task *next)
{
	if (prev == next)
		return;
	if (prev->state == TASK_RUNNING)
		prev->acct.nivcsw++;
	else
		prev->acct.nvcsw++;
	cpu_stat.ctxt++;
}
