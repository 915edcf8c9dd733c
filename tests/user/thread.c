/*
 * thread.c: threads, clone, vfork and futexes, through musl's pthreads.
 *
 *   thread [SECTION...]   runs the sections named (all without one):
 *   basic    create/join with return values, getpid equal and gettid
 *            distinct in every thread, set_tid_address, detach, many
 *            threads created and joined in turn, /proc/self/status
 *            Threads:, threads are not children for wait;
 *   sync     mutexes and condition variables under contention, a
 *            producer/consumer queue, thread-specific data with
 *            destructors, __thread variables;
 *   signals  kill() to the process taken by the one thread that does not
 *            block the signal, pthread_kill to one thread;
 *   exit     exit() from a thread ends every thread, exit(2) of the main
 *            thread alone leaves the others running, a fatal signal in a
 *            thread kills the group, kill() to a threaded process;
 *   exec     execve from a thread of a threaded process (the new program,
 *            "thread exec-check PID", checks its pid and that it is
 *            alone);
 *   spawn    posix_spawn of hello, vfork (the parent sees the child's
 *            write: the memory is shared and the parent waits);
 *   shell    system() and popen() running hello through /bin/sh;
 *   futex    FUTEX_WAIT/WAKE (both syscalls), EAGAIN, ETIMEDOUT with
 *            relative and absolute timeouts, bitsets, requeue, EINTR,
 *            EINVAL, EFAULT, ENOSYS.
 * Waiters are counted by polling the wake and requeue results, so the
 * transcript does not depend on timing.  Exit status 0 when every check
 * held.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include "check.h"

#define NTHREADS	8
extern char **environ;
static char self[256], hello[256];

static long futex(volatile int *uaddr, int op, int val, const void *ts,
		  volatile int *uaddr2, int val3)
{
	return syscall(SYS_futex, uaddr, op, val, ts, uaddr2, val3);
}

static int gettid_(void)
{
	return (int)syscall(SYS_gettid);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void nap_ms(int ms)
{
	struct timespec ts = { 0, ms * 1000000L };

	nanosleep(&ts, NULL);
}

/* ---- basic ---- */

struct ids { pid_t pid, tid; };

static void *report_ids(void *arg)
{
	struct ids *id = arg;

	id->pid = getpid();
	id->tid = gettid_();
	return (void *)(intptr_t)(id->tid != 0 ? 1 : 0);
}

static void *times_ten(void *arg)
{
	return (void *)((intptr_t)arg * 10 + 1);
}

static void *count_threads(void *arg)
{
	sem_t *s = arg;

	sem_wait(s);
	return NULL;
}

/* The Threads: line of /proc/self/status, or -1. */
static int status_threads(void)
{
	char buf[4096], *at;
	int fd = open("/proc/self/status", O_RDONLY), n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = 0;
	at = strstr(buf, "\nThreads:");
	return at ? atoi(at + 9) : -1;
}

static void basic(void)
{
	pthread_t t[NTHREADS];
	struct ids id[NTHREADS];
	int ok = 1, distinct = 1, tids_differ = 1;
	void *ret;
	sem_t s;

	for (intptr_t i = 0; i < NTHREADS; i++)
		CHECK(pthread_create(&t[i], NULL, times_ten, (void *)i) == 0);
	for (intptr_t i = 0; i < NTHREADS; i++) {
		CHECK(pthread_join(t[i], &ret) == 0);
		ok &= ret == (void *)(i * 10 + 1);
	}
	yes("join returns each thread's value", ok);
	for (int i = 0; i < NTHREADS; i++)
		CHECK(pthread_create(&t[i], NULL, report_ids, &id[i]) == 0);
	ok = 1;
	for (int i = 0; i < NTHREADS; i++) {
		CHECK(pthread_join(t[i], NULL) == 0);
		ok &= id[i].pid == getpid();
		tids_differ &= id[i].tid != getpid();
		for (int j = 0; j < i; j++)
			distinct &= id[i].tid != id[j].tid;
	}
	yes("getpid the same in every thread", ok);
	yes("gettid differs from getpid in threads", tids_differ);
	yes("tids all distinct", distinct);
	yes("main thread: gettid == getpid", gettid_() == getpid());
	yes("set_tid_address returns the tid",
	    syscall(SYS_set_tid_address, NULL) == gettid_());
	sem_init(&s, 0, 0);
	for (int i = 0; i < 3; i++)
		CHECK(pthread_create(&t[i], NULL, count_threads, &s) == 0);
	printf("/proc/self/status Threads: %d\n", status_threads());
	expect_err("waitpid(-1) with only threads", waitpid(-1, NULL, WNOHANG),
		   ECHILD);
	for (int i = 0; i < 3; i++)
		sem_post(&s);
	for (int i = 0; i < 3; i++)
		CHECK(pthread_join(t[i], NULL) == 0);
	printf("/proc/self/status Threads after joins: %d\n",
	       status_threads());
	ok = 1;
	for (intptr_t i = 0; i < 200; i++) {
		ok &= pthread_create(&t[0], NULL, times_ten, (void *)i) == 0;
		ok &= pthread_join(t[0], &ret) == 0 &&
		      ret == (void *)(i * 10 + 1);
	}
	yes("200 threads created and joined in turn", ok);
}

static void *detached_body(void *arg)
{
	sem_post(arg);
	return NULL;
}

static void detach(void)
{
	pthread_attr_t attr;
	pthread_t t;
	sem_t done;

	sem_init(&done, 0, 0);
	CHECK(pthread_create(&t, NULL, detached_body, &done) == 0);
	yes("pthread_detach", pthread_detach(t) == 0);
	sem_wait(&done);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	CHECK(pthread_create(&t, &attr, detached_body, &done) == 0);
	sem_wait(&done);
	yes("detached threads ran", 1);
}

/* ---- sync ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *bump(void *arg)
{
	for (int i = 0; i < 20000; i++) {
		pthread_mutex_lock(&lock);
		counter++;
		if (i % 1000 == 0)
			sched_yield();	/* hand the lock over now and then */
		pthread_mutex_unlock(&lock);
	}
	return arg;
}

#define QSIZE		4
#define ITEMS		2000
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static int queue[QSIZE], qhead, qlen;
static long consumed_sum;

static void *producer(void *arg)
{
	for (int i = 1; i <= ITEMS; i++) {
		pthread_mutex_lock(&lock);
		while (qlen == QSIZE)
			pthread_cond_wait(&not_full, &lock);
		queue[(qhead + qlen++) % QSIZE] = i;
		pthread_cond_signal(&not_empty);
		pthread_mutex_unlock(&lock);
	}
	return arg;
}

static void *consumer(void *arg)
{
	for (int i = 0; i < ITEMS; i++) {
		pthread_mutex_lock(&lock);
		while (qlen == 0)
			pthread_cond_wait(&not_empty, &lock);
		consumed_sum += queue[qhead];
		qhead = (qhead + 1) % QSIZE;
		qlen--;
		pthread_cond_signal(&not_full);
		pthread_mutex_unlock(&lock);
	}
	return arg;
}

static pthread_key_t key;
static int destructor_runs;
static __thread int tls_var = 5;

static void destructor(void *v)
{
	pthread_mutex_lock(&lock);
	destructor_runs += (int)(intptr_t)v;
	pthread_mutex_unlock(&lock);
}

static void *tsd_body(void *arg)
{
	int ok;

	pthread_setspecific(key, arg);
	tls_var += (int)(intptr_t)arg;
	sched_yield();
	ok = pthread_getspecific(key) == arg &&
	     tls_var == 5 + (int)(intptr_t)arg;
	return (void *)(intptr_t)ok;
}

static void sync_section(void)
{
	pthread_t t[NTHREADS];
	void *ret;
	int ok = 1;

	for (int i = 0; i < NTHREADS; i++)
		CHECK(pthread_create(&t[i], NULL, bump, NULL) == 0);
	for (int i = 0; i < NTHREADS; i++)
		CHECK(pthread_join(t[i], NULL) == 0);
	printf("mutex counter: %ld (want %d)\n", counter, NTHREADS * 20000);
	CHECK(counter == NTHREADS * 20000);
	for (int i = 0; i < 4; i++) {
		CHECK(pthread_create(&t[i], NULL, producer, NULL) == 0);
		CHECK(pthread_create(&t[4 + i], NULL, consumer, NULL) == 0);
	}
	for (int i = 0; i < NTHREADS; i++)
		CHECK(pthread_join(t[i], NULL) == 0);
	printf("condvar queue: sum %ld (want %ld)\n", consumed_sum,
	       4L * ITEMS * (ITEMS + 1) / 2);
	CHECK(consumed_sum == 4L * ITEMS * (ITEMS + 1) / 2);
	CHECK(pthread_key_create(&key, destructor) == 0);
	for (intptr_t i = 0; i < NTHREADS; i++)
		CHECK(pthread_create(&t[i], NULL, tsd_body, (void *)(i + 1)) == 0);
	for (int i = 0; i < NTHREADS; i++) {
		CHECK(pthread_join(t[i], &ret) == 0);
		ok &= ret == (void *)1;
	}
	yes("thread-specific data and __thread per thread", ok);
	printf("destructors ran for %d (want %d)\n", destructor_runs,
	       NTHREADS * (NTHREADS + 1) / 2);
	yes("main's __thread copy unchanged", tls_var == 5);
}

/* ---- signals ---- */

static volatile int handled_by, handled;

static void note_tid(int sig)
{
	(void)sig;
	handled_by = gettid_();
	handled = 1;
}

static volatile int worker_tid;

static void *unblocking_waiter(void *arg)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	worker_tid = gettid_();
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	sem_post(arg);
	while (!handled)
		nap_ms(5);
	return NULL;
}

static void *blocked_idler(void *arg)
{
	while (!handled)
		nap_ms(5);
	return arg;
}

static void *pthread_kill_target(void *arg)
{
	worker_tid = gettid_();
	sem_post(arg);
	while (!handled)
		nap_ms(5);
	return NULL;
}

static void signals(void)
{
	struct sigaction sa = { .sa_handler = note_tid };
	pthread_t t[3];
	sigset_t set, old;
	sem_t ready;

	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sem_init(&ready, 0, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	CHECK(pthread_create(&t[0], NULL, blocked_idler, NULL) == 0);
	CHECK(pthread_create(&t[1], NULL, unblocking_waiter, &ready) == 0);
	CHECK(pthread_create(&t[2], NULL, blocked_idler, NULL) == 0);
	sem_wait(&ready);
	handled = 0;
	CHECK(kill(getpid(), SIGUSR1) == 0);
	for (int i = 0; i < 3; i++)
		CHECK(pthread_join(t[i], NULL) == 0);
	yes("kill(getpid) taken by the one thread not blocking it",
	    handled_by == worker_tid);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	handled = 0;
	CHECK(pthread_create(&t[0], NULL, pthread_kill_target, &ready) == 0);
	sem_wait(&ready);
	yes("pthread_kill(t, 0) on a live thread", pthread_kill(t[0], 0) == 0);
	CHECK(pthread_kill(t[0], SIGUSR2) == 0);
	CHECK(pthread_join(t[0], NULL) == 0);
	yes("pthread_kill handled by its target", handled_by == worker_tid);
	expect_err("tgkill(getpid(), other process's tid)",
		   syscall(SYS_tgkill, getpid(), 1, 0), ESRCH);
	signal(SIGUSR1, SIG_DFL);
	signal(SIGUSR2, SIG_DFL);
}

/* ---- exit ---- */

static void *exit_soon(void *arg)
{
	nap_ms(20);
	exit((int)(intptr_t)arg);
}

static void *sleep_forever(void *arg)
{
	for (;;)
		pause();
	return arg;
}

static void *crash(void *arg)
{
	nap_ms(20);
	*(volatile int *)bad_ptr = 1;
	return arg;
}

/* The main thread leaves with exit(2); the worker writes its getpid()
 * to the pipe (the process goes on) and ends the process with exit(5). */
static void *outlive_main(void *arg)
{
	int *p = arg;
	pid_t me;

	nap_ms(30);
	me = kill(getpid(), 0) == 0 ? getpid() : -1;
	write(p[1], &me, sizeof(me));
	exit(5);
}

static pid_t child_with(void *(*body)(void *), void *arg, int main_exit)
{
	pthread_t t;
	pid_t pid = fork();

	if (pid)
		return pid;
	for (int i = 0; i < 3; i++)
		pthread_create(&t, NULL, sleep_forever, NULL);
	pthread_create(&t, NULL, body, arg);
	if (main_exit)
		syscall(SYS_exit, 0);
	for (;;)
		pause();
}

static void exits(void)
{
	int p[2];
	pid_t pid, seen = 0;

	printf("exit(7) in one thread of four: %s\n",
	       wait_str(child_with(exit_soon, (void *)7, 0)));
	printf("SIGSEGV in one thread: %s\n",
	       wait_str(child_with(crash, NULL, 0)));
	pid = child_with(sleep_forever, NULL, 0);
	nap_ms(20);
	kill(pid, SIGTERM);
	printf("SIGTERM to a threaded process: %s\n", wait_str(pid));
	CHECK(pipe(p) == 0);
	pid = child_with(outlive_main, p, 1);
	close(p[1]);
	CHECK(read(p[0], &seen, sizeof(seen)) == sizeof(seen));
	yes("a thread runs on after the main thread's exit(2), same pid",
	    seen == pid);
	printf("then exit(5) from it: %s\n", wait_str(pid));
	close(p[0]);
}

/* ---- exec ---- */

static void *exec_from_thread(void *arg)
{
	char pid[16], *argv[] = { "thread", "exec-check", pid, NULL };

	(void)arg;
	snprintf(pid, sizeof(pid), "%d", getpid());
	execve(self, argv, environ);
	_exit(99);
}

static int exec_check(const char *pid)
{
	yes("after execve from a thread: same pid", getpid() == atoi(pid));
	yes("after execve from a thread: tid == pid", gettid_() == getpid());
	printf("after execve from a thread: Threads: %d\n", status_threads());
	return finish();
}

static void exec_section(void)
{
	pid_t pid = fork();
	pthread_t t;

	if (pid == 0) {
		for (int i = 0; i < 3; i++)
			pthread_create(&t, NULL, sleep_forever, NULL);
		pthread_create(&t, NULL, exec_from_thread, NULL);
		for (;;)
			pause();
	}
	printf("execve from a thread of five: %s\n", wait_str(pid));
}

/* ---- spawn ---- */

static void spawn(void)
{
	char *argv[] = { "hello", "spawned", NULL };
	static volatile int shared_word;
	int st = -1, err;
	pid_t pid;

	/* The parent returns once the child has exec'd: hello's lines and
	 * ours could come in any order until it is waited for. */
	err = posix_spawn(&pid, hello, NULL, NULL, argv, environ);
	CHECK(err || waitpid(pid, &st, 0) == pid);
	yes("posix_spawn hello", err == 0);
	printf("posix_spawn'd hello: %s\n", status_str(st));
	expect_err("posix_spawn of a missing file",
		   (errno = posix_spawn(&pid, "/nonexistent", NULL, NULL, argv,
					environ)) ? -1 : 0, ENOENT);
	shared_word = 0;
	pid = vfork();
	if (pid == 0) {
		shared_word = 42;
		_exit(3);
	}
	printf("vfork child: %s\n", wait_str(pid));
	yes("vfork parent sees the child's write", shared_word == 42);
	pid = vfork();
	if (pid == 0) {
		execve(hello, argv, environ);
		_exit(127);
	}
	printf("vfork + execve hello: %s\n", wait_str(pid));
}

static void shell(void)
{
	char cmd[300], line[128];
	int lines = 0;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "%s from-system > /dev/null", hello);
	printf("system(hello): %s\n", status_str(system(cmd)));
	snprintf(cmd, sizeof(cmd), "%s from-popen", hello);
	f = popen(cmd, "r");
	CHECK(f != NULL);
	while (f && fgets(line, sizeof(line), f))
		lines += strcmp(line, "argv[1] \"from-popen\"\n") == 0;
	printf("popen(hello): its argv[1] read back %d time(s), %s\n", lines,
	       f ? status_str(pclose(f)) : "no stream");
}

/* ---- futex ---- */

static volatile int fword, fword2;
static volatile int fresult[4];

static void *futex_waiter(void *arg)
{
	intptr_t i = (intptr_t)arg;

	fresult[i] = futex(&fword, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0) ?
		errno : 0;
	return NULL;
}

static void *bitset_waiter(void *arg)
{
	fresult[0] = futex(&fword, FUTEX_WAIT_BITSET_PRIVATE, 0, NULL, NULL,
			   2) ? errno : 0;
	return arg;
}

/* Wake op (nr 1 each) until total waiters were woken: the total. */
static int wake_all_of(int total, int op, int bitset)
{
	int woken = 0;

	for (int tries = 0; woken < total && tries < 100000; tries++) {
		long n = futex(&fword, op, 1, NULL, NULL, bitset);

		if (n > 0)
			woken += (int)n;
		else
			sched_yield();
	}
	return woken;
}

/* The timespecs of futex (240, 32-bit) and futex_time64 (422): musl's
 * struct timespec has a 64-bit tv_sec, so they are spelled out. */
struct ts32 { int32_t sec, nsec; };
struct ts64 { int64_t sec, nsec; };

/* The clock's time 20 ms from now, as a futex (240) timespec. */
static struct ts32 deadline_in_20ms(clockid_t clk)
{
	struct timespec now;
	struct ts32 t;

	clock_gettime(clk, &now);
	t.sec = (int32_t)now.tv_sec;
	t.nsec = (int32_t)now.tv_nsec + 20000000;
	if (t.nsec >= 1000000000) {
		t.nsec -= 1000000000;
		t.sec++;
	}
	return t;
}

static void futex_errors(void)
{
	struct ts32 rel = { 0, 20000000 }, bad = { 0, 1000000000 }, abs;
	struct ts64 rel64 = { 0, 20000000 };
	volatile int misaligned[2];
	long long start;

	fword = 1;
	expect_err("FUTEX_WAIT on a changed value",
		   futex(&fword, FUTEX_WAIT, 0, NULL, NULL, 0), EAGAIN);
	fword = 0;
	start = now_ms();
	expect_err("FUTEX_WAIT 20 ms", futex(&fword, FUTEX_WAIT, 0, &rel,
					      NULL, 0), ETIMEDOUT);
	yes("it waited 20 ms", now_ms() - start >= 20);
	expect_err("futex_time64 FUTEX_WAIT_PRIVATE 20 ms",
		   syscall(422, &fword, FUTEX_WAIT_PRIVATE, 0, &rel64, NULL, 0),
		   ETIMEDOUT);
	start = now_ms();
	abs = deadline_in_20ms(CLOCK_MONOTONIC);
	expect_err("FUTEX_WAIT_BITSET monotonic deadline in 20 ms",
		   futex(&fword, FUTEX_WAIT_BITSET, 0, &abs, NULL, -1),
		   ETIMEDOUT);
	yes("it waited until the deadline", now_ms() - start >= 20);
	abs = deadline_in_20ms(CLOCK_REALTIME);
	expect_err("FUTEX_WAIT_BITSET|CLOCK_REALTIME deadline in 20 ms",
		   futex(&fword, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 0,
			 &abs, NULL, -1), ETIMEDOUT);
	abs.sec -= 10;
	expect_err("FUTEX_WAIT_BITSET past deadline",
		   futex(&fword, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 0,
			 &abs, NULL, -1), ETIMEDOUT);
	expect_err("FUTEX_WAIT bad timeout", futex(&fword, FUTEX_WAIT, 0,
						    &bad, NULL, 0), EINVAL);
	expect_err("FUTEX_WAIT_BITSET bitset 0",
		   futex(&fword, FUTEX_WAIT_BITSET, 0, NULL, NULL, 0), EINVAL);
	expect_err("FUTEX_WAIT misaligned",
		   futex((volatile int *)((char *)misaligned + 1), FUTEX_WAIT,
			 0, NULL, NULL, 0), EINVAL);
	expect_err("FUTEX_WAIT bad address",
		   futex(bad_ptr, FUTEX_WAIT, 0, NULL, NULL, 0), EFAULT);
	expect_err("FUTEX_WAKE|CLOCK_REALTIME",
		   futex(&fword, FUTEX_WAKE | FUTEX_CLOCK_REALTIME, 1, NULL,
			 NULL, 0), ENOSYS);
	expect_err("futex op 99", futex(&fword, 99, 0, NULL, NULL, 0), ENOSYS);
	expect_err("FUTEX_CMP_REQUEUE on a changed value",
		   futex(&fword, FUTEX_CMP_REQUEUE, 1, (void *)1, &fword2, 5),
		   EAGAIN);
	printf("FUTEX_WAKE without waiters: %ld\n",
	       futex(&fword, FUTEX_WAKE, 1, NULL, NULL, 0));
}

static void futex_wakes(void)
{
	pthread_t t[4];
	long moved = 0;
	int ok = 1;

	fword = 0;
	for (intptr_t i = 0; i < 4; i++)
		CHECK(pthread_create(&t[i], NULL, futex_waiter, (void *)i) == 0);
	printf("woke %d of 4 waiters one by one\n",
	       wake_all_of(4, FUTEX_WAKE_PRIVATE, 0));
	for (int i = 0; i < 4; i++) {
		CHECK(pthread_join(t[i], NULL) == 0);
		ok &= fresult[i] == 0;
	}
	yes("each FUTEX_WAIT returned 0", ok);
	for (intptr_t i = 0; i < 3; i++)
		CHECK(pthread_create(&t[i], NULL, futex_waiter, (void *)i) == 0);
	for (int tries = 0; moved < 3 && tries < 100000; tries++) {
		long n = futex(&fword, FUTEX_CMP_REQUEUE_PRIVATE, 0,
			       (void *)INT_MAX, &fword2, 0);

		moved += n > 0 ? n : 0;
		if (n <= 0)
			sched_yield();
	}
	printf("requeued %ld waiters to another word\n", moved);
	printf("FUTEX_WAKE on the first word then: %ld\n",
	       futex(&fword, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0));
	printf("FUTEX_WAKE on the second word: %ld\n",
	       futex(&fword2, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0));
	for (int i = 0; i < 3; i++)
		CHECK(pthread_join(t[i], NULL) == 0);
	CHECK(pthread_create(&t[0], NULL, bitset_waiter, NULL) == 0);
	printf("FUTEX_WAKE_BITSET bitset 1: %ld\n",
	       futex(&fword, FUTEX_WAKE_BITSET_PRIVATE, 1, NULL, NULL, 1));
	printf("FUTEX_WAKE_BITSET bitset 6: woke %d\n",
	       wake_all_of(1, FUTEX_WAKE_BITSET_PRIVATE, 6));
	CHECK(pthread_join(t[0], NULL) == 0);
	yes("the bitset waiter returned 0", fresult[0] == 0);
}

static volatile int interrupted_done;

static void nothing(int sig)
{
	(void)sig;
}

static void *interrupted_waiter(void *arg)
{
	fresult[0] = futex(&fword, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0) ?
		errno : 0;
	interrupted_done = 1;
	return arg;
}

static void futex_interrupt(void)
{
	struct sigaction sa = { .sa_handler = nothing };
	pthread_t t;

	fword = 0;
	sigaction(SIGUSR1, &sa, NULL);	/* no SA_RESTART */
	CHECK(pthread_create(&t, NULL, interrupted_waiter, NULL) == 0);
	while (!interrupted_done) {
		pthread_kill(t, SIGUSR1);
		nap_ms(2);
	}
	CHECK(pthread_join(t, NULL) == 0);
	printf("FUTEX_WAIT and a handler without SA_RESTART: %s\n",
	       strerror(fresult[0]));
	signal(SIGUSR1, SIG_DFL);
}

static void futex_section(void)
{
	futex_errors();
	futex_wakes();
	futex_interrupt();
}

static const struct check_section sections[] = {
	{ "basic", basic }, { "detach", detach }, { "sync", sync_section },
	{ "signals", signals }, { "exit", exits }, { "exec", exec_section },
	{ "spawn", spawn }, { "shell", shell }, { "futex", futex_section },
};

int main(int argc, char **argv)
{
	char *slash;

	if (argc == 3 && strcmp(argv[1], "exec-check") == 0)
		return exec_check(argv[2]);
	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(hello, sizeof(hello), "%s", argv[0]);
	slash = strrchr(hello, '/');
	snprintf(slash ? slash + 1 : hello, 16, "hello");
	run_sections(argc, argv, sections,
		     sizeof(sections) / sizeof(sections[0]));
	return finish();
}
