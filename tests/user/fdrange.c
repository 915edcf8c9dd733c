/*
 * fdrange.c: close_range and pidfds as Linux has them.  close_range
 * closes a range (open or not, past the table too), marks it
 * close-on-exec with CLOSE_RANGE_CLOEXEC, gives a CLONE_FILES child its
 * own table first with CLOSE_RANGE_UNSHARE, and refuses first > last and
 * unknown flags.  pidfd_open gives a close-on-exec descriptor
 * (anon_inode:[pidfd]) that poll and epoll see readable once the process
 * has ended, before and after it is reaped; ESRCH for a reaped pid,
 * EINVAL for bad pids and flags; PIDFD_NONBLOCK.  pidfd_send_signal
 * kills through it (EINVAL for flags or a siginfo whose signo differs,
 * EBADF for another file, ESRCH once reaped); waitid(P_PIDFD) waits for
 * it (EAGAIN for a non-blocking pidfd whose process still runs).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include "check.h"

#define NR_close_range		436
#define NR_pidfd_open		434
#define NR_pidfd_send_signal	424
#define CLOSE_RANGE_UNSHARE	(1u << 1)
#define CLOSE_RANGE_CLOEXEC	(1u << 2)
#define IDTYPE_PIDFD		((idtype_t)3)

static long close_range(unsigned int first, unsigned int last,
			unsigned int flags)
{
	return syscall(NR_close_range, first, last, flags);
}

static long pidfd_open(int pid, unsigned int flags)
{
	return syscall(NR_pidfd_open, pid, flags);
}

static long pidfd_send(int fd, int sig, siginfo_t *info, unsigned int flags)
{
	return syscall(NR_pidfd_send_signal, fd, sig, info, flags);
}

/* Which of fds 10..19 are open, and which close-on-exec ("oc.."). */
static void show_fds(const char *what)
{
	char buf[16];

	for (int fd = 10; fd < 20; fd++) {
		int fl = fcntl(fd, F_GETFD);

		buf[fd - 10] = fl < 0 ? '.' : (fl & FD_CLOEXEC) ? 'c' : 'o';
	}
	buf[10] = '\0';
	printf("%s: %s\n", what, buf);
}

static void open_fds(void)
{
	for (int fd = 10; fd < 20; fd++)
		CHECK(dup2(0, fd) == fd);
}

static int child_fn(void *arg)
{
	int *fd = arg;

	return close_range(*fd, *fd, CLOSE_RANGE_UNSHARE) == 0 &&
	       fcntl(*fd, F_GETFD) < 0 ? 0 : 1;
}

static void ranges(void)
{
	static char stack[16384];
	int fd = 15, st = 0;
	pid_t pid;

	open_fds();
	show_fds("all open");
	printf("close 12..14: %ld\n", close_range(12, 14, 0));
	show_fds("after");
	printf("cloexec 16..100: %ld\n", close_range(16, 100, CLOSE_RANGE_CLOEXEC));
	show_fds("after");
	printf("close 18..~0: %ld\n", close_range(18, ~0u, 0));
	show_fds("after");
	printf("close 1000..2000 (none open): %ld\n", close_range(1000, 2000, 0));
	expect_err("first > last", close_range(11, 10, 0), EINVAL);
	expect_err("unknown flag", close_range(10, 11, 1), EINVAL);
	printf("one fd, both flags: %ld\n",
	       close_range(10, 10, CLOSE_RANGE_CLOEXEC | CLOSE_RANGE_UNSHARE));
	show_fds("after");
	pid = clone(child_fn, stack + sizeof(stack), CLONE_FILES | SIGCHLD, &fd);
	CHECK(pid > 0);
	CHECK(waitpid(pid, &st, 0) == pid);
	printf("CLONE_FILES child closed 15 with UNSHARE: %s\n", status_str(st));
	show_fds("parent's table");
	close_range(10, 19, 0);
}

static void poll_show(const char *what, int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int n = poll(&p, 1, 0);

	printf("%s: poll %d revents %#x\n", what, n, (unsigned)p.revents);
}

/* A child that waits until its pipe closes, then exits with code. */
static pid_t child_waiting(int *wfd, int code)
{
	int p[2];
	pid_t pid;
	char c;

	CHECK(pipe(p) == 0);
	pid = fork();
	if (pid == 0) {
		close(p[1]);
		while (read(p[0], &c, 1) > 0)
			;
		_exit(code);
	}
	close(p[0]);
	*wfd = p[1];
	return pid;
}

static void pidfds(void)
{
	int self = pidfd_open(getpid(), 0), w, fd, ep;
	char path[64], link[64] = "";
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 77 };
	siginfo_t si;
	pid_t pid;
	ssize_t n;

	yes("pidfd_open(self)", self >= 0);
	yes("close-on-exec", fcntl(self, F_GETFD) == FD_CLOEXEC);
	printf("O_RDWR: %s\n",
	       (fcntl(self, F_GETFL) & O_ACCMODE) == O_RDWR ? "yes" : "no");
	snprintf(path, sizeof(path), "/proc/self/fd/%d", self);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	printf("link: %s\n", link);
	poll_show("self", self);
	expect_err("read", read(self, link, 8), EINVAL);
	printf("signal 0 to self: %ld\n", pidfd_send(self, 0, NULL, 0));
	expect_err("flags", pidfd_send(self, 0, NULL, 1), EINVAL);
	expect_err("signal 99", pidfd_send(self, 99, NULL, 0), EINVAL);
	expect_err("not a pidfd", pidfd_send(0, 0, NULL, 0), EBADF);
	expect_err("bad fd", pidfd_send(-1, 0, NULL, 0), EBADF);
	expect_err("pid 0", pidfd_open(0, 0), EINVAL);
	expect_err("pid -1", pidfd_open(-1, 0), EINVAL);
	expect_err("unknown flag", pidfd_open(getpid(), 1), EINVAL);
	close(self);

	pid = child_waiting(&w, 3);
	fd = pidfd_open(pid, 0);
	poll_show("child running", fd);
	ep = epoll_create1(0);
	CHECK(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) == 0);
	printf("epoll while running: %d\n", epoll_wait(ep, &ev, 1, 0));
	close(w);
	{
		struct pollfd p = { .fd = fd, .events = POLLIN };

		printf("poll until it ends: %d", poll(&p, 1, -1));
		printf(" revents %#x\n", (unsigned)p.revents);
	}
	ev.data.u64 = 0;
	printf("epoll after the end: %d", epoll_wait(ep, &ev, 1, 0));
	printf(" data %llu\n", (unsigned long long)ev.data.u64);
	memset(&si, 0, sizeof(si));
	printf("waitid(P_PIDFD): %d", waitid(IDTYPE_PIDFD, fd, &si, WEXITED));
	printf(" pid matches %s status %d\n", si.si_pid == pid ? "yes" : "no",
	       si.si_status);
	poll_show("after reaping", fd);
	expect_err("signal after reaping", pidfd_send(fd, 0, NULL, 0), ESRCH);
	expect_err("waitid after reaping", waitid(IDTYPE_PIDFD, fd, &si, WEXITED),
		   ECHILD);
	expect_err("pidfd_open of the reaped pid", pidfd_open(pid, 0), ESRCH);
	close(fd);
	close(ep);

	pid = child_waiting(&w, 0);
	fd = pidfd_open(pid, O_NONBLOCK);
	yes("PIDFD_NONBLOCK sets O_NONBLOCK", fcntl(fd, F_GETFL) & O_NONBLOCK);
	expect_err("waitid on a non-blocking pidfd",
		   waitid(IDTYPE_PIDFD, fd, &si, WEXITED), EAGAIN);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_QUEUE;
	expect_err("siginfo for another signal", pidfd_send(fd, SIGTERM, &si, 0),
		   EINVAL);
	si.si_code = SI_USER;
	expect_err("forged SI_USER", pidfd_send(fd, SIGUSR1, &si, 0), EPERM);
	printf("SIGTERM: %ld\n", pidfd_send(fd, SIGTERM, NULL, 0));
	printf("child: %s\n", wait_str(pid));
	close(w);
	close(fd);
	expect_err("waitid P_PIDFD bad fd", waitid(IDTYPE_PIDFD, 99, &si, WEXITED),
		   EBADF);
	expect_err("waitid P_PIDFD not a pidfd", waitid(IDTYPE_PIDFD, 0, &si, WEXITED),
		   EBADF);
}

int main(void)
{
	ranges();
	pidfds();
	return finish();
}
