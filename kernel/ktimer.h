/*
 * ktimer.h: interval timers on the monotonic clock (kernel/ktimer.c),
 * the engine under timerfd and the POSIX timers.
 *
 * A timer is armed with a deadline (ktimer_deadline: the monotonic clock
 * shifted so that times before boot exist too) and an interval (0: one
 * shot).  The timer tick (HZ times a second) counts the expirations that
 * have passed into the timer and calls its fire function, in interrupt
 * context with the timers' lock held: fire must be short, must not sleep
 * and must not arm or read timers (it may wake a wait queue or send a
 * signal).  Readers fold in the expirations up to now themselves, so
 * counts and remaining times are exact between ticks.
 *
 * Interface:
 *   ktimer_init(t, fire, data)     a disarmed timer on the monotonic clock
 *                          (another: set t->clock before arming)
 *   ktimer_arm(t, expire, interval)   expire: a ktimer_deadline, 0 to
 *                          disarm; the count of expirations restarts at 0
 *   ktimer_get(t, &left, &interval)   ns to the next expiry (0: disarmed)
 *   ktimer_take(t)         the expirations counted since the last take
 *                          (or arm), and the count back to 0
 *   ktimer_pending(t)      that count, left as it is
 *   ktimer_stop(t)         disarm (before freeing t)
 *   ktimer_deadline(t, realtime, abstime, value)   the deadline of a
 *                          value in ns for t: from now, or a time on t's
 *                          clock or (realtime, monotonic t) the wall
 *                          clock (a past one stays in the past, so that
 *                          the periods missed count); 0 stays 0
 */
#ifndef KERNEL_KTIMER_H
#define KERNEL_KTIMER_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/list.h"

struct ktimer {
	uint64_t expire;		/* ktimer_deadline, 0: disarmed */
	uint64_t interval;
	uint64_t count;			/* expirations not yet taken */
	void (*fire)(struct ktimer *t);
	/* Its clock in ns (a CPU-time clock), NULL: clock_ns(); read from
	 * the tick too, under the same rules as fire. */
	uint64_t (*clock)(const struct ktimer *t);
	void *data;			/* the owner's */
	struct list_head link;		/* on the armed list */
};

void ktimer_init(struct ktimer *t, void (*fire)(struct ktimer *), void *data);
void ktimer_arm(struct ktimer *t, uint64_t expire, uint64_t interval);
void ktimer_get(struct ktimer *t, uint64_t *left, uint64_t *interval);
uint64_t ktimer_take(struct ktimer *t);
uint64_t ktimer_pending(struct ktimer *t);
void ktimer_stop(struct ktimer *t);
uint64_t ktimer_deadline(const struct ktimer *t, bool realtime, bool abstime,
			 uint64_t value);

#endif
