/*
 * proc.c: creating, ending and waiting for processes (see proc.h).
 *
 * proc_spawn() makes a process with no parent: its task first runs
 * proc_start(), which loads the program (proc_exec) into a fresh address
 * space and enters user mode through the trap frame reserved at the top
 * of its kernel stack.  proc_exit() releases everything the process holds
 * (files, address space, directories), makes it a zombie with its wait
 * status, wakes whoever waits, and ends the task.  A zombie is freed by
 * the wait that collects it: its parent's wait4, or proc_wait_kernel for
 * the processes the kernel started.  Children of an ending process lose
 * their parent; nobody will wait for them, so they free themselves.
 *
 * The pid is the task's.  Known gap: the task's pid returns to the pool
 * when the task ends, while the zombie still carries it; the round-robin
 * pid allocator makes reuse before the wait very unlikely.  Process
 * fields change only in the process itself or with preemption off.
 */
#include "kernel/proc/proc.h"
#include "fs/vfs.h"
#include "kernel/cpu.h"
#include "kernel/errno.h"
#include "kernel/interrupt.h"
#include "kernel/printk.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/vm.h"

struct spawn_args {
	const char *path;
	const char *const *argv, *const *envp;
};

struct proc *proc_current(void)
{
	return current ? current->proc : NULL;
}

/* The frame user mode enters and leaves through, at the stack's top. */
static struct trap_frame *user_frame(void)
{
	return (struct trap_frame *)(current->stack_top -
				     sizeof(struct trap_frame));
}

static struct list_head all_procs = LIST_HEAD_INIT(all_procs);

/* A new process with nothing open, linked on the list of processes. */
struct proc *proc_alloc(void)
{
	struct proc *p = kzalloc(sizeof(*p));

	if (!p)
		return NULL;
	list_init(&p->children);
	list_init(&p->sibling);
	list_init(&p->alarm_link);
	wait_queue_init(&p->child_exit);
	wait_queue_init(&p->exited);
	wait_queue_init(&p->stop_wq);
	p->umask = 022;
	preempt_disable();
	list_add_tail(&p->all_link, &all_procs);
	preempt_enable();
	return p;
}

void proc_free(struct proc *p)
{
	preempt_disable();
	list_del(&p->sibling);
	list_del(&p->all_link);
	preempt_enable();
	kfree(p->cmdline);
	kfree(p);
}

/* The process with that pid (a zombie too), or NULL. */
struct proc *proc_find(int pid)
{
	struct proc *p;

	list_for_each_entry(p, &all_procs, all_link)
		if (p->pid == pid)
			return p;
	return NULL;
}

/* fn(p, arg) on every process that has not ended; the sum of the calls. */
int proc_for_each(int (*fn)(struct proc *p, void *arg), void *arg)
{
	struct proc *p;
	int sum = 0;

	preempt_disable();
	list_for_each_entry(p, &all_procs, all_link)
		if (!p->zombie)
			sum += fn(p, arg);
	preempt_enable();
	return sum;
}

static int proc_start(void *arg)
{
	struct spawn_args *a = arg;
	struct trap_frame *f = user_frame();
	int err = proc_exec(f, a->path, a->argv, a->envp);

	if (err) {
		pr_err("proc: cannot run %s (error %d)\n", a->path, err);
		kfree(a);
		proc_exit(W_EXITCODE(127, 0));
	}
	kfree(a);
	user_mode_enter(f);
}

/*
 * A new process, child of none, running path with argv and envp (kernel
 * strings that must stay valid until the process has ended); its fds 0-2
 * share files[0..2].  Returns the process (collect it with
 * proc_wait_kernel), or ERR_PTR(-ENOMEM).  A program that cannot be
 * loaded makes the process end with status 127.
 */
struct proc *proc_spawn(const char *path, const char *const *argv,
			const char *const *envp, struct file *const files[3])
{
	struct proc *p = proc_alloc();
	struct spawn_args *a = kmalloc(sizeof(*a));
	struct task *t;

	if (!p || !a)
		goto nomem;
	*a = (struct spawn_args){ path, argv, envp };
	p->root = igrab(vfs_root());
	p->cwd = igrab(vfs_cwd());
	for (int fd = 0; fd < 3; fd++) {
		p->fds[fd].file = files[fd];
		files[fd]->refcount++;
	}
	strlcpy(p->name, path, sizeof(p->name));
	preempt_disable();
	t = uthread_create(proc_start, a, "user");
	if (t) {
		t->proc = p;
		p->task = t;
		p->pid = p->pgid = p->sid = t->pid;
		kthread_detach(t);
	}
	preempt_enable();
	if (t)
		return p;
	fd_close_all(p);
nomem:
	if (p) {
		iput(p->root);
		iput(p->cwd);
		proc_free(p);
	}
	kfree(a);
	return ERR_PTR(-ENOMEM);
}

/* Sleep until p (started by proc_spawn) has ended; free it; its status. */
int proc_wait_kernel(struct proc *p)
{
	int status;

	wait_event(&p->exited, p->zombie);
	status = p->status;
	proc_free(p);
	return status;
}

/* Drop the address space: back on the kernel's page directory. */
static void proc_release_mm(struct proc *p)
{
	uint32_t flags = irq_save();
	struct mm *mm = p->mm;

	current->mm = NULL;
	p->mm = NULL;
	mm_switch(NULL);
	irq_restore(flags);
	mm_destroy(mm);
}

/* Children lose their parent (nobody adopts them: getppid gives 0);
 * zombies among them are freed now, the others will free themselves. */
static void proc_orphan_children(struct proc *p)
{
	struct proc *c, *tmp;

	list_for_each_entry_safe(c, tmp, &p->children, sibling) {
		list_del(&c->sibling);
		list_init(&c->sibling);
		c->parent = NULL;
		c->orphan = true;
		if (c->zombie)
			proc_free(c);
	}
}

/* SIGCHLD's siginfo for wait status status of child c. */
static void child_info(struct proc *c, int status, struct ksiginfo *info)
{
	*info = (struct ksiginfo){ .signo = SIGCHLD, .pid = c->pid,
				   .uid = c->uid };
	if (status & 0x7f) {
		info->code = status & W_COREFLAG ? CLD_DUMPED : CLD_KILLED;
		info->status = status & 0x7f;
	} else {
		info->code = CLD_EXITED;
		info->status = (status >> 8) & 0xff;
	}
}

/* Tell the parent (preemption off): SIGCHLD, and a wake-up.  A parent
 * that ignores SIGCHLD or asked SA_NOCLDWAIT does not keep the zombie. */
static void proc_notify_parent(struct proc *p)
{
	struct proc *parent = p->parent;
	struct k_sigaction *ka;
	struct ksiginfo info;

	if (!parent)
		return;
	ka = &parent->sigaction[SIGCHLD - 1];
	child_info(p, p->status, &info);
	signal_send(parent, SIGCHLD, &info);
	if (ka->handler == SIG_IGN || (ka->flags & SA_NOCLDWAIT)) {
		list_del(&p->sibling);
		list_init(&p->sibling);
		p->parent = NULL;
		p->orphan = true;
	}
	wake_up(&parent->child_exit);
}

/* End the current process with wait status status. */
__noreturn void proc_exit(int status)
{
	struct proc *p = current->proc;

	signal_exit(p);
	fd_close_all(p);
	proc_release_mm(p);
	iput(p->cwd);
	iput(p->root);
	p->cwd = p->root = NULL;
	preempt_disable();
	proc_orphan_children(p);
	current->proc = NULL;
	p->task = NULL;
	p->status = status;
	p->zombie = true;
	wake_up(&p->exited);
	proc_notify_parent(p);
	if (p->orphan)
		proc_free(p);
	preempt_enable();
	kthread_exit(0);
}

/* Whether child c is one that pid selects (see proc_wait). */
static bool wait_selects(struct proc *p, struct proc *c, int pid)
{
	if (pid > 0)
		return c->pid == pid;
	if (pid == 0)
		return c->pgid == p->pgid;
	if (pid < -1)
		return c->pgid == -pid;
	return true;
}

/* Fill res if c has something options ask for; whether it has. */
static bool wait_report(struct proc *c, int options, struct wait_result *res)
{
	struct ksiginfo info;

	res->pid = c->pid;
	res->uid = c->uid;
	if (c->zombie && (options & WEXITED)) {
		child_info(c, c->status, &info);
		res->status = c->status;
		res->code = info.code;
		res->si_status = info.status;
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
		if (!wait_selects(p, c, pid))
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
	else
		proc_free(c);
}

/*
 * wait4 and waitid's core (options: WNOHANG, WEXITED, WUNTRACED,
 * WCONTINUED, WNOWAIT).  Returns the pid reported in res, 0 (WNOHANG and
 * nothing to report), -ECHILD (no child selected) or -ERESTARTSYS (a
 * signal came while sleeping).
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
			return -ECHILD;
		if (options & WNOHANG)
			return 0;
		wait_event(&p->child_exit,
			   wait_find(p, pid, options, res, &any) || !any ||
			   signal_pending(p));
		if (signal_pending(p) && !wait_find(p, pid, options, res, &any))
			return -ERESTARTSYS;
	}
}

/* The stop default action: sleep until SIGCONT (or SIGKILL) clears
 * p->stopped; the parent hears of it through wait and SIGCHLD. */
void proc_stop(int sig)
{
	struct proc *p = current->proc;
	struct proc *parent = p->parent;
	struct ksiginfo info = { .signo = SIGCHLD, .code = CLD_STOPPED,
				 .pid = p->pid, .uid = p->uid, .status = sig };

	preempt_disable();
	p->stopped = true;
	p->stop_sig = sig;
	p->report_stop = true;
	p->report_cont = false;
	if (parent) {
		if (!(parent->sigaction[SIGCHLD - 1].flags & SA_NOCLDSTOP))
			signal_send(parent, SIGCHLD, &info);
		wake_up(&parent->child_exit);
	}
	preempt_enable();
	wait_event(&p->stop_wq, !p->stopped ||
		   (p->sigpending & SIGBIT(SIGKILL)));
}
