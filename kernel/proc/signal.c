/*
 * signal.c: sending signals, and acting on them on the way back to user
 * mode (see signal.h).
 *
 * Sending (signal_send for a process, signal_send_thread for one
 * thread): a signal whose action is to ignore it (SIG_IGN, or SIG_DFL for
 * SIGCHLD, SIGURG, SIGWINCH, SIGCONT) is dropped unless the target blocks
 * it (for a process: its first thread, as Linux looks at the leader); a
 * pending one is not queued again; otherwise it becomes pending in the
 * process's shared set or the thread's own, with its ksiginfo, and a
 * thread that does not block it is woken so that an interruptible sleep
 * sees signal_check() (every thread for SIGKILL).  A thread that blocks
 * more (signal_set_mask) or ends hands the shared signals on by waking
 * the others (signal_retarget).  SIGCONT continues a stopped process at
 * once and drops pending stop signals; a stop signal drops a pending
 * SIGCONT (as Linux, at generation time).
 *
 * Acting (signal_deliver, from trap_dispatch when returning to user mode):
 * a system call that returned -ERESTART* is failed with -EINTR or
 * restarted (eip back over the 2-byte int 0x80, eax the call number again,
 * which syscall_dispatch keeps in the frame's error slot), then the lowest
 * pending unblocked signal is taken: ignored, its default action run
 * (terminate the group; core: the same with the core bit 0x80, no core
 * file is written; stop the group; continue), or its handler entered
 * through a signal frame (kernel/proc/sigframe.c), one handler per return
 * to user mode, as Linux.  Before each, a thread whose group is exiting
 * ends there (thread_exit), and one whose group is stopped sleeps.
 *
 * ITIMER_REAL (alarm, setitimer) is a per-process deadline on a list the
 * timer tick looks at; it sends SIGALRM (SI_KERNEL).
 *
 * Locking: pending sets, masks and the alarm list change with interrupts
 * off (sig_lock), since the tick sends SIGALRM from its interrupt handler;
 * thread lists change and are walked under it too (signal_lock).
 *
 * Interface: signal.h.
 */
#include "kernel/proc/signal.h"
#include "kernel/clock.h"
#include "kernel/errno.h"
#include "kernel/init.h"
#include "kernel/interrupt.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/spinlock.h"
#include "kernel/timer.h"

#define SIG_IGNORED_DFL	(SIGBIT(SIGCHLD) | SIGBIT(SIGURG) | \
			 SIGBIT(SIGWINCH) | SIGBIT(SIGCONT))
#define SIG_STOPS	(SIGBIT(SIGSTOP) | SIGBIT(20) | SIGBIT(21) | SIGBIT(22))
#define SIG_CORES	(SIGBIT(SIGQUIT) | SIGBIT(SIGILL) | SIGBIT(SIGTRAP) | \
			 SIGBIT(SIGABRT) | SIGBIT(SIGBUS) | SIGBIT(SIGFPE) | \
			 SIGBIT(SIGSEGV) | SIGBIT(24) | SIGBIT(25) | SIGBIT(31))
#define SYSCALL_INSN_LEN 2	/* int 0x80 */

static struct spinlock sig_lock = SPINLOCK_INIT;

/* Thread lists change under sig_lock too (kernel/proc/thread.c). */
uint32_t signal_lock(void)
{
	return spin_lock_irqsave(&sig_lock);
}

void signal_unlock(uint32_t flags)
{
	spin_unlock_irqrestore(&sig_lock, flags);
}
static struct list_head alarms = LIST_HEAD_INIT(alarms);

static const char *const sig_names[32] = {
	[SIGHUP] = "SIGHUP", [SIGINT] = "SIGINT", [SIGQUIT] = "SIGQUIT",
	[SIGILL] = "SIGILL", [SIGTRAP] = "SIGTRAP", [SIGABRT] = "SIGABRT",
	[SIGBUS] = "SIGBUS", [SIGFPE] = "SIGFPE", [SIGKILL] = "SIGKILL",
	[SIGSEGV] = "SIGSEGV", [SIGPIPE] = "SIGPIPE", [SIGALRM] = "SIGALRM",
	[SIGTERM] = "SIGTERM",
};

static bool handler_ignores(const struct proc *p, int sig)
{
	uint32_t h = p->sighand->action[sig - 1].handler;

	return h == SIG_IGN || (h == SIG_DFL && (SIG_IGNORED_DFL & SIGBIT(sig)));
}

/* Whether sig, sent to thread t (NULL: to process p), is dropped at once:
 * its action ignores it and the target does not block it (a blocked
 * signal stays pending: the action may change before it is unblocked). */
static bool sig_ignored(struct proc *p, const struct thread *t, int sig)
{
	if (!t)
		t = proc_main_thread(p);
	if (t && (t->sigmask & SIGBIT(sig)))
		return false;
	return handler_ignores(p, sig);
}

/* Queue sig in q unless it is pending there already.  sig_lock held. */
static bool sig_queue(struct sigpending *q, int sig, const struct ksiginfo *k)
{
	if (q->set & SIGBIT(sig))
		return false;
	q->set |= SIGBIT(sig);
	q->info[sig - 1] = *k;
	return true;
}

/* Drop the signals of mask from p's pending sets.  sig_lock held. */
static void sig_flush(struct proc *p, uint64_t mask)
{
	struct thread *t;

	p->shared_pending.set &= ~mask;
	list_for_each_entry(t, &p->threads, link)
		t->pending.set &= ~mask;
}

/* Wake a thread of p to act on sig: t if it does not block it (a
 * thread-directed signal), else any thread of p that does not; every
 * thread for SIGKILL.  sig_lock held. */
static void sig_wake(struct proc *p, struct thread *t, int sig)
{
	struct thread *u;

	if (sig == SIGKILL) {
		list_for_each_entry(u, &p->threads, link)
			task_wake(u->task);
		wake_up(&p->stop_wq);
		return;
	}
	if (t) {
		if (!(t->sigmask & SIGBIT(sig)))
			task_wake(t->task);
		return;
	}
	list_for_each_entry(u, &p->threads, link) {
		if (!(u->sigmask & SIGBIT(sig))) {
			task_wake(u->task);
			return;
		}
	}
}

/* SIGCONT's effect at generation (sig_lock held): continue p. */
static void signal_continue(struct proc *p)
{
	struct proc *parent = p->parent;
	struct ksiginfo info = { .signo = SIGCHLD, .code = CLD_CONTINUED,
				 .pid = p->pid, .uid = p->uid,
				 .status = SIGCONT };

	sig_flush(p, SIG_STOPS);
	if (!p->stopped)
		return;
	p->stopped = false;
	p->report_stop = false;
	p->report_cont = true;
	wake_up(&p->stop_wq);
	if (!parent)
		return;
	if (!(parent->sighand->action[SIGCHLD - 1].flags & SA_NOCLDSTOP) &&
	    !parent->zombie && !sig_ignored(parent, NULL, SIGCHLD) &&
	    sig_queue(&parent->shared_pending, SIGCHLD, &info))
		sig_wake(parent, NULL, SIGCHLD);
	wake_up(&parent->child_exit);
}

/* Make sig pending in p, for thread t or (t NULL) the whole process. */
static int signal_generate(struct proc *p, struct thread *t, int sig,
			   const struct ksiginfo *info)
{
	struct ksiginfo k = { .signo = sig, .code = SI_KERNEL };
	uint32_t flags;

	if (sig < 1 || sig > NSIG)
		return -EINVAL;
	if (info)
		k = *info;
	flags = spin_lock_irqsave(&sig_lock);
	if (p->zombie || !p->sighand)
		goto out;
	if (sig == SIGCONT || sig == SIGKILL)
		signal_continue(p);
	if (SIG_STOPS & SIGBIT(sig))
		sig_flush(p, SIGBIT(SIGCONT));
	if (sig_ignored(p, t, sig))
		goto out;
	if (sig_queue(t ? &t->pending : &p->shared_pending, sig, &k))
		sig_wake(p, t, sig);
out:
	spin_unlock_irqrestore(&sig_lock, flags);
	return 0;
}

/* Make sig pending in process p with info (NULL: SI_KERNEL): 0, -EINVAL. */
int signal_send(struct proc *p, int sig, const struct ksiginfo *info)
{
	return signal_generate(p, NULL, sig, info);
}

/* The same, for thread t only (tgkill, faults). */
int signal_send_thread(struct thread *t, int sig, const struct ksiginfo *info)
{
	return signal_generate(t->proc, t, sig, info);
}

/* kill() (t NULL) or tgkill()'s send: code (SI_USER, SI_TKILL) from the
 * current process. */
int signal_send_user(struct proc *p, struct thread *t, int sig, int code)
{
	struct proc *me = proc_current();
	struct ksiginfo info = { .signo = sig, .code = code,
				 .pid = me ? me->pid : 0,
				 .uid = me ? me->uid : 0 };

	return signal_generate(p, t, sig, &info);
}

/* A fault of the current thread: sig cannot be blocked or ignored. */
void signal_force_fault(int sig, int code, uint32_t addr)
{
	struct thread *t = thread_current();
	struct proc *p = t->proc;
	struct k_sigaction *ka = &p->sighand->action[sig - 1];
	struct ksiginfo info = { .signo = sig, .code = code, .addr = addr };
	uint32_t flags = spin_lock_irqsave(&sig_lock);

	if ((t->sigmask & SIGBIT(sig)) || ka->handler == SIG_IGN) {
		t->sigmask &= ~SIGBIT(sig);
		ka->handler = SIG_DFL;
	}
	t->pending.set &= ~SIGBIT(sig);	/* this one replaces it */
	spin_unlock_irqrestore(&sig_lock, flags);
	signal_send_thread(t, sig, &info);
}

uint64_t signal_pending_set(const struct thread *t)
{
	return t->pending.set | t->proc->shared_pending.set;
}

/* Whether t has a signal to take, or its group is exiting or stopped. */
bool signal_pending(const struct thread *t)
{
	const struct proc *p = t->proc;

	return (signal_pending_set(t) & ~t->sigmask) || p->stopped ||
	       (p->group_exit && p->group_keeper != t);
}

int signal_check(void)
{
	struct thread *t = thread_current();

	return t && signal_pending(t) ? -ERESTARTSYS : 0;
}

void signal_set_mask(struct thread *t, uint64_t mask)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	bool more = mask & ~t->sigmask;

	t->sigmask = mask & ~SIG_UNBLOCKABLE;
	spin_unlock_irqrestore(&sig_lock, flags);
	if (more)
		signal_retarget(t->proc);
}

/* Wake the threads of p that may take one of its shared pending signals
 * (one that blocked it may have been the one woken for it). */
void signal_retarget(struct proc *p)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	struct thread *t;

	list_for_each_entry(t, &p->threads, link)
		if (p->shared_pending.set & ~t->sigmask)
			task_wake(t->task);
	spin_unlock_irqrestore(&sig_lock, flags);
}

/* Wake every thread of p, to see that its group exits or stops. */
void signal_kick(struct proc *p)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	struct thread *t;

	list_for_each_entry(t, &p->threads, link)
		task_wake(t->task);
	wake_up(&p->stop_wq);
	spin_unlock_irqrestore(&sig_lock, flags);
}

/* sig is now ignored: a pending one is dropped, as Linux does. */
void signal_discard(struct proc *p, int sig)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);

	sig_flush(p, SIGBIT(sig));
	spin_unlock_irqrestore(&sig_lock, flags);
}

/* execve: handled signals go back to SIG_DFL (ignored ones stay). */
void signal_exec(struct proc *p)
{
	for (int i = 0; i < NSIG; i++) {
		struct k_sigaction *ka = &p->sighand->action[i];

		if (ka->handler != SIG_IGN)
			*ka = (struct k_sigaction){ 0 };
	}
}

/* Take the lowest pending unblocked signal of t, its own before the
 * process's: its number, or 0. */
static int signal_dequeue(struct thread *t, struct ksiginfo *info)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	struct sigpending *q = &t->pending;
	uint64_t ready = q->set & ~t->sigmask;
	int sig = 0;

	if (!ready) {
		q = &t->proc->shared_pending;
		ready = q->set & ~t->sigmask;
	}
	if (ready) {
		sig = __builtin_ctzll(ready) + 1;
		q->set &= ~SIGBIT(sig);
		*info = q->info[sig - 1];
	}
	spin_unlock_irqrestore(&sig_lock, flags);
	return sig;
}

/* The default action of sig: returns when it is to ignore or continue;
 * terminating ends the whole group. */
static void signal_default(struct proc *p, int sig, const struct ksiginfo *i)
{
	const char *name = sig < 32 ? sig_names[sig] : NULL;

	if (SIG_IGNORED_DFL & SIGBIT(sig))
		return;
	if (SIG_STOPS & SIGBIT(sig)) {
		proc_stop(sig);
		return;
	}
	if (SIG_CORES & SIGBIT(sig)) {
		pr_debug("proc: pid %d (%s) killed by %s%s (code %d, addr 0x%08x)\n",
			  p->pid, p->name, name ? name : "signal",
			  name ? "" : "?", i->code, i->addr);
		proc_exit(W_EXITCODE(0, sig) | W_COREFLAG);
	}
	proc_exit(W_EXITCODE(0, sig));
}

/* A system call that returned -ERESTART*: fail it with -EINTR or set it
 * up to run again.  handler: whether a handler runs now (ka its action). */
static void syscall_restart(struct trap_frame *f, const struct k_sigaction *ka)
{
	int32_t ret = (int32_t)f->eax;
	bool restart;

	if (f->vector != SYSCALL_VECTOR || f->error == (uint32_t)-1)
		return;
	if (ret != -ERESTARTSYS && ret != -ERESTARTNOINTR &&
	    ret != -ERESTARTNOHAND)
		return;
	if (!ka)
		restart = true;
	else if (ret == -ERESTARTSYS)
		restart = ka->flags & SA_RESTART;
	else
		restart = ret == -ERESTARTNOINTR;
	if (restart) {
		f->eax = f->error;
		f->eip -= SYSCALL_INSN_LEN;
	} else {
		f->eax = (uint32_t)-EINTR;
	}
	f->error = (uint32_t)-1;
}

/* Enter sig's handler (ka) through a frame on the user stack. */
static void signal_handle(struct trap_frame *f, struct thread *t, int sig,
			  struct k_sigaction *ka, const struct ksiginfo *info)
{
	uint64_t old = t->restore_sigmask ? t->saved_sigmask : t->sigmask;
	uint64_t mask = t->sigmask | ka->mask;

	syscall_restart(f, ka);
	if (sigframe_setup(f, sig, ka, info, old)) {
		pr_notice("proc: pid %d (%s): no room for a signal frame\n",
			  t->proc->pid, t->proc->name);
		proc_exit(W_EXITCODE(0, SIGSEGV) | W_COREFLAG);
	}
	t->restore_sigmask = false;
	if (!(ka->flags & SA_NODEFER))
		mask |= SIGBIT(sig);
	if (ka->flags & SA_RESETHAND)
		ka->handler = SIG_DFL;
	signal_set_mask(t, mask);
}

/* Whether the group of t ends or stops t before any signal is taken:
 * returns when t goes on. */
static void signal_group_state(struct thread *t)
{
	struct proc *p = t->proc;

	for (;;) {
		if (p->group_exit && p->group_keeper != t)
			thread_exit(0);
		if (!p->stopped ||
		    (signal_pending_set(t) & SIGBIT(SIGKILL)))
			return;
		proc_stop_wait();
	}
}

/*
 * On the way back to user mode through f (interrupts off): act on the
 * pending signals of the current thread.  Returns with interrupts off,
 * unless the thread ended.
 */
void signal_deliver(struct trap_frame *f)
{
	struct thread *t = thread_current();
	struct ksiginfo info;
	int sig;

	if (!t || !trap_from_user(f))
		return;
	if (!signal_pending(t) && !t->restore_sigmask &&
	    (f->vector != SYSCALL_VECTOR || (int32_t)f->eax > -ERESTARTSYS ||
	     (int32_t)f->eax < -ERESTARTNOHAND))
		return;
	cpu_sti();
	for (;;) {
		struct k_sigaction *ka;

		signal_group_state(t);
		sig = signal_dequeue(t, &info);
		if (!sig)
			break;
		ka = &t->proc->sighand->action[sig - 1];
		if (ka->handler == SIG_IGN)
			continue;
		if (ka->handler == SIG_DFL) {
			signal_default(t->proc, sig, &info);
			continue;
		}
		signal_handle(f, t, sig, ka, &info);
		cpu_cli();
		return;
	}
	syscall_restart(f, NULL);
	if (t->restore_sigmask) {
		t->restore_sigmask = false;
		signal_set_mask(t, t->saved_sigmask);
	}
	cpu_cli();
}

static void alarm_tick(struct tick_hook *hook)
{
	uint64_t now = clock_ns();
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	struct proc *p, *tmp;

	list_for_each_entry_safe(p, tmp, &alarms, alarm_link) {
		if (p->alarm_at > now)
			continue;
		list_del(&p->alarm_link);
		list_init(&p->alarm_link);
		p->alarm_at = 0;
		if (p->alarm_interval) {
			p->alarm_at = now + p->alarm_interval;
			list_add_tail(&p->alarm_link, &alarms);
		}
		spin_unlock(&sig_lock);
		signal_send(p, SIGALRM, NULL);
		spin_lock(&sig_lock);
	}
	spin_unlock_irqrestore(&sig_lock, flags);
}

static struct tick_hook alarm_hook = { .fn = alarm_tick };

static int signal_init(void)
{
	tick_hook_register(&alarm_hook);
	return 0;
}
INITCALL(INIT_CORE, signal_init);

void signal_itimer(struct proc *p, uint64_t value_ns, uint64_t interval_ns,
		   uint64_t *old_value, uint64_t *old_interval)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	uint64_t now = clock_ns();

	*old_value = p->alarm_at > now ? p->alarm_at - now :
		p->alarm_at ? 1 : 0;
	*old_interval = p->alarm_interval;
	list_del(&p->alarm_link);
	list_init(&p->alarm_link);
	p->alarm_at = value_ns ? now + value_ns : 0;
	p->alarm_interval = value_ns ? interval_ns : 0;
	if (value_ns)
		list_add_tail(&p->alarm_link, &alarms);
	spin_unlock_irqrestore(&sig_lock, flags);
}

void signal_exit(struct proc *p)
{
	uint64_t v, i;

	signal_itimer(p, 0, 0, &v, &i);
}
