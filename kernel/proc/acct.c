/*
 * acct.c: a process's resource usage, as getrusage, times, wait4 and
 * /proc report it.
 *
 * A live task counts its own CPU time, faults and switches (kernel/sched:
 * struct task_acct).  When a thread ends its task's counts are folded
 * into its struct proc (dead_acct), and when the process ends, its
 * address space's largest resident size too (maxrss_kb); when its parent
 * waits for it, the parent adds
 * the child's totals, with those of the child's own waited-for children,
 * to child_acct and keeps the largest maxrss in child_maxrss_kb, as
 * Linux's cutime/cstime and RUSAGE_CHILDREN.  An address space replaced
 * by exec leaves its high-water mark in maxrss_kb too.
 *
 * Interface (proc.h): proc_acct_sum, proc_maxrss_kb, proc_acct_thread_end,
 * proc_acct_reap, proc_acct_mm_drop, proc_forks, task_acct_add.
 */
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define KB_PER_PAGE	(PAGE_SIZE / 1024)

uint64_t proc_forks;

void task_acct_add(struct task_acct *to, const struct task_acct *a)
{
	to->utime_ns += a->utime_ns;
	to->stime_ns += a->stime_ns;
	to->minflt += a->minflt;
	to->majflt += a->majflt;
	to->nvcsw += a->nvcsw;
	to->nivcsw += a->nivcsw;
}

/* Preemption off (or signal_lock held): the thread list stays put. */
void proc_acct_sum(const struct proc *p, struct task_acct *out)
{
	const struct thread *t;

	*out = p->dead_acct;
	list_for_each_entry(t, &p->threads, link)
		task_acct_add(out, &t->task->acct);
}

uint32_t proc_maxrss_kb(const struct proc *p)
{
	uint32_t kb = p->mm ? (uint32_t)p->mm->rss_hiwater * KB_PER_PAGE : 0;

	return kb > p->maxrss_kb ? kb : p->maxrss_kb;
}

/* Before p's address space mm goes (exec, exit): keep its high mark. */
void proc_acct_mm_drop(struct proc *p, const struct mm *mm)
{
	uint32_t kb = mm ? (uint32_t)mm->rss_hiwater * KB_PER_PAGE : 0;

	if (kb > p->maxrss_kb)
		p->maxrss_kb = kb;
}

/* Thread task of p ends (taken off p's list): its counts stay with p. */
void proc_acct_thread_end(struct proc *p, struct task *t)
{
	task_acct_add(&p->dead_acct, &t->acct);
	t->acct = (struct task_acct){ 0 };
}

/* parent collected zombie c: c's usage and its children's become the
 * parent's children's. */
void proc_acct_reap(struct proc *parent, const struct proc *c)
{
	task_acct_add(&parent->child_acct, &c->dead_acct);
	task_acct_add(&parent->child_acct, &c->child_acct);
	if (c->maxrss_kb > parent->child_maxrss_kb)
		parent->child_maxrss_kb = c->maxrss_kb;
	if (c->child_maxrss_kb > parent->child_maxrss_kb)
		parent->child_maxrss_kb = c->child_maxrss_kb;
}
