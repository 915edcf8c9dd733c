/*
 * pit.c: the periodic timer, PIT channel 0 at CONFIG_HZ, on IRQ 0.
 *
 * Interface (kernel/clock.h): pit_init(), jiffies.  Every tick also runs
 * the tick hooks (kernel/timer.h); later the scheduler and the profiler
 * hook into pit_tick().
 */
#include "kernel/clock.h"
#include "kernel/export.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "kernel/sched/task.h"
#include "kernel/timer.h"

#define PIT_CH0		0x40
#define PIT_CMD		0x43
#define PIT_CH0_RATE	0x34	/* channel 0, lobyte/hibyte, mode 2 */

_Static_assert(HZ >= 19 && HZ <= 10000, "HZ must fit the PIT's 16-bit divisor");

volatile uint64_t jiffies;
EXPORT_SYMBOL(jiffies);

static void pit_tick(struct trap_frame *f)
{
	jiffies++;
	sched_account_tick(trap_from_user(f));
	tick_hooks_run();
}

void pit_init(void)
{
	uint32_t divisor = (PIT_HZ + HZ / 2) / HZ;

	outb(PIT_CMD, PIT_CH0_RATE);
	outb(PIT_CH0, divisor & 0xff);
	outb(PIT_CH0, divisor >> 8);
	irq_register(IRQ_TIMER, pit_tick);
	pr_info("timer: PIT at %u Hz\n", HZ);
}
