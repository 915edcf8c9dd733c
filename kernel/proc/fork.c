/*
 * fork.c: clone's core, behind fork, vfork, clone and so musl's
 * pthread_create and posix_spawn: a new thread, in the caller's process
 * (CLONE_THREAD) or in a new one.
 *
 * A new process shares or copies each of the caller's structures as the
 * flags ask (proc.h): the address space (CLONE_VM shares it, else a
 * copy-on-write copy, mm_fork), the descriptor table (CLONE_FILES, else
 * a copy sharing each open file, as dup does), root, cwd and umask
 * (CLONE_FS), signal actions (CLONE_SIGHAND); it copies the credentials,
 * process group and session, and has no pending signal nor alarm.  Its
 * exit signal is the low byte of the flags (SIGCHLD for fork), any value
 * of it, as Linux's clone takes it: one above NSIG is never sent (the
 * child is still a "clone" child for wait).  With CLONE_PARENT the child
 * is its caller's sibling and its exit signal is the caller's own, not
 * the one asked for: a process chooses the signal only for its own
 * parent, never for its grandparent (as Linux).  init, or any process
 * with no parent, may not use CLONE_PARENT (-EINVAL).
 *
 * The new thread (either way) gets the caller's blocked mask, TLS
 * descriptors (or the one CLONE_SETTLS describes) and FPU registers, and
 * a task whose user trap frame is the caller's with eax = 0 and, when a
 * stack is given, esp = that stack.  Its task is made runnable only once
 * all of it is in place and CLONE_PARENT_SETTID's store is done, so the
 * thread never runs before its tid is where its creator asked.  It first
 * runs clone_child_start(), which does CLONE_CHILD_SETTID's store in its
 * own address space and enters user mode through that frame.
 *
 * CLONE_VFORK: the caller sleeps until the child execs or ends
 * (vfork.h), or until the caller is killed.  vfork(2) is
 * clone(CLONE_VM | CLONE_VFORK | SIGCHLD).
 *
 * Flags: the namespaces (CLONE_NEW*) and CLONE_PIDFD are not implemented
 * and give -EINVAL; CLONE_SYSVSEM (no System V semaphores yet),
 * CLONE_DETACHED, CLONE_PTRACE and CLONE_UNTRACED are accepted and mean
 * nothing here.
 *
 * Interface (proc.h): proc_clone; (vfork.h) vfork_release.
 */
#include "kernel/proc/proc.h"
#include "kernel/prof/prof.h"
#include "kernel/proc/tls.h"
#include "kernel/proc/vfork.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/x86/fpu.h"
#include "kernel/x86/interrupt.h"
#include "kernel/sched/task.h"
#include "kernel/syscall/syscall.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define CLONE_UNSUPPORTED	(0x7e020000u | CLONE_PIDFD)	/* CLONE_NEW* */

/* What clone builds before the child may run. */
struct clone_ctx {
	const struct clone_req *req;
	struct proc *proc;		/* the child's process */
	struct thread *thread;
	struct task *task;
	unsigned int tls_slot;
	uint64_t tls_desc;
};

static int clone_child_start(void *arg)
{
	struct trap_frame *f = syscall_user_frame();
	struct thread *t = current->thread;

	if (t->set_child_tid)
		(void)put_user(t->tid, (int *)t->set_child_tid);
	signal_deliver(f);
	cpu_cli();
	user_mode_enter(f);
}

/* Whether p is init or has no parent: its children would have nobody
 * to reap them if it made siblings. */
static bool proc_is_root(const struct proc *p)
{
	return p->pid == 1 || !p->parent;
}

/* Linux's rules for the flags; 0 or -EINVAL. */
static int clone_check(const struct clone_req *r)
{
	if (r->flags & CLONE_UNSUPPORTED)
		return -EINVAL;
	if ((r->flags & CLONE_THREAD) && !(r->flags & CLONE_SIGHAND))
		return -EINVAL;
	if ((r->flags & CLONE_SIGHAND) && !(r->flags & CLONE_VM))
		return -EINVAL;
	if ((r->flags & CLONE_PARENT) && proc_is_root(current->proc))
		return -EINVAL;		/* no sibling for init */
	return 0;
}

/* The child process's structures, shared or copied.  0 or -ENOMEM. */
static int clone_share(struct proc *c, struct proc *p, uint32_t flags)
{
	if (flags & CLONE_VM) {
		c->mm = mm_get(p->mm);
	} else {
		mm_lock(p->mm);
		c->mm = mm_fork(p->mm);
		mm_unlock(p->mm);
	}
	if (flags & CLONE_FILES) {
		c->files = p->files;
		__atomic_add_fetch(&c->files->refcount, 1, __ATOMIC_RELAXED);
	} else {
		c->files = files_copy(p->files);
	}
	if (flags & CLONE_FS) {
		c->fs = p->fs;
		__atomic_add_fetch(&c->fs->refcount, 1, __ATOMIC_RELAXED);
	} else {
		c->fs = fs_copy(p->fs);
	}
	if (flags & CLONE_SIGHAND) {
		c->sighand = p->sighand;
		__atomic_add_fetch(&c->sighand->refcount, 1, __ATOMIC_RELAXED);
	} else {
		c->sighand = sighand_copy(p->sighand);
	}
	return c->mm && c->files && c->fs && c->sighand ? 0 : -ENOMEM;
}

/* What the child inherits of the parent's limits, ids and /proc
 * details (not its usage counts, parent-death signal or subreaper
 * role, which start afresh as on Linux). */
static void clone_info(struct proc *c, struct proc *p)
{
	memcpy(c->rlim, p->rlim, sizeof(c->rlim));
	c->suid = p->suid;
	c->sgid = p->sgid;
	c->fscred = p->fscred;
	c->dumpable = p->dumpable;
	c->no_new_privs = p->no_new_privs;
	c->prof_traced = p->prof_traced;
	c->personality = p->personality;
	c->text_start = p->text_start;
	c->text_end = p->text_end;
	c->text_offset = p->text_offset;
	c->vdso_start = p->vdso_start;
	c->exe_file = p->exe_file;
	if (c->exe_file)
		file_ref_get(c->exe_file);
}

/* The child's exit signal and exec counts.  CLONE_PARENT: the caller's
 * exit signal, for the parent they share. */
static void clone_exit_signal(struct proc *c, struct proc *p,
			      const struct clone_req *r)
{
	c->self_exec_id = p->self_exec_id;
	if (r->flags & CLONE_PARENT) {
		c->exit_signal = p->exit_signal;
		c->parent_exec_id = p->parent_exec_id;
	} else {
		c->exit_signal = r->exit_signal;
		c->parent_exec_id = p->self_exec_id;
	}
}

/* A new process for the child (not linked to its parent yet). */
static struct proc *clone_proc(const struct clone_req *r)
{
	struct proc *p = current->proc;
	struct proc *c = proc_alloc();

	if (!c)
		return NULL;
	if (clone_share(c, p, r->flags)) {
		proc_free(c);
		return NULL;
	}
	clone_exit_signal(c, p, r);
	c->uid = p->uid;
	c->gid = p->gid;
	c->euid = p->euid;
	c->egid = p->egid;
	c->pgid = p->pgid;
	c->sid = p->sid;
	c->tty = p->tty;
	memcpy(c->name, p->name, sizeof(c->name));
	clone_info(c, p);
	return c;
}

/* The child task's registers, TLS and FPU, from the caller's. */
static void clone_task_setup(struct clone_ctx *x)
{
	struct task *t = x->task;
	struct trap_frame *f = (struct trap_frame *)(t->stack_top - sizeof(*f));

	memcpy(t->tls, current->tls, sizeof(t->tls));
	if (x->req->flags & CLONE_SETTLS)
		t->tls[x->tls_slot] = x->tls_desc;
	fpu_copy(t, current);
	t->nice = current->nice;
	*f = *syscall_user_frame();
	f->eax = 0;
	if (x->req->stack)
		f->user_esp = x->req->stack;
}

/* A new process's first thread: its pid, and its place among the
 * parent's children (CLONE_PARENT: the caller's siblings). */
static void clone_link_proc(struct clone_ctx *x)
{
	struct proc *c = x->proc, *me = current->proc;
	struct proc *parent = x->req->flags & CLONE_PARENT ? me->parent : me;

	x->task->keep_pid = true;
	c->pid = x->task->pid;
	preempt_disable();
	c->parent = parent;
	if (parent)
		list_add_tail(&c->sibling, &parent->children);
	else
		c->orphan = true;
	preempt_enable();
}

/* Sleep until the vfork child has exec'd or ended, or this thread is
 * killed (the child then no longer points here). */
static void vfork_wait_child(struct vfork_wait *vw)
{
	struct thread *t = current->thread;
	struct proc *p = t->proc;

	wait_event(&vw->wq, READ_ONCE(vw->done) ||
		   ((p->shared_pending.set | t->pending.set) &
		    SIGBIT(SIGKILL)) ||
		   (p->group_exit && p->group_keeper != t));
	preempt_disable();
	if (!vw->done)
		vw->child->vfork = NULL;
	preempt_enable();
}

void vfork_release(struct thread *t)
{
	struct vfork_wait *vw;

	preempt_disable();
	vw = t->vfork;
	t->vfork = NULL;
	if (vw) {
		vw->done = true;
		wake_up(&vw->wq);
	}
	preempt_enable();
}

/* Build the child's thread and task (not runnable yet).  0 or -Exxx. */
static int clone_build(struct clone_ctx *x)
{
	const struct clone_req *r = x->req;
	struct thread *me = current->thread;

	x->thread = thread_alloc();
	if (!x->thread)
		return -ENOMEM;
	if (!(r->flags & CLONE_THREAD) && !(x->proc = clone_proc(r)))
		return -ENOMEM;
	x->task = uthread_create(clone_child_start, NULL, current->name);
	if (!x->task)
		return -EAGAIN;
	clone_task_setup(x);
	x->thread->sigmask = me->sigmask;
	if ((r->flags & (CLONE_VM | CLONE_VFORK)) != CLONE_VM)
		x->thread->altstack = me->altstack;	/* not a new thread */
	if (r->flags & CLONE_CHILD_CLEARTID)
		x->thread->clear_child_tid = r->child_tid;
	if (r->flags & CLONE_CHILD_SETTID)
		x->thread->set_child_tid = r->child_tid;
	if (!(r->flags & CLONE_THREAD))
		clone_link_proc(x);
	return 0;
}

/* Make the child one of its process's threads and let it run.  With
 * preemption off between the two, nothing (signal_kick) can wake it
 * before it is complete; it may end and be freed right after. */
static void clone_start(struct clone_ctx *x)
{
	preempt_disable();
	thread_attach(x->thread, x->task, x->proc);
	kthread_detach(x->task);
	task_wake(x->task);
	proc_forks++;
	preempt_enable();
}

/* Undo a clone_build that failed before the task was made (it is the
 * last step that can fail). */
static void clone_undo(struct clone_ctx *x)
{
	if (x->proc && x->proc != current->proc)
		proc_free(x->proc);
	thread_free(x->thread);
}

/*
 * clone's core (fork: flags 0, exit signal SIGCHLD).  Returns the child's
 * tid (its pid for a new process), -EINVAL (bad flags or TLS), -EFAULT,
 * -ENOMEM, -EAGAIN (no task or pid) or -ERESTARTNOINTR (the caller's
 * group is exiting).
 */
int proc_clone(const struct clone_req *r)
{
	struct clone_ctx x = { .req = r };
	struct vfork_wait vw = { .wq = WAIT_QUEUE_INIT(vw.wq) };
	int err = clone_check(r), tid;

	if (!err && (r->flags & CLONE_SETTLS))
		err = tls_from_user(r->tls, current->tls, false, &x.tls_slot,
				    &x.tls_desc);
	if (err)
		return err;
	if (current->proc->group_exit)
		return -ERESTARTNOINTR;
	if (r->flags & CLONE_THREAD)
		x.proc = current->proc;
	err = clone_build(&x);
	if (err) {
		clone_undo(&x);
		return err;
	}
	tid = x.task->pid;
	if (r->flags & CLONE_PARENT_SETTID)
		(void)put_user(tid, (int *)r->parent_tid);
	if (r->flags & CLONE_VFORK) {
		vw.child = x.thread;
		x.thread->vfork = &vw;
	}
	prof_fork(x.proc->pid, tid, current->proc->pid, current->pid);
	clone_start(&x);
	if (r->flags & CLONE_VFORK)
		vfork_wait_child(&vw);
	return tid;
}
