/*
 * thread.c: the threads of a process and how they end (see proc.h).
 *
 * A struct thread is allocated with its task (proc_spawn, proc_clone)
 * and linked on its process's list; it is freed by the thread itself on
 * its way out, after it left the list, so whoever finds it on the list
 * under signal_lock (or, on one CPU, with preemption off) may use it.
 *
 * thread_exit() (exit(2)) ends the calling thread: its clear_child_tid
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
 * Interface (proc.h): thread_current, thread_alloc, thread_free,
 * thread_attach, thread_exit, proc_exit, proc_kill_other_threads.
 */
#include "kernel/proc/proc.h"
#include "kernel/proc/futex.h"
#include "kernel/proc/vfork.h"
#include "kernel/cpu.h"
#include "kernel/errno.h"
#include "kernel/interrupt.h"
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

/* Task t runs thread th of p: linked and counted (under signal_lock). */
void thread_attach(struct thread *th, struct task *t, struct proc *p)
{
	uint32_t flags;

	th->task = t;
	th->proc = p;
	th->tid = t->pid;
	t->thread = th;
	t->proc = p;
	t->mm = p->mm;
	flags = signal_lock();
	list_add_tail(&th->link, &p->threads);
	p->nr_threads++;
	signal_unlock(flags);
}

/* pthread_join's wake-up: zero *clear_child_tid and wake a waiter.  As
 * Linux, only when another thread or process shares the memory: nobody
 * else could see the word (musl sets one in every process). */
static void clear_child_tid(struct thread *t)
{
	uint32_t *uaddr = (uint32_t *)t->clear_child_tid;
	struct proc *p = t->proc;

	t->clear_child_tid = 0;
	if (!uaddr || (p->nr_threads == 1 && p->mm->refcount == 1))
		return;
	if (put_user(0u, uaddr) == 0)
		futex_wake_addr((uint32_t)uaddr, false, 1, FUTEX_BITSET_ANY);
}

/* The task stops using the address space (its last user may free it). */
static void thread_drop_mm(void)
{
	uint32_t flags = irq_save();

	current->mm = NULL;
	mm_switch(NULL);
	irq_restore(flags);
}

/* End the calling thread; code is its exit code (exit(2)'s argument). */
__noreturn void thread_exit(int code)
{
	struct thread *t = current->thread;
	struct proc *p = t->proc;
	uint32_t flags;
	bool last;

	clear_child_tid(t);
	vfork_release(t);
	fd_put_borrowed();
	flags = signal_lock();
	list_del(&t->link);
	last = --p->nr_threads == 0;
	current->thread = NULL;
	signal_unlock(flags);
	wake_up(&p->threads_wq);
	if (last) {
		proc_end(p, p->group_exit ? p->group_status :
				W_EXITCODE(code, 0));
	} else {
		signal_retarget(p);
		thread_drop_mm();
		current->proc = NULL;
	}
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
