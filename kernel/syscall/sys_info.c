/*
 * sys_info.c: what a process and the system have used: times, getrusage
 * (RUSAGE_SELF, RUSAGE_CHILDREN, RUSAGE_THREAD) and sysinfo, with Linux
 * i386's structs.  Clock ticks are USER_HZ (100 a second) whatever the
 * kernel's HZ, as on Linux.  sysinfo gives memory in bytes (mem_unit 1)
 * while it fits 32 bits, as Linux does on small machines; no swap, no
 * shared or buffer memory (the page cache is /proc/meminfo's Cached).
 *
 * Interface: the SYSCALL registrations; put_rusage (rusage.h).
 */
#include "kernel/syscall/rusage.h"
#include "kernel/syscall/syscall.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/div64.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define USER_HZ		100
#define RUSAGE_SELF	0
#define RUSAGE_CHILDREN	(-1)
#define RUSAGE_THREAD	1
#define SI_LOAD_SHIFT	16

struct timeval32 {
	int32_t sec, usec;
};

struct rusage32 {
	struct timeval32 utime, stime;
	int32_t maxrss, ixrss, idrss, isrss, minflt, majflt, nswap;
	int32_t inblock, oublock, msgsnd, msgrcv, nsignals, nvcsw, nivcsw;
};
_Static_assert(sizeof(struct rusage32) == 72, "i386 struct rusage");

struct tms32 {
	int32_t utime, stime, cutime, cstime;
};

struct sysinfo32 {
	int32_t uptime;
	uint32_t loads[3];
	uint32_t totalram, freeram, sharedram, bufferram;
	uint32_t totalswap, freeswap;
	uint16_t procs, pad;
	uint32_t totalhigh, freehigh;
	uint32_t mem_unit;
	char reserved[8];
};
_Static_assert(sizeof(struct sysinfo32) == 64, "i386 struct sysinfo");

static struct timeval32 ns_to_timeval(uint64_t ns)
{
	uint32_t rem;
	uint64_t sec = div_u64_rem(ns, 1000000000u, &rem);

	return (struct timeval32){ (int32_t)sec, (int32_t)(rem / 1000) };
}

static int32_t ns_to_clock(uint64_t ns)
{
	uint32_t rem;

	return (int32_t)div_u64_rem(ns, 1000000000u / USER_HZ, &rem);
}

long put_rusage(void *uru, const struct task_acct *a, uint32_t maxrss_kb)
{
	struct rusage32 ru = {
		.utime = ns_to_timeval(a->utime_ns),
		.stime = ns_to_timeval(a->stime_ns),
		.maxrss = (int32_t)maxrss_kb,
		.minflt = (int32_t)a->minflt, .majflt = (int32_t)a->majflt,
		.nvcsw = (int32_t)a->nvcsw, .nivcsw = (int32_t)a->nivcsw,
	};

	return copy_to_user(uru, &ru, sizeof(ru)) ? -EFAULT : 0;
}

static long sys_getrusage(int who, void *uru)
{
	struct proc *p = proc_current();
	struct task_acct a;

	switch (who) {
	case RUSAGE_SELF:
		preempt_disable();
		proc_acct_sum(p, &a);
		preempt_enable();
		return put_rusage(uru, &a, proc_maxrss_kb(p));
	case RUSAGE_THREAD:
		return put_rusage(uru, &current->acct, proc_maxrss_kb(p));
	case RUSAGE_CHILDREN:
		return put_rusage(uru, &p->child_acct, p->child_maxrss_kb);
	default:
		return -EINVAL;
	}
}
SYSCALL(NR_getrusage, sys_getrusage);

/* The process's and its children's times; returns ticks since boot. */
static long sys_times(struct tms32 *ubuf)
{
	struct proc *p = proc_current();
	struct task_acct a;
	struct tms32 t;

	if (ubuf) {
		preempt_disable();
		proc_acct_sum(p, &a);
		preempt_enable();
		t = (struct tms32){ ns_to_clock(a.utime_ns),
				    ns_to_clock(a.stime_ns),
				    ns_to_clock(p->child_acct.utime_ns),
				    ns_to_clock(p->child_acct.stime_ns) };
		if (copy_to_user(ubuf, &t, sizeof(t)))
			return -EFAULT;
	}
	return ns_to_clock(clock_ns());
}
SYSCALL(NR_times, sys_times);

static int count_proc(struct proc *p, void *arg)
{
	return 1;
}

/* Memory in bytes when the total fits 32 bits, else in pages. */
static void sysinfo_memory(struct sysinfo32 *si)
{
	uint64_t total = mm_total_pages(), unit = PAGE_SIZE;

	if (total * PAGE_SIZE <= 0xffffffffull)
		unit = 1, total *= PAGE_SIZE;
	si->mem_unit = (uint32_t)unit;
	si->totalram = (uint32_t)total;
	si->freeram = (uint32_t)(mm_free_pages() * (PAGE_SIZE / unit));
}

static long sys_sysinfo(struct sysinfo32 *uinfo)
{
	struct sysinfo32 si = { 0 };
	unsigned long avg[3];
	uint64_t ns = clock_ns();
	uint32_t rem;

	si.uptime = (int32_t)div_u64_rem(ns + 999999999u, 1000000000u, &rem);
	sched_loadavg(avg);
	for (int i = 0; i < 3; i++)
		si.loads[i] = (uint32_t)(((uint64_t)avg[i] << SI_LOAD_SHIFT) / 100);
	sysinfo_memory(&si);
	si.procs = (uint16_t)proc_for_each(count_proc, NULL);
	return copy_to_user(uinfo, &si, sizeof(si)) ? -EFAULT : 0;
}
SYSCALL(NR_sysinfo, sys_sysinfo);
