/*
 * wait.h: sleeping until something happens.
 *
 * A wait queue is where code sleeps until an event, typically an interrupt
 * handler's completion, makes a condition true:
 *
 *	wait_event(&dev->wq, rq->done);		(sleeper)
 *	rq->done = true; wake_up(&dev->wq);	(interrupt handler)
 *
 * Until the scheduler exists there is one thread, so sleeping means halting
 * the CPU until the next interrupt and testing the condition again.  The
 * test and the halt are made atomic with "sti; hlt" (an interrupt cannot
 * slip between them), so a wake-up is never lost and no status register is
 * ever busy-polled.  The scheduler will keep this interface and put the
 * task to sleep on the queue instead.
 *
 * wait_event_timeout() also gives up after a number of nanoseconds and
 * returns false then.
 */
#ifndef KERNEL_WAIT_H
#define KERNEL_WAIT_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/spinlock.h"
#include "lib/list.h"

struct wait_queue {
	struct spinlock lock;
	struct list_head sleepers;	/* for the scheduler, later */
	uint32_t wakeups;		/* statistics */
};

#define WAIT_QUEUE_INIT(name) \
	{ SPINLOCK_INIT, LIST_HEAD_INIT((name).sleepers), 0 }

void wait_queue_init(struct wait_queue *wq);
void wake_up(struct wait_queue *wq);

/*
 * Halt until the next interrupt with interrupts enabled, then return with
 * them as they were.  Called with interrupts off right after the sleeper
 * tested its condition.
 */
void wait_idle_until_interrupt(uint32_t saved_flags);

#define wait_event(wq, cond) do {					\
	for (;;) {							\
		uint32_t wait_flags_ = irq_save();			\
		if (cond) {						\
			irq_restore(wait_flags_);			\
			break;						\
		}							\
		wait_idle_until_interrupt(wait_flags_);			\
	}								\
	(void)(wq);							\
} while (0)

/* Returns true when cond became true, false after timeout_ns. */
#define wait_event_timeout(wq, cond, timeout_ns) ({			\
	uint64_t wait_deadline_ = clock_ns() + (timeout_ns);		\
	bool wait_ok_ = false;						\
	for (;;) {							\
		uint32_t wait_flags_ = irq_save();			\
		if (cond) {						\
			irq_restore(wait_flags_);			\
			wait_ok_ = true;				\
			break;						\
		}							\
		if (clock_ns() >= wait_deadline_) {			\
			irq_restore(wait_flags_);			\
			break;						\
		}							\
		wait_idle_until_interrupt(wait_flags_);			\
	}								\
	(void)(wq);							\
	wait_ok_;							\
})

#endif
