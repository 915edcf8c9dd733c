/*
 * thread.c: the threads of a process and how they end (see proc.h).
 *
 * A struct thread is allocated with its task (proc_spawn, proc_clone)
 * and linked on its process's list.
 *
 * thread_exit() (exit(2)) ends the calling thread: its robust futex list
 * is walked and its PI futexes handed on (futex_exit_thread), its
 * clear_child_tid
 * word is zeroed and one futex waiter on it woken (pthread_join), a vfork
 * parent waiting on it resumes, and the thread leaves its process; the
 * last one to leave ends the process (proc_end: zombie, parent told) with
 * the group's exit status if the group is exiting, else its own code.
 * proc_exit() (exit_group(2), fatal signals) marks the group as exiting
 * and wakes every thread: each ends when it next heads for user mode
 * (signal_deliver) or when an interruptible sleep of it sees
 * signal_check(), and the caller ends too.  proc_kill_other_threads()
 * (execve) does the same but keeps the caller, waits until it is alone,
 * and gives it the process's pid as its tid, as Linux's de_thread does.
 *
 * Lifetimes: what an ending thread may touch, and until when.
 *  - struct proc is freed only as a zombie (by its parent's wait, by
 *    proc_wait_kernel, or by itself at its end when nobody will wait),
 *    and it becomes a zombie only when its last thread leaves it (in
 *    proc_end).  So a thread on p->threads keeps p alive, and a thread
 *    that has left the list touches nothing of p: the parent may free it
 *    as soon as the other threads have gone too.
 *  - struct mm is refcounted.  p->mm holds one reference (each process
 *    sharing it through CLONE_VM its own); each task running a thread
 *    holds one more in task->mm (taken by thread_attach, moved by execve
 *    with thread_swap_mm, dropped by the thread as it ends), since the
 *    scheduler loads task->mm at every switch to the task.
 *  - struct thread is freed by the thread itself once it has left the
 *    list, so whoever finds it on the list under signal_lock (or, on one
 *    CPU, with preemption off) may use it.
 * An ending thread therefore first finishes with user memory (its
 * robust futex list, clear_child_tid), moves to the kernel's page directory and drops its
 * reference to the mm; then, in one signal_lock section, it leaves the
 * list, hands the process's pending signals on to the threads left
 * (signal_retarget) and wakes an execve waiting for it (threads_wq).  A
 * thread that was not the last then only frees its own struct thread
 * and task.  The same holds when execve ends the other threads (they go
 * through thread_exit, and the caller frees the old mm only when they
 * have left, holding no reference to it), and for a vfork child (its
 * process holds its own reference to the parent's mm; its parent's
 * struct vfork_wait is released before the child leaves).
 *
 * Interface (proc.h): thread_current, thread_alloc, thread_free,
 * thread_attach, thread_swap_mm, thread_exit, proc_exit,
 * proc_kill_other_threads, thread_exit_hook.
 */
#include "kernel/proc/proc.h"
#include "kernel/prof/prof.h"
#include "kernel/proc/futex.h"
#include "kernel/proc/vfork.h"
#include "kernel/cmdline.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"
#include "lib/string.h"
#include <stddef.h>

struct thread *thread_current(void)
{
	return current ? current->thread : NULL;
}

struct thread *thread_alloc(void)
{
	struct thread *t = kmalloc(sizeof(*t));

	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	sigpending_init(&t->pending);
	sigaltstack_reset(&t->altstack);
	list_init(&t->link);
	return t;
}

void thread_free(struct thread *t)
{
	if (t)
		signal_pending_free(&t->pending);
	if (t && t->borrowed && t->borrowed != t->borrow_inline)
		kfree(t->borrowed);
	kfree(t);
}

/* Task t runs thread th of p, on its own reference to p's address space
 * (none yet for a process proc_spawn is starting): linked and counted
 * (under signal_lock). */
void thread_attach(struct thread *th, struct task *t, struct proc *p)
{
	uint32_t flags;

	th->task = t;
	th->proc = p;
	th->tid = t->pid;
	t->thread = th;
	t->proc = p;
	t->mm = p->mm ? mm_get(p->mm) : NULL;
	flags = signal_lock();
	list_add_tail(&th->link, &p->threads);
	p->nr_threads++;
	signal_unlock(flags);
}

/* The calling task runs on mm from now on (NULL: the kernel's page
 * directory), taking over the caller's reference to it; returns the
 * reference the task held, which the caller drops. */
struct mm *thread_swap_mm(struct mm *mm)
{
	uint32_t flags = irq_save();
	struct mm *old = current->mm;

	current->mm = mm;
	mm_switch(mm);
	irq_restore(flags);
	return old;
}

/* pthread_join's wake-up: zero *clear_child_tid and wake a waiter.  As
 * Linux, only when another thread or process shares the memory: nobody
 * else could see the word (musl sets one in every process).  Alone, the
 * mm has two references: the process's and this task's. */
static void clear_child_tid(struct thread *t)
{
	uint32_t *uaddr = (uint32_t *)t->clear_child_tid;
	struct proc *p = t->proc;

	t->clear_child_tid = 0;
	if (!uaddr || (p->nr_threads == 1 && p->mm->refcount <= 2))
		return;
	if (put_user(0u, uaddr) == 0)
		futex_wake_addr((uint32_t)uaddr, false, 1, FUTEX_BITSET_ANY);
}

void (*thread_exit_hook)(void);

/* "exit_window_yield" (tests): an ending thread that is not its process's
 * last yields right after it left it, which widens the window the
 * resource test's exit races stress. */
static int exit_window_param(const char *value)
{
	(void)value;
	thread_exit_hook = yield;
	return 0;
}
KERNEL_PARAM(exit_window_yield, exit_window_param);

/* End the calling thread; code is its exit code (exit(2)'s argument).
 * See the lifetimes above for the order of the steps. */
__noreturn void thread_exit(int code)
{
	struct thread *t = current->thread;
	struct proc *p = t->proc;
	uint32_t flags;
	bool last;

	prof_exit();
	futex_exit_thread(t);
	clear_child_tid(t);
	vfork_release(t);
	fd_put_borrowed();
	mm_destroy(thread_swap_mm(NULL));
	flags = signal_lock();
	list_del(&t->link);
	proc_acct_thread_end(p, current);
	last = --p->nr_threads == 0;
	current->thread = NULL;
	if (!last) {
		current->proc = NULL;
		signal_retarget_locked(p);
	}
	wake_up(&p->threads_wq);
	signal_unlock(flags);
	if (last)
		proc_end(p, p->group_exit ? p->group_status :
				W_EXITCODE(code, 0));
	else if (thread_exit_hook)
		thread_exit_hook();
	thread_free(t);
	kthread_exit(0);
}

/* End every thread of the current process, with wait status status. */
__noreturn void proc_exit(int status)
{
	struct proc *p = current->proc;

	preempt_disable();
	if (!p->group_exit || p->group_keeper) {
		p->group_exit = true;
		p->group_keeper = NULL;	/* an execve in progress loses */
		p->group_status = status;
	}
	preempt_enable();
	signal_kick(p);
	thread_exit(0);
}

/* The caller's tid becomes the process's pid (its old one is freed). */
static void thread_take_pid(struct thread *t, struct proc *p)
{
	int old = current->pid;

	if (old == p->pid)
		return;
	preempt_disable();
	current->pid = p->pid;
	current->keep_pid = true;
	t->tid = p->pid;
	preempt_enable();
	pid_release(old);
}

/*
 * execve in a process with other threads: end them all and wait until
 * the caller is alone.  Returns 0, or -EINTR when the group is exiting
 * anyway (the caller then ends on its way out).
 */
int proc_kill_other_threads(void)
{
	struct thread *t = current->thread;
	struct proc *p = t->proc;
	int err = 0;

	if (p->nr_threads == 1 && current->pid == p->pid)
		return 0;
	preempt_disable();
	if (p->group_exit)
		err = -EINTR;
	p->group_exit = true;
	if (!err)
		p->group_keeper = t;
	preempt_enable();
	if (err)
		return err;
	signal_kick(p);
	wait_event(&p->threads_wq, p->nr_threads == 1 || p->group_keeper != t);
	preempt_disable();
	if (p->group_keeper != t) {
		err = -EINTR;
	} else {
		p->group_exit = false;
		p->group_keeper = NULL;
	}
	preempt_enable();
	if (!err)
		thread_take_pid(t, p);
	return err;
}
