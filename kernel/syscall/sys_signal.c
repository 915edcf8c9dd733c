/*
 * sys_signal.c: signal system calls: rt_sigaction and the old sigaction
 * (a 32-bit mask: the high word of the new mask is cleared, the old one
 * reported cut, as Linux i386), rt_sigprocmask,
 * rt_sigpending, sigaltstack, rt_sigsuspend, pause, rt_sigreturn,
 * sigreturn, kill, tkill, tgkill, alarm, setitimer and getitimer
 * (ITIMER_REAL only: the CPU-time timers give -EINVAL until per-task
 * accounting exists).  Actions are per process, masks and alternate
 * stacks per thread; kill sends to a process (any of its threads that
 * does not block the signal takes it), tgkill and tkill to one thread.
 * Permissions are not checked (every process is root for now).  The
 * queued-signal calls are in sys_sigqueue.c.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/proc/cred.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "mm/uaccess.h"

#define SIGSETSIZE	8
#define SIG_BLOCK	0
#define SIG_UNBLOCK	1
#define SIG_SETMASK	2
#define ITIMER_REAL	0
#define NS_PER_SEC	1000000000ull
#define NS_PER_USEC	1000ull

/* Nobody wakes it: sleepers here are woken by signal_send's task_wake. */
static struct wait_queue pause_wq = WAIT_QUEUE_INIT(pause_wq);

/* The old sigaction's struct (struct old_sigaction for i386). */
struct old_sigaction32 {
	uint32_t handler;
	uint32_t mask;
	uint32_t flags;
	uint32_t restorer;
};

/* Give sig the action *act (NULL: keep it); *old gets the one it had.
 * 0 or -EINVAL. */
static int sigaction_swap(int sig, const struct k_sigaction *act,
			  struct k_sigaction *old)
{
	struct proc *p = proc_current();

	if (sig < 1 || sig > NSIG || (act && (sig == SIGKILL || sig == SIGSTOP)))
		return -EINVAL;
	*old = p->sighand->action[sig - 1];
	if (act)
		signal_set_action(p, sig, act);
	return 0;
}

static long sys_rt_sigaction(int sig, const struct k_sigaction *uact,
			     struct k_sigaction *uold, uint32_t setsize)
{
	struct k_sigaction act, old;
	int err;

	if (setsize != SIGSETSIZE)
		return -EINVAL;
	if (uact && copy_from_user(&act, uact, sizeof(act)))
		return -EFAULT;
	err = sigaction_swap(sig, uact ? &act : NULL, &old);
	if (!err && uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return err;
}
SYSCALL(NR_rt_sigaction, sys_rt_sigaction);

static long sys_sigaction(int sig, const struct old_sigaction32 *uact,
			  struct old_sigaction32 *uold)
{
	struct old_sigaction32 o = { 0 };
	struct k_sigaction act, old;
	int err;

	if (uact && copy_from_user(&o, uact, sizeof(o)))
		return -EFAULT;
	act = (struct k_sigaction){ .handler = o.handler, .flags = o.flags,
				    .restorer = o.restorer, .mask = o.mask };
	err = sigaction_swap(sig, uact ? &act : NULL, &old);
	if (err || !uold)
		return err;
	o = (struct old_sigaction32){ .handler = old.handler,
		.mask = (uint32_t)old.mask, .flags = old.flags,
		.restorer = old.restorer };
	return copy_to_user(uold, &o, sizeof(o)) ? -EFAULT : 0;
}
SYSCALL(NR_sigaction, sys_sigaction);

static long sys_rt_sigprocmask(int how, const uint64_t *uset, uint64_t *uold,
			       uint32_t setsize)
{
	struct thread *t = thread_current();
	uint64_t set, mask = t->sigmask;

	if (setsize != SIGSETSIZE)
		return -EINVAL;
	if (uset && copy_from_user(&set, uset, sizeof(set)))
		return -EFAULT;
	if (uset && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
		return -EINVAL;
	if (uold && copy_to_user(uold, &mask, sizeof(mask)))
		return -EFAULT;
	if (!uset)
		return 0;
	if (how == SIG_BLOCK)
		mask |= set;
	else if (how == SIG_UNBLOCK)
		mask &= ~set;
	else
		mask = set;
	signal_set_mask(t, mask);
	return 0;
}
SYSCALL(NR_rt_sigprocmask, sys_rt_sigprocmask);

static long sys_rt_sigpending(uint64_t *uset, uint32_t setsize)
{
	struct thread *t = thread_current();
	uint32_t flags = signal_lock();
	uint64_t set = signal_pending_set(t) & t->sigmask;

	signal_unlock(flags);
	if (setsize > SIGSETSIZE)
		return -EINVAL;
	return copy_to_user(uset, &set, setsize);
}
SYSCALL(NR_rt_sigpending, sys_rt_sigpending);

/* The alternate signal stack: the old one reported, then the change. */
static long sys_sigaltstack(const struct stack32 *uss, struct stack32 *uoss)
{
	struct thread *t = thread_current();
	uint32_t sp = syscall_user_frame()->user_esp;
	struct stack32 new, old;
	int err = 0;

	if (uss && copy_from_user(&new, uss, sizeof(new)))
		return -EFAULT;
	sigaltstack_get(&t->altstack, sp, &old);
	if (uss)
		err = sigaltstack_set(&t->altstack, &new, sp);
	if (!err && uoss && copy_to_user(uoss, &old, sizeof(old)))
		err = -EFAULT;
	return err;
}
SYSCALL(NR_sigaltstack, sys_sigaltstack);

/* Sleep until a signal is pending: -ERESTARTNOHAND (-EINTR once a
 * handler has run; restarted otherwise). */
static long sys_pause(void)
{
	wait_event(&pause_wq, signal_check());
	return -ERESTARTNOHAND;
}
SYSCALL(NR_pause, sys_pause);

static long sys_rt_sigsuspend(const uint64_t *umask, uint32_t setsize)
{
	struct thread *t = thread_current();
	uint64_t mask;

	if (setsize != SIGSETSIZE)
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	t->saved_sigmask = t->sigmask;
	t->restore_sigmask = true;
	signal_set_mask(t, mask);
	return sys_pause();
}
SYSCALL(NR_rt_sigsuspend, sys_rt_sigsuspend);

static long sys_rt_sigreturn(void)
{
	return sigframe_return(syscall_user_frame(), true);
}
SYSCALL(NR_rt_sigreturn, sys_rt_sigreturn);

static long sys_sigreturn(void)
{
	return sigframe_return(syscall_user_frame(), false);
}
SYSCALL(NR_sigreturn, sys_sigreturn);

/*
 * kill and tgkill report errors in Linux's order: a target that does not
 * exist gives -ESRCH before a signal number out of range gives -EINVAL
 * (signal_send_user's check, made once per target found).
 */
struct kill_args {
	int sig;
	int pgid;		/* the group (not for kill(-1)) */
	int err;		/* the last send's error (kill(-1): not
				 * -EPERM, 0 after a success) */
	bool sent;		/* one send succeeded */
};

/* Send sig (0: nothing, the target exists) to p, or thread t of it:
 * -EINVAL for a signal out of range, then -EPERM when the caller may not
 * signal p (cred_may_signal), as Linux checks them. */
static int kill_send(struct proc *p, struct thread *t, int sig, int code)
{
	if (sig < 0 || sig > NSIG)
		return -EINVAL;
	if (!cred_may_signal(proc_current(), p, sig))
		return -EPERM;
	return sig ? signal_send_user(p, t, sig, code) : 0;
}

/* A member of group a->pgid: counted, and its send's error kept. */
static int kill_one(struct proc *p, void *arg)
{
	struct kill_args *a = arg;
	int err;

	if (p->pgid != a->pgid)
		return 0;
	err = kill_send(p, NULL, a->sig, SI_USER);
	if (err)
		a->err = err;
	else
		a->sent = true;
	return 1;
}

/* kill(-1): every process but init (pid 1) and the caller is a target;
 * as Linux, one the caller may not signal (-EPERM) counts as a target
 * without making the call fail. */
static int kill_all_one(struct proc *p, void *arg)
{
	struct kill_args *a = arg;
	int err;

	if (p->pid == 1 || p == proc_current())
		return 0;
	err = kill_send(p, NULL, a->sig, SI_USER);
	if (err != -EPERM)
		a->err = err;
	return 1;
}

/* kill(pid > 0): the process pid, or the process of thread pid. */
static long kill_pid(int pid, int sig)
{
	struct proc *p;
	struct thread *t;
	long err;

	preempt_disable();
	p = proc_find(pid);
	if (!p && (t = thread_find(pid)))
		p = t->proc;
	err = p ? kill_send(p, NULL, sig, SI_USER) : -ESRCH;
	preempt_enable();
	return err;
}

/* A group (pid 0 or < -1): 0 when one send succeeded, else the last
 * error, -ESRCH when none was selected.  Every process (-1): the last
 * send's result that is not -EPERM (0 if none), -ESRCH for no target. */
static long sys_kill(int pid, int sig)
{
	struct kill_args a = { .sig = sig };

	if (pid > 0)
		return kill_pid(pid, sig);
	if (pid == INT32_MIN)
		return -ESRCH;		/* no group -pid, as Linux */
	if (pid == -1)
		return proc_for_each(kill_all_one, &a) ? a.err : -ESRCH;
	a.pgid = pid ? -pid : proc_current()->pgid;
	if (!proc_for_each(kill_one, &a))
		return -ESRCH;
	return a.sent ? 0 : a.err;
}
SYSCALL(NR_kill, sys_kill);

/* Signal thread tid (of process tgid, unless -1: tkill). */
static long sys_tgkill(int tgid, int tid, int sig)
{
	struct thread *t;
	long err;

	if (tid <= 0 || (tgid != -1 && tgid <= 0))
		return -EINVAL;
	preempt_disable();
	t = thread_find(tid);
	if (!t || (tgid != -1 && t->proc->pid != tgid))
		err = -ESRCH;
	else
		err = kill_send(t->proc, t, sig, SI_TKILL);
	preempt_enable();
	return err;
}
SYSCALL(NR_tgkill, sys_tgkill);

static long sys_tkill(int tid, int sig)
{
	return sys_tgkill(-1, tid, sig);
}
SYSCALL(NR_tkill, sys_tkill);

struct timeval32 {
	int32_t tv_sec, tv_usec;
};

struct itimerval32 {
	struct timeval32 interval, value;
};

static uint64_t tv_ns(const struct timeval32 *tv)
{
	return (uint64_t)tv->tv_sec * NS_PER_SEC +
	       (uint64_t)tv->tv_usec * NS_PER_USEC;
}

static void ns_tv(uint64_t ns, struct timeval32 *tv)
{
	tv->tv_sec = (int32_t)(ns / NS_PER_SEC);
	tv->tv_usec = (int32_t)((ns % NS_PER_SEC + NS_PER_USEC - 1) / NS_PER_USEC);
	if (tv->tv_usec == 1000000) {
		tv->tv_sec++;
		tv->tv_usec = 0;
	}
}

static bool tv_valid(const struct timeval32 *tv)
{
	return tv->tv_sec >= 0 && tv->tv_usec >= 0 && tv->tv_usec < 1000000;
}

static long sys_setitimer(int which, const struct itimerval32 *unew,
			  struct itimerval32 *uold)
{
	struct itimerval32 it = { 0 }, old;
	uint64_t ov, oi;

	if (which != ITIMER_REAL)
		return -EINVAL;
	if (unew && copy_from_user(&it, unew, sizeof(it)))
		return -EFAULT;
	if (!tv_valid(&it.value) || !tv_valid(&it.interval))
		return -EINVAL;
	signal_itimer(proc_current(), tv_ns(&it.value), tv_ns(&it.interval),
		      &ov, &oi);
	ns_tv(ov, &old.value);
	ns_tv(oi, &old.interval);
	if (uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}
SYSCALL(NR_setitimer, sys_setitimer);

static long sys_getitimer(int which, struct itimerval32 *uold)
{
	struct proc *p = proc_current();
	struct itimerval32 old;
	uint64_t ov, oi;

	if (which != ITIMER_REAL)
		return -EINVAL;
	/* Read by re-arming with the same values. */
	signal_itimer(p, 0, 0, &ov, &oi);
	if (ov)
		signal_itimer(p, ov, oi, &ov, &oi);
	ns_tv(ov, &old.value);
	ns_tv(oi, &old.interval);
	return copy_to_user(uold, &old, sizeof(old));
}
SYSCALL(NR_getitimer, sys_getitimer);

/* The seconds left of the previous alarm, rounded as Linux does. */
static long sys_alarm(uint32_t seconds)
{
	uint64_t ov, oi;
	long left;

	signal_itimer(proc_current(), (uint64_t)seconds * NS_PER_SEC, 0,
		      &ov, &oi);
	left = (long)(ov / NS_PER_SEC);
	if (ov % NS_PER_SEC >= NS_PER_SEC / 2)
		left++;
	return ov && !left ? 1 : left;
}
SYSCALL(NR_alarm, sys_alarm);
