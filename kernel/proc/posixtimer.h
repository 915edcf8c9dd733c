/*
 * posixtimer.h: a process's POSIX timers, timer_create's (kernel/proc/
 * posixtimer.c).
 *
 * Interface:
 *   posixtimer_create(clockid, ev, &id)   a new timer of the calling
 *       process (ev NULL: SIGALRM with the id as its value): 0, -EINVAL
 *       (clock, notification, signal, thread), -EOPNOTSUPP (a clock
 *       with no timers), -EAGAIN (RLIMIT_SIGPENDING timers), -ENOMEM
 *   posixtimer_set(id, abstime, value, interval, &old_value, &old_interval)
 *   posixtimer_get(id, &value, &interval)
 *   posixtimer_overrun(id)    the overrun of its last delivered signal
 *   posixtimer_delete(id)     0 or -EINVAL (no such timer) for all four
 *   posixtimer_delete_all(p)  at execve and at the process's end
 *   posixtimer_dequeued(p, info)   a SI_TIMER signal of p is taken
 *       (signal lock held): its si_overrun filled in
 */
#ifndef KERNEL_PROC_POSIXTIMER_H
#define KERNEL_PROC_POSIXTIMER_H

#include <stdbool.h>
#include <stdint.h>

#define SIGEV_SIGNAL	0
#define SIGEV_NONE	1
#define SIGEV_THREAD	2
#define SIGEV_THREAD_ID	4

struct proc;
struct ksiginfo;

struct posixtimer_event {	/* struct sigevent's fields */
	uint32_t value;
	int signo, notify, tid;
};

int posixtimer_create(int clockid, const struct posixtimer_event *ev,
		      int *id);
int posixtimer_set(int id, bool abstime, uint64_t value, uint64_t interval,
		   uint64_t *old_value, uint64_t *old_interval);
int posixtimer_get(int id, uint64_t *value, uint64_t *interval);
int posixtimer_overrun(int id);
int posixtimer_delete(int id);
void posixtimer_delete_all(struct proc *p);
void posixtimer_dequeued(struct proc *p, struct ksiginfo *info);

#endif
