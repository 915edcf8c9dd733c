/*
 * timerfd.c: timerfd_create, timerfd_settime and timerfd_gettime (the
 * 64-bit calls through musl, the old 32-bit ones by number): flags,
 * clocks, one-shot and periodic expiry counts read as 8 bytes, absolute
 * times on the monotonic and wall clocks (one in the past counts the
 * periods missed), poll readiness, the old setting returned, disarming,
 * errors.  Only counts and orders are printed, never durations.  Exit
 * status 0 when every check held.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include "check.h"

#define MS	1000000LL

static struct itimerspec its(long long value_ns, long long interval_ns)
{
	struct itimerspec t = {
		{ interval_ns / 1000000000, interval_ns % 1000000000 },
		{ value_ns / 1000000000, value_ns % 1000000000 },
	};
	return t;
}

static int64_t ns_of(const struct timespec *t)
{
	return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec;
}

static uint64_t read_count(int fd)
{
	uint64_t n = 0;

	if (read(fd, &n, sizeof(n)) != sizeof(n))
		return 0;
	return n;
}

static void creation(void)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	struct itimerspec cur;

	yes("create MONOTONIC NONBLOCK|CLOEXEC", fd >= 0);
	yes("O_NONBLOCK set", fcntl(fd, F_GETFL) & O_NONBLOCK);
	yes("FD_CLOEXEC set", fcntl(fd, F_GETFD) & FD_CLOEXEC);
	printf("link: %s\n", fd_target(fd));
	yes("gettime of a new one: all 0", timerfd_gettime(fd, &cur) == 0 &&
	    !ns_of(&cur.it_value) && !ns_of(&cur.it_interval));
	expect_err("read unarmed, nonblocking", read(fd, &cur, 8), EAGAIN);
	expect_err("read 4 bytes", read(fd, &cur, 4), EINVAL);
	close(fd);
	for (int c = 0; c < 10; c++) {
		fd = timerfd_create(c, 0);
		printf("clock %d: %s\n", c, fd >= 0 ? "ok" : strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	expect_err("create flags 1", timerfd_create(CLOCK_MONOTONIC, 1),
		   EINVAL);
}

static void one_shot(void)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);
	struct itimerspec t = its(50 * MS, 0), cur, old;
	struct pollfd p = { fd, POLLIN, 0 };
	int n;

	yes("arm 50 ms", timerfd_settime(fd, 0, &t, NULL) == 0);
	timerfd_gettime(fd, &cur);
	yes("left: in (0, 50 ms]", ns_of(&cur.it_value) > 0 &&
	    ns_of(&cur.it_value) <= 50 * MS);
	printf("poll before expiry: %d\n", poll(&p, 1, 0));
	n = poll(&p, 1, -1);
	printf("poll until expiry: %d revents %#x\n", n, p.revents);
	printf("read: %llu\n", (unsigned long long)read_count(fd));
	timerfd_gettime(fd, &cur);
	yes("expired: gettime 0", !ns_of(&cur.it_value));
	printf("poll after the read: %d\n", poll(&p, 1, 0));
	t = its(10000 * MS, 0);
	timerfd_settime(fd, 0, &t, NULL);
	t = its(0, 1000 * MS);
	yes("disarm returns the old setting",
	    timerfd_settime(fd, 0, &t, &old) == 0 &&
	    ns_of(&old.it_value) > 9000 * MS &&
	    ns_of(&old.it_value) <= 10000 * MS && !ns_of(&old.it_interval));
	timerfd_gettime(fd, &cur);
	printf("disarmed with an interval: value %lld interval %lld\n",
	       (long long)ns_of(&cur.it_value),
	       (long long)ns_of(&cur.it_interval));
	close(fd);
}

/* Armed at now + offset on clock (absolute), read once: the count. */
static unsigned long long absolute_read(int clock, long long offset,
				       long long interval, int flags)
{
	int fd = timerfd_create(clock, 0);
	struct timespec now;
	struct itimerspec t;
	uint64_t n;

	clock_gettime(clock, &now);
	t = its(ns_of(&now) + offset, interval);
	if (timerfd_settime(fd, TFD_TIMER_ABSTIME | flags, &t, NULL))
		printf("settime: %s\n", strerror(errno));
	n = read_count(fd);
	close(fd);
	return n;
}

static void periodic(void)
{
	int fd = timerfd_create(CLOCK_BOOTTIME, 0);
	struct itimerspec t = its(10 * MS, 10 * MS), cur;
	uint64_t n;

	timerfd_settime(fd, 0, &t, NULL);
	n = read_count(fd);
	yes("periodic: first read >= 1", n >= 1);
	n = read_count(fd);
	yes("second read >= 1", n >= 1);
	timerfd_gettime(fd, &cur);
	printf("interval: %lld\n", (long long)ns_of(&cur.it_interval));
	yes("value in (0, 10 ms]", ns_of(&cur.it_value) > 0 &&
	    ns_of(&cur.it_value) <= 10 * MS);
	close(fd);

	printf("wall clock 2.5 s ago, every 1 s: read %llu\n",
	       absolute_read(CLOCK_REALTIME, -2500 * MS, 1000 * MS, 0));
	printf("monotonic +30 ms absolute: read %llu\n",
	       absolute_read(CLOCK_MONOTONIC, 30 * MS, 0, 0));
	printf("wall clock +30 ms absolute, CANCEL_ON_SET: read %llu\n",
	       absolute_read(CLOCK_REALTIME, 30 * MS, 0,
			     TFD_TIMER_CANCEL_ON_SET));
}

struct itimerspec32 {
	int32_t interval_sec, interval_nsec, value_sec, value_nsec;
};

static void errors_and_old_calls(void)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, 0), pfd[2];
	struct itimerspec t = its(0, 0), bad = its(0, 0);
	struct itimerspec32 t32 = { 0, 0, 0, 20 * MS }, cur32;

	bad.it_value.tv_nsec = 1000000000;
	expect_err("settime flags 4", timerfd_settime(fd, 4, &t, NULL),
		   EINVAL);
	expect_err("settime tv_nsec 1e9", timerfd_settime(fd, 0, &bad, NULL),
		   EINVAL);
	bad = its(0, 0);
	bad.it_interval.tv_sec = -1;
	expect_err("settime negative interval",
		   timerfd_settime(fd, 0, &bad, NULL), EINVAL);
	expect_err("settime bad pointer", syscall(SYS_timerfd_settime64, fd, 0,
						  bad_ptr, NULL), EFAULT);
	pipe(pfd);
	expect_err("settime on a pipe", timerfd_settime(pfd[0], 0, &t, NULL),
		   EINVAL);
	expect_err("gettime on a pipe", timerfd_gettime(pfd[0], &t), EINVAL);
	expect_err("settime on fd 999", timerfd_settime(999, 0, &t, NULL),
		   EBADF);
	yes("old 32-bit timerfd_settime",
	    syscall(325 /* timerfd_settime */, fd, 0, &t32, NULL) == 0);
	yes("old 32-bit timerfd_gettime",
	    syscall(326 /* timerfd_gettime */, fd, &cur32) == 0 &&
	    cur32.value_sec == 0 && cur32.value_nsec > 0 &&
	    cur32.value_nsec <= 20 * MS);
	printf("read: %llu\n", (unsigned long long)read_count(fd));
	close(fd);
}

static void inherited(void)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);
	struct itimerspec t = its(20 * MS, 0);
	pid_t pid;

	timerfd_settime(fd, 0, &t, NULL);
	pid = fork();
	if (pid == 0)
		_exit(read_count(fd) == 1 ? 0 : 1);
	printf("child reads the inherited timerfd: %s\n", wait_str(pid));
	fcntl(fd, F_SETFL, O_NONBLOCK);
	expect_err("then the parent finds nothing", read(fd, &t, 8), EAGAIN);
	close(fd);
}

int main(void)
{
	creation();
	one_shot();
	periodic();
	errors_and_old_calls();
	inherited();
	return finish();
}
