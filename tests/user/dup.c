/*
 * dup.c: descriptor duplication and fcntl.  dup takes the lowest free
 * number and shares the file offset; dup2 onto an open descriptor closes
 * it first, dup2(fd, fd) does nothing; dup3 with O_CLOEXEC, and EINVAL
 * for dup3(fd, fd); F_DUPFD and F_DUPFD_CLOEXEC take the lowest number at
 * or above the argument; F_GETFD/F_SETFD (close-on-exec is per
 * descriptor, not per open file); F_GETFL/F_SETFL with O_APPEND and
 * O_NONBLOCK (shared by duplicates), and the access mode unchangeable.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include "check.h"

static void offsets(void)
{
	char buf[8] = { 0 };
	int a = open(tmp("f"), O_CREAT | O_RDWR | O_TRUNC, 0644);
	int b = open(tmp("f"), O_RDONLY);
	int c, d;

	CHECK(a >= 0 && b >= 0);
	CHECK(close(a) == 0);
	c = dup(b);
	yes("dup takes the lowest free descriptor", c == a);
	CHECK(close(c) == 0);
	a = open(tmp("f"), O_RDWR);
	CHECK(write(a, "abcdefgh", 8) == 8);
	c = dup(a);
	yes("dup shares the offset", lseek(c, 0, SEEK_CUR) == 8);
	CHECK(lseek(c, 2, SEEK_SET) == 2);
	CHECK(read(a, buf, 3) == 3);
	printf("read through the original after seeking the dup: \"%s\"\n", buf);
	yes("a separate open has its own offset", lseek(b, 0, SEEK_CUR) == 0);
	d = dup2(b, c);
	yes("dup2 onto an open descriptor returns it", d == c);
	CHECK(read(c, buf, 2) == 2);
	printf("dup2'd descriptor now reads the other file: \"%.2s\"\n", buf);
	yes("dup2(fd, fd) returns fd", dup2(b, b) == b);
	expect_err("dup3(fd, fd, 0)", dup3(b, b, 0), EINVAL);
	expect_err("dup3 with a bad flag", syscall(SYS_dup3, b, c, 0x1), EINVAL);
	d = dup3(b, 40, O_CLOEXEC);
	yes("dup3 O_CLOEXEC", d == 40 && fcntl(d, F_GETFD) == FD_CLOEXEC);
	yes("the original keeps FD_CLOEXEC clear", fcntl(b, F_GETFD) == 0);
	expect_err("dup2 onto a negative number", dup2(b, -1), EBADF);
	expect_err("dup2 far above the limit", dup2(b, 1 << 24), EBADF);
	close(40);
	close(a);
	close(b);
	close(c);
}

static void fd_flags(void)
{
	int a = open(tmp("f"), O_RDONLY), b;

	b = fcntl(a, F_DUPFD, 20);
	yes("F_DUPFD 20 gives 20", b == 20);
	yes("F_DUPFD 20 again gives 21", fcntl(a, F_DUPFD, 20) == 21);
	yes("F_DUPFD_CLOEXEC 20 gives 22 with FD_CLOEXEC",
	    fcntl(a, F_DUPFD_CLOEXEC, 20) == 22 && fcntl(22, F_GETFD) == 1);
	expect_err("F_DUPFD with a negative minimum", fcntl(a, F_DUPFD, -1),
		   EINVAL);
	printf("F_GETFD: %d\n", fcntl(b, F_GETFD));
	CHECK(fcntl(b, F_SETFD, FD_CLOEXEC) == 0);
	printf("F_GETFD after F_SETFD: %d\n", fcntl(b, F_GETFD));
	printf("F_GETFD of the original: %d\n", fcntl(a, F_GETFD));
	close(20);
	close(21);
	close(22);
	close(a);
}

static void status_flags(void)
{
	int fd = open(tmp("f"), O_WRONLY), dupfd, p[2];
	char c;
	struct stat st;

	printf("F_GETFL access mode O_WRONLY: %d\n",
	       (fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY);
	dupfd = dup(fd);
	CHECK(fcntl(fd, F_SETFL, O_APPEND | O_RDWR) == 0);
	yes("O_APPEND set, seen through the dup",
	    (fcntl(dupfd, F_GETFL) & O_APPEND) != 0);
	yes("access mode unchanged by F_SETFL",
	    (fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY);
	CHECK(lseek(fd, 0, SEEK_SET) == 0);
	CHECK(write(fd, "XY", 2) == 2);
	CHECK(fstat(fd, &st) == 0);
	printf("size after an O_APPEND write: %lld\n", (long long)st.st_size);
	CHECK(fcntl(fd, F_SETFL, 0) == 0);
	CHECK(lseek(fd, 0, SEEK_SET) == 0);
	CHECK(write(fd, "Z", 1) == 1);
	CHECK(fstat(fd, &st) == 0);
	printf("size after clearing O_APPEND and writing at 0: %lld\n",
	       (long long)st.st_size);
	close(fd);
	close(dupfd);
	CHECK(pipe(p) == 0);
	CHECK(fcntl(p[0], F_SETFL, O_NONBLOCK) == 0);
	yes("F_GETFL shows O_NONBLOCK", (fcntl(p[0], F_GETFL) & O_NONBLOCK) != 0);
	expect_err("read of an empty O_NONBLOCK pipe", read(p[0], &c, 1),
		   EAGAIN);
	expect_err("fcntl with a bad command", fcntl(p[0], 9999), EINVAL);
	close(p[0]);
	close(p[1]);
}

int main(void)
{
	tmp_init("dup");
	offsets();
	fd_flags();
	status_flags();
	CHECK(unlink(tmp("f")) == 0);
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
