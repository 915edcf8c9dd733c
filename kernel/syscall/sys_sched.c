/*
 * sys_sched.c: priorities and scheduling parameters: getpriority,
 * setpriority and nice (the nice value is kept per thread, as Linux:
 * PRIO_PROCESS names a thread id; inherited over clone and shown in
 * /proc/<pid>/stat; the round-robin scheduler does not
 * weigh it yet), sched_getaffinity and sched_setaffinity (one CPU),
 * sched_getscheduler, sched_setscheduler, sched_getparam,
 * sched_setparam and sched_get_priority_max/min (SCHED_OTHER, BATCH and
 * IDLE are accepted; the real-time policies need a scheduler maestro
 * does not have: -EPERM).
 *
 * Permissions are Linux's without capabilities: root may do anything;
 * others may renice processes whose real or effective uid is their
 * effective uid, and only raise the nice value unless RLIMIT_NICE
 * allows lower.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "mm/uaccess.h"

#define PRIO_PROCESS	0
#define PRIO_PGRP	1
#define PRIO_USER	2
#define NICE_MIN	(-20)
#define NICE_MAX	19
#define SCHED_OTHER	0
#define SCHED_FIFO	1
#define SCHED_RR	2
#define SCHED_BATCH	3
#define SCHED_IDLE	5

/* Which threads getpriority/setpriority's (which, who) select, and what
 * to do with them. */
struct prio_sel {
	int which;
	uint32_t who;
	bool set;
	int best;		/* getpriority: the highest 20 - nice, or -1 */
	int nice, err;		/* setpriority: the value, the result */
};

/* Fill in "who = 0": the caller, its group, its effective uid. */
static int prio_sel_init(struct prio_sel *s, int which, uint32_t who)
{
	struct proc *me = proc_current();

	if (which < PRIO_PROCESS || which > PRIO_USER)
		return -EINVAL;
	s->which = which;
	s->who = who;
	if (!who)
		s->who = which == PRIO_PROCESS ? (uint32_t)current->pid :
			 which == PRIO_PGRP ? (uint32_t)me->pgid : me->euid;
	s->best = -1;
	s->err = -ESRCH;
	return 0;
}

/* May the caller change thread task (of p) from its nice value to nice?
 * 0, -EPERM or -EACCES. */
static int nice_allowed(const struct proc *p, const struct task *t, int nice)
{
	const struct proc *me = proc_current();
	uint64_t rlim = me->rlim[RLIMIT_NICE].cur;

	if (me->euid == 0)
		return 0;
	if (p->uid != me->euid && p->euid != me->euid)
		return -EPERM;
	if (nice < t->nice && rlim < (uint64_t)(20 - nice))
		return -EACCES;
	return 0;
}

/* getpriority or setpriority on one selected thread. */
static void prio_visit(struct prio_sel *s, struct proc *p, struct task *t)
{
	int err;

	if (!s->set) {
		if (20 - t->nice > s->best)
			s->best = 20 - t->nice;
		return;
	}
	err = nice_allowed(p, t, s->nice);
	if (err) {
		s->err = err;
		return;
	}
	t->nice = s->nice;
	if (s->err == -ESRCH)
		s->err = 0;
}

static int prio_each_proc(struct proc *p, void *arg)
{
	struct prio_sel *s = arg;
	struct thread *t;

	if (s->which == PRIO_PGRP ? (uint32_t)p->pgid != s->who :
				    p->uid != s->who)
		return 0;
	list_for_each_entry(t, &p->threads, link)
		prio_visit(s, p, t->task);
	return 0;
}

/* Run s over the threads it selects (PRIO_PROCESS: one thread id). */
static void prio_run(struct prio_sel *s)
{
	struct thread *t;

	if (s->which != PRIO_PROCESS) {
		proc_for_each(prio_each_proc, s);
		return;
	}
	preempt_disable();
	t = thread_find((int)s->who);
	if (t)
		prio_visit(s, t->proc, t->task);
	preempt_enable();
}

/* The raw value Linux returns: 20 - nice (1..40), or -ESRCH. */
static long sys_getpriority(int which, uint32_t who)
{
	struct prio_sel s = { .set = false };
	int err = prio_sel_init(&s, which, who);

	if (err)
		return err;
	prio_run(&s);
	return s.best < 0 ? -ESRCH : s.best;
}
SYSCALL(NR_getpriority, sys_getpriority);

static long sys_setpriority(int which, uint32_t who, int nice)
{
	struct prio_sel s = { .set = true };
	int err = prio_sel_init(&s, which, who);

	if (err)
		return err;
	s.nice = nice < NICE_MIN ? NICE_MIN : nice > NICE_MAX ? NICE_MAX : nice;
	prio_run(&s);
	return s.err;
}
SYSCALL(NR_setpriority, sys_setpriority);

/* nice(inc): add inc to the calling thread's nice value, within -20..19. */
static long sys_nice(int inc)
{
	int nice;

	inc = inc < -40 ? -40 : inc > 40 ? 40 : inc;
	nice = current->nice + inc;
	nice = nice < NICE_MIN ? NICE_MIN : nice > NICE_MAX ? NICE_MAX : nice;
	if (inc < 0 && nice_allowed(proc_current(), current, nice))
		return -EPERM;
	current->nice = nice;
	return 0;
}
SYSCALL(NR_nice, sys_nice);

/* The thread tid names (0: the caller): 0 or -ESRCH; -EINVAL if < 0. */
static int sched_target(int tid)
{
	bool found;

	if (tid < 0)
		return -EINVAL;
	if (!tid)
		return 0;
	preempt_disable();
	found = thread_find(tid) != NULL;
	preempt_enable();
	return found ? 0 : -ESRCH;
}

/* One CPU: the mask has bit 0; returns the bytes written (one long). */
static long sys_sched_getaffinity(int pid, uint32_t len, uint32_t *umask)
{
	int err = sched_target(pid);

	if (len < sizeof(uint32_t) || (len & (sizeof(uint32_t) - 1)))
		return -EINVAL;
	if (err)
		return err;
	if (put_user(1u, umask))
		return -EFAULT;
	return sizeof(uint32_t);
}
SYSCALL(NR_sched_getaffinity, sys_sched_getaffinity);

static long sys_sched_setaffinity(int pid, uint32_t len, const uint32_t *umask)
{
	uint32_t mask = 0;
	int err = sched_target(pid);

	if (err)
		return err;
	if (len && get_user(mask, umask))
		return -EFAULT;
	return mask & 1 ? 0 : -EINVAL;		/* must allow CPU 0 */
}
SYSCALL(NR_sched_setaffinity, sys_sched_setaffinity);

static long sys_sched_getscheduler(int pid)
{
	int err = sched_target(pid);

	return err ? err : SCHED_OTHER;
}
SYSCALL(NR_sched_getscheduler, sys_sched_getscheduler);

static long sys_sched_getparam(int pid, int32_t *uparam)
{
	int err;

	if (!uparam || pid < 0)
		return -EINVAL;
	err = sched_target(pid);
	if (err)
		return err;
	return put_user(0, uparam);
}
SYSCALL(NR_sched_getparam, sys_sched_getparam);

/* The normal policies take priority 0; real-time ones are refused. */
static long sched_set(int pid, int policy, const int32_t *uparam)
{
	int32_t prio;
	int err;

	if (!uparam || pid < 0)
		return -EINVAL;
	if (get_user(prio, uparam))
		return -EFAULT;
	err = sched_target(pid);
	if (err)
		return err;
	if (policy == SCHED_FIFO || policy == SCHED_RR)
		return prio < 1 || prio > 99 ? -EINVAL : -EPERM;
	if (policy != SCHED_OTHER && policy != SCHED_BATCH &&
	    policy != SCHED_IDLE)
		return -EINVAL;
	return prio ? -EINVAL : 0;
}

static long sys_sched_setscheduler(int pid, int policy, const int32_t *uparam)
{
	if (policy < 0)
		return -EINVAL;
	return sched_set(pid, policy, uparam);
}
SYSCALL(NR_sched_setscheduler, sys_sched_setscheduler);

static long sys_sched_setparam(int pid, const int32_t *uparam)
{
	return sched_set(pid, SCHED_OTHER, uparam);
}
SYSCALL(NR_sched_setparam, sys_sched_setparam);

static long sys_sched_get_priority_max(int policy)
{
	if (policy == SCHED_FIFO || policy == SCHED_RR)
		return 99;
	if (policy == SCHED_OTHER || policy == SCHED_BATCH ||
	    policy == SCHED_IDLE)
		return 0;
	return -EINVAL;
}
SYSCALL(NR_sched_get_priority_max, sys_sched_get_priority_max);

static long sys_sched_get_priority_min(int policy)
{
	if (policy == SCHED_FIFO || policy == SCHED_RR)
		return 1;
	if (policy == SCHED_OTHER || policy == SCHED_BATCH ||
	    policy == SCHED_IDLE)
		return 0;
	return -EINVAL;
}
SYSCALL(NR_sched_get_priority_min, sys_sched_get_priority_min);
