/*
 * epoll.c: epoll as Linux has it: epoll_create/epoll_create1 and their
 * EINVAL cases; epoll_ctl's ADD/MOD/DEL with EEXIST, ENOENT, EINVAL,
 * EPERM (regular files), EBADF, EFAULT and ELOOP; level- and
 * edge-triggered reports, EPOLLONESHOT until MOD re-arms, EPOLLHUP when
 * the writers go, data returned as given; pipes and eventfds; nested
 * epolls (an epoll readable through poll and another epoll); the
 * interest dropped only when the file's last descriptor is closed;
 * epoll_pwait and epoll_pwait2 with their masks and timeouts; a blocked
 * epoll_wait woken by a child, and ended by a signal with EINTR even
 * with SA_RESTART; the console terminal; the descriptor's /proc/self/fd
 * link.
 */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <time.h>
#include "check.h"

#define MAXEV 8

static int add(int ep, int fd, uint32_t events, uint64_t data)
{
	struct epoll_event ev = { .events = events, .data.u64 = data };

	return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
}

static int mod(int ep, int fd, uint32_t events, uint64_t data)
{
	struct epoll_event ev = { .events = events, .data.u64 = data };

	return epoll_ctl(ep, EPOLL_CTL_MOD, fd, &ev);
}

static const char *ev_str(uint32_t e)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "%s%s%s%s%s",
		 e & EPOLLIN ? " IN" : "", e & EPOLLOUT ? " OUT" : "",
		 e & EPOLLERR ? " ERR" : "", e & EPOLLHUP ? " HUP" : "",
		 e & EPOLLRDHUP ? " RDHUP" : "");
	return buf;
}

/* epoll_wait with a zero timeout; prints what came, in order. */
static int show(const char *what, int ep, int max)
{
	struct epoll_event evs[MAXEV];
	int n = epoll_wait(ep, evs, max, 0);

	printf("%s: %d", what, n);
	for (int i = 0; i < n; i++)
		printf(" [%llx%s]", (unsigned long long)evs[i].data.u64,
		       ev_str(evs[i].events));
	printf("\n");
	return n;
}

static void create(void)
{
	int ep;

	expect_err("epoll_create(0)", syscall(SYS_epoll_create, 0), EINVAL);
	expect_err("epoll_create(-1)", syscall(SYS_epoll_create, -1), EINVAL);
	expect_err("epoll_create1(bad flag)", epoll_create1(1), EINVAL);
	ep = epoll_create1(EPOLL_CLOEXEC);
	yes("EPOLL_CLOEXEC sets FD_CLOEXEC", fcntl(ep, F_GETFD) == FD_CLOEXEC);
	close(ep);
	ep = epoll_create(1);
	yes("epoll_create(1)", ep >= 0);
	yes("no FD_CLOEXEC", fcntl(ep, F_GETFD) == 0);
	printf("O_RDWR: %s\n",
	       (fcntl(ep, F_GETFL) & O_ACCMODE) == O_RDWR ? "yes" : "no");
	{
		char path[64], link[64] = "";
		ssize_t n;

		snprintf(path, sizeof(path), "/proc/self/fd/%d", ep);
		n = readlink(path, link, sizeof(link) - 1);
		link[n > 0 ? n : 0] = '\0';
		printf("link: %s\n", link);
	}
	close(ep);
}

static void ctl_errors(void)
{
	int ep = epoll_create1(0), ep2 = epoll_create1(0), p[2];
	int reg = open("/test/epoll", O_RDONLY);
	struct epoll_event ev = { .events = EPOLLIN };

	CHECK(pipe(p) == 0);
	expect_err("ADD a regular file", add(ep, reg, EPOLLIN, 0), EPERM);
	expect_err("ADD a directory", add(ep, open("/", O_RDONLY), EPOLLIN, 0),
		   EPERM);
	expect_err("ADD with a bad epfd", add(-1, p[0], EPOLLIN, 0), EBADF);
	expect_err("ADD a bad fd", add(ep, 999, EPOLLIN, 0), EBADF);
	expect_err("ADD to a pipe (not an epoll)", add(p[1], p[0], EPOLLIN, 0),
		   EINVAL);
	expect_err("ADD the epoll to itself", add(ep, ep, EPOLLIN, 0), EINVAL);
	expect_err("unknown op", epoll_ctl(ep, 99, p[0], &ev), EINVAL);
	expect_err("ADD with a bad event pointer",
		   epoll_ctl(ep, EPOLL_CTL_ADD, p[0], bad_ptr), EFAULT);
	expect_err("MOD before ADD", mod(ep, p[0], EPOLLIN, 0), ENOENT);
	expect_err("DEL before ADD", epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL),
		   ENOENT);
	printf("ADD: %d\n", add(ep, p[0], EPOLLIN, 1));
	expect_err("ADD again", add(ep, p[0], EPOLLIN, 1), EEXIST);
	printf("DEL with a NULL event: %d\n",
	       epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL));
	expect_err("DEL again", epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL),
		   ENOENT);
	expect_err("EPOLLEXCLUSIVE on an epoll",
		   add(ep, ep2, EPOLLIN | EPOLLEXCLUSIVE, 0), EINVAL);
	printf("ADD EPOLLEXCLUSIVE: %d\n",
	       add(ep, p[0], EPOLLIN | EPOLLEXCLUSIVE, 2));
	expect_err("MOD with EPOLLEXCLUSIVE",
		   mod(ep, p[0], EPOLLIN | EPOLLEXCLUSIVE, 2), EINVAL);
	expect_err("MOD of an EPOLLEXCLUSIVE item", mod(ep, p[0], EPOLLIN, 2),
		   EINVAL);
	printf("ADD epoll 2 to epoll 1: %d\n", add(ep, ep2, EPOLLIN, 3));
	expect_err("ADD epoll 1 to epoll 2", add(ep2, ep, EPOLLIN, 4), ELOOP);
	expect_err("epoll_wait maxevents 0",
		   epoll_wait(ep, &ev, 0, 0), EINVAL);
	expect_err("epoll_wait maxevents -1",
		   epoll_wait(ep, &ev, -1, 0), EINVAL);
	expect_err("epoll_wait on a pipe", epoll_wait(p[0], &ev, 1, 0), EINVAL);
	expect_err("epoll_wait bad epfd", epoll_wait(-1, &ev, 1, 0), EBADF);
	expect_err("epoll_wait kernel buffer",
		   epoll_wait(ep, (void *)0xc0000000, 1, 0), EFAULT);
	close(p[0]);
	close(p[1]);
	close(ep);
	close(ep2);
	close(reg);
}

static void triggers(void)
{
	int ep = epoll_create1(0), p[2], q[2];
	char buf[16];

	CHECK(pipe(p) == 0 && pipe(q) == 0);
	CHECK(add(ep, p[0], EPOLLIN, 0x1111222233334444ull) == 0);
	CHECK(add(ep, q[0], EPOLLIN | EPOLLET, 0xabc) == 0);
	CHECK(add(ep, q[1], EPOLLOUT | EPOLLONESHOT, 0xdef) == 0);
	show("at first", ep, MAXEV);
	show("again (one-shot spent)", ep, MAXEV);
	CHECK(write(p[1], "ab", 2) == 2 && write(q[1], "cd", 2) == 2);
	show("after writes", ep, MAXEV);
	show("again (level only)", ep, MAXEV);
	CHECK(read(p[0], buf, 1) == 1 && read(q[0], buf, 1) == 1);
	show("after reading 1 of 2", ep, MAXEV);
	CHECK(write(q[1], "e", 1) == 1);
	show("after another write to the edge pipe", ep, MAXEV);
	CHECK(mod(ep, q[1], EPOLLOUT | EPOLLONESHOT, 0xd0d) == 0);
	show("one-shot re-armed by MOD", ep, MAXEV);
	CHECK(mod(ep, q[0], EPOLLIN, 0xabd) == 0);
	show("edge item made level by MOD", ep, MAXEV);
	CHECK(read(p[0], buf, 16) == 1 && read(q[0], buf, 16) == 2);
	show("drained", ep, MAXEV);
	close(p[1]);
	show("writer of the level pipe closed", ep, MAXEV);
	CHECK(mod(ep, p[0], EPOLLOUT | EPOLLRDHUP, 5) == 0);
	show("HUP without asking", ep, MAXEV);
	CHECK(mod(ep, p[0], EPOLLONESHOT, 6) == 0);
	show("HUP on a one-shot", ep, MAXEV);
	show("HUP on a spent one-shot", ep, MAXEV);
	close(p[0]);
	close(q[0]);
	close(q[1]);
	close(ep);
}

static void turns(void)
{
	int ep = epoll_create1(0), e[3];

	for (int i = 0; i < 3; i++) {
		e[i] = eventfd(1, EFD_NONBLOCK);
		CHECK(add(ep, e[i], EPOLLIN, 10 + i) == 0);
	}
	show("max 2", ep, 2);
	show("max 2 again", ep, 2);
	show("max 1", ep, 1);
	show("max 8", ep, 8);
	for (int i = 0; i < 3; i++)
		close(e[i]);
	close(ep);
}

static void nested(void)
{
	int outer = epoll_create1(0), inner = epoll_create1(0);
	int e = eventfd(0, EFD_NONBLOCK);
	struct pollfd pfd = { .fd = inner, .events = POLLIN };
	uint64_t v = 1;

	CHECK(add(inner, e, EPOLLIN, 7) == 0);
	CHECK(add(outer, inner, EPOLLIN, 8) == 0);
	printf("poll on the idle inner epoll: %d\n", poll(&pfd, 1, 0));
	show("outer, idle", outer, MAXEV);
	CHECK(write(e, &v, 8) == 8);
	printf("poll on the inner epoll: %d", poll(&pfd, 1, 0));
	printf(" revents%s\n", ev_str(pfd.revents));
	show("outer", outer, MAXEV);
	show("inner", inner, MAXEV);
	CHECK(read(e, &v, 8) == 8);
	show("outer after the read", outer, MAXEV);
	printf("poll on the inner epoll after the read: %d\n",
	       poll(&pfd, 1, 0));
	close(e);
	close(inner);
	close(outer);
}

static void lifetime(void)
{
	int ep = epoll_create1(0), e = eventfd(1, 0), d, e2;

	CHECK(add(ep, e, EPOLLIN, 1) == 0);
	d = dup(e);
	close(e);
	show("original closed, dup open", ep, MAXEV);
	expect_err("DEL by the closed number",
		   epoll_ctl(ep, EPOLL_CTL_DEL, e, NULL), EBADF);
	close(d);
	show("last descriptor closed", ep, MAXEV);
	e2 = eventfd(1, 0);
	printf("same number again: %s\n", e2 == e ? "yes" : "no");
	printf("ADD the new file by that number: %d\n", add(ep, e2, EPOLLIN, 2));
	show("new file", ep, MAXEV);
	close(e2);
	{
		/* An epoll closed while it still watches: its items go. */
		int ep2 = epoll_create1(0), e3 = eventfd(0, 0);

		CHECK(add(ep2, e3, EPOLLIN, 3) == 0);
		CHECK(add(ep, ep2, EPOLLIN, 4) == 0);
		close(ep2);
		show("watched epoll closed", ep, MAXEV);
		close(e3);
	}
	close(ep);
}

/* The console (stdout here, on both kernels) is a terminal: writable. */
static void terminal(void)
{
	int ep = epoll_create1(0);

	printf("ADD stdout (the console): %d\n",
	       add(ep, 1, EPOLLOUT | EPOLLET, 9));
	show("console", ep, MAXEV);
	show("console again (edge)", ep, MAXEV);
	close(ep);
}

static volatile sig_atomic_t got;
static void on_usr1(int sig)
{
	got = sig;
}

static void blocking(void)
{
	int ep = epoll_create1(0), e = eventfd(0, 0);
	struct epoll_event ev;
	struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_RESTART };
	sigset_t block, old;
	pid_t pid;
	int n;

	CHECK(add(ep, e, EPOLLIN, 42) == 0);
	pid = fork();
	if (pid == 0) {
		uint64_t v = 5;

		wait_asleep(getppid());
		_exit(write(e, &v, 8) == 8 ? 0 : 1);
	}
	n = epoll_wait(ep, &ev, 1, -1);
	printf("woken by the child: %d [%llx%s]\n", n,
	       (unsigned long long)ev.data.u64, ev_str(ev.events));
	printf("child: %s\n", wait_str(pid));
	{
		uint64_t v;
		CHECK(read(e, &v, 8) == 8);
	}
	sigaction(SIGUSR1, &sa, NULL);
	pid = fork();
	if (pid == 0) {
		wait_asleep(getppid());
		_exit(kill(getppid(), SIGUSR1));
	}
	errno = 0;
	n = epoll_wait(ep, &ev, 1, -1);
	printf("signal with SA_RESTART: %d %s, handler ran: %s\n", n,
	       strerror(errno), got == SIGUSR1 ? "yes" : "no");
	printf("child: %s\n", wait_str(pid));
	printf("timeout 30 ms: %d\n", epoll_wait(ep, &ev, 1, 30));

	/* epoll_pwait: SIGUSR1 blocked outside, allowed inside. */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	got = 0;
	kill(getpid(), SIGUSR1);
	printf("pending while blocked, handled: %s\n", got ? "yes" : "no");
	errno = 0;
	n = epoll_pwait(ep, &ev, 1, -1, &old);
	printf("epoll_pwait with it unblocked: %d %s, handled: %s\n", n,
	       strerror(errno), got ? "yes" : "no");
	sigprocmask(SIG_SETMASK, NULL, &block);
	printf("mask back after: %s\n",
	       sigismember(&block, SIGUSR1) ? "yes" : "no");
	expect_err("epoll_pwait sigsetsize 4",
		   syscall(SYS_epoll_pwait, ep, &ev, 1, 0, &old, 4), EINVAL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	{
		struct { int64_t sec, nsec; } ts = { 0, 20000000 }, bad = { 0, -1 };

		printf("epoll_pwait2 20 ms: %ld\n",
		       syscall(441, ep, &ev, 1, &ts, NULL, 8));
		expect_err("epoll_pwait2 bad time",
			   syscall(441, ep, &ev, 1, &bad, NULL, 8), EINVAL);
		uint64_t v = 1;
		CHECK(write(e, &v, 8) == 8);
		printf("epoll_pwait2 no timeout, ready: %ld\n",
		       syscall(441, ep, &ev, 1, NULL, NULL, 8));
	}
	close(e);
	close(ep);
}

int main(void)
{
	create();
	ctl_errors();
	triggers();
	turns();
	nested();
	lifetime();
	terminal();
	blocking();
	return finish();
}
