/*
 * loadavg.c: the load averages, as Linux computes them.
 *
 * Every 5 seconds (a tick hook) the number of running and runnable tasks
 * is folded into three exponentially damped averages with 1, 5 and 15
 * minute time constants, in 11-bit fixed point with Linux's constants,
 * so that /proc/loadavg reads as it would on Linux.
 *
 * Interface (kernel/sched/task.h): sched_loadavg.
 */
#include "kernel/clock.h"
#include "kernel/init.h"
#include "kernel/sched/task.h"
#include "kernel/timer.h"

#define FSHIFT		11
#define FIXED_1		(1ul << FSHIFT)
#define LOAD_FREQ	(5 * HZ)		/* ticks between samples */
#define EXP_1		1884ul		/* 1 / exp(5 s / 1 min) */
#define EXP_5		2014ul		/* 1 / exp(5 s / 5 min) */
#define EXP_15		2037ul		/* 1 / exp(5 s / 15 min) */

static unsigned long avenrun[3];
static unsigned int ticks_to_sample = LOAD_FREQ;

static unsigned long calc_load(unsigned long load, unsigned long exp,
			       unsigned long active)
{
	unsigned long newload = load * exp + active * (FIXED_1 - exp);

	if (active >= load)
		newload += FIXED_1 - 1;		/* round up while rising */
	return newload / FIXED_1;
}

static void loadavg_tick(struct tick_hook *hook)
{
	unsigned long active;

	if (--ticks_to_sample)
		return;
	ticks_to_sample = LOAD_FREQ;
	active = (unsigned long)sched_nr_running() * FIXED_1;
	avenrun[0] = calc_load(avenrun[0], EXP_1, active);
	avenrun[1] = calc_load(avenrun[1], EXP_5, active);
	avenrun[2] = calc_load(avenrun[2], EXP_15, active);
}

static struct tick_hook loadavg_hook = { .fn = loadavg_tick };

void sched_loadavg(unsigned long avg[3])
{
	for (int i = 0; i < 3; i++) {
		unsigned long v = READ_ONCE(avenrun[i]);

		/* Hundredths, rounded as Linux's LOAD_INT/LOAD_FRAC print. */
		avg[i] = (v >> FSHIFT) * 100 +
			 (((v & (FIXED_1 - 1)) * 100 + FIXED_1 / 200) >> FSHIFT);
	}
}

static int loadavg_init(void)
{
	tick_hook_register(&loadavg_hook);
	return 0;
}
INITCALL(INIT_CORE, loadavg_init);
