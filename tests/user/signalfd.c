/*
 * signalfd.c: signalfd and signalfd4: flags, reading blocked pending
 * signals as struct signalfd_siginfo (SI_USER from kill, SI_TKILL from
 * raise, SI_QUEUE with its value from sigqueue, CLD_EXITED with the
 * status from a child), several in one read, signals outside the mask
 * left pending, the mask of an existing descriptor replaced, poll
 * readiness, a blocked read woken by a signal from another process,
 * errors.  Exit status 0 when every check held.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include "check.h"

static void show(const struct signalfd_siginfo *s)
{
	printf("  %s code %d pid %s uid %u", sig_name(s->ssi_signo),
	       s->ssi_code, s->ssi_pid == (uint32_t)getpid() ? "self" :
	       s->ssi_pid ? "other" : "0", s->ssi_uid);
	if (s->ssi_code == SI_QUEUE)
		printf(" int %d ptr %llu", s->ssi_int,
		       (unsigned long long)s->ssi_ptr);
	if (s->ssi_signo == SIGCHLD)
		printf(" status %d", s->ssi_status);
	printf("\n");
}

static int read_all(int fd, int max)
{
	struct signalfd_siginfo s[8];
	ssize_t n = read(fd, s, max * sizeof(s[0]));

	if (n < 0) {
		printf("  read: %s\n", strerror(errno));
		return -1;
	}
	printf("  read %d\n", (int)(n / sizeof(s[0])));
	for (int i = 0; i < n / (ssize_t)sizeof(s[0]); i++)
		show(&s[i]);
	return n / sizeof(s[0]);
}

int main(void)
{
	sigset_t set, pend;
	struct pollfd p;
	char buf[128];
	union sigval v;
	uint64_t raw = 1ull << (SIGUSR1 - 1);
	int fd, pfd[2], n;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
	yes("signalfd NONBLOCK|CLOEXEC", fd >= 0);
	yes("O_NONBLOCK set", fcntl(fd, F_GETFL) & O_NONBLOCK);
	yes("FD_CLOEXEC set", fcntl(fd, F_GETFD) & FD_CLOEXEC);
	printf("link: %s\n", fd_target(fd));
	expect_err("read with nothing pending", read(fd, buf, 128), EAGAIN);
	expect_err("read 100 bytes", read(fd, buf, 100), EINVAL);
	p = (struct pollfd){ fd, POLLIN, 0 };
	printf("poll, nothing pending: %d\n", poll(&p, 1, 0));

	raise(SIGUSR1);
	raise(SIGUSR2);		/* not in the mask */
	p.revents = 0;
	n = poll(&p, 1, 0);
	printf("poll, SIGUSR1 pending: %d revents %#x\n", n, p.revents);
	printf("raise(SIGUSR1), raise(SIGUSR2):\n");
	read_all(fd, 4);
	sigpending(&pend);
	yes("SIGUSR2 still pending", sigismember(&pend, SIGUSR2));
	yes("SIGUSR1 no longer pending", !sigismember(&pend, SIGUSR1));
	kill(getpid(), SIGUSR1);
	printf("kill(SIGUSR1):\n");
	read_all(fd, 1);

	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGKILL);	/* dropped silently */
	yes("new mask for the same fd", signalfd(fd, &set, 0) == fd);
	for (int i = 0; i < 3; i++) {
		v.sival_int = 42 + i;
		sigqueue(getpid(), SIGRTMIN, v);
	}
	kill(getpid(), SIGUSR1);
	printf("three sigqueue(SIGRTMIN) and kill(SIGUSR1), room for 8:\n");
	read_all(fd, 8);

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	signalfd(fd, &set, 0);
	pid = fork();
	if (pid == 0)
		_exit(7);
	fcntl(fd, F_SETFL, 0);
	printf("a child exits 7:\n");
	read_all(fd, 1);
	waitpid(pid, NULL, 0);

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	signalfd(fd, &set, 0);
	pipe(pfd);
	pid = fork();
	if (pid == 0) {
		struct signalfd_siginfo s;

		write(pfd[1], "x", 1);
		_exit(read(fd, &s, sizeof(s)) == sizeof(s) ?
		      (int)s.ssi_signo : 100);
	}
	read(pfd[0], buf, 1);
	wait_asleep(pid);
	kill(pid, SIGUSR1);
	printf("child blocked in read, sent SIGUSR1: %s\n", wait_str(pid));

	expect_err("mask size 4", syscall(SYS_signalfd4, -1, &raw, 4, 0),
		   EINVAL);
	expect_err("flags 1", syscall(SYS_signalfd4, -1, &raw, 8, 1), EINVAL);
	expect_err("a pipe", syscall(SYS_signalfd4, pfd[0], &raw, 8, 0),
		   EINVAL);
	expect_err("fd 999", syscall(SYS_signalfd4, 999, &raw, 8, 0), EBADF);
	expect_err("bad mask pointer",
		   syscall(SYS_signalfd4, -1, bad_ptr, 8, 0), EFAULT);
	yes("old signalfd call", syscall(SYS_signalfd, -1, &raw, 8) >= 0);
	return finish();
}
