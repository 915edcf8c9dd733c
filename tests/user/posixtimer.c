/*
 * posixtimer.c: timer_create, timer_settime, timer_gettime,
 * timer_getoverrun and timer_delete: ids from 0, the default SIGALRM
 * carrying the id, SIGEV_SIGNAL with a value (si_timerid, si_value,
 * si_overrun after a blocked periodic timer, timer_getoverrun the
 * same), SIGEV_NONE (gettime only), SIGEV_THREAD_ID (that thread gets
 * it), musl's SIGEV_THREAD (its function runs), the wall, boot-time and
 * CPU-time clocks (a sleep does not advance them), as many as
 * RLIMIT_SIGPENDING, not inherited by fork, deleted at execve, errors.  Only counts and orders are printed.
 * Exit status 0 when every check held.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include "check.h"

#define MS	1000000LL

struct ksigevent {		/* the kernel's struct sigevent */
	int value, signo, notify, tid, pad[12];
};

static char self[256];

static long raw_create(int clock, const void *ev, int *id)
{
	return syscall(SYS_timer_create, clock, ev, id);
}

static struct itimerspec its(long long value, long long interval)
{
	struct itimerspec t = {
		{ interval / 1000000000, interval % 1000000000 },
		{ value / 1000000000, value % 1000000000 },
	};
	return t;
}

static long long ns_of(const struct timespec *t)
{
	return (long long)t->tv_sec * 1000000000 + t->tv_nsec;
}

static timer_t tid_of(int id)
{
	return (timer_t)(intptr_t)id;
}

static void block(int sig)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_BLOCK, &s, NULL);
}

static siginfo_t wait_for(int sig)
{
	sigset_t s;
	siginfo_t si = { 0 };

	sigemptyset(&s);
	sigaddset(&s, sig);
	sigwaitinfo(&s, &si);
	return si;
}

static void ids_and_default(void)
{
	int a = -1, b = -1;
	struct itimerspec t = its(20 * MS, 0);
	siginfo_t si;

	raw_create(CLOCK_MONOTONIC, NULL, &a);
	raw_create(CLOCK_MONOTONIC, NULL, &b);
	printf("first ids: %d %d\n", a, b);
	block(SIGALRM);
	timer_settime(tid_of(b), 0, &t, NULL);
	si = wait_for(SIGALRM);
	printf("default: %s code %s timerid %s value %d overrun %d\n",
	       sig_name(si.si_signo), si.si_code == SI_TIMER ? "SI_TIMER" :
	       "other", si.si_timerid == b ? "ours" : "other",
	       si.si_value.sival_int, si.si_overrun);
	yes("delete", timer_delete(tid_of(a)) == 0 &&
	    timer_delete(tid_of(b)) == 0);
	expect_err("delete again", syscall(SYS_timer_delete, a), EINVAL);
}

static void overruns(void)
{
	struct ksigevent ev = { .value = 1234, .signo = SIGUSR1,
				.notify = SIGEV_SIGNAL };
	struct itimerspec t = its(10 * MS, 10 * MS), cur;
	struct timespec nap = { 0, 150 * MS };
	siginfo_t si;
	int id, over;

	block(SIGUSR1);
	raw_create(CLOCK_MONOTONIC, &ev, &id);
	timer_settime(tid_of(id), 0, &t, NULL);
	nanosleep(&nap, NULL);
	si = wait_for(SIGUSR1);
	over = timer_getoverrun(tid_of(id));
	printf("periodic, blocked 150 ms: %s value %d\n",
	       sig_name(si.si_signo), si.si_value.sival_int);
	yes("si_overrun >= 3", si.si_overrun >= 3);
	yes("timer_getoverrun is si_overrun", over == si.si_overrun);
	si = wait_for(SIGUSR1);
	yes("the next one comes too", si.si_signo == SIGUSR1);
	timer_gettime(tid_of(id), &cur);
	printf("interval: %lld\n", ns_of(&cur.it_interval));
	t = its(0, 0);
	timer_settime(tid_of(id), 0, &t, NULL);
	timer_gettime(tid_of(id), &cur);
	yes("disarmed: gettime 0", !ns_of(&cur.it_value));
	timer_delete(tid_of(id));
}

static void sigev_none(void)
{
	struct ksigevent ev = { .notify = SIGEV_NONE };
	struct itimerspec t = its(30 * MS, 0), cur;
	struct timespec nap = { 0, 60 * MS };
	sigset_t pend;
	int id;

	raw_create(CLOCK_REALTIME, &ev, &id);
	timer_settime(tid_of(id), 0, &t, NULL);
	timer_gettime(tid_of(id), &cur);
	yes("SIGEV_NONE: left in (0, 30 ms]", ns_of(&cur.it_value) > 0 &&
	    ns_of(&cur.it_value) <= 30 * MS);
	nanosleep(&nap, NULL);
	timer_gettime(tid_of(id), &cur);
	yes("after expiry: 0", !ns_of(&cur.it_value));
	sigpending(&pend);
	yes("no signal pending", !sigismember(&pend, SIGALRM) &&
	    !sigismember(&pend, SIGUSR1));
	timer_delete(tid_of(id));
}

static volatile int worker_tid, worker_sig, worker_value;

static void *worker(void *arg)
{
	siginfo_t si;

	worker_tid = syscall(SYS_gettid);
	si = wait_for(SIGUSR2);
	worker_sig = si.si_signo;
	worker_value = si.si_value.sival_int;
	return arg;
}

static void thread_id(void)
{
	struct ksigevent ev = { .value = 99, .signo = SIGUSR2,
				.notify = SIGEV_THREAD_ID };
	struct itimerspec t = its(20 * MS, 0);
	pthread_t th;
	sigset_t pend;
	int id;

	block(SIGUSR2);
	pthread_create(&th, NULL, worker, NULL);
	while (!worker_tid)
		sched_yield();
	ev.tid = worker_tid;
	yes("SIGEV_THREAD_ID create", raw_create(CLOCK_MONOTONIC, &ev, &id) == 0);
	timer_settime(tid_of(id), 0, &t, NULL);
	pthread_join(th, NULL);
	printf("the thread got %s value %d\n", sig_name(worker_sig),
	       worker_value);
	sigpending(&pend);
	yes("the main thread has none", !sigismember(&pend, SIGUSR2));
	timer_delete(tid_of(id));
	ev.tid = 0x3ffffff0;
	expect_err("SIGEV_THREAD_ID, no such thread",
		   raw_create(CLOCK_MONOTONIC, &ev, &id), EINVAL);
}

static sem_t ran;
static volatile int ran_value;

static void notify(union sigval v)
{
	ran_value = v.sival_int;
	sem_post(&ran);
}

static void sigev_thread(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_THREAD,
			       .sigev_notify_function = notify,
			       .sigev_value.sival_int = 77 };
	struct itimerspec t = its(20 * MS, 0);
	timer_t tm;

	sem_init(&ran, 0, 0);
	yes("SIGEV_THREAD create", timer_create(CLOCK_MONOTONIC, &ev, &tm) == 0);
	timer_settime(tm, 0, &t, NULL);
	sem_wait(&ran);
	printf("its function ran with value %d\n", ran_value);
	timer_delete(tm);
}

static volatile int fired;

static void on_alarm(int sig)
{
	(void)sig;
	fired++;
}

/* Until the handler ran (SIGVTALRM blocked meanwhile: no lost wake-up). */
static void wait_fired(void)
{
	sigset_t none, vt;

	sigemptyset(&none);
	sigemptyset(&vt);
	sigaddset(&vt, SIGVTALRM);
	sigprocmask(SIG_BLOCK, &vt, NULL);
	while (!fired)
		sigsuspend(&none);
	sigprocmask(SIG_UNBLOCK, &vt, NULL);
}

/* Spin (using CPU) until the timer's handler ran, at most about 10 s. */
static int spin_until_fired(void)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		for (volatile int i = 0; i < 10000; i++)
			;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (!fired && ns_of(&now) - ns_of(&start) < 10000 * MS);
	return fired;
}

static void *cpu_thread(void *arg)
{
	struct ksigevent ev = { .signo = SIGVTALRM, .notify = SIGEV_THREAD_ID };
	struct itimerspec t = its(30 * MS, 0);
	int id;

	ev.tid = syscall(SYS_gettid);
	fired = 0;
	raw_create(CLOCK_THREAD_CPUTIME_ID, &ev, &id);
	timer_settime(tid_of(id), 0, &t, NULL);
	*(int *)arg = spin_until_fired();
	timer_delete(tid_of(id));
	return NULL;
}

static void clocks(void)
{
	struct ksigevent ev = { .signo = SIGVTALRM, .notify = SIGEV_SIGNAL };
	struct itimerspec t = its(30 * MS, 0);
	struct timespec now;
	pthread_t th;
	int id, ok = 0;

	struct timespec c0, c1, nap = { 0, 100 * MS };

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	nanosleep(&nap, NULL);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	yes("CPU time over a 100 ms sleep: under 50 ms",
	    ns_of(&c1) - ns_of(&c0) < 50 * MS);
	signal(SIGVTALRM, on_alarm);
	fired = 0;
	raw_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &id);
	timer_settime(tid_of(id), 0, &t, NULL);
	yes("CLOCK_PROCESS_CPUTIME_ID fires while spinning",
	    spin_until_fired());
	timer_delete(tid_of(id));
	pthread_create(&th, NULL, cpu_thread, &ok);
	pthread_join(th, NULL);
	yes("CLOCK_THREAD_CPUTIME_ID fires in the spinning thread", ok);

	fired = 0;
	raw_create(CLOCK_REALTIME, &ev, &id);
	clock_gettime(CLOCK_REALTIME, &now);
	t = its(ns_of(&now) + 30 * MS, 0);
	timer_settime(tid_of(id), TIMER_ABSTIME, &t, NULL);
	wait_fired();
	printf("CLOCK_REALTIME absolute: fired %d\n", fired);
	timer_delete(tid_of(id));
	fired = 0;
	raw_create(CLOCK_BOOTTIME, &ev, &id);
	t = its(20 * MS, 0);
	timer_settime(tid_of(id), 0, &t, NULL);
	wait_fired();
	printf("CLOCK_BOOTTIME: fired %d\n", fired);
	timer_delete(tid_of(id));
}

static void errors(void)
{
	struct ksigevent ev = { .signo = SIGUSR1, .notify = SIGEV_SIGNAL };
	struct itimerspec t = its(0, 0);
	int id;

	expect_err("clock 99", raw_create(99, NULL, &id), EINVAL);
	expect_err("CLOCK_MONOTONIC_RAW", raw_create(CLOCK_MONOTONIC_RAW, NULL,
						     &id), EOPNOTSUPP);
	ev.notify = 99;
	expect_err("sigev_notify 99", raw_create(CLOCK_MONOTONIC, &ev, &id),
		   EINVAL);
	ev.notify = SIGEV_SIGNAL;
	ev.signo = 0;
	expect_err("signal 0", raw_create(CLOCK_MONOTONIC, &ev, &id), EINVAL);
	ev.signo = 65;
	expect_err("signal 65", raw_create(CLOCK_MONOTONIC, &ev, &id), EINVAL);
	expect_err("bad sigevent pointer", raw_create(CLOCK_MONOTONIC, bad_ptr,
						      &id), EFAULT);
	expect_err("bad id pointer", raw_create(CLOCK_MONOTONIC, NULL, bad_ptr),
		   EFAULT);
	expect_err("settime of no timer",
		   syscall(SYS_timer_settime64, 123, 0, &t, NULL), EINVAL);
	raw_create(CLOCK_MONOTONIC, NULL, &id);
	t.it_value.tv_nsec = 1000000000;
	expect_err("settime tv_nsec 1e9",
		   syscall(SYS_timer_settime64, id, 0, &t, NULL), EINVAL);
	expect_err("settime NULL", syscall(SYS_timer_settime64, id, 0, NULL,
					   NULL), EINVAL);
	expect_err("gettime of no timer",
		   syscall(SYS_timer_gettime64, 123, &t), EINVAL);
	expect_err("getoverrun of no timer", syscall(SYS_timer_getoverrun, 123),
		   EINVAL);
	timer_delete(tid_of(id));
}

/* A child of another user with RLIMIT_SIGPENDING 3 creates timers until
 * refused: exits with how many it got (100 + n unless EAGAIN). */
static void sigpending_limit(void)
{
	struct rlimit r = { 3, 3 };
	pid_t pid = fork();
	int id, n = 0;

	if (pid == 0) {
		setrlimit(RLIMIT_SIGPENDING, &r);
		if (setresuid(1234, 1234, 1234))
			_exit(99);
		while (n < 10 && raw_create(CLOCK_MONOTONIC, NULL, &id) == 0)
			n++;
		_exit(errno == EAGAIN ? n : 100 + n);
	}
	printf("timers under RLIMIT_SIGPENDING 3: %s\n", wait_str(pid));
}

static void fork_and_exec(void)
{
	struct itimerspec t = its(30 * MS, 30 * MS), cur;
	char arg[16];
	pid_t pid;
	int id, cid = -1;

	raw_create(CLOCK_MONOTONIC, NULL, &id);
	timer_settime(tid_of(id), 0, &t, NULL);
	pid = fork();
	if (pid == 0) {
		if (timer_gettime(tid_of(id), &cur) == 0 || errno != EINVAL)
			_exit(1);
		raw_create(CLOCK_MONOTONIC, NULL, &cid);
		_exit(cid == 0 ? 0 : 2);
	}
	printf("fork: no timer in the child, its first id 0: %s\n",
	       wait_str(pid));
	pid = fork();
	if (pid == 0) {
		signal(SIGALRM, SIG_DFL);
		sigprocmask(SIG_SETMASK, &(sigset_t){ 0 }, NULL);
		snprintf(arg, sizeof(arg), "%d", id);
		execl(self, "posixtimer", "exec-check", arg, (char *)NULL);
		_exit(3);
	}
	printf("execve: the old SIGALRM timer is gone: %s\n", wait_str(pid));
	timer_delete(tid_of(id));
}

/* The program execve'd with a periodic SIGALRM timer (default action:
 * terminate) armed: it must be gone. */
static int exec_check(const char *id)
{
	struct timespec nap = { 0, 200 * MS };
	struct itimerspec cur;

	nanosleep(&nap, NULL);
	return timer_gettime(tid_of(atoi(id)), &cur) == 0 ? 4 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "exec-check"))
		return exec_check(argv[2]);
	realpath(argv[0], self);
	ids_and_default();
	overruns();
	sigev_none();
	thread_id();
	sigev_thread();
	clocks();
	errors();
	sigpending_limit();
	fork_and_exec();
	return finish();
}
