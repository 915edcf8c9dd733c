/*
 * time.c: clocks and sleeping, printed as yes/no only.  CLOCK_MONOTONIC
 * never goes back over 10000 reads and does advance; CLOCK_REALTIME,
 * time() and gettimeofday() agree and are after 2020; clock_getres is at
 * most 10 ms; nanosleep and clock_nanosleep (relative and TIMER_ABSTIME)
 * sleep at least the time asked; a signal interrupts nanosleep with EINTR
 * and a sensible remainder; the errors EINVAL and EFAULT (raw system
 * calls, so that no vDSO is in the way).
 */
#include <signal.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

static long long ns(clockid_t clk)
{
	struct timespec ts;

	CHECK(clock_gettime(clk, &ts) == 0);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void on_alarm(int sig)
{
	(void)sig;
}

static void clocks(void)
{
	long long prev = ns(CLOCK_MONOTONIC), first = prev, t;
	struct timespec res;
	struct timeval tv;
	int back = 0;
	time_t now;

	for (int i = 0; i < 10000; i++) {
		t = ns(CLOCK_MONOTONIC);
		back += t < prev;
		prev = t;
	}
	yes("CLOCK_MONOTONIC never goes back", back == 0);
	usleep(20000);
	yes("CLOCK_MONOTONIC advances", ns(CLOCK_MONOTONIC) > first);
	now = time(NULL);
	CHECK(gettimeofday(&tv, NULL) == 0);
	yes("time() is after 2020", now > 1577836800);
	yes("gettimeofday agrees with time()", tv.tv_sec - now <= 1 &&
	    tv.tv_sec >= now);
	yes("CLOCK_REALTIME agrees with time()",
	    ns(CLOCK_REALTIME) / 1000000000 - now <= 1);
	CHECK(clock_getres(CLOCK_MONOTONIC, &res) == 0);
	yes("CLOCK_MONOTONIC resolution at most 10 ms",
	    res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec <= 10000000);
}

static void sleeps(void)
{
	struct timespec req = { 0, 50000000 }, rem = { 0, 0 };
	struct sigaction sa = { .sa_handler = on_alarm };
	long long t0 = ns(CLOCK_MONOTONIC), t;

	CHECK(nanosleep(&req, NULL) == 0);
	t = ns(CLOCK_MONOTONIC) - t0;
	yes("nanosleep 50 ms sleeps at least 50 ms", t >= 50000000);
	yes("and less than 5 s", t < 5000000000LL);
	t0 = ns(CLOCK_MONOTONIC);
	CHECK(clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL) == 0);
	yes("clock_nanosleep 50 ms sleeps at least 50 ms",
	    ns(CLOCK_MONOTONIC) - t0 >= 50000000);
	t = ns(CLOCK_MONOTONIC) + 30000000;
	req.tv_sec = t / 1000000000;
	req.tv_nsec = t % 1000000000;
	CHECK(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, NULL) == 0);
	yes("TIMER_ABSTIME sleeps until the deadline",
	    ns(CLOCK_MONOTONIC) >= t);
	CHECK(sigaction(SIGALRM, &sa, NULL) == 0);
	alarm(1);
	req.tv_sec = 3;
	req.tv_nsec = 0;
	expect_err("nanosleep 3 s, alarm after 1 s", nanosleep(&req, &rem),
		   EINTR);
	yes("remainder between 1 and 2.5 s", rem.tv_sec >= 1 &&
	    rem.tv_sec * 1000000000LL + rem.tv_nsec <= 2500000000LL);
}

static void errors(void)
{
	struct timespec bad = { 0, 1000000000 };

	expect_err("nanosleep tv_nsec 1e9", nanosleep(&bad, NULL), EINVAL);
	bad.tv_nsec = -1;
	expect_err("nanosleep tv_nsec -1", nanosleep(&bad, NULL), EINVAL);
	expect_err("clock_gettime64(bad pointer)",
		   syscall(SYS_clock_gettime64, CLOCK_REALTIME, bad_ptr), EFAULT);
	expect_err("clock_gettime(bad clock)",
		   syscall(SYS_clock_gettime32, 12345, &bad), EINVAL);
	expect_err("clock_gettime(bad pointer)",
		   syscall(SYS_clock_gettime32, CLOCK_MONOTONIC, bad_ptr), EFAULT);
	expect_err("gettimeofday(bad pointer)",
		   syscall(SYS_gettimeofday_time32, bad_ptr, NULL), EFAULT);
	expect_err("nanosleep(bad pointer)",
		   syscall(SYS_nanosleep, bad_ptr, NULL), EFAULT);
}

int main(void)
{
	clocks();
	sleeps();
	errors();
	return finish();
}
