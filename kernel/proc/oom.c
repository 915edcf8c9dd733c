/*
 * oom.c: the out-of-memory killer.
 *
 * A user page that cannot be had even after reclaim (page_alloc_user:
 * memory is down to the kernel's reserve, mm/pressure.c) makes the
 * faulting process call oom_handle().  As Linux, the process with the
 * largest resident set (the newest of equals; not init, not one the
 * kernel runs without an address space, not one already on its way out)
 * gets SIGKILL, and the
 * kernel log says which and why:
 *   oom: out of memory: killed process 42 (memhog), total-vm 57344 kB,
 *   rss 56320 kB
 * While a victim is still exiting no other is chosen.  The caller then
 * sleeps a little, for the victim's memory to come back, and tries its
 * fault again.  When the chosen process is the caller itself, or it is
 * already being killed, there is nothing to wait for: oom_handle says so
 * and the fault fails, SIGKILL ending the process on its way out.
 * Nothing here runs unless memory is short: mmap and brk never refuse
 * memory that exists (Linux's overcommit heuristic refuses only one
 * mapping bigger than the machine; RLIMIT_AS and RLIMIT_DATA limit the
 * rest).
 *
 * Interface (kernel/proc/proc.h): oom_handle.
 */
#include "kernel/proc/proc.h"
#include "kernel/printk.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define OOM_WAIT_NS	10000000ull	/* 10 ms per wait for a victim */

struct oom_scan {
	struct proc *victim;
	size_t victim_rss;
	int victim_pid;
	unsigned int dying;		/* earlier victims not gone yet */
};

static int oom_scan_one(struct proc *p, void *arg)
{
	struct oom_scan *s = arg;
	size_t rss;

	if (p->oom_victim) {
		s->dying++;
		return 0;
	}
	if (!p->mm || proc_is_init(p) || p->group_exit)
		return 0;
	rss = mm_rss(p->mm);
	if (!s->victim || rss >= s->victim_rss) {	/* the newest of equals */
		s->victim = p;
		s->victim_rss = rss;
		s->victim_pid = p->pid;
	}
	return 0;
}

/* Sum of p's mappings, in kB (Linux's total-vm). */
static size_t total_vm_kb(const struct mm *mm)
{
	const struct vma *vma;
	size_t bytes = 0;

	list_for_each_entry(vma, &mm->vmas, list)
		bytes += vma->end - vma->start;
	return bytes / 1024;
}

/* Kill the process the scan chose; false when it is gone meanwhile. */
static bool oom_kill(struct oom_scan *s)
{
	struct proc *p;
	bool found;

	preempt_disable();
	p = proc_find(s->victim_pid);
	found = p && p == s->victim && !p->zombie;
	if (found) {
		p->oom_victim = true;
		pr_err("oom: out of memory: killed process %d (%s), total-vm "
		       "%zu kB, rss %zu kB\n", p->pid, p->name,
		       total_vm_kb(p->mm), mm_rss(p->mm) * (PAGE_SIZE / 1024));
		signal_send(p, SIGKILL, NULL);
	}
	preempt_enable();
	return found;
}

static bool being_killed(const struct proc *me)
{
	return me->oom_victim || me->group_exit ||
	       (signal_pending_set(thread_current()) & SIGBIT(SIGKILL));
}

bool oom_handle(void)
{
	struct proc *me = proc_current();
	struct oom_scan s = { 0 };

	if (!me || being_killed(me))
		return false;
	proc_for_each(oom_scan_one, &s);
	if (!s.dying) {
		if (!s.victim || !oom_kill(&s))
			return false;
		if (s.victim == me)
			return false;
	}
	sleep_ns(OOM_WAIT_NS);
	return true;
}
