/*
 * fork.c: fork, vfork and clone's core: a copy of the current process.
 *
 * The child gets a copy-on-write copy of the address space (mm_fork), a
 * copy of the descriptor table sharing each open file (as dup does), the
 * parent's directories, credentials, umask, process group and session,
 * signal actions and blocked mask (not its pending signals, nor its
 * alarm), and a task whose user trap frame is the parent's with eax = 0.
 * The child first runs fork_child_start(), which enters user mode through
 * that frame.  vfork behaves as fork (the parent is not suspended: a
 * program that follows vfork's rules cannot tell).
 *
 * Interface (proc.h): proc_fork.
 */
#include "kernel/proc/proc.h"
#include "kernel/fpu.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/interrupt.h"
#include "kernel/sched/task.h"
#include "kernel/syscall/syscall.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/vm.h"

static int fork_child_start(void *arg)
{
	struct trap_frame *f = syscall_user_frame();

	signal_deliver(f);
	cpu_cli();
	user_mode_enter(f);
}

/* Everything of the parent the child inherits but its task and memory. */
static void fork_copy(struct proc *c, struct proc *p)
{
	for (int fd = 0; fd < PROC_MAX_FDS; fd++) {
		c->fds[fd] = p->fds[fd];
		if (c->fds[fd].file)
			c->fds[fd].file->refcount++;
	}
	c->root = igrab(p->root);
	c->cwd = igrab(p->cwd);
	c->uid = p->uid;
	c->gid = p->gid;
	c->euid = p->euid;
	c->egid = p->egid;
	c->umask = p->umask;
	c->pgid = p->pgid;
	c->sid = p->sid;
	c->sigmask = p->sigmask;
	memcpy(c->sigaction, p->sigaction, sizeof(c->sigaction));
	memcpy(c->name, p->name, sizeof(c->name));
	if (p->cmdline_len && (c->cmdline = kmalloc(p->cmdline_len))) {
		memcpy(c->cmdline, p->cmdline, p->cmdline_len);
		c->cmdline_len = p->cmdline_len;
	}
}

/* The child's task, runnable once preemption is enabled again. */
static struct task *fork_task(struct proc *c, struct proc *p)
{
	struct task *t = uthread_create(fork_child_start, NULL, current->name);
	struct trap_frame *f;

	if (!t)
		return NULL;
	t->proc = c;
	t->mm = c->mm;
	memcpy(t->tls, current->tls, sizeof(t->tls));
	fpu_copy(t, current);		/* the parent's x87/SSE registers */
	f = (struct trap_frame *)(t->stack_top - sizeof(*f));
	*f = *syscall_user_frame();
	f->eax = 0;
	c->task = t;
	c->pid = t->pid;
	c->parent = p;
	list_add_tail(&c->sibling, &p->children);
	kthread_detach(t);
	return t;
}

/*
 * A copy of the current process (flags: clone's, already checked by the
 * caller; only the exit signal, always SIGCHLD, matters for now).
 * Returns the child's pid, or -ENOMEM / -EAGAIN.
 */
int proc_fork(uint32_t flags)
{
	struct proc *p = current->proc;
	struct proc *c = proc_alloc();
	struct task *t;

	(void)flags;
	if (!c)
		return -ENOMEM;
	c->mm = mm_fork(p->mm);
	if (!c->mm) {
		proc_free(c);
		return -ENOMEM;
	}
	fork_copy(c, p);
	preempt_disable();
	t = fork_task(c, p);
	preempt_enable();
	if (t)
		return c->pid;
	fd_close_all(c);
	iput(c->root);
	iput(c->cwd);
	mm_destroy(c->mm);
	proc_free(c);
	return -EAGAIN;
}
