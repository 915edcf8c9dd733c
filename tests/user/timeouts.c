/*
 * timeouts.c: huge and invalid timeouts of the calls that sleep.
 *
 * Linux clamps a timeout to KTIME_MAX (about 292 years), so a
 * {INT64_MAX, 0} timespec waits "forever" instead of wrapping to a
 * deadline in the past and returning at once.  Each wait here is given
 * such a timeout and is ended after 200 ms by SIGALRM (a handler without
 * SA_RESTART): EINTR, not ETIMEDOUT or EAGAIN, and not before the alarm.
 * Then the checks every such call makes: tv_nsec outside [0, 1e9) and a
 * negative tv_sec are EINVAL.
 */
#include "check.h"
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>

#define FUTEX_WAIT		0
#define FUTEX_WAIT_BITSET	9
#define FUTEX_PRIVATE_FLAG	128
#define FUTEX_CLOCK_REALTIME	256

struct ts64 {
	int64_t sec, nsec;
};

struct ts32 {
	int32_t sec, nsec;
};

static volatile int alarms;
static uint32_t word;
static uint64_t sigset_chld = 1ull << (SIGCHLD - 1);

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000ll + t.tv_nsec / 1000000;
}

static void arm(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 200000 } };

	setitimer(ITIMER_REAL, &it, NULL);
}

/* Run a wait that the alarm must end with EINTR. */
static void interrupted(const char *what, long ret)
{
	static long long start;
	int err = ret == -1 ? errno : 0;

	if (!what) {		/* before the call */
		alarms = 0;
		start = now_ms();
		arm();
		return;
	}
	printf("%s: %ld %s\n", what, ret, err ? strerror(err) : "-");
	yes("  ended by the alarm", err == EINTR && alarms == 1 &&
	    now_ms() - start >= 150);
}

#define WAIT(what, call) do { interrupted(NULL, 0); \
	interrupted(what, call); } while (0)

static long futex64(int op, const struct ts64 *ts)
{
	return syscall(SYS_futex_time64, &word, op, 0, ts, 0, ~0u);
}

static long futex32(int op, const struct ts32 *ts)
{
	return syscall(SYS_futex, &word, op, 0, ts, 0, ~0u);
}

static long sigtimedwait64(const struct ts64 *ts)
{
	return syscall(SYS_rt_sigtimedwait_time64, &sigset_chld, NULL, ts, 8);
}

static long sigtimedwait32(const struct ts32 *ts)
{
	return syscall(SYS_rt_sigtimedwait, &sigset_chld, NULL, ts, 8);
}

static long nanosleep64(int flags, const struct ts64 *ts)
{
	return syscall(SYS_clock_nanosleep_time64, CLOCK_MONOTONIC, flags, ts,
		       NULL);
}

static long ppoll64(const struct ts64 *ts)
{
	struct pollfd pfd = { .fd = -1 };

	return syscall(SYS_ppoll_time64, &pfd, 1, ts, NULL, 8);
}

static long pselect64(const struct ts64 *ts)
{
	return syscall(SYS_pselect6_time64, 0, NULL, NULL, NULL, ts, NULL);
}

static void huge(void)
{
	struct ts64 max = { INT64_MAX, 999999999 }, big = { INT64_MAX, 0 };
	struct ts64 mid = { 20000000000ll, 0 };	/* past 2^64 ns */
	struct ts32 max32 = { INT32_MAX, 999999999 };
	struct timeval tv = { INT32_MAX, 999999 };

	WAIT("futex_time64 WAIT {INT64_MAX, 999999999}",
	     futex64(FUTEX_WAIT | FUTEX_PRIVATE_FLAG, &max));
	WAIT("futex_time64 WAIT {2e10, 0}", futex64(FUTEX_WAIT, &mid));
	WAIT("futex_time64 WAIT_BITSET absolute {INT64_MAX, 0}",
	     futex64(FUTEX_WAIT_BITSET, &big));
	WAIT("futex_time64 WAIT_BITSET realtime {INT64_MAX, 0}",
	     futex64(FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, &big));
	WAIT("futex WAIT {INT32_MAX, 999999999}",
	     futex32(FUTEX_WAIT, &max32));
	WAIT("rt_sigtimedwait_time64 {INT64_MAX, 0}", sigtimedwait64(&big));
	WAIT("rt_sigtimedwait_time64 {2e10, 0}", sigtimedwait64(&mid));
	WAIT("rt_sigtimedwait {INT32_MAX, 999999999}", sigtimedwait32(&max32));
	WAIT("clock_nanosleep_time64 {INT64_MAX, 0}", nanosleep64(0, &big));
	WAIT("clock_nanosleep_time64 TIMER_ABSTIME {INT64_MAX, 0}",
	     nanosleep64(TIMER_ABSTIME, &big));
	WAIT("ppoll_time64 {INT64_MAX, 0}", ppoll64(&big));
	WAIT("pselect6_time64 {INT64_MAX, 0}", pselect64(&big));
	WAIT("select {INT32_MAX, 999999}",
	     select(0, NULL, NULL, NULL, &tv));
}

static void invalid(void)
{
	struct ts64 bad_ns = { 1, 1000000000 }, neg_ns = { 1, -1 };
	struct ts64 neg = { -1, 0 }, neg_big = { INT64_MIN, 0 };
	struct ts32 bad32 = { 0, 1000000000 }, neg32 = { -1, 0 };

	expect_err("futex_time64 tv_nsec 1e9",
		   futex64(FUTEX_WAIT, &bad_ns), EINVAL);
	expect_err("futex_time64 tv_nsec -1", futex64(FUTEX_WAIT, &neg_ns),
		   EINVAL);
	expect_err("futex_time64 tv_sec -1", futex64(FUTEX_WAIT, &neg),
		   EINVAL);
	expect_err("futex_time64 WAIT_BITSET tv_sec INT64_MIN",
		   futex64(FUTEX_WAIT_BITSET, &neg_big), EINVAL);
	expect_err("futex tv_nsec 1e9", futex32(FUTEX_WAIT, &bad32), EINVAL);
	expect_err("futex tv_sec -1", futex32(FUTEX_WAIT, &neg32), EINVAL);
	expect_err("rt_sigtimedwait_time64 tv_nsec 1e9",
		   sigtimedwait64(&bad_ns), EINVAL);
	expect_err("rt_sigtimedwait_time64 tv_sec -1", sigtimedwait64(&neg),
		   EINVAL);
	expect_err("rt_sigtimedwait tv_nsec 1e9", sigtimedwait32(&bad32),
		   EINVAL);
	expect_err("rt_sigtimedwait tv_sec -1", sigtimedwait32(&neg32),
		   EINVAL);
	expect_err("clock_nanosleep_time64 tv_sec -1", nanosleep64(0, &neg),
		   EINVAL);
	expect_err("clock_nanosleep_time64 tv_nsec 1e9",
		   nanosleep64(0, &bad_ns), EINVAL);
	expect_err("ppoll_time64 tv_sec -1", ppoll64(&neg), EINVAL);
	expect_err("pselect6_time64 tv_nsec 1e9", pselect64(&bad_ns), EINVAL);
	expect_err("futex_time64 WAIT {0, 0}: times out at once",
		   futex64(FUTEX_WAIT, &(struct ts64){ 0, 0 }), ETIMEDOUT);
	expect_err("rt_sigtimedwait_time64 {0, 0}: polls",
		   sigtimedwait64(&(struct ts64){ 0, 0 }), EAGAIN);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	sigset_t chld;

	sigaction(SIGALRM, &sa, NULL);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	huge();
	invalid();
	return finish();
}
