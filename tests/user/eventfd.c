/*
 * eventfd.c: eventfd and eventfd2 as Linux has them: reads that return
 * and clear the counter (one at a time with EFD_SEMAPHORE), writes that
 * add to it, EAGAIN when empty or full with EFD_NONBLOCK, EINVAL for
 * short buffers, the all-ones value and unknown flags; poll readiness; a
 * blocked read woken by a child's write; EFD_CLOEXEC; the descriptor's
 * mode and its /proc/self/fd link.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include "check.h"

static void counts(void)
{
	int fd = eventfd(5, 0);
	uint64_t v = 0;

	CHECK(fd >= 0);
	CHECK(read(fd, &v, 8) == 8);
	printf("initial value read: %llu\n", (unsigned long long)v);
	v = 3;
	CHECK(write(fd, &v, 8) == 8);
	v = 4;
	CHECK(write(fd, &v, 8) == 8);
	CHECK(read(fd, &v, 8) == 8);
	printf("after writing 3 and 4: %llu\n", (unsigned long long)v);
	expect_err("read of 4 bytes", read(fd, &v, 4), EINVAL);
	expect_err("write of 4 bytes", write(fd, &v, 4), EINVAL);
	v = UINT64_MAX;
	expect_err("write of all ones", write(fd, &v, 8), EINVAL);
	close(fd);
}

static void nonblocking(void)
{
	int fd = eventfd(0, EFD_NONBLOCK);
	uint64_t v;

	expect_err("read when empty", read(fd, &v, 8), EAGAIN);
	v = 1;
	CHECK(write(fd, &v, 8) == 8);
	v = 0xfffffffffffffffeull;
	expect_err("write past the maximum", write(fd, &v, 8), EAGAIN);
	v = 0xfffffffffffffffdull;
	printf("write up to the maximum: %zd\n", write(fd, &v, 8));
	close(fd);
	fd = eventfd(3, EFD_SEMAPHORE | EFD_NONBLOCK);
	for (int i = 0; i < 3; i++) {
		CHECK(read(fd, &v, 8) == 8);
		printf("semaphore read %d: %llu\n", i, (unsigned long long)v);
	}
	expect_err("semaphore read when 0", read(fd, &v, 8), EAGAIN);
	close(fd);
	expect_err("unknown flag", syscall(SYS_eventfd2, 0, 0x10), EINVAL);
}

static void readiness(void)
{
	int fd = eventfd(0, EFD_NONBLOCK);
	struct pollfd p = { .fd = fd, .events = POLLIN | POLLOUT };
	uint64_t v = 2;

	CHECK(poll(&p, 1, 0) == 1);
	printf("empty: in %d out %d\n", !!(p.revents & POLLIN),
	       !!(p.revents & POLLOUT));
	CHECK(write(fd, &v, 8) == 8);
	CHECK(poll(&p, 1, 0) == 1);
	printf("after a write: in %d out %d\n", !!(p.revents & POLLIN),
	       !!(p.revents & POLLOUT));
	close(fd);
}

static void wakeup(void)
{
	int fd = eventfd(0, 0);
	uint64_t v = 0;
	pid_t pid = fork();

	if (pid == 0) {
		wait_asleep(getppid());		/* blocked in its read */
		v = 9;
		_exit(write(fd, &v, 8) == 8 ? 0 : 1);
	}
	CHECK(read(fd, &v, 8) == 8);
	printf("blocked read woken by the child: %llu\n", (unsigned long long)v);
	printf("child: %s\n", wait_str(pid));
	close(fd);
}

static void descriptor(void)
{
	int fd = eventfd(0, EFD_CLOEXEC);
	char path[64], link[64] = "";
	struct stat st;
	ssize_t n;

	printf("EFD_CLOEXEC sets FD_CLOEXEC: %s\n",
	       fcntl(fd, F_GETFD) == FD_CLOEXEC ? "yes" : "no");
	CHECK(fstat(fd, &st) == 0);
	printf("mode: type %o, permissions %04o\n",
	       (unsigned)(st.st_mode & S_IFMT), (unsigned)(st.st_mode & 07777));
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	printf("link: %s\n", link);
	close(fd);
}

int main(void)
{
	counts();
	nonblocking();
	readiness();
	wakeup();
	descriptor();
	return finish();
}
