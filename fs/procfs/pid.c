/*
 * pid.c: /proc/<pid>/ directories' files (stat, status, cmdline) and the
 * live pids, for procfs.c.
 *
 * Each file is printed from the process's struct proc when opened, with
 * preemption off so the process cannot be freed meanwhile.  Fields that
 * maestro does not keep (times, faults, memory sizes...) print as 0, as
 * Linux prints a process that has not used them.
 *
 * Interface (fs/procfs/internal.h): procfs_pid_show, procfs_pid_exists,
 * procfs_pid_next, procfs_pid_names.
 */
#include "drivers/tty/ctty.h"
#include "fs/procfs/internal.h"
#include "kernel/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"

const char *const procfs_pid_names[PROCFS_PID_NFILES] = {
	[PROCFS_PID_STAT] = "stat",
	[PROCFS_PID_STATUS] = "status",
	[PROCFS_PID_CMDLINE] = "cmdline",
};

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

/* The blocked mask and own pending set of the first thread (0: none). */
static uint64_t main_mask(struct proc *p, uint64_t *pending)
{
	struct thread *t = proc_main_thread(p);

	*pending = t ? t->pending.set : 0;
	return t ? t->sigmask : 0;
}

static void show_stat(struct proc *p, struct procfs_buf *b)
{
	const char *ln;
	char state = proc_state(p, &ln);
	uint64_t pending, mask = main_mask(p, &pending);

	/* 1-9: pid comm state ppid pgrp session tty_nr tpgid flags */
	procfs_printf(b, "%d (%s) %c %d %d %d %u %d 0 ", p->pid, p->name,
		      state, p->parent ? p->parent->pid : 0, p->pgid, p->sid,
		      tty_proc_nr(p), tty_proc_tpgid(p));
	/* 10-17: minflt cminflt majflt cmajflt utime stime cutime cstime;
	 * 18-22: priority nice num_threads itrealvalue starttime */
	procfs_printf(b, "0 0 0 0 0 0 0 0 20 0 %u 0 0 ", p->nr_threads);
	/* 23-25: vsize rss rsslim; 26-30: startcode endcode startstack
	 * kstkesp kstkeip */
	procfs_printf(b, "0 0 4294967295 0 0 0 0 0 ");
	/* 31-34: signal blocked sigignore sigcatch (the first 32 signals) */
	procfs_printf(b, "%u %u 0 0 ",
		      (uint32_t)(pending | p->shared_pending.set),
		      (uint32_t)mask);
	/* 35-44: wchan nswap cnswap exit_signal processor rt_priority
	 * policy delayacct_blkio_ticks guest_time cguest_time */
	procfs_printf(b, "0 0 0 17 0 0 0 0 0 0 ");
	/* 45-52: start_data end_data start_brk arg_start arg_end
	 * env_start env_end exit_code */
	procfs_printf(b, "0 0 0 0 0 0 0 %d\n", p->zombie ? p->status : 0);
}

static void show_status(struct proc *p, struct procfs_buf *b)
{
	const char *state;
	uint64_t pending, mask = main_mask(p, &pending);

	proc_state(p, &state);
	procfs_printf(b, "Name:\t%s\nUmask:\t%04o\nState:\t%s\n", p->name,
		      p->fs ? p->fs->umask : 0, state);
	procfs_printf(b, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n"
		      "TracerPid:\t0\n", p->pid, p->pid,
		      p->parent ? p->parent->pid : 0);
	procfs_printf(b, "Uid:\t%u\t%u\t%u\t%u\nGid:\t%u\t%u\t%u\t%u\n",
		      p->uid, p->euid, p->euid, p->euid,
		      p->gid, p->egid, p->egid, p->egid);
	procfs_printf(b, "FDSize:\t%d\nGroups:\t\nThreads:\t%u\n",
		      PROC_MAX_FDS, p->nr_threads);
	procfs_printf(b, "SigPnd:\t%016llx\nShdPnd:\t%016llx\n"
		      "SigBlk:\t%016llx\n",
		      (unsigned long long)pending,
		      (unsigned long long)p->shared_pending.set,
		      (unsigned long long)mask);
}

static void show_cmdline(struct proc *p, struct procfs_buf *b)
{
	size_t room = b->len < b->size ? b->size - b->len : 0;

	/* Not a string: copied as is, NULs included. */
	memcpy(b->buf + b->len, p->cmdline, MIN(room, p->cmdline_len));
	b->len += p->cmdline_len;
}

int procfs_pid_show(int pid, int kind, struct procfs_buf *b)
{
	struct proc *p;
	int err = 0;

	preempt_disable();
	p = proc_find(pid);
	if (!p)
		err = -ESRCH;
	else if (kind == PROCFS_PID_STAT)
		show_stat(p, b);
	else if (kind == PROCFS_PID_STATUS)
		show_status(p, b);
	else if (kind == PROCFS_PID_CMDLINE && p->cmdline_len)
		show_cmdline(p, b);
	preempt_enable();
	return err;
}

bool procfs_pid_exists(int pid)
{
	bool found;

	preempt_disable();
	found = proc_find(pid) != NULL;
	preempt_enable();
	return found;
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
