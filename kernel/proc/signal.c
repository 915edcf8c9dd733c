/*
 * signal.c: sending signals, and acting on them on the way back to user
 * mode (see signal.h).
 *
 * Sending (signal_send): a signal whose action is to ignore it (SIG_IGN,
 * or SIG_DFL for SIGCHLD, SIGURG, SIGWINCH, SIGCONT) is dropped unless it
 * is blocked; a pending one is not queued again; otherwise it becomes
 * pending with its ksiginfo and, if unblocked, its process is woken so
 * that an interruptible sleep sees signal_pending().  SIGCONT continues a
 * stopped process at once and drops pending stop signals; a stop signal
 * drops a pending SIGCONT (as Linux, at generation time).
 *
 * Acting (signal_deliver, from trap_dispatch when returning to user mode):
 * a system call that returned -ERESTART* is failed with -EINTR or
 * restarted (eip back over the 2-byte int 0x80, eax the call number again,
 * which syscall_dispatch keeps in the frame's error slot), then the lowest
 * pending unblocked signal is taken: ignored, its default action run
 * (terminate; core: terminate with the core bit 0x80, no core file is
 * written; stop; continue), or its handler entered through a signal frame
 * (kernel/proc/sigframe.c), one handler per return to user mode, as Linux.
 *
 * ITIMER_REAL (alarm, setitimer) is a per-process deadline on a list the
 * timer tick looks at; it sends SIGALRM (SI_KERNEL).
 *
 * Locking: pending sets, masks and the alarm list change with interrupts
 * off (sig_lock), since the tick sends SIGALRM from its interrupt handler.
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
static struct list_head alarms = LIST_HEAD_INIT(alarms);

static const char *const sig_names[32] = {
	[SIGHUP] = "SIGHUP", [SIGINT] = "SIGINT", [SIGQUIT] = "SIGQUIT",
	[SIGILL] = "SIGILL", [SIGTRAP] = "SIGTRAP", [SIGABRT] = "SIGABRT",
	[SIGBUS] = "SIGBUS", [SIGFPE] = "SIGFPE", [SIGKILL] = "SIGKILL",
	[SIGSEGV] = "SIGSEGV", [SIGPIPE] = "SIGPIPE", [SIGALRM] = "SIGALRM",
	[SIGTERM] = "SIGTERM",
};

static bool sig_ignored(const struct proc *p, int sig)
{
	uint32_t h = p->sigaction[sig - 1].handler;

	if (p->sigmask & SIGBIT(sig))
		return false;
	return h == SIG_IGN || (h == SIG_DFL && (SIG_IGNORED_DFL & SIGBIT(sig)));
}

/* SIGCONT's effect at generation (sig_lock held): continue p. */
static void signal_continue(struct proc *p)
{
	struct proc *parent = p->parent;
	struct ksiginfo info = { .signo = SIGCHLD, .code = CLD_CONTINUED,
				 .pid = p->pid, .uid = p->uid,
				 .status = SIGCONT };

	p->sigpending &= ~SIG_STOPS;
	if (!p->stopped)
		return;
	p->stopped = false;
	p->report_stop = false;
	p->report_cont = true;
	wake_up(&p->stop_wq);
	if (!parent)
		return;
	if (!(parent->sigaction[SIGCHLD - 1].flags & SA_NOCLDSTOP) &&
	    !sig_ignored(parent, SIGCHLD) &&
	    !(parent->sigpending & SIGBIT(SIGCHLD))) {
		parent->sigpending |= SIGBIT(SIGCHLD);
		parent->siginfo[SIGCHLD - 1] = info;
		if (parent->task && !(parent->sigmask & SIGBIT(SIGCHLD)))
			task_wake(parent->task);
	}
	wake_up(&parent->child_exit);
}

/* Make sig pending in p with info (NULL: SI_KERNEL).  0 or -EINVAL. */
int signal_send(struct proc *p, int sig, const struct ksiginfo *info)
{
	struct ksiginfo k = { .signo = sig, .code = SI_KERNEL };
	uint32_t flags;

	if (sig < 1 || sig > NSIG)
		return -EINVAL;
	if (info)
		k = *info;
	flags = spin_lock_irqsave(&sig_lock);
	if (sig == SIGCONT || sig == SIGKILL)
		signal_continue(p);
	if (SIG_STOPS & SIGBIT(sig))
		p->sigpending &= ~SIGBIT(SIGCONT);
	if (p->zombie || sig_ignored(p, sig) || (p->sigpending & SIGBIT(sig)))
		goto out;
	p->sigpending |= SIGBIT(sig);
	p->siginfo[sig - 1] = k;
	if (p->task && !(p->sigmask & SIGBIT(sig)))
		task_wake(p->task);
	if (sig == SIGKILL)
		wake_up(&p->stop_wq);
out:
	spin_unlock_irqrestore(&sig_lock, flags);
	return 0;
}

/* kill()'s send: SI_USER (or code) from the current process. */
int signal_send_user(struct proc *p, int sig, int code)
{
	struct proc *me = proc_current();
	struct ksiginfo info = { .signo = sig, .code = code,
				 .pid = me ? me->pid : 0,
				 .uid = me ? me->uid : 0 };

	return signal_send(p, sig, &info);
}

/* A fault of the current process: sig cannot be blocked or ignored. */
void signal_force_fault(int sig, int code, uint32_t addr)
{
	struct proc *p = proc_current();
	struct ksiginfo info = { .signo = sig, .code = code, .addr = addr };
	uint32_t flags = spin_lock_irqsave(&sig_lock);

	if ((p->sigmask & SIGBIT(sig)) ||
	    p->sigaction[sig - 1].handler == SIG_IGN) {
		p->sigmask &= ~SIGBIT(sig);
		p->sigaction[sig - 1].handler = SIG_DFL;
	}
	p->sigpending &= ~SIGBIT(sig);	/* this one replaces it */
	spin_unlock_irqrestore(&sig_lock, flags);
	signal_send(p, sig, &info);
}

bool signal_pending(const struct proc *p)
{
	return (p->sigpending & ~p->sigmask) != 0;
}

int signal_check(void)
{
	struct proc *p = proc_current();

	return p && signal_pending(p) ? -ERESTARTSYS : 0;
}

void signal_set_mask(struct proc *p, uint64_t mask)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);

	p->sigmask = mask & ~SIG_UNBLOCKABLE;
	spin_unlock_irqrestore(&sig_lock, flags);
}

/* execve: handled signals go back to SIG_DFL (ignored ones stay). */
void signal_exec(struct proc *p)
{
	for (int i = 0; i < NSIG; i++) {
		struct k_sigaction *ka = &p->sigaction[i];

		if (ka->handler != SIG_IGN)
			*ka = (struct k_sigaction){ 0 };
	}
}

/* Take the lowest pending unblocked signal: its number, or 0. */
static int signal_dequeue(struct proc *p, struct ksiginfo *info)
{
	uint32_t flags = spin_lock_irqsave(&sig_lock);
	uint64_t ready = p->sigpending & ~p->sigmask;
	int sig = 0;

	if (ready) {
		sig = __builtin_ctzll(ready) + 1;
		p->sigpending &= ~SIGBIT(sig);
		*info = p->siginfo[sig - 1];
	}
	spin_unlock_irqrestore(&sig_lock, flags);
	return sig;
}

/* The default action of sig: returns when it is to ignore or continue. */
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
static void signal_handle(struct trap_frame *f, struct proc *p, int sig,
			  struct k_sigaction *ka, const struct ksiginfo *info)
{
	uint64_t old = p->restore_sigmask ? p->saved_sigmask : p->sigmask;
	uint64_t mask = p->sigmask | ka->mask;

	syscall_restart(f, ka);
	if (sigframe_setup(f, sig, ka, info, old)) {
		pr_notice("proc: pid %d (%s): no room for a signal frame\n",
			  p->pid, p->name);
		proc_exit(W_EXITCODE(0, SIGSEGV) | W_COREFLAG);
	}
	p->restore_sigmask = false;
	if (!(ka->flags & SA_NODEFER))
		mask |= SIGBIT(sig);
	if (ka->flags & SA_RESETHAND)
		ka->handler = SIG_DFL;
	signal_set_mask(p, mask);
}

/*
 * On the way back to user mode through f (interrupts off): act on the
 * pending signals of the current process.  Returns with interrupts off,
 * unless the process ended.
 */
void signal_deliver(struct trap_frame *f)
{
	struct proc *p = proc_current();
	struct ksiginfo info;
	int sig;

	if (!p || !trap_from_user(f))
		return;
	if (!signal_pending(p) && !p->restore_sigmask &&
	    (f->vector != SYSCALL_VECTOR || (int32_t)f->eax > -ERESTARTSYS ||
	     (int32_t)f->eax < -ERESTARTNOHAND))
		return;
	cpu_sti();
	while ((sig = signal_dequeue(p, &info))) {
		struct k_sigaction *ka = &p->sigaction[sig - 1];

		if (ka->handler == SIG_IGN)
			continue;
		if (ka->handler == SIG_DFL) {
			signal_default(p, sig, &info);
			continue;
		}
		signal_handle(f, p, sig, ka, &info);
		cpu_cli();
		return;
	}
	syscall_restart(f, NULL);
	if (p->restore_sigmask) {
		p->restore_sigmask = false;
		signal_set_mask(p, p->saved_sigmask);
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
