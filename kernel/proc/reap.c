/*
 * reap.c: waiting for children (wait4 and waitid's core) and the stop
 * and continue states they report.
 *
 * proc_wait() looks among the caller's children for one its pid and
 * options select that has something to report (an exit, a stop, a
 * continue), sleeping on the caller's child_exit queue until one has;
 * an exit that is reported frees the zombie (unless WNOWAIT).  Waits work
 * on processes: a child is a thread group, reported once its last thread
 * has ended.  As Linux, a child whose exit signal is not SIGCHLD (a
 * "clone" child) is only seen with __WCLONE, the others only without it;
 * __WALL sees both.
 *
 * Stopping is for the whole group: the thread that takes a stop signal
 * marks the process stopped, tells the parent, and every thread then
 * sleeps in proc_stop_wait() on its way to user mode until SIGCONT (or
 * SIGKILL, or the group's exit) ends the stop.
 *
 * Interface (proc.h): proc_wait, proc_stop, proc_stop_wait.
 */
#include "kernel/proc/proc.h"
#include "lib/errno.h"
#include "kernel/sched/task.h"

/* Whether child c is one that pid and options select (see proc_wait). */
static bool wait_selects(struct proc *p, struct proc *c, int pid,
			 int options)
{
	bool clone_child = c->exit_signal != SIGCHLD;

	if (!(options & WALL) && clone_child != !!(options & WCLONE))
		return false;
	if (pid > 0)
		return c->pid == pid;
	if (pid == 0)
		return c->pgid == p->pgid;
	if (pid < -1)
		return c->pgid == -pid;
	return true;
}

/* SIGCHLD's code and status for a wait status. */
static void exit_info(int status, struct wait_result *res)
{
	res->status = status;
	if (status & 0x7f) {
		res->code = status & W_COREFLAG ? CLD_DUMPED : CLD_KILLED;
		res->si_status = status & 0x7f;
	} else {
		res->code = CLD_EXITED;
		res->si_status = (status >> 8) & 0xff;
	}
}

/* Fill res if c has something options ask for; whether it has. */
static bool wait_report(struct proc *c, int options, struct wait_result *res)
{
	res->pid = c->pid;
	res->uid = c->uid;
	proc_acct_sum(c, &res->acct);
	task_acct_add(&res->acct, &c->child_acct);
	res->maxrss_kb = MAX(proc_maxrss_kb(c), c->child_maxrss_kb);
	if (c->zombie && (options & WEXITED)) {
		exit_info(c->status, res);
		return true;
	}
	if (c->report_stop && (options & WUNTRACED)) {
		res->status = W_STOPCODE(c->stop_sig);
		res->code = CLD_STOPPED;
		res->si_status = c->stop_sig;
		return true;
	}
	if (c->report_cont && (options & WCONTINUED)) {
		res->status = W_CONTINUED;
		res->code = CLD_CONTINUED;
		res->si_status = SIGCONT;
		return true;
	}
	return false;
}

/* A child of p that pid selects with something to report, or NULL;
 * *any: pid selects at least one child.  Preemption off. */
static struct proc *wait_find(struct proc *p, int pid, int options,
			      struct wait_result *res, bool *any)
{
	struct proc *c;

	*any = false;
	list_for_each_entry(c, &p->children, sibling) {
		if (!wait_selects(p, c, pid, options))
			continue;
		*any = true;
		if (wait_report(c, options, res))
			return c;
	}
	return NULL;
}

/* Consume what was reported about c (unless WNOWAIT): a zombie is freed. */
static void wait_consume(struct proc *c, int options,
			 const struct wait_result *res)
{
	if (options & WNOWAIT)
		return;
	if (res->code == CLD_STOPPED)
		c->report_stop = false;
	else if (res->code == CLD_CONTINUED)
		c->report_cont = false;
	else {
		proc_acct_reap(c->parent, c);
		proc_free(c);
	}
}

/*
 * wait4 and waitid's core (options: WNOHANG, WEXITED, WUNTRACED,
 * WCONTINUED, WNOWAIT, WALL, WCLONE).  Returns the pid reported in res,
 * 0 (WNOHANG and nothing to report), -ECHILD (no child selected) or
 * -ERESTARTSYS (a signal came while sleeping).
 */
int proc_wait(int pid, int options, struct wait_result *res)
{
	struct proc *p = current->proc, *c;
	bool any;

	for (;;) {
		preempt_disable();
		c = wait_find(p, pid, options, res, &any);
		if (c)
			wait_consume(c, options, res);
		preempt_enable();
		if (c)
			return res->pid;
		if (!any)
			return -ECHILD;	/* before a signal, as Linux */
		if (options & WNOHANG)
			return 0;
		if (signal_check())
			return -ERESTARTSYS;
		wait_event(&p->child_exit,
			   wait_find(p, pid, options, res, &any) || !any ||
			   signal_check());
	}
}

/* The stop default action: the group stops (every thread sleeps in
 * proc_stop_wait) until SIGCONT or SIGKILL; the parent hears of it
 * through wait and SIGCHLD. */
void proc_stop(int sig)
{
	struct proc *p = current->proc;
	struct proc *parent = p->parent;
	struct ksiginfo info;

	ksiginfo_init(&info, SIGCHLD, CLD_STOPPED);
	info.chld.pid = p->pid;
	info.chld.uid = p->uid;
	info.chld.status = sig;
	preempt_disable();
	p->stopped = true;
	p->stop_sig = sig;
	p->report_stop = true;
	p->report_cont = false;
	if (parent) {
		if (!(parent->sighand->action[SIGCHLD - 1].flags &
		      SA_NOCLDSTOP))
			signal_send(parent, SIGCHLD, &info);
		wake_up(&parent->child_exit);
	}
	preempt_enable();
	signal_kick(p);
	proc_stop_wait();
}

/* Sleep while the current thread's group is stopped (and not killed). */
void proc_stop_wait(void)
{
	struct thread *t = current->thread;
	struct proc *p = t->proc;

	wait_event(&p->stop_wq, !p->stopped ||
		   ((p->shared_pending.set | t->pending.set) &
		    SIGBIT(SIGKILL)) ||
		   (p->group_exit && p->group_keeper != t));
}
