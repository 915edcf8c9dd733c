/*
 * sys_time.c: clocks: clock_gettime (32-bit timespec),
 * clock_gettime64, clock_getres, clock_getres_time64, gettimeofday, time,
 * nanosleep, clock_nanosleep (32- and 64-bit timespec; a signal ends the
 * sleep: -EINTR and the time left when a handler runs, else the sleep
 * goes on to the same deadline through restart_syscall, as Linux).  The
 * CPU-time clocks read the CPU time the tick samples (so they move in
 * whole ticks).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/syscall/timeout.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/restart.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "mm/uaccess.h"

/* The CPU time of the calling process (every thread's, the ended ones'
 * too) or thread, as the tick samples it (kernel/sched/acct.c), the
 * clock the CPU-time POSIX timers count on. */
static uint64_t cpu_clock_ns(bool process)
{
	struct task_acct a;

	if (!process)
		return current->acct.utime_ns + current->acct.stime_ns;
	preempt_disable();
	proc_acct_sum(proc_current(), &a);
	preempt_enable();
	return a.utime_ns + a.stime_ns;
}

/* The time of clock id in ns, or -EINVAL. */
static int clock_read(int id, uint64_t *ns)
{
	switch (id) {
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_COARSE:
		*ns = clock_realtime_ns();
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
		*ns = clock_ns();
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
		*ns = cpu_clock_ns(id == CLOCK_PROCESS_CPUTIME_ID);
		return 0;
	}
	return -EINVAL;
}

static long sys_clock_gettime(int id, struct timespec32 *uts)
{
	uint64_t ns;
	struct timespec32 ts;
	int err = clock_read(id, &ns);

	if (err)
		return err;
	ts.tv_sec = (int32_t)(ns / 1000000000u);
	ts.tv_nsec = (int32_t)(ns % 1000000000u);
	return copy_to_user(uts, &ts, sizeof(ts));
}
SYSCALL(NR_clock_gettime, sys_clock_gettime);

static long sys_clock_gettime64(int id, struct timespec64_user *uts)
{
	uint64_t ns;
	struct timespec64_user ts;
	int err = clock_read(id, &ns);

	if (err)
		return err;
	ts.tv_sec = (int64_t)(ns / 1000000000u);
	ts.tv_nsec = (int64_t)(ns % 1000000000u);
	return copy_to_user(uts, &ts, sizeof(ts));
}
SYSCALL(NR_clock_gettime64, sys_clock_gettime64);

/* Resolution of clock id in ns, or -EINVAL: the TSC's nanoseconds, the
 * timer tick for the coarse clocks (as Linux's hrtimers and jiffies). */
static long clock_res(int id)
{
	uint64_t ns;
	int err = clock_read(id, &ns);

	if (err)
		return err;
	if (id == CLOCK_REALTIME_COARSE || id == CLOCK_MONOTONIC_COARSE)
		return 1000000000 / HZ;
	return 1;
}

static long sys_clock_getres(int id, struct timespec32 *uts)
{
	struct timespec32 ts = { 0 };
	long res = clock_res(id);

	if (res < 0)
		return res;
	ts.tv_nsec = (int32_t)res;
	return uts ? copy_to_user(uts, &ts, sizeof(ts)) : 0;
}
SYSCALL(NR_clock_getres, sys_clock_getres);

static long sys_clock_getres_time64(int id, struct timespec64_user *uts)
{
	struct timespec64_user ts = { 0 };
	long res = clock_res(id);

	if (res < 0)
		return res;
	ts.tv_nsec = res;
	return uts ? copy_to_user(uts, &ts, sizeof(ts)) : 0;
}
SYSCALL(NR_clock_getres_time64, sys_clock_getres_time64);

struct timezone32 {
	int32_t tz_minuteswest, tz_dsttime;
};

/* The time zone is always UTC, no DST (Linux's default sys_tz). */
static long sys_gettimeofday(struct timeval32 *utv, struct timezone32 *utz)
{
	uint64_t ns = clock_realtime_ns();
	struct timeval32 tv = {
		.tv_sec = (int32_t)(ns / 1000000000u),
		.tv_usec = (int32_t)(ns % 1000000000u / 1000u),
	};
	struct timezone32 tz = { 0, 0 };

	if (utv && copy_to_user(utv, &tv, sizeof(tv)))
		return -EFAULT;
	if (utz && copy_to_user(utz, &tz, sizeof(tz)))
		return -EFAULT;
	return 0;
}
SYSCALL(NR_gettimeofday, sys_gettimeofday);

static long sys_time(int32_t *ut)
{
	int32_t t = (int32_t)(clock_realtime_ns() / 1000000000u);

	if (ut && put_user(t, ut))
		return -EFAULT;
	return t;
}
SYSCALL(NR_time, sys_time);

#define TIMER_ABSTIME	1
#define NS_PER_SEC	1000000000ll

/* Nobody wakes it: sleepers are woken by their timer or a signal. */
static struct wait_queue sleep_wq = WAIT_QUEUE_INIT(sleep_wq);

/* Write ns, the time left, where rb's sleep wants it: 0 or -EFAULT. */
static int rem_put(const struct restart_block *rb, uint64_t ns)
{
	struct timespec32 ts32 = { (int32_t)(ns / NS_PER_SEC),
				   (int32_t)(ns % NS_PER_SEC) };
	struct timespec64_user ts64 = { (int64_t)(ns / NS_PER_SEC),
					(int64_t)(ns % NS_PER_SEC) };
	void *urem = (void *)rb->nanosleep.urem;

	if (rb->nanosleep.rem == RESTART_REM_TS64)
		return copy_to_user(urem, &ts64, sizeof(ts64));
	return copy_to_user(urem, &ts32, sizeof(ts32));
}

static long nanosleep_restart(struct restart_block *rb);

/*
 * Sleep until clock_ns() reaches deadline, or a signal comes: 0 (slept,
 * or the time was up anyway when a rem pointer asks for it), -EFAULT
 * (rem cannot be written), or -ERESTART_RESTARTBLOCK with the time left
 * written to the rem pointer and the current thread's restart block set
 * to sleep until the same deadline (as Linux's do_nanosleep).
 */
static long sleep_until(uint64_t deadline)
{
	struct restart_block *rb = restart_current();
	bool woken = wait_event_until(&sleep_wq, signal_check(), deadline);
	uint64_t now = clock_ns();

	if (!woken)
		return 0;
	if (rb->nanosleep.rem != RESTART_REM_NONE) {
		if (now >= deadline)
			return 0;
		if (rem_put(rb, deadline - now))
			return -EFAULT;
	}
	rb->nanosleep.deadline = deadline;
	return restart_set(nanosleep_restart);
}

/* restart_syscall after a signal without handler: the rest of the sleep. */
static long nanosleep_restart(struct restart_block *rb)
{
	return sleep_until(rb->nanosleep.deadline);
}

/* The clock_ns() deadline of a sleep of ns (or until ns, absolute). */
static int sleep_deadline(int clk, int flags, uint64_t ns, uint64_t *deadline)
{
	uint64_t now, at;
	int err = clock_read(clk, &now);

	if (err)
		return err;
	if (clk == CLOCK_THREAD_CPUTIME_ID)
		return -EINVAL;
	if (!(flags & TIMER_ABSTIME)) {
		*deadline = timeout_deadline(clock_ns(), ns);
		return 0;
	}
	at = ns > now ? ns - now : 0;
	*deadline = timeout_deadline(clock_ns(), at);
	return 0;
}

/*
 * Sleep ns on clock clk, or (TIMER_ABSTIME) until clk reads ns.  A
 * signal ends an absolute sleep with -ERESTARTNOHAND: restarted with the
 * same arguments, or -EINTR after a handler.  A relative one writes the
 * time left to urem (as rem says; not with TIMER_ABSTIME) and goes on
 * through restart_syscall (sleep_until).
 */
static long nanosleep_ns(int clk, int flags, uint64_t ns, uint32_t urem,
			 enum restart_rem rem)
{
	struct restart_block *rb = restart_current();
	uint64_t deadline;
	long err = sleep_deadline(clk, flags, ns, &deadline);

	if (err)
		return err;
	if (flags & TIMER_ABSTIME) {
		rb->nanosleep.rem = RESTART_REM_NONE;
		err = sleep_until(deadline);
		restart_clear();
		return err == -ERESTART_RESTARTBLOCK ? -ERESTARTNOHAND : err;
	}
	rb->nanosleep.urem = urem;
	rb->nanosleep.rem = urem ? rem : RESTART_REM_NONE;
	return sleep_until(deadline);
}

/* Both forms: ureq (of type) read, checked and saturated (timeout.h). */
static long nanosleep_call(int clk, int flags, const void *ureq, void *urem,
			   enum utime_type type)
{
	uint64_t ns;
	int err;

	restart_clear();
	err = utime_get_ns(ureq, type, &ns);
	return err ? err : nanosleep_ns(clk, flags, ns, (uint32_t)urem,
					type == UTIME_TIMESPEC64 ?
					RESTART_REM_TS64 : RESTART_REM_TS32);
}

static long sys_nanosleep(const struct timespec32 *ureq,
			  struct timespec32 *urem)
{
	return nanosleep_call(CLOCK_MONOTONIC, 0, ureq, urem,
			      UTIME_TIMESPEC32);
}
SYSCALL(NR_nanosleep, sys_nanosleep);

static long sys_clock_nanosleep(int clk, int flags,
				const struct timespec32 *ureq,
				struct timespec32 *urem)
{
	return nanosleep_call(clk, flags, ureq, urem, UTIME_TIMESPEC32);
}
SYSCALL(NR_clock_nanosleep, sys_clock_nanosleep);

static long sys_clock_nanosleep_time64(int clk, int flags,
				       const struct timespec64_user *ureq,
				       struct timespec64_user *urem)
{
	return nanosleep_call(clk, flags, ureq, urem, UTIME_TIMESPEC64);
}
SYSCALL(NR_clock_nanosleep_time64, sys_clock_nanosleep_time64);
