/*
 * proc_test.h: helpers shared by the process tests (test_thread_exit.c,
 * test_sigqueue.c): processes built in the kernel, whose threads are
 * kernel tasks running a test function on the process's address space,
 * as a user thread's task does between system calls.
 *
 *   pt_proc(uid)            a process with an empty address space and
 *                           default actions, no thread yet, or NULL
 *   pt_thread(p, fn, arg)   a new thread of p whose task runs fn(arg)
 *                           (it must end with thread_exit); the first
 *                           one's tid is p's pid; its struct thread, or
 *                           NULL
 *   pt_user_count(uid)      the queued signals charged to uid
 * A process with threads ends when they have all called thread_exit;
 * proc_wait_kernel(p) then frees it.  One without threads is freed with
 * proc_free(p).
 */
#ifndef TESTS_KERNEL_PROC_TEST_H
#define TESTS_KERNEL_PROC_TEST_H

#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "mm/vm.h"

static inline struct proc *pt_proc(uint32_t uid)
{
	struct proc *p = proc_alloc();

	if (!p)
		return NULL;
	p->mm = mm_create();
	p->sighand = sighand_copy(NULL);
	p->uid = p->euid = uid;
	if (!p->mm || !p->sighand) {
		proc_free(p);
		return NULL;
	}
	return p;
}

static inline struct thread *pt_thread(struct proc *p, int (*fn)(void *),
				       void *arg)
{
	struct thread *th = thread_alloc();
	struct task *t = th ? uthread_create(fn, arg, "pt") : NULL;

	if (!t) {
		thread_free(th);
		return NULL;
	}
	if (!p->pid) {
		t->keep_pid = true;
		p->pid = p->pgid = p->sid = t->pid;
	}
	preempt_disable();
	thread_attach(th, t, p);
	kthread_detach(t);
	task_wake(t);
	preempt_enable();
	return th;
}

static inline unsigned int pt_user_count(uint32_t uid)
{
	uint32_t flags = signal_lock();
	unsigned int n = sigqueue_user_count(uid);

	signal_unlock(flags);
	return n;
}

#endif
