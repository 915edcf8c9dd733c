/*
 * sleep.c: sleep timers: a task sleeping until a deadline (sleep_ns,
 * wait_event_timeout).
 *
 * The armed tasks are on one list ordered by deadline, so the tick hook
 * looks only at the head: O(1) per tick plus one step per expired timer.
 * Arming is O(n) in the number of sleepers, which is small.  The list is
 * touched with interrupts off (timer_lock).
 */
#include "kernel/sched/task.h"
#include "kernel/clock.h"
#include "kernel/spinlock.h"
#include "kernel/timer.h"

static struct list_head timers = LIST_HEAD_INIT(timers);
static struct spinlock timer_lock = SPINLOCK_INIT;

/* Wake t at clock_ns() >= deadline (re-arms if already armed). */
void sched_timer_arm(struct task *t, uint64_t deadline)
{
	uint32_t flags = spin_lock_irqsave(&timer_lock);
	struct list_head *pos;

	list_del(&t->timer_link);
	t->wake_at = deadline;
	for (pos = timers.next; pos != &timers; pos = pos->next) {
		struct task *o = list_entry(pos, struct task, timer_link);

		if (o->wake_at > deadline)
			break;
	}
	list_insert_between(&t->timer_link, pos->prev, pos);
	spin_unlock_irqrestore(&timer_lock, flags);
}

void sched_timer_cancel(struct task *t)
{
	uint32_t flags = spin_lock_irqsave(&timer_lock);

	list_del(&t->timer_link);
	spin_unlock_irqrestore(&timer_lock, flags);
}

static void timers_tick(struct tick_hook *hook)
{
	uint64_t now = clock_ns();
	uint32_t flags = spin_lock_irqsave(&timer_lock);

	while (!list_empty(&timers)) {
		struct task *t = list_first_entry(&timers, struct task,
						  timer_link);

		if (t->wake_at > now)
			break;
		list_del(&t->timer_link);
		task_wake(t);
	}
	spin_unlock_irqrestore(&timer_lock, flags);
}

static struct tick_hook timers_hook = { .fn = timers_tick };

/*
 * Sleep at least ns nanoseconds (to the next tick after the deadline).
 * Before the scheduler, or where sleeping is impossible, halts instead.
 */
void sleep_ns(uint64_t ns)
{
	uint64_t deadline = clock_ns() + ns;

	while (clock_ns() < deadline) {
		uint32_t flags = irq_save();

		if (sched_can_sleep()) {
			current->state = TASK_SLEEPING;
			sched_timer_arm(current, deadline);
			schedule();
			sched_timer_cancel(current);
		} else {
			__asm__ __volatile__("sti; hlt" ::: "memory");
		}
		irq_restore(flags);
		if (!(flags & 0x200))
			cpu_cli();
	}
}

void sched_timers_init(void)
{
	tick_hook_register(&timers_hook);
}
