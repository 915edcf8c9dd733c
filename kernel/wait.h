/*
 * wait.h: sleeping until something happens.
 *
 * A wait queue is where code sleeps until an event, typically an interrupt
 * handler's completion, makes a condition true:
 *
 *	wait_event(&dev->wq, rq->done);		(sleeper)
 *	rq->done = true; wake_up(&dev->wq);	(interrupt handler)
 *
 * The sleeper queues itself and marks itself TASK_SLEEPING with interrupts
 * off, then tests the condition, and only then calls schedule(); wake_up()
 * makes every sleeper runnable again.  A wake-up between the test and the
 * schedule() finds the task queued and makes it runnable, so it is never
 * lost.  The condition is tested with interrupts off: keep it cheap.
 *
 * Before the scheduler runs (early boot), in the idle task and in
 * interrupt handlers nothing can sleep: wait_event then halts until the
 * next interrupt with "sti; hlt" (atomic with the test) and tests again.
 *
 * wait_event_timeout() also gives up after a number of nanoseconds and
 * returns false then; the sleeping task is woken by its sleep timer.
 *
 * A task that waits on several queues at once (poll, fs/poll.c) cannot
 * use its one wait_link: it hangs a struct wait_entry on each queue
 * instead.  wake_up() (or wake_up_poll(), which says which POLL* events
 * changed) calls every entry's wake function (with the queue's
 * lock held and interrupts off: it must not sleep) and leaves the entry
 * queued; its owner removes it with wait_entry_remove().
 *
 * Interface: wait_queue_init, WAIT_QUEUE_INIT, wake_up, wake_up_poll,
 * wait_event,
 * wait_event_timeout, wait_entry_add, wait_entry_remove.
 */
#ifndef KERNEL_WAIT_H
#define KERNEL_WAIT_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/spinlock.h"
#include "lib/list.h"

struct wait_queue {
	struct spinlock lock;
	struct list_head sleepers;	/* struct task, by wait_link */
	struct list_head entries;	/* struct wait_entry, by link */
	uint32_t wakeups;		/* statistics */
};

struct wait_entry {
	struct list_head link;
	/* key: the POLL* events the wake-up is about, 0 for any */
	void (*wake)(struct wait_entry *entry, unsigned int key);
};

#define WAIT_QUEUE_INIT(name) \
	{ SPINLOCK_INIT, LIST_HEAD_INIT((name).sleepers), \
	  LIST_HEAD_INIT((name).entries), 0 }

#define WAIT_FOREVER	UINT64_MAX

void wait_queue_init(struct wait_queue *wq);
void wake_up(struct wait_queue *wq);
/* wake_up, telling the wait entries that only the POLL* events in key
 * changed (epoll's edge-triggered items ignore the others). */
void wake_up_poll(struct wait_queue *wq, unsigned int key);
/* Hang e (its wake set) on wq, or take it off again. */
void wait_entry_add(struct wait_queue *wq, struct wait_entry *e);
void wait_entry_remove(struct wait_queue *wq, struct wait_entry *e);

/* The steps of wait_event, all with interrupts off: queue the caller and
 * mark it sleeping (nothing before the scheduler), then sleep or halt
 * until a wake-up or the deadline, then leave the queue. */
void wait_prepare(struct wait_queue *wq);
void wait_sleep(struct wait_queue *wq, uint64_t deadline);
void wait_finish(struct wait_queue *wq);

/* Returns true when cond became true, false at clock_ns() >= deadline. */
#define wait_event_until(wq, cond, deadline) ({				\
	uint64_t wait_deadline_ = (deadline);				\
	uint32_t wait_flags_ = irq_save();				\
	bool wait_ok_;							\
	for (;;) {							\
		wait_prepare(wq);					\
		if (cond) {						\
			wait_ok_ = true;				\
			break;						\
		}							\
		if (wait_deadline_ != WAIT_FOREVER &&			\
		    clock_ns() >= wait_deadline_) {			\
			wait_ok_ = false;				\
			break;						\
		}							\
		wait_sleep(wq, wait_deadline_);				\
	}								\
	wait_finish(wq);						\
	irq_restore(wait_flags_);					\
	wait_ok_;							\
})

#define wait_event(wq, cond) \
	((void)wait_event_until(wq, cond, WAIT_FOREVER))

/* Returns true when cond became true, false after timeout_ns. */
#define wait_event_timeout(wq, cond, timeout_ns) \
	wait_event_until(wq, cond, clock_ns() + (timeout_ns))

#endif
