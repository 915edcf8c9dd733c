/*
 * posixtimer.c: POSIX per-process timers (see posixtimer.h), on ktimers
 * (kernel/ktimer.h).
 *
 * A timer counts on CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME
 * (the alarm twins alike: the machine never suspends), or the CPU time
 * of the process (CLOCK_PROCESS_CPUTIME_ID) or of the creating thread
 * (CLOCK_THREAD_CPUTIME_ID; it stops when the thread ends), as the tick
 * samples it.  At each expiry it sends its signal (SIGEV_SIGNAL, and
 * SIGEV_THREAD which is the same to the kernel) to the process, or to
 * one thread of it (SIGEV_THREAD_ID), with SI_TIMER, the timer's id in
 * si_timerid and sigev_value in si_value; SIGEV_NONE sends nothing.
 * While its signal is pending, further expirations are counted as
 * overruns instead; when the signal is taken (posixtimer_dequeued),
 * si_overrun gets that count, which timer_getoverrun then reports.  Ids
 * count up from 0 in each process.  A process may have as many timers
 * as RLIMIT_SIGPENDING (-EAGAIN beyond; Linux counts them with the
 * user's queued signals).  Timers are not inherited by fork
 * and are deleted at execve and when the process ends.
 *
 * Locking: posixtimer_mutex serialises the system calls (so a timer a
 * call found is not freed under it); a process's list changes under the
 * signal lock too, which posixtimer_dequeued holds.  The tick calls
 * timer_fire under the ktimers' lock; it takes the signal lock.
 */
#include "kernel/proc/posixtimer.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/ktimer.h"
#include "kernel/mutex.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"

#define OVERRUN_MAX		0x7fffffffu	/* DELAYTIMER_MAX */

struct posixtimer {
	struct list_head link;		/* proc->timers */
	struct ktimer timer;
	struct proc *proc;
	int id;
	struct posixtimer_event ev;
	bool realtime;
	int cpu_tid;			/* CLOCK_THREAD_CPUTIME_ID's thread */
	uint64_t cpu_last;		/* its CPU time when last seen */
	bool queued;			/* its signal is pending */
	uint32_t overrun, overrun_last;
};

static struct mutex posixtimer_mutex = MUTEX_INIT(posixtimer_mutex);

static uint64_t process_cpu_clock(const struct ktimer *kt)
{
	const struct posixtimer *pt = kt->data;
	struct task_acct a;

	proc_acct_sum(pt->proc, &a);
	return a.utime_ns + a.stime_ns;
}

static uint64_t thread_cpu_clock(const struct ktimer *kt)
{
	struct posixtimer *pt = kt->data;
	struct thread *t = thread_find(pt->cpu_tid);

	if (t && t->proc == pt->proc)
		pt->cpu_last = t->task->acct.utime_ns + t->task->acct.stime_ns;
	return pt->cpu_last;
}

static uint32_t overrun_add(uint32_t a, uint64_t b)
{
	return a + b > OVERRUN_MAX ? OVERRUN_MAX : (uint32_t)(a + b);
}

/* The tick: expirations were counted; send the signal unless pending. */
static void timer_fire(struct ktimer *kt)
{
	struct posixtimer *pt = kt->data;
	uint64_t n = kt->count;
	struct thread *t = NULL;
	struct ksiginfo k;

	kt->count = 0;
	if (pt->ev.notify == SIGEV_NONE)
		return;
	if (pt->queued) {
		pt->overrun = overrun_add(pt->overrun, n);
		return;
	}
	pt->overrun = overrun_add(pt->overrun, n - 1);
	ksiginfo_init(&k, pt->ev.signo, SI_TIMER);
	k.word[0] = (uint32_t)pt->id;
	k.word[2] = pt->ev.value;
	if (pt->ev.notify == SIGEV_THREAD_ID) {
		t = thread_find(pt->ev.tid);
		if (!t || t->proc != pt->proc)
			return;		/* the thread is gone */
	}
	pt->queued = signal_queue_info(pt->proc, t, pt->ev.signo, &k) > 0;
}

/* The calling process's timer id, or NULL; posixtimer_mutex held. */
static struct posixtimer *timer_find(struct proc *p, int id)
{
	struct posixtimer *pt;

	list_for_each_entry(pt, &p->timers, link)
		if (pt->id == id)
			return pt;
	return NULL;
}

/* Linux's good_sigevent: 0 or -EINVAL. */
static int event_check(const struct posixtimer_event *ev, struct proc *p)
{
	struct thread *t;
	bool ours;

	switch (ev->notify) {
	case SIGEV_THREAD_ID:
		preempt_disable();
		t = thread_find(ev->tid);
		ours = t && t->proc == p;
		preempt_enable();
		if (!ours)
			return -EINVAL;
		/* fall through */
	case SIGEV_SIGNAL:
	case SIGEV_THREAD:
		return ev->signo >= 1 && ev->signo <= NSIG ? 0 : -EINVAL;
	case SIGEV_NONE:
		return 0;
	}
	return -EINVAL;
}

/* Its clock for a new timer: 0, -EINVAL, -EOPNOTSUPP. */
static int timer_clock(struct posixtimer *pt, int clockid)
{
	switch (clockid) {
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_ALARM:
		pt->realtime = true;
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
	case CLOCK_BOOTTIME_ALARM:
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
		pt->timer.clock = process_cpu_clock;
		return 0;
	case CLOCK_THREAD_CPUTIME_ID:
		pt->timer.clock = thread_cpu_clock;
		pt->cpu_tid = thread_current()->tid;
		return 0;
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		return -EOPNOTSUPP;
	}
	return -EINVAL;
}

/* How many timers p has; posixtimer_mutex held. */
static unsigned int timer_count(struct proc *p)
{
	struct posixtimer *pt;
	unsigned int n = 0;

	list_for_each_entry(pt, &p->timers, link)
		n++;
	return n;
}

/* The first id from p's next one that no timer of p has. */
static int timer_new_id(struct proc *p)
{
	int id = p->next_timer_id;

	while (timer_find(p, id))
		id = id == 0x7fffffff ? 0 : id + 1;
	p->next_timer_id = id == 0x7fffffff ? 0 : id + 1;
	return id;
}

int posixtimer_create(int clockid, const struct posixtimer_event *ev,
		      int *id)
{
	struct proc *p = proc_current();
	struct posixtimer *pt = kzalloc(sizeof(*pt));
	uint32_t flags;
	int err;

	if (!pt)
		return -ENOMEM;
	ktimer_init(&pt->timer, timer_fire, pt);
	pt->proc = p;
	err = timer_clock(pt, clockid);
	if (!err && ev)
		err = event_check(ev, p);
	if (err) {
		kfree(pt);
		return err;
	}
	mutex_lock(&posixtimer_mutex);
	if (timer_count(p) >= p->rlim[RLIMIT_SIGPENDING].cur) {
		mutex_unlock(&posixtimer_mutex);
		kfree(pt);
		return -EAGAIN;
	}
	pt->id = timer_new_id(p);
	pt->ev = ev ? *ev : (struct posixtimer_event){
		.value = (uint32_t)pt->id, .signo = SIGALRM,
		.notify = SIGEV_SIGNAL };
	flags = signal_lock();
	list_add_tail(&pt->link, &p->timers);
	signal_unlock(flags);
	mutex_unlock(&posixtimer_mutex);
	*id = pt->id;
	return 0;
}

int posixtimer_set(int id, bool abstime, uint64_t value, uint64_t interval,
		   uint64_t *old_value, uint64_t *old_interval)
{
	struct posixtimer *pt;
	uint32_t flags;
	int err = -EINVAL;

	mutex_lock(&posixtimer_mutex);
	pt = timer_find(proc_current(), id);
	if (pt) {
		ktimer_get(&pt->timer, old_value, old_interval);
		ktimer_arm(&pt->timer, ktimer_deadline(&pt->timer, pt->realtime,
						       abstime, value),
			   interval);
		flags = signal_lock();
		pt->overrun = pt->overrun_last = 0;
		signal_unlock(flags);
		err = 0;
	}
	mutex_unlock(&posixtimer_mutex);
	return err;
}

int posixtimer_get(int id, uint64_t *value, uint64_t *interval)
{
	struct posixtimer *pt;
	int err = -EINVAL;

	mutex_lock(&posixtimer_mutex);
	pt = timer_find(proc_current(), id);
	if (pt) {
		ktimer_get(&pt->timer, value, interval);
		err = 0;
	}
	mutex_unlock(&posixtimer_mutex);
	return err;
}

int posixtimer_overrun(int id)
{
	struct posixtimer *pt;
	int ret = -EINVAL;

	mutex_lock(&posixtimer_mutex);
	pt = timer_find(proc_current(), id);
	if (pt)
		ret = (int)READ_ONCE(pt->overrun_last);
	mutex_unlock(&posixtimer_mutex);
	return ret;
}

/* Unlink and free pt; posixtimer_mutex held. */
static void timer_free(struct posixtimer *pt)
{
	uint32_t flags = signal_lock();

	list_del(&pt->link);
	signal_unlock(flags);
	ktimer_stop(&pt->timer);	/* no tick fires it after this */
	kfree(pt);
}

int posixtimer_delete(int id)
{
	struct posixtimer *pt;

	mutex_lock(&posixtimer_mutex);
	pt = timer_find(proc_current(), id);
	if (pt)
		timer_free(pt);
	mutex_unlock(&posixtimer_mutex);
	return pt ? 0 : -EINVAL;
}

void posixtimer_delete_all(struct proc *p)
{
	mutex_lock(&posixtimer_mutex);
	while (!list_empty(&p->timers))
		timer_free(list_first_entry(&p->timers, struct posixtimer,
					    link));
	mutex_unlock(&posixtimer_mutex);
}

void posixtimer_dequeued(struct proc *p, struct ksiginfo *info)
{
	struct posixtimer *pt;

	list_for_each_entry(pt, &p->timers, link) {
		if (pt->id != (int)info->word[0] || !pt->queued)
			continue;
		pt->overrun_last = pt->overrun;
		pt->overrun = 0;
		pt->queued = false;
		info->word[1] = pt->overrun_last;
		return;
	}
}
