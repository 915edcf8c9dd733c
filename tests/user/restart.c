/*
 * restart.c: system calls interrupted by signals, and the core-dump bit.
 *
 * Stopped midway: a child sleeps 600 ms in nanosleep, clock_nanosleep
 * (TIMER_ABSTIME), poll or a futex wait; the parent stops it (SIGSTOP)
 * 100 ms in and continues it (SIGCONT) at 450 ms.  No handler runs, so
 * the call goes on to its first deadline (restart_syscall, or the same
 * absolute time for TIMER_ABSTIME): it ends about 600 ms after it began.
 * Starting over would take 1050 ms; the child reports whether the call
 * gave the right result within [600 ms, 900 ms].  (select is not among
 * them: Linux restarts it with the time left written back when it was
 * stopped, so the stop's 350 ms come on top; instead a handler shows that
 * it writes the time left.)
 *
 * With a handler (SIGALRM 100 ms into a 600 ms call): nanosleep and
 * clock_nanosleep_time64 fail with EINTR (even with SA_RESTART) and
 * write a time left between 0 and the request; a TIMER_ABSTIME sleep
 * fails with EINTR and leaves rem alone; poll fails with EINTR under
 * SA_RESTART; a futex wait with a timeout fails with EINTR under
 * SA_RESTART, one without a timeout restarts (and then finds the word
 * the handler changed: EAGAIN); _newselect fails with EINTR and writes
 * the time left to its timeval.  restart_syscall called directly, with
 * nothing to restart (at start, and after a handler interrupted a sleep),
 * fails with EINTR.
 *
 * Core dumps: children killed by SIGSEGV, SIGABRT and SIGQUIT, with
 * RLIMIT_CORE 0 (set here, so that the Linux oracle writes no core file
 * either, whatever limit it started the run with): WCOREDUMP is false,
 * waitid says CLD_KILLED.  maestro writes no core files, so it never sets
 * the bit.
 *
 * Times are printed only as yes/no; raw system calls use the i386
 * kernel's 32-bit timespec and timeval.
 */
#include <linux/futex.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

#define MS		1000000LL
#define REQ_MS		600
#define STOP_MS		100
#define CONT_MS		450
#define ALARM_MS	100

struct ts32 {
	int32_t sec, nsec;
};

struct ts64 {
	int64_t sec, nsec;
};

struct tv32 {
	int32_t sec, usec;
};

static long long now_ns(void)
{
	struct timespec ts;

	CHECK(clock_gettime(CLOCK_MONOTONIC, &ts) == 0);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static struct ts32 ts32_of(long long ns)
{
	return (struct ts32){ (int32_t)(ns / 1000000000),
			      (int32_t)(ns % 1000000000) };
}

static long long ts32_ns(struct ts32 t)
{
	return t.sec * 1000000000LL + t.nsec;
}

/* Sleep until CLOCK_MONOTONIC reads at (ns). */
static void sleep_until(long long at)
{
	struct timespec ts = { at / 1000000000, at % 1000000000 };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL))
		;
}

/* ---- stopped and continued ------------------------------------------ */

/* Each sleeps REQ_MS and returns whether the call's result is right. */
static int nanosleep_req(void)
{
	struct ts32 req = ts32_of(REQ_MS * MS), rem;

	return syscall(SYS_nanosleep, &req, &rem) == 0;
}

static int clock_nanosleep_abs(void)
{
	struct ts32 at = ts32_of(now_ns() + REQ_MS * MS);

	return syscall(SYS_clock_nanosleep_time32, CLOCK_MONOTONIC,
		       TIMER_ABSTIME, &at, NULL) == 0;
}

static int poll_req(void)
{
	int p[2];
	struct pollfd pfd;

	CHECK(pipe(p) == 0);
	pfd = (struct pollfd){ .fd = p[0], .events = POLLIN };
	return syscall(SYS_poll, &pfd, 1, REQ_MS) == 0;
}

static int futex_req(void)
{
	static int word;
	struct ts32 t = ts32_of(REQ_MS * MS);

	return syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 0, &t) == -1 &&
	       errno == ETIMEDOUT;
}

/* The child: sleep with fn, tell how it went in the exit status. */
static __attribute__((noreturn)) void sleeper(int (*fn)(void), int ready)
{
	long long t0 = now_ns(), took;
	int ok;

	CHECK(write(ready, "r", 1) == 1);
	ok = fn();
	took = now_ns() - t0;
	if (!ok)
		_exit(3);
	_exit(took < REQ_MS * MS ? 1 : took > REQ_MS * MS * 3 / 2 ? 2 : 0);
}

static void stopped_midway(const char *what, int (*fn)(void))
{
	static const char *const how[] = {
		"yes", "no (too soon)", "no (too late)", "no (wrong result)",
	};
	int p[2], st;
	long long t;
	pid_t pid;
	char c;

	CHECK(pipe(p) == 0);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		sleeper(fn, p[1]);
	}
	close(p[1]);
	CHECK(read(p[0], &c, 1) == 1);
	close(p[0]);
	t = now_ns();
	sleep_until(t + STOP_MS * MS);
	CHECK(kill(pid, SIGSTOP) == 0);
	CHECK(waitpid(pid, &st, WUNTRACED) == pid);
	CHECK(WIFSTOPPED(st));
	sleep_until(t + CONT_MS * MS);
	CHECK(kill(pid, SIGCONT) == 0);
	CHECK(waitpid(pid, &st, 0) == pid);
	if (WIFEXITED(st) && WEXITSTATUS(st) < 4) {
		printf("%s, stopped and continued: done in its time: %s\n",
		       what, how[WEXITSTATUS(st)]);
		failures += WEXITSTATUS(st) != 0;
	} else {
		printf("%s, stopped and continued: %s\n", what, status_str(st));
		failures++;
	}
}

/* ---- interrupted by a handler --------------------------------------- */

static volatile int alarms;
static int futex_word;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
	futex_word = 1;
}

/* SIGALRM ALARM_MS from now, with on_alarm (flags: SA_RESTART or 0). */
static void alarm_soon(int flags)
{
	struct sigaction sa = { .sa_handler = on_alarm, .sa_flags = flags };
	struct itimerval it = { .it_value = { 0, ALARM_MS * 1000 } };

	CHECK(sigaction(SIGALRM, &sa, NULL) == 0);
	alarms = 0;
	futex_word = 0;
	CHECK(setitimer(ITIMER_REAL, &it, NULL) == 0);
}

static void restart_direct(const char *what)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "restart_syscall %s", what);
	expect_err(buf, syscall(SYS_restart_syscall), EINTR);
}

static void nanosleep_handled(int flags, const char *what)
{
	struct ts32 req = ts32_of(REQ_MS * MS), rem = { -1, -1 };
	char buf[96];
	long r;

	alarm_soon(flags);
	r = syscall(SYS_nanosleep, &req, &rem);
	snprintf(buf, sizeof(buf), "nanosleep, handler%s", what);
	expect_err(buf, r, EINTR);
	snprintf(buf, sizeof(buf), "nanosleep, handler%s: rem between 0 and "
		 "the request", what);
	yes(buf, ts32_ns(rem) > 0 && ts32_ns(rem) < REQ_MS * MS &&
	    rem.nsec < 1000000000);
}

static void handled(void)
{
	struct ts64 req64 = { 0, REQ_MS * MS }, rem64 = { -1, -1 };
	struct ts32 at, rem = { 7, 7 };
	struct ts32 t = ts32_of(REQ_MS * MS);
	struct tv32 tv = { 0, REQ_MS * 1000 };
	struct pollfd pfd;
	uint32_t rd;
	int p[2];

	nanosleep_handled(0, "");
	nanosleep_handled(SA_RESTART, " (SA_RESTART)");
	restart_direct("after a handler interrupted a sleep");

	alarm_soon(0);
	expect_err("clock_nanosleep_time64, handler",
		   syscall(SYS_clock_nanosleep_time64, CLOCK_MONOTONIC, 0,
			   &req64, &rem64), EINTR);
	yes("clock_nanosleep_time64, handler: rem between 0 and the request",
	    rem64.sec == 0 && rem64.nsec > 0 && rem64.nsec < REQ_MS * MS);

	alarm_soon(SA_RESTART);
	at = ts32_of(now_ns() + REQ_MS * MS);
	expect_err("clock_nanosleep TIMER_ABSTIME, handler (SA_RESTART)",
		   syscall(SYS_clock_nanosleep_time32, CLOCK_MONOTONIC,
			   TIMER_ABSTIME, &at, &rem), EINTR);
	yes("clock_nanosleep TIMER_ABSTIME, handler: rem untouched",
	    rem.sec == 7 && rem.nsec == 7);

	CHECK(pipe(p) == 0);
	pfd = (struct pollfd){ .fd = p[0], .events = POLLIN };
	alarm_soon(SA_RESTART);
	expect_err("poll, handler (SA_RESTART)",
		   syscall(SYS_poll, &pfd, 1, REQ_MS), EINTR);
	close(p[0]);
	close(p[1]);

	CHECK(pipe(p) == 0);
	rd = 1u << p[0];
	alarm_soon(SA_RESTART);
	expect_err("_newselect, handler (SA_RESTART)",
		   syscall(SYS__newselect, p[0] + 1, &rd, NULL, NULL, &tv),
		   EINTR);
	yes("_newselect, handler: the time left written back",
	    tv.sec == 0 && tv.usec > 0 && tv.usec < REQ_MS * 1000);
	close(p[0]);
	close(p[1]);

	alarm_soon(SA_RESTART);
	expect_err("futex wait with a timeout, handler (SA_RESTART)",
		   syscall(SYS_futex, &futex_word, FUTEX_WAIT_PRIVATE, 0, &t),
		   EINTR);
	alarm_soon(SA_RESTART);
	expect_err("futex wait without timeout, handler (SA_RESTART): "
		   "restarted, the word changed",
		   syscall(SYS_futex, &futex_word, FUTEX_WAIT_PRIVATE, 0, NULL),
		   EAGAIN);
	yes("one SIGALRM handled", alarms == 1);
	signal(SIGALRM, SIG_DFL);
}

/* ---- core dumps ----------------------------------------------------- */

static void die(int sig)
{
	if (sig == SIGSEGV)
		*(volatile int *)bad_ptr = 1;
	else if (sig == SIGABRT)
		abort();
	else
		raise(sig);
	_exit(99);
}

static void no_core(int sig)
{
	siginfo_t si = { 0 };
	pid_t pid;
	int st;

	pid = fork();
	if (pid == 0)
		die(sig);
	CHECK(waitid(P_PID, pid, &si, WEXITED | WNOWAIT) == 0);
	CHECK(waitpid(pid, &st, 0) == pid);
	printf("%s: %s, WCOREDUMP %s, waitid %s\n", sig_name(sig),
	       status_str(st), WCOREDUMP(st) ? "yes" : "no",
	       si.si_code == CLD_KILLED ? "CLD_KILLED" :
	       si.si_code == CLD_DUMPED ? "CLD_DUMPED" : "other");
	failures += WCOREDUMP(st) || si.si_code != CLD_KILLED;
}

int main(void)
{
	struct rlimit none = { 0, 0 };

	/* For Linux: maestro writes no core files whatever the limit. */
	(void)setrlimit(RLIMIT_CORE, &none);
	restart_direct("with nothing to restart");
	stopped_midway("nanosleep", nanosleep_req);
	stopped_midway("clock_nanosleep TIMER_ABSTIME", clock_nanosleep_abs);
	stopped_midway("poll", poll_req);
	stopped_midway("futex wait with a timeout", futex_req);
	handled();
	no_core(SIGSEGV);
	no_core(SIGABRT);
	no_core(SIGQUIT);
	return finish();
}
