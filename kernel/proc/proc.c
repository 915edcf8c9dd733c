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

static struct proc *proc_alloc(void)
{
	struct proc *p = kzalloc(sizeof(*p));

	if (!p)
		return NULL;
	list_init(&p->children);
	list_init(&p->sibling);
	wait_queue_init(&p->child_exit);
	wait_queue_init(&p->exited);
	p->root = igrab(vfs_root());
	p->cwd = igrab(vfs_cwd());
	p->umask = 022;
	return p;
}

static void proc_free(struct proc *p)
{
	list_del(&p->sibling);
	kfree(p);
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
		p->pid = t->pid;
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
	}
	kfree(p);
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

/* Children lose their parent; zombies among them are freed now. */
static void proc_orphan_children(struct proc *p)
{
	struct proc *c, *tmp;

	list_for_each_entry_safe(c, tmp, &p->children, sibling) {
		list_del(&c->sibling);
		list_init(&c->sibling);
		c->parent = NULL;
		c->orphan = true;
		if (c->zombie)
			kfree(c);
	}
}

/* End the current process with wait status status. */
__noreturn void proc_exit(int status)
{
	struct proc *p = current->proc;

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
	if (p->parent)
		wake_up(&p->parent->child_exit);
	else if (p->orphan)
		kfree(p);
	preempt_enable();
	kthread_exit(0);
}

static const char *const signal_names[] = {
	[SIGILL] = "SIGILL", [SIGFPE] = "SIGFPE", [SIGKILL] = "SIGKILL",
	[SIGSEGV] = "SIGSEGV", [SIGBUS] = "SIGBUS",
};

/* A fault in user mode the process cannot survive (no signal handlers
 * yet): end it as killed by sig, with a log line. */
__noreturn void proc_kill_fault(int sig, const char *why)
{
	struct proc *p = current->proc;

	pr_notice("proc: pid %d (%s) killed by %s: %s\n", p->pid, p->name,
		  signal_names[sig] ? signal_names[sig] : "a signal", why);
	cpu_sti();
	proc_exit(W_EXITCODE(0, sig));
}

/* A zombie child of p that pid selects, or NULL; *any: one is selected. */
static struct proc *find_zombie(struct proc *p, int pid, bool *any)
{
	struct proc *c;

	*any = false;
	list_for_each_entry(c, &p->children, sibling) {
		if (pid > 0 && c->pid != pid)
			continue;
		*any = true;
		if (c->zombie)
			return c;
	}
	return NULL;
}

/* wait4 without rusage: the pid collected, 0 (WNOHANG), -ECHILD.  Process
 * groups do not exist yet: pid 0 and pid < -1 mean any child. */
int proc_wait4(int pid, int *status, int options)
{
	struct proc *p = current->proc, *c;
	bool any;

	for (;;) {
		preempt_disable();
		c = find_zombie(p, pid, &any);
		preempt_enable();
		if (c || !any || (options & WNOHANG))
			break;
		wait_event(&p->child_exit, find_zombie(p, pid, &any) || !any);
	}
	if (!c)
		return any ? 0 : -ECHILD;
	pid = c->pid;
	*status = c->status;
	proc_free(c);
	return pid;
}
