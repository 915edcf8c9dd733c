/*
 * signal.c: sending signals, and acting on them on the way back to user
 * mode (see signal.h).
 *
 * Sending (signal_send for a process, signal_send_thread for one
 * thread): a signal whose action is to ignore it (SIG_IGN, or SIG_DFL for
 * SIGCHLD, SIGURG, SIGWINCH, SIGCONT) is dropped unless the target blocks
 * it (for a process: its first thread, as Linux looks at the leader); a
 * standard signal already pending is not queued again; otherwise it
 * becomes pending in the process's shared set or the thread's own, with
 * its siginfo queued (kernel/proc/sigqueue.c) within the user's
 * RLIMIT_SIGPENDING (standard signals with a si_code >= 0 are queued
 * beyond it, as Linux), and a thread that does not block it (or waits
 * for it in rt_sigtimedwait) is woken so that an interruptible sleep sees
 * signal_check() (every thread for SIGKILL).  A thread that blocks more
 * (signal_set_mask) or ends hands the shared signals on by waking the
 * others (signal_retarget).  SIGCONT continues a stopped process at once
 * and drops pending stop signals; a stop signal drops a pending SIGCONT
 * (as Linux, at generation time).
 *
 * Acting (signal_deliver, from trap_dispatch when returning to user mode):
 * a system call that returned -ERESTART* is failed with -EINTR or
 * restarted (eip back over the 2-byte int 0x80, eax the call number again,
 * which syscall_dispatch keeps in the frame's error slot; for
 * -ERESTART_RESTARTBLOCK, restart_syscall's number 0, which goes on with
 * the time left: kernel/proc/restart.h), then the pending unblocked
 * signals are taken one by one: ignored, their default action run
 * (terminate the group; core: the same after an ELF core file when
 * RLIMIT_CORE allows, kernel/proc/coredump.c, with the wait status's core
 * bit 0x80 when one was written whole, as Linux; stop the group;
 * continue), or their handler
 * entered through a signal frame (kernel/proc/sigframe.c), each frame
 * above the previous one, as Linux.  A frame that cannot be written
 * raises SIGSEGV.  Before each, a thread whose group is exiting ends
 * there (thread_exit), and one whose group is stopped sleeps.
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
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/x86/interrupt.h"
#include "kernel/x86/sysenter.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/posixtimer.h"
#include "kernel/sched/task.h"
#include "kernel/spinlock.h"
#include "kernel/syscall/syscall.h"
#include "kernel/timer.h"
#include "kernel/wait.h"
#include "mm/mm.h"

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
/* Woken whenever a signal becomes pending anywhere (signalfd). */
struct wait_queue signal_generated = WAIT_QUEUE_INIT(signal_generated);

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

/* The soft RLIMIT_SIGPENDING of p (kernel/proc/rlimit.c). */
static unsigned int signal_queue_limit(const struct proc *p)
{
	uint64_t cur = p->rlim[RLIMIT_SIGPENDING].cur;

	return cur > UINT32_MAX ? UINT32_MAX : (unsigned int)cur;
}

/*
 * Make k's signal pending in q, queued with k when the limit of p's user
 * allows (sig_lock held).  special: the kernel's own signal without
 * details (Linux's SEND_SIG_PRIV).  Returns 1 when it became pending, 0
 * when a standard signal was pending already, -EAGAIN when a real-time
 * signal with a si_code other than SI_USER finds the queue full.
 */
static int sig_queue(struct proc *p, struct sigpending *q,
		     const struct ksiginfo *k, bool special)
{
	int sig = k->signo;
	bool rt = sig >= SIGRTMIN;
	struct sigqueue *e;

	if (!rt && (q->set & SIGBIT(sig)))
		return 0;		/* standard signals do not queue */
	e = sigqueue_alloc(p->uid, !rt && k->code >= 0 ? SIGQUEUE_NO_LIMIT :
			   signal_queue_limit(p));
	if (!e && rt && !special && k->code != SI_USER)
		return -EAGAIN;
	sigpending_add(q, k, e);
	return 1;
}

/* Drop the signals of mask from p's pending sets.  sig_lock held. */
static void sig_flush(struct proc *p, uint64_t mask)
{
	struct thread *t;

	sigpending_flush(&p->shared_pending, mask);
	list_for_each_entry(t, &p->threads, link)
		sigpending_flush(&t->pending, mask);
}

/* Whether thread t may act on sig now: not blocked, or waited for. */
static bool sig_wanted(const struct thread *t, int sig)
{
	return !(t->sigmask & SIGBIT(sig)) || (t->sigwait & SIGBIT(sig));
}

/* Wake a thread of p to act on sig: t if it wants it (a thread-directed
 * signal), else any thread of p that does; every thread for SIGKILL; and
 * whoever sleeps on signal_generated.  sig_lock held. */
static void sig_wake(struct proc *p, struct thread *t, int sig)
{
	struct thread *u;

	wake_up(&signal_generated);	/* signalfd readers and pollers */
	if (sig == SIGKILL) {
		list_for_each_entry(u, &p->threads, link)
			task_wake(u->task);
		wake_up(&p->stop_wq);
		return;
	}
	if (t) {
		if (sig_wanted(t, sig))
			task_wake(t->task);
		return;
	}
	list_for_each_entry(u, &p->threads, link) {
		if (sig_wanted(u, sig)) {
			task_wake(u->task);
			return;
		}
	}
}

/* SIGCONT's effect at generation (sig_lock held): continue p. */
static void signal_continue(struct proc *p)
{
	struct proc *parent = p->parent;
	struct ksiginfo info;

	ksiginfo_init(&info, SIGCHLD, CLD_CONTINUED);
	info.chld.pid = p->pid;
	info.chld.uid = p->uid;
	info.chld.status = SIGCONT;
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
	    sig_queue(parent, &parent->shared_pending, &info, false) > 0)
		sig_wake(parent, NULL, SIGCHLD);
	wake_up(&parent->child_exit);
}

/* Make sig pending in p, for thread t or (t NULL) the whole process,
 * with sig_lock held: 1 when its siginfo was queued, 0 when not
 * (ignored, or a standard signal already pending), -EINVAL or -EAGAIN
 * (sig_queue). */
static int signal_generate_locked(struct proc *p, struct thread *t, int sig,
				  const struct ksiginfo *info)
{
	struct ksiginfo k = { .code = SI_KERNEL };
	int err;

	if (sig < 1 || sig > NSIG)
		return -EINVAL;
	if (info)
		k = *info;
	k.signo = sig;
	if (p->zombie || !p->sighand)
		return 0;
	if (sig == SIGCONT || sig == SIGKILL)
		signal_continue(p);
	if (SIG_STOPS & SIGBIT(sig))
		sig_flush(p, SIGBIT(SIGCONT));
	if (sig_ignored(p, t, sig))
		return 0;
	err = sig_queue(p, t ? &t->pending : &p->shared_pending, &k, !info);
	if (err > 0)
		sig_wake(p, t, sig);
	return err;
}

static int signal_generate(struct proc *p, struct thread *t, int sig,
			   const struct ksiginfo *info)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	int err = signal_generate_locked(p, t, sig, info);

	spin_unlock_irqrestore(&sig_lock, flags);
	return err;
}

/* Make sig pending in process p with info (NULL: SI_KERNEL): 0, -EINVAL,
 * -EAGAIN. */
int signal_send(struct proc *p, int sig, const struct ksiginfo *info)
{
	int err = signal_generate(p, NULL, sig, info);

	return err < 0 ? err : 0;
}

/* The same, for thread t only (tgkill, faults). */
int signal_send_thread(struct thread *t, int sig, const struct ksiginfo *info)
{
	int err = signal_generate(t->proc, t, sig, info);

	return err < 0 ? err : 0;
}

/* A timer's send (kernel/proc/posixtimer.c): to t, or (NULL) to p; 1 when
 * its siginfo was queued, 0 when not, -Exxx. */
int signal_queue_info(struct proc *p, struct thread *t, int sig,
		      const struct ksiginfo *info)
{
	return signal_generate(p, t, sig, info);
}

/* kill() (t NULL) or tgkill()'s send: code (SI_USER, SI_TKILL) from the
 * current process.  init takes only the signals it handles: one whose
 * action is SIG_DFL (SIGKILL and SIGSTOP always) is dropped, as Linux
 * does for pid 1 (SIGNAL_UNKILLABLE), so that no mistake kills it. */
int signal_send_user(struct proc *p, struct thread *t, int sig, int code)
{
	struct proc *me = proc_current();
	struct ksiginfo info;

	ksiginfo_init(&info, sig, code);
	info.kill.pid = me ? me->pid : 0;
	info.kill.uid = me ? me->uid : 0;
	if (proc_is_init(p) && sig > 0 && sig <= NSIG &&
	    p->sighand->action[sig - 1].handler == SIG_DFL)
		return 0;
	int err = signal_generate(p, t, sig, &info);

	return err < 0 ? err : 0;
}

/* A fault of the current thread: sig cannot be blocked or ignored. */
void signal_force_fault(int sig, int code, uint32_t addr)
{
	struct thread *t = thread_current();
	struct proc *p = t->proc;
	struct k_sigaction *ka = &p->sighand->action[sig - 1];
	struct ksiginfo info;
	uint32_t flags;

	ksiginfo_init(&info, sig, code);
	info.fault.addr = addr;
	flags = spin_lock_irqsave(&sig_lock);

	if ((t->sigmask & SIGBIT(sig)) || ka->handler == SIG_IGN) {
		t->sigmask &= ~SIGBIT(sig);
		ka->handler = SIG_DFL;
	}
	sigpending_flush(&t->pending, SIGBIT(sig));	/* this one replaces it */
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

	signal_retarget_locked(p);
	spin_unlock_irqrestore(&sig_lock, flags);
}

/* The same with sig_lock held (a thread leaving its process). */
void signal_retarget_locked(struct proc *p)
{
	struct thread *t;

	list_for_each_entry(t, &p->threads, link)
		if (p->shared_pending.set & ~t->sigmask)
			task_wake(t->task);
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

/* rt_sigaction's change (sig checked): unknown flags are dropped, and a
 * pending signal now ignored is discarded, as Linux does. */
void signal_set_action(struct proc *p, int sig, const struct k_sigaction *act)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	struct k_sigaction *ka = &p->sighand->action[sig - 1];

	*ka = *act;
	ka->mask &= ~SIG_UNBLOCKABLE;
	ka->flags &= SA_KNOWN_FLAGS;
	if (handler_ignores(p, sig))
		sig_flush(p, SIGBIT(sig));
	spin_unlock_irqrestore(&sig_lock, flags);
}

/* execve: handled signals go back to SIG_DFL (ignored ones stay), every
 * action loses its flags and mask; the alternate stack is gone. */
void signal_exec(struct proc *p)
{
	for (int i = 0; i < NSIG; i++) {
		struct k_sigaction *ka = &p->sighand->action[i];

		*ka = (struct k_sigaction){
			.handler = ka->handler == SIG_IGN ? SIG_IGN : SIG_DFL,
		};
	}
	sigaltstack_reset(&thread_current()->altstack);
}

/* Take the next signal of t outside mask, its own before the process's
 * (sig_lock held): its number, or 0. */
static int sig_take(struct thread *t, uint64_t mask, struct ksiginfo *info)
{
	int sig = sigpending_take(&t->pending, mask, info);

	if (!sig)
		sig = sigpending_take(&t->proc->shared_pending, mask, info);
	if (sig && info->code == SI_TIMER)
		posixtimer_dequeued(t->proc, info);	/* its si_overrun */
	return sig;
}

/* Take the next pending unblocked signal of t: its number, or 0. */
static int signal_dequeue(struct thread *t, struct ksiginfo *info)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	int sig = sig_take(t, t->sigmask, info);

	spin_unlock_irqrestore(&sig_lock, flags);
	return sig;
}

/* Take a pending signal of set for the calling thread (signalfd's read):
 * its number, or 0. */
int signal_take(uint64_t set, struct ksiginfo *info)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	int sig = sig_take(thread_current(), ~set, info);

	spin_unlock_irqrestore(&sig_lock, flags);
	return sig;
}

/* Drop what q holds (its owner is being freed). */
void signal_pending_free(struct sigpending *q)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);

	sigpending_flush(q, ~0ull);
	spin_unlock_irqrestore(&sig_lock, flags);
}

/* Nobody wakes it: rt_sigtimedwait sleepers are woken by task_wake. */
static struct wait_queue sigwait_wq = WAIT_QUEUE_INIT(sigwait_wq);

/* Take a pending signal of set for t; when there is none, t waits for
 * wait (signal_generate wakes it for those).  Its number, or 0. */
static int take_waited(struct thread *t, uint64_t set, uint64_t wait,
		       struct ksiginfo *info)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	int sig = sig_take(t, ~set, info);

	t->sigwait = sig ? 0 : wait;
	spin_unlock_irqrestore(&sig_lock, flags);
	return sig;
}

/*
 * rt_sigtimedwait's core: take a pending signal of set (blocked or not),
 * else sleep until one comes (returns its number and info), until
 * deadline (-EAGAIN; a deadline already past polls), or until a signal
 * outside set that is not blocked arrives (-EINTR: its handler runs).
 */
int signal_wait(uint64_t set, struct ksiginfo *info, uint64_t deadline)
{
	struct thread *t = thread_current();
	bool woken;
	int sig;

	set &= ~SIG_UNBLOCKABLE;
	sig = take_waited(t, set, set, info);
	if (sig)
		return sig;
	woken = wait_event_until(&sigwait_wq, (signal_pending_set(t) & set) ||
				 signal_pending(t), deadline);
	sig = take_waited(t, set, 0, info);
	if (sig)
		return sig;
	return woken ? -EINTR : -EAGAIN;
}

/* The default action of sig: returns when it is to ignore or continue;
 * terminating ends the whole group, after a core file for the signals
 * whose action is "core" (kernel/proc/coredump.c; f: the thread's user
 * registers). */
static void signal_default(struct proc *p, const struct trap_frame *f,
			   int sig, const struct ksiginfo *i)
{
	int status = W_EXITCODE(0, sig);

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
			  name ? "" : "?", i->code, i->fault.addr);
		/* W_COREFLAG only for a core written whole, as Linux. */
		if (coredump_write(f, sig, i))
			status |= W_COREFLAG;
	}
	proc_exit(status);
}

/* Whether ret is one of the -ERESTART* codes. */
static bool syscall_restart_code(int32_t ret)
{
	return ret == -ERESTARTSYS || ret == -ERESTARTNOINTR ||
	       ret == -ERESTARTNOHAND || ret == -ERESTART_RESTARTBLOCK;
}

/* A system call that returned -ERESTART*: fail it with -EINTR or set it
 * up to run again, as itself or (-ERESTART_RESTARTBLOCK) as
 * restart_syscall.  ka: the action of the handler that runs now, or NULL
 * when none does. */
static void syscall_restart(struct trap_frame *f, const struct k_sigaction *ka)
{
	int32_t ret = (int32_t)f->eax;
	bool restart;

	if (f->vector != SYSCALL_VECTOR || f->error == (uint32_t)-1 ||
	    !syscall_restart_code(ret))
		return;
	if (!ka)
		restart = true;
	else if (ret == -ERESTARTSYS)
		restart = ka->flags & SA_RESTART;
	else
		restart = ret == -ERESTARTNOINTR;
	if (restart && sysenter_frame_is(f))
		restart = sysenter_restart(f);	/* through the vDSO's int */
	else if (restart)
		f->eip -= SYSCALL_INSN_LEN;
	if (restart) {
		f->eax = ret == -ERESTART_RESTARTBLOCK ? NR_restart_syscall :
							 f->error;
	} else {
		f->eax = (uint32_t)-EINTR;
	}
	f->error = (uint32_t)-1;
}

/* The frame for sig could not be written: SIGSEGV instead, which kills
 * the process if it was SIGSEGV's own handler that failed (Linux's
 * force_sigsegv). */
static void signal_frame_failed(struct thread *t, int sig)
{
	pr_debug("proc: pid %d (%s): no room for a signal %d frame\n",
		 t->proc->pid, t->proc->name, sig);
	if (sig == SIGSEGV)
		t->proc->sighand->action[SIGSEGV - 1].handler = SIG_DFL;
	signal_force_fault(SIGSEGV, SI_KERNEL, 0);
}

/* Enter sig's handler (ka) through a frame on the user stack. */
static void signal_handle(struct trap_frame *f, struct thread *t, int sig,
			  struct k_sigaction *ka, const struct ksiginfo *info)
{
	struct k_sigaction act = *ka;
	uint64_t old = t->restore_sigmask ? t->saved_sigmask : t->sigmask;
	uint64_t mask = t->sigmask | act.mask;

	if (act.flags & SA_RESETHAND)
		ka->handler = SIG_DFL;
	syscall_restart(f, &act);
	if (sigframe_setup(f, sig, &act, info, old)) {
		signal_frame_failed(t, sig);
		return;
	}
	t->restore_sigmask = false;
	if (!(act.flags & SA_NODEFER))
		mask |= SIGBIT(sig);
	signal_set_mask(t, mask);
	if (t->altstack.flags & SS_AUTODISARM)
		sigaltstack_reset(&t->altstack);
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
 * pending signals of the current thread.  Every deliverable signal is
 * taken: each handled one gets a frame above the previous one, so the
 * last handler set up runs first (as Linux).  Returns with interrupts
 * off, unless the thread ended.
 */
void signal_deliver(struct trap_frame *f)
{
	struct thread *t = thread_current();
	struct ksiginfo info;
	int sig;

	if (!t || !trap_from_user(f))
		return;
	if (!signal_pending(t) && !t->restore_sigmask &&
	    (f->vector != SYSCALL_VECTOR ||
	     !syscall_restart_code((int32_t)f->eax)))
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
		if (ka->handler == SIG_DFL)
			signal_default(t->proc, f, sig, &info);
		else
			signal_handle(f, t, sig, ka, &info);
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
		signal_generate_locked(p, NULL, SIGALRM, NULL);
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
