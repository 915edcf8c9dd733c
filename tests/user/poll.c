/*
 * poll.c: poll, ppoll, select, pselect6 and their time64 forms.
 * Readiness of pipe ends (data, room for PIPE_BUF bytes, POLLHUP once the
 * writer is gone, POLLERR with no reader), of regular files, directories,
 * /dev/null, /dev/zero, /dev/urandom (always ready) and /dev/random (only
 * readable, as Linux's once seeded); a sleep on several pipes woken by a
 * child, and one woken by another thread;
 * POLLNVAL, negative fds, EINVAL, EFAULT, EBADF; timeouts (zero, short,
 * select's update of the time left, printed only as "decreased" or
 * "zero"); select's fd_set results; ppoll and pselect6 letting a pending
 * signal in through their mask (the handler runs with that mask, EINTR,
 * the old mask comes back); a signal during the sleep gives EINTR even
 * with SA_RESTART.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

struct timeval32 { int32_t tv_sec, tv_usec; };
struct timespec32 { int32_t tv_sec, tv_nsec; };
struct timespec64 { int64_t tv_sec, tv_nsec; };
struct sigmask_arg { uint32_t set, size; };	/* pselect6's sixth */

static volatile int hits, usr1_inside, usr2_inside;

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The names of the bits of a revents, or "0" (four calls may share a
 * printf). */
static const char *ev(int e)
{
	static const char *const names[] = {
		"IN", "PRI", "OUT", "ERR", "HUP", "NVAL", "RDNORM", "RDBAND",
		"WRNORM", "WRBAND",
	};
	static char bufs[4][96];
	static int which;
	char *buf = bufs[which++ % 4];

	buf[0] = '\0';
	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (e & (1 << i))
			snprintf(buf + strlen(buf), sizeof(bufs[0]) - strlen(buf),
				 "%s%s", buf[0] ? "|" : "", names[i]);
	return buf[0] ? buf : "0";
}

static void poll1(const char *what, int fd, short events, int timeout)
{
	struct pollfd p = { fd, events, 0 };
	int r = poll(&p, 1, timeout);

	printf("%s: %d %s\n", what, r, ev(p.revents));
}

static void pipe_readiness(void)
{
	int p[2];
	char c;
	struct pollfd fds[2];

	CHECK(pipe(p) == 0);
	fds[0] = (struct pollfd){ p[0], POLLIN | POLLRDNORM, 0 };
	fds[1] = (struct pollfd){ p[1], POLLOUT | POLLWRNORM, 0 };
	printf("empty pipe: %d", poll(fds, 2, 0));
	printf(" read %s write %s\n", ev(fds[0].revents), ev(fds[1].revents));
	write(p[1], "x", 1);
	printf("one byte: %d", poll(fds, 2, 0));
	printf(" read %s write %s\n", ev(fds[0].revents), ev(fds[1].revents));
	poll1("read end asked for POLLOUT", p[0], POLLOUT, 0);
	poll1("write end asked for POLLIN", p[1], POLLIN, 0);
	close(p[1]);
	poll1("writer closed, data left", p[0], POLLIN, 0);
	read(p[0], &c, 1);
	poll1("writer closed, empty", p[0], POLLIN, 0);
	poll1("writer closed, no events asked", p[0], 0, 0);
	poll1("writer closed, infinite timeout", p[0], POLLIN, -1);
	close(p[0]);

	CHECK(pipe(p) == 0);
	close(p[0]);
	poll1("no reader", p[1], POLLOUT, 0);
	signal(SIGPIPE, SIG_IGN);
	expect_err("write with no reader", write(p[1], "x", 1), EPIPE);
	signal(SIGPIPE, SIG_DFL);
	close(p[1]);
}

static void full_pipe(void)
{
	static char buf[4096];
	int p[2];
	long total = 0, n;

	CHECK(pipe2(p, O_NONBLOCK) == 0);
	while ((n = write(p[1], buf, sizeof(buf))) > 0)
		total += n;
	printf("filled with %ld bytes, then %s\n", total, strerror(errno));
	poll1("full pipe", p[1], POLLOUT, 0);
	read(p[0], buf, 100);
	poll1("100 bytes read", p[1], POLLOUT, 0);
	read(p[0], buf, sizeof(buf) - 100);
	poll1("4096 bytes read", p[1], POLLOUT, 0);
	close(p[0]);
	close(p[1]);
}

/* One sleep on two pipes; a child writes to the second, then exits. */
static void wakeups(void)
{
	int a[2], b[2];
	char c;
	struct pollfd fds[2];
	pid_t pid;

	CHECK(pipe(a) == 0 && pipe(b) == 0);
	pid = fork();
	if (pid == 0) {
		close(a[0]);
		close(b[0]);
		usleep(50000);
		write(b[1], "w", 1);
		usleep(50000);
		_exit(0);
	}
	close(b[1]);
	fds[0] = (struct pollfd){ a[0], POLLIN, 0 };
	fds[1] = (struct pollfd){ b[0], POLLIN, 0 };
	printf("two pipes, child writes the second: %d", poll(fds, 2, -1));
	printf(" %s %s\n", ev(fds[0].revents), ev(fds[1].revents));
	read(b[0], &c, 1);
	printf("then the child exits: %d", poll(fds, 2, -1));
	printf(" %s %s\n", ev(fds[0].revents), ev(fds[1].revents));
	printf("child: %s\n", wait_str(pid));
	close(a[0]);
	close(a[1]);
	close(b[0]);
}

static void *write_later(void *arg)
{
	usleep(50000);
	write(*(int *)arg, "t", 1);
	return NULL;
}

/* A thread of the same process (a shared descriptor table) writes. */
static void thread_wakeup(void)
{
	int p[2];
	pthread_t th;
	fd_set r;

	CHECK(pipe(p) == 0);
	CHECK(pthread_create(&th, NULL, write_later, &p[1]) == 0);
	poll1("a thread writes", p[0], POLLIN, 5000);
	pthread_join(th, NULL);
	read(p[0], &r, 1);
	CHECK(pthread_create(&th, NULL, write_later, &p[1]) == 0);
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	printf("select, a thread writes: %d", select(p[0] + 1, &r, NULL, NULL, NULL));
	printf(" r %d\n", FD_ISSET(p[0], &r));
	pthread_join(th, NULL);
	close(p[0]);
	close(p[1]);
}

static void bad_fds(void)
{
	int p[2];
	struct pollfd fds[4];
	struct pollfd *ro;

	CHECK(pipe(p) == 0);
	write(p[1], "x", 1);
	fds[0] = (struct pollfd){ 99, POLLIN, 0x77 };
	fds[1] = (struct pollfd){ -1, POLLIN, 0x77 };
	fds[2] = (struct pollfd){ -7, 0, 0x77 };
	fds[3] = (struct pollfd){ p[0], POLLIN, 0x77 };
	printf("closed, -1, -7, ready: %d", poll(fds, 4, 0));
	printf(" %s %s %s %s\n", ev(fds[0].revents), ev(fds[1].revents),
	       ev(fds[2].revents), ev(fds[3].revents));
	expect_err("poll with 0x7fffffff entries",
		   poll(fds, 0x7fffffff, 0), EINVAL);
	expect_err("poll of a bad array", poll(bad_ptr, 1, 0), EFAULT);
	printf("poll of no entries, NULL: %d\n", poll(NULL, 0, 0));
	ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(ro != MAP_FAILED);
	expect_err("poll of a read-only array", poll(ro, 1, 0), EFAULT);
	munmap(ro, 4096);
	close(p[0]);
	close(p[1]);
}

static void other_files(void)
{
	const short all = POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM | POLLPRI;
	int fd;

	fd = open(tmp("file"), O_RDWR | O_CREAT, 0644);
	poll1("regular file", fd, all, -1);
	close(fd);
	fd = open(tmp("file"), O_RDONLY);
	poll1("regular file, read-only", fd, all, -1);
	close(fd);
	fd = open(tmp_dir, O_RDONLY | O_DIRECTORY);
	poll1("directory", fd, all, -1);
	close(fd);
	fd = open("/dev/null", O_RDWR);
	poll1("/dev/null", fd, all, -1);
	close(fd);
	fd = open("/dev/zero", O_RDONLY);
	poll1("/dev/zero", fd, all, -1);
	close(fd);
	fd = open("/dev/urandom", O_RDWR);
	poll1("/dev/urandom", fd, all, -1);
	close(fd);
	fd = open("/dev/random", O_RDWR);
	poll1("/dev/random (seeded: readable, never writable)", fd, all, -1);
	close(fd);
	unlink(tmp("file"));
}

static void timeouts(void)
{
	int p[2];
	long t0;
	struct timeval tv = { 0, 30000 };

	CHECK(pipe(p) == 0);
	t0 = now_ms();
	poll1("empty pipe, 50 ms", p[0], POLLIN, 50);
	yes("poll waited 50 ms", now_ms() - t0 >= 50);
	t0 = now_ms();
	printf("poll of nothing, 30 ms: %d\n", poll(NULL, 0, 30));
	yes("poll waited 30 ms", now_ms() - t0 >= 30);
	t0 = now_ms();
	printf("select of nothing, 30 ms: %d\n",
	       select(0, NULL, NULL, NULL, &tv));
	yes("select waited 30 ms", now_ms() - t0 >= 30);
	close(p[0]);
	close(p[1]);
}

/* FDSize in /proc/self/status: the size of the descriptor table. */
static int fd_table_size(void)
{
	char line[128];
	int size = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "FDSize: %d", &size) == 1)
			break;
	if (f)
		fclose(f);
	return size;
}

/* After a descriptor past the first 32 slots was made and closed: the
 * table stays grown, and a fork's copy is sized for its open descriptors
 * (Linux's dup_fd), so select ignores bit 40 again there. */
static void table_of_a_fork(int ready)
{
	pid_t pid;

	printf("FDSize after dup2 to 40 and close: %d\n", fd_table_size());
	CHECK(dup2(ready, 300) == 300 && close(300) == 0);
	printf("FDSize after dup2 to 300 and close: %d\n", fd_table_size());
	pid = fork();
	if (pid == 0) {
		struct timeval tv = { 0, 0 };
		fd_set r;

		FD_ZERO(&r);
		FD_SET(ready, &r); FD_SET(40, &r);
		printf("a fork: FDSize %d, select with fd 40 past the table: %d\n",
		       fd_table_size(), select(41, &r, NULL, NULL, &tv));
		fflush(stdout);
		_exit(0);
	}
	printf("fork: %s\n", wait_str(pid));
}

static void select_sets(void)
{
	int p[2], n;
	fd_set r, w, e;
	struct timeval tv = { 0, 0 };

	CHECK(pipe(p) == 0);
	n = p[1] + 1;
	FD_ZERO(&r); FD_ZERO(&w); FD_ZERO(&e);
	FD_SET(p[0], &r); FD_SET(p[1], &w); FD_SET(p[0], &e); FD_SET(p[1], &e);
	printf("select, empty pipe: %d", select(n, &r, &w, &e, &tv));
	printf(" r %d w %d e %d %d\n", FD_ISSET(p[0], &r), FD_ISSET(p[1], &w),
	       FD_ISSET(p[0], &e), FD_ISSET(p[1], &e));
	write(p[1], "x", 1);
	FD_ZERO(&r); FD_ZERO(&w);
	FD_SET(p[0], &r); FD_SET(p[1], &w); FD_SET(p[1], &r);
	printf("select, one byte, write end in both: %d", select(n, &r, &w, NULL, &tv));
	printf(" r %d %d w %d\n", FD_ISSET(p[0], &r), FD_ISSET(p[1], &r),
	       FD_ISSET(p[1], &w));

	FD_ZERO(&r);
	FD_SET(p[0], &r); FD_SET(30, &r); FD_SET(40, &r);
	printf("select with n past the pipe: %d", select(p[0] + 1, &r, NULL, NULL, &tv));
	printf(" pipe %d, bit 30 (same word, cleared) %d, bit 40 (kept) %d\n",
	       FD_ISSET(p[0], &r), FD_ISSET(30, &r), FD_ISSET(40, &r));
	FD_ZERO(&r);
	FD_SET(p[0], &r); FD_SET(20, &r);
	close(20);
	expect_err("select with closed fd 20", select(21, &r, NULL, NULL, &tv),
		   EBADF);
	yes("sets untouched after EBADF", FD_ISSET(p[0], &r) && FD_ISSET(20, &r));
	/* Linux i386's descriptor table has 32 slots until a descriptor
	 * past them is made; select ignores bits past the table. */
	FD_ZERO(&r);
	FD_SET(p[0], &r); FD_SET(40, &r);
	printf("select with fd 40 past the table: %d",
	       select(41, &r, NULL, NULL, &tv));
	printf(" pipe %d, bit 40 %d\n", FD_ISSET(p[0], &r), FD_ISSET(40, &r));
	yes("dup2 to 40 grows the table", dup2(p[0], 40) == 40 && close(40) == 0);
	FD_ZERO(&r);
	FD_SET(p[0], &r); FD_SET(40, &r);
	expect_err("then select with closed fd 40", select(41, &r, NULL, NULL, &tv),
		   EBADF);
	table_of_a_fork(p[0]);
	expect_err("select with n -1", select(-1, NULL, NULL, NULL, &tv), EINVAL);
	expect_err("select of a bad set", select(n, bad_ptr, NULL, NULL, &tv),
		   EFAULT);
	printf("select of n 0 and a bad set: %d\n",
	       select(0, bad_ptr, NULL, NULL, &tv));

	close(p[1]);
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	read(p[0], &n, 1);
	n = select(p[0] + 1, &r, NULL, NULL, &tv);
	printf("select, writer gone: %d r %d\n", n, FD_ISSET(p[0], &r));
	close(p[0]);
	CHECK(pipe(p) == 0);
	close(p[0]);
	FD_ZERO(&r);
	FD_SET(p[1], &r);
	n = select(p[1] + 1, &r, NULL, NULL, &tv);
	printf("select, write end asked to read, no reader: %d r %d\n", n,
	       FD_ISSET(p[1], &r));
	close(p[1]);
}

/* The raw _newselect (musl's select never shows the update). */
static long newselect(int n, fd_set *r, struct timeval32 *tv)
{
	return syscall(SYS__newselect, n, r, NULL, NULL, tv);
}

static void select_timeout_update(void)
{
	int p[2], q[2];
	fd_set r;
	pid_t pid;
	struct timeval32 tv;
	struct timespec32 ts;
	struct timespec64 ts64;
	uint32_t args[5];

	CHECK(pipe(p) == 0 && pipe(q) == 0);
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	tv = (struct timeval32){ 0, 100000 };
	printf("_newselect, 100 ms, nothing comes: %ld", newselect(p[0] + 1, &r, &tv));
	printf(" time left zero: %s\n", tv.tv_sec == 0 && tv.tv_usec == 0 ? "yes" : "no");
	tv = (struct timeval32){ 0, 0 };
	FD_SET(p[0], &r);
	printf("_newselect, zero timeout: %ld", newselect(p[0] + 1, &r, &tv));
	printf(" still zero: %s\n", tv.tv_sec == 0 && tv.tv_usec == 0 ? "yes" : "no");

	pid = fork();
	if (pid == 0) {
		usleep(50000);
		write(p[1], "x", 1);
		_exit(0);
	}
	tv = (struct timeval32){ 5, 0 };
	FD_SET(p[0], &r);
	printf("_newselect, 5 s, a child writes: %ld", newselect(p[0] + 1, &r, &tv));
	printf(" decreased: %s, above zero: %s\n",
	       tv.tv_sec < 5 ? "yes" : "no",
	       tv.tv_sec > 0 || tv.tv_usec > 0 ? "yes" : "no");
	printf("child: %s\n", wait_str(pid));

	tv = (struct timeval32){ 0, 1500000 };
	printf("_newselect, tv_usec 1500000, ready: %ld", newselect(p[0] + 1, &r, &tv));
	printf(" carried into tv_sec: %s\n", tv.tv_sec == 1 ? "yes" : "no");
	tv = (struct timeval32){ 0, -1 };
	expect_err("_newselect, tv_usec -1", newselect(p[0] + 1, &r, &tv), EINVAL);
	tv = (struct timeval32){ -1, 0 };
	expect_err("_newselect, tv_sec -1", newselect(p[0] + 1, &r, &tv), EINVAL);
	expect_err("_newselect, bad timeout", newselect(p[0] + 1, &r, bad_ptr),
		   EFAULT);

	tv = (struct timeval32){ 5, 0 };
	args[0] = p[0] + 1; args[1] = (uint32_t)&r; args[2] = 0; args[3] = 0;
	args[4] = (uint32_t)&tv;
	printf("old select (82), ready: %ld", syscall(SYS_select, args));
	printf(" r %d, decreased: %s\n", FD_ISSET(p[0], &r), tv.tv_sec < 5 ? "yes" : "no");
	expect_err("old select, bad argument block", syscall(SYS_select, bad_ptr),
		   EFAULT);

	ts = (struct timespec32){ 5, 0 };
	printf("pselect6, ready: %ld", syscall(SYS_pselect6, p[0] + 1, &r, NULL,
						NULL, &ts, NULL));
	printf(" decreased: %s\n", ts.tv_sec < 5 ? "yes" : "no");
	ts = (struct timespec32){ 0, 1000000000 };
	expect_err("pselect6, tv_nsec 1e9", syscall(SYS_pselect6, p[0] + 1, &r,
						    NULL, NULL, &ts, NULL), EINVAL);
	ts64 = (struct timespec64){ 5, 0 };
	printf("pselect6_time64, ready: %ld", syscall(SYS_pselect6_time64,
		p[0] + 1, &r, NULL, NULL, &ts64, NULL));
	printf(" decreased: %s\n", ts64.tv_sec < 5 ? "yes" : "no");
	ts64 = (struct timespec64){ 0, 0 };
	FD_ZERO(&r);
	FD_SET(q[0], &r);
	printf("pselect6_time64, zero timeout, empty: %ld", syscall(SYS_pselect6_time64,
		q[0] + 1, &r, NULL, NULL, &ts64, NULL));
	printf(" r %d\n", FD_ISSET(q[0], &r));
	close(p[0]); close(p[1]); close(q[0]); close(q[1]);
}

static void on_usr1(int sig)
{
	sigset_t cur;

	(void)sig;
	hits++;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	usr1_inside = sigismember(&cur, SIGUSR1);
	usr2_inside = sigismember(&cur, SIGUSR2);
}

static void on_alarm(int sig)
{
	(void)sig;
	hits++;
}

static void handle(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa = { .sa_handler = fn, .sa_flags = flags };

	CHECK(sigaction(sig, &sa, NULL) == 0);
}

/* Print what the handler saw and whether the old mask (USR1 blocked,
 * USR2 not) is back. */
static void mask_report(const char *what, long r)
{
	int err = errno;
	sigset_t cur;

	sigprocmask(SIG_BLOCK, NULL, &cur);
	printf("%s: %ld %s, handler ran %d, inside USR1 %d USR2 %d, after USR1 %d USR2 %d\n",
	       what, r, r < 0 ? strerror(err) : "-", hits, usr1_inside, usr2_inside,
	       sigismember(&cur, SIGUSR1), sigismember(&cur, SIGUSR2));
	hits = usr1_inside = usr2_inside = 0;
}

static void signal_masks(void)
{
	int p[2];
	sigset_t block, tmp, pend;
	struct pollfd pfd;
	fd_set r;
	struct timespec64 ts64 = { 5, 0 };
	struct sigmask_arg sm = { (uint32_t)&tmp, 8 };

	CHECK(pipe(p) == 0);
	handle(SIGUSR1, on_usr1, 0);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, NULL);
	sigemptyset(&tmp);
	sigaddset(&tmp, SIGUSR2);
	pfd = (struct pollfd){ p[0], POLLIN, 0 };

	raise(SIGUSR1);
	mask_report("ppoll letting a pending USR1 in", ppoll(&pfd, 1, NULL, &tmp));
	raise(SIGUSR1);
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	mask_report("pselect letting a pending USR1 in",
		    pselect(p[0] + 1, &r, NULL, NULL, NULL, &tmp));
	raise(SIGUSR1);
	mask_report("ppoll_time64 letting a pending USR1 in",
		    syscall(SYS_ppoll_time64, &pfd, 1, &ts64, &tmp, 8));
	raise(SIGUSR1);
	FD_SET(p[0], &r);
	mask_report("pselect6_time64 letting a pending USR1 in",
		    syscall(SYS_pselect6_time64, p[0] + 1, &r, NULL, NULL, &ts64, &sm));
	raise(SIGUSR1);
	ts64 = (struct timespec64){ 0, 0 };
	mask_report("ppoll_time64, zero timeout, USR1 let in",
		    syscall(SYS_ppoll_time64, &pfd, 1, &ts64, &tmp, 8));

	/* A ready descriptor wins: the call returns it, the old mask comes
	 * back and the signal stays pending. */
	write(p[1], "x", 1);
	raise(SIGUSR1);
	mask_report("ppoll, ready fd, USR1 let in", ppoll(&pfd, 1, NULL, &tmp));
	sigpending(&pend);
	yes("USR1 still pending", sigismember(&pend, SIGUSR1));
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	printf("unblocked: handler ran %d\n", hits);
	hits = 0;
	sigprocmask(SIG_BLOCK, &block, NULL);

	expect_err("ppoll with sigsetsize 4",
		   syscall(SYS_ppoll, &pfd, 1, NULL, &tmp, 4), EINVAL);
	expect_err("ppoll with a bad mask",
		   syscall(SYS_ppoll, &pfd, 1, NULL, bad_ptr, 8), EFAULT);
	expect_err("pselect6 with a bad sixth argument",
		   syscall(SYS_pselect6, p[0] + 1, &r, NULL, NULL, NULL, bad_ptr),
		   EFAULT);
	sm = (struct sigmask_arg){ 0, 4 };
	FD_SET(p[0], &r);
	printf("pselect6 with {NULL, 4}: %ld\n",
	       syscall(SYS_pselect6, p[0] + 1, &r, NULL, NULL, NULL, &sm));
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	signal(SIGUSR1, SIG_DFL);
	close(p[0]);
	close(p[1]);
}

/* A handler that runs during the sleep ends it with EINTR, SA_RESTART
 * or not (as Linux: poll and select are never restarted after one). */
static void interrupted(void)
{
	int p[2];
	struct pollfd pfd;
	fd_set r;
	struct itimerval it = { { 0, 0 }, { 0, 50000 } };

	CHECK(pipe(p) == 0);
	pfd = (struct pollfd){ p[0], POLLIN, 0 };
	handle(SIGALRM, on_alarm, SA_RESTART);
	setitimer(ITIMER_REAL, &it, NULL);
	expect_err("poll, SIGALRM handler with SA_RESTART", poll(&pfd, 1, -1),
		   EINTR);
	setitimer(ITIMER_REAL, &it, NULL);
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	expect_err("select, SIGALRM handler with SA_RESTART",
		   select(p[0] + 1, &r, NULL, NULL, NULL), EINTR);
	handle(SIGALRM, on_alarm, 0);
	setitimer(ITIMER_REAL, &it, NULL);
	expect_err("ppoll, SIGALRM handler", ppoll(&pfd, 1, NULL, NULL), EINTR);
	printf("handlers ran: %d\n", hits);
	hits = 0;
	signal(SIGALRM, SIG_DFL);
	close(p[0]);
	close(p[1]);
}

int main(void)
{
	tmp_init("poll");
	pipe_readiness();
	full_pipe();
	wakeups();
	thread_wakeup();
	bad_fds();
	other_files();
	timeouts();
	select_sets();
	select_timeout_update();
	signal_masks();
	interrupted();
	rmdir(tmp_dir);
	return finish();
}
