/*
 * pid.c: the text files of /proc/<pid>/ (stat, status, cmdline, statm,
 * maps, environ, comm) and the live pids, for procfs.c.
 *
 * Each file is printed from the process's struct proc when read, with
 * preemption off so the process cannot change or be freed meanwhile
 * (maps and cmdline.c's cmdline and environ take care of themselves:
 * they may sleep).  The
 * formats are Linux's (proc(5)); times are in USER_HZ ticks (100 a
 * second), sizes of stat in bytes and pages, of status in KiB.
 *
 * A file is reached by a pid or by the tid of any thread: /proc/<tid>/
 * (not listed in /proc, as in Linux) and /proc/<pid>/task/<tid>/ show
 * that thread's pid field and name, the latter also its own state and
 * CPU time.
 *
 * Interface (fs/procfs/internal.h): procfs_pid_show, procfs_pid_exists,
 * procfs_pid_next, procfs_pid_owner, procfs_find, procfs_task_next,
 * procfs_task_tgid.
 */
#include "drivers/tty/ctty.h"
#include "fs/procfs/internal.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/div64.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define KB_PER_PAGE	(PAGE_SIZE / 1024)

/* Nanoseconds as USER_HZ clock ticks. */
static unsigned long long ticks(uint64_t ns)
{
	uint32_t rem;

	return div_u64_rem(ns, 10000000u, &rem);
}

/* Linux's one-letter state and its status line: running if one of
 * its threads is. */
static char proc_state(struct proc *p, const char **long_name)
{
	struct thread *t;

	if (p->zombie || !p->nr_threads) {
		*long_name = "Z (zombie)";
		return 'Z';
	}
	if (p->stopped) {
		*long_name = "T (stopped)";
		return 'T';
	}
	list_for_each_entry(t, &p->threads, link) {
		if (t->task->state == TASK_RUNNING) {
			*long_name = "R (running)";
			return 'R';
		}
	}
	*long_name = "S (sleeping)";
	return 'S';
}

/* One thread's own state (/proc/<pid>/task/<tid>/). */
static char thread_state(struct proc *p, struct thread *t,
			 const char **long_name)
{
	if (p->stopped) {
		*long_name = "T (stopped)";
		return 'T';
	}
	if (t->task->state == TASK_RUNNING) {
		*long_name = "R (running)";
		return 'R';
	}
	*long_name = "S (sleeping)";
	return 'S';
}

/*
 * Who a file describes: process p, seen as id (its pid, or the tid of
 * one of its threads t); task: the thread alone (task/<tid>/), whose
 * state and CPU time are its own.  The name is the thread's (comm), but
 * the leader's when id is the pid (what Linux keeps in the leader).
 */
struct pid_view {
	struct proc *p;
	struct thread *t;	/* NULL: id is p's pid */
	int id;
	bool task;
};

static const char *view_name(const struct pid_view *v)
{
	return v->t && v->id != v->p->pid ? v->t->task->name : v->p->name;
}

static char view_state(const struct pid_view *v, const char **long_name)
{
	if (v->task && v->t && !v->p->zombie)
		return thread_state(v->p, v->t, long_name);
	return proc_state(v->p, long_name);
}

static void view_acct(const struct pid_view *v, struct task_acct *a)
{
	if (v->task && v->t)
		*a = v->t->task->acct;
	else
		proc_acct_sum(v->p, a);
}

/* The blocked mask and own pending set of the first thread (0: none). */
static uint64_t main_mask(struct proc *p, uint64_t *pending)
{
	struct thread *t = proc_main_thread(p);

	*pending = t ? t->pending.set : 0;
	return t ? t->sigmask : 0;
}

/* The signals p ignores (handler SIG_IGN) or catches (a handler). */
static uint64_t sig_handled(struct proc *p, bool caught)
{
	uint64_t set = 0;

	for (int sig = 1; p->sighand && sig <= NSIG; sig++) {
		uint32_t h = p->sighand->action[sig - 1].handler;

		if (caught ? h > SIG_IGN : h == SIG_IGN)
			set |= SIGBIT(sig);
	}
	return set;
}

/* The nice value of the first thread (setpriority sets it per thread). */
static int nice_of(struct proc *p)
{
	struct thread *t = proc_main_thread(p);

	return t ? t->task->nice : 0;
}

static void show_stat(const struct pid_view *v, struct procfs_buf *b)
{
	struct proc *p = v->p;
	struct procfs_vm_sizes vm;
	struct task_acct a;
	const char *ln;
	char state = view_state(v, &ln);
	uint64_t rsslim = p->rlim[RLIMIT_RSS].cur;
	uint64_t pending, mask = main_mask(p, &pending);

	view_acct(v, &a);
	procfs_vm_sizes(p, &vm);
	/* 1-9: pid comm state ppid pgrp session tty_nr tpgid flags */
	procfs_printf(b, "%d (%s) %c %d %d %d %u %d 0 ", v->id, view_name(v),
		      state, p->parent ? p->parent->pid : 0, p->pgid, p->sid,
		      tty_proc_nr(p), tty_proc_tpgid(p));
	/* 10-17: minflt cminflt majflt cmajflt utime stime cutime cstime */
	procfs_printf(b, "%llu %llu %llu %llu %llu %llu %llu %llu ",
		      a.minflt, p->child_acct.minflt, a.majflt,
		      p->child_acct.majflt, ticks(a.utime_ns),
		      ticks(a.stime_ns), ticks(p->child_acct.utime_ns),
		      ticks(p->child_acct.stime_ns));
	/* 18-22: priority nice num_threads itrealvalue starttime */
	procfs_printf(b, "%d %d %u 0 %llu ", 20 + nice_of(p), nice_of(p),
		      p->nr_threads, ticks(p->start_ns));
	/* 23-30: vsize rss rsslim startcode endcode startstack kstkesp
	 * kstkeip */
	procfs_printf(b, "%u %u %u %u %u %u 0 0 ", vm.total * PAGE_SIZE,
		      p->mm ? (uint32_t)mm_rss(p->mm) : 0,
		      rsslim > 0xffffffffull ? 0xffffffffu : (uint32_t)rsslim,
		      vm.start_code, vm.end_code, vm.start_stack);
	/* 31-34: signal blocked sigignore sigcatch (as Linux: 31 bits) */
	procfs_printf(b, "%u %u %u %u ",
		      (uint32_t)(pending | p->shared_pending.set) & 0x7fffffff,
		      (uint32_t)mask & 0x7fffffff,
		      (uint32_t)sig_handled(p, false) & 0x7fffffff,
		      (uint32_t)sig_handled(p, true) & 0x7fffffff);
	/* 35-44: wchan nswap cnswap exit_signal processor rt_priority
	 * policy delayacct_blkio_ticks guest_time cguest_time */
	procfs_printf(b, "0 0 0 17 0 0 0 0 0 0 ");
	/* 45-52: start_data end_data start_brk arg_start arg_end
	 * env_start env_end exit_code */
	procfs_printf(b, "0 0 %u 0 0 0 0 %d\n",
		      p->mm ? (uint32_t)p->mm->brk_start : 0,
		      p->zombie ? p->status : 0);
}

static void status_ids(struct proc *p, struct procfs_buf *b)
{
	procfs_printf(b, "Uid:\t%u\t%u\t%u\t%u\nGid:\t%u\t%u\t%u\t%u\n",
		      p->uid, p->euid, p->suid, p->fscred.uid,
		      p->gid, p->egid, p->sgid, p->fscred.gid);
	procfs_printf(b, "FDSize:\t%u\nGroups:\t",
		      p->files ? p->files->nr_fds : 0);
	for (uint32_t i = 0; i < p->fscred.ngroups; i++)
		procfs_printf(b, "%u ", p->fscred.groups[i]);
	procfs_printf(b, "\n");
}

static void status_memory(struct proc *p, struct procfs_buf *b)
{
	struct procfs_vm_sizes vm;
	uint32_t rss;

	if (!p->mm)
		return;
	procfs_vm_sizes(p, &vm);
	rss = (uint32_t)mm_rss(p->mm) * KB_PER_PAGE;
	procfs_printf(b, "VmPeak:\t%8u kB\nVmSize:\t%8u kB\nVmLck:\t%8u kB\n",
		      vm.total * KB_PER_PAGE, vm.total * KB_PER_PAGE,
		      vm.locked * KB_PER_PAGE);
	procfs_printf(b, "VmHWM:\t%8u kB\nVmRSS:\t%8u kB\n", proc_maxrss_kb(p),
		      rss);
	procfs_printf(b, "VmData:\t%8u kB\nVmStk:\t%8u kB\nVmExe:\t%8u kB\n",
		      vm.data * KB_PER_PAGE, vm.stack * KB_PER_PAGE,
		      vm.text * KB_PER_PAGE);
}

static void show_status(const struct pid_view *v, struct procfs_buf *b)
{
	struct proc *p = v->p;
	struct task_acct a;
	const char *state;
	uint64_t pending, mask = main_mask(p, &pending);

	view_state(v, &state);
	view_acct(v, &a);
	procfs_printf(b, "Name:\t%s\nUmask:\t%04o\nState:\t%s\n",
		      view_name(v), p->fs ? p->fs->umask : 0, state);
	procfs_printf(b, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n"
		      "TracerPid:\t0\n", p->pid, v->id,
		      p->parent ? p->parent->pid : 0);
	status_ids(p, b);
	status_memory(p, b);
	procfs_printf(b, "Threads:\t%u\n", p->nr_threads);
	procfs_printf(b, "SigPnd:\t%016llx\nShdPnd:\t%016llx\n"
		      "SigBlk:\t%016llx\nSigIgn:\t%016llx\nSigCgt:\t%016llx\n",
		      (unsigned long long)pending,
		      (unsigned long long)p->shared_pending.set,
		      (unsigned long long)mask,
		      (unsigned long long)sig_handled(p, false),
		      (unsigned long long)sig_handled(p, true));
	procfs_printf(b, "NoNewPrivs:\t%d\n", p->no_new_privs);
	procfs_printf(b, "voluntary_ctxt_switches:\t%llu\n"
		      "nonvoluntary_ctxt_switches:\t%llu\n", a.nvcsw, a.nivcsw);
}

/* The process of pid or tid id (a zombie too), or NULL; *t: the thread
 * when id is a live thread's tid.  Preemption off. */
static struct proc *find_view(int id, struct thread **t)
{
	struct proc *p = proc_find(id);

	*t = thread_find(id);
	if (!p && *t)
		p = (*t)->proc;
	return p;
}

struct proc *procfs_find(int id)
{
	struct thread *t;

	return find_view(id, &t);
}

/* task: the thread id of task/<id>/, which must be live. */
int procfs_pid_show(int id, int kind, bool task, struct procfs_buf *b)
{
	struct pid_view v = { .id = id, .task = task };
	int err = 0;

	if (kind == PROCFS_PID_MAPS)
		return procfs_show_maps_pid(id, b);
	if (kind == PROCFS_PID_CMDLINE || kind == PROCFS_PID_ENVIRON)
		return procfs_show_cmdline_pid(id, kind, b);
	preempt_disable();
	v.p = find_view(id, &v.t);
	if (!v.p || (task && !v.t))
		err = -ESRCH;
	else if (kind == PROCFS_PID_STAT)
		show_stat(&v, b);
	else if (kind == PROCFS_PID_STATUS)
		show_status(&v, b);
	else if (kind == PROCFS_PID_STATM)
		procfs_show_statm(v.p, b);
	else if (kind == PROCFS_PID_COMM)
		procfs_printf(b, "%s\n", view_name(&v));
	preempt_enable();
	return err;
}

bool procfs_pid_exists(int id)
{
	bool found;

	preempt_disable();
	found = procfs_find(id) != NULL;
	preempt_enable();
	return found;
}

int procfs_pid_owner(int id, uint32_t *uid, uint32_t *gid)
{
	struct proc *p;

	preempt_disable();
	p = procfs_find(id);
	if (p) {		/* Linux's task_dump_owner */
		*uid = p->dumpable ? p->euid : 0;
		*gid = p->dumpable ? p->egid : 0;
	}
	preempt_enable();
	return p ? 0 : -ENOENT;
}

int procfs_task_tgid(int tid)
{
	struct thread *t;
	int pid;

	preempt_disable();
	t = thread_find(tid);
	pid = t ? t->proc->pid : -1;
	preempt_enable();
	return pid;
}

int procfs_task_next(int id, int from)
{
	struct thread *t;
	struct proc *p;
	int best = -1;

	preempt_disable();
	p = procfs_find(id);
	if (p)
		list_for_each_entry(t, &p->threads, link)
			if (t->tid >= from && (best < 0 || t->tid < best))
				best = t->tid;
	preempt_enable();
	return best;
}

static int pid_min_from(struct proc *p, void *arg)
{
	int *m = arg;		/* m[0]: lowest allowed, m[1]: best so far */

	if (p->pid >= m[0] && (m[1] < 0 || p->pid < m[1]))
		m[1] = p->pid;
	return 0;
}

int procfs_pid_next(int from)
{
	int m[2] = { from, -1 };

	proc_for_each(pid_min_from, m);
	return m[1];
}
