/*
 * timer.h: functions run on every timer tick.
 *
 * A driver that must notice when something has taken too long (a disk
 * that never interrupts) registers a struct tick_hook once; the PIT's
 * interrupt handler (kernel/x86/pit.c) then calls every hook, HZ times a
 * second, in interrupt context with interrupts off.  A hook must be short
 * and must not sleep; it usually compares clock_ns() with a deadline.
 *
 *	static void my_watchdog(struct tick_hook *h) { ... }
 *	static struct tick_hook hook = { .fn = my_watchdog };
 *	tick_hook_register(&hook);
 *
 * Interface: tick_hook_register, tick_hook_unregister, tick_hooks_run.
 */
#ifndef KERNEL_TIMER_H
#define KERNEL_TIMER_H

#include "lib/list.h"

struct tick_hook {
	void (*fn)(struct tick_hook *hook);
	struct list_head list;		/* owned by kernel/timer.c */
};

void tick_hook_register(struct tick_hook *hook);
void tick_hook_unregister(struct tick_hook *hook);
/* From the timer interrupt: call every registered hook. */
void tick_hooks_run(void);

#endif
