/*
 * pipe.c: pipes.  Bytes come out in the order they went in, across
 * writes and partial reads; a reader blocks until a child writes; read
 * returns 0 (EOF) once every writer is closed; writing with no reader
 * gives EPIPE when SIGPIPE is ignored and kills with SIGPIPE by default;
 * 256 KiB (more than a pipe holds) pass intact between two processes;
 * O_NONBLOCK gives EAGAIN on an empty pipe; pipe2 flags; fstat says FIFO.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include "check.h"

static void ordering(void)
{
	int p[2];
	char buf[32] = { 0 };

	CHECK(pipe(p) == 0);
	write(p[1], "one ", 4);
	write(p[1], "two ", 4);
	write(p[1], "three", 5);
	printf("read 5: %zd \"%.5s\"\n", read(p[0], buf, 5), buf);
	memset(buf, 0, sizeof(buf));
	printf("read rest: %zd \"%s\"\n", read(p[0], buf, sizeof(buf)), buf);
	close(p[1]);
	printf("read after writer closed: %zd\n", read(p[0], buf, 1));
	printf("again: %zd\n", read(p[0], buf, 1));
	close(p[0]);
}

static void blocking_reader(void)
{
	int p[2], q[2];
	char buf[16] = { 0 };
	pid_t pid;

	CHECK(pipe(p) == 0 && pipe(q) == 0);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		read(q[0], buf, 1);	/* wait until the parent reads */
		usleep(50000);
		write(p[1], "late", 4);
		_exit(0);
	}
	close(p[1]);
	write(q[1], "g", 1);
	printf("blocking read: %zd \"%s\"\n", read(p[0], buf, sizeof(buf)),
	       buf);
	printf("read after the child exited: %zd\n", read(p[0], buf, 1));
	printf("child: %s\n", wait_str(pid));
	close(p[0]);
	close(q[0]);
	close(q[1]);
}

static void no_reader(void)
{
	int p[2];
	pid_t pid;

	CHECK(pipe(p) == 0);
	close(p[0]);
	signal(SIGPIPE, SIG_IGN);
	expect_err("write with no reader, SIGPIPE ignored",
		   write(p[1], "x", 1), EPIPE);
	signal(SIGPIPE, SIG_DFL);
	pid = fork();
	if (pid == 0) {
		write(p[1], "x", 1);
		_exit(0);
	}
	printf("write with no reader, SIGPIPE default: %s\n", wait_str(pid));
	close(p[1]);
}

static void bulk(void)
{
	enum { SIZE = 256 * 1024 };
	unsigned char *buf = malloc(SIZE);
	size_t got = 0;
	int p[2], bad = 0;
	ssize_t n;
	pid_t pid;

	CHECK(pipe(p) == 0);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		for (int i = 0; i < SIZE; i++)
			buf[i] = (unsigned char)(i * 7 + i / 251);
		_exit(write(p[1], buf, SIZE) == SIZE ? 0 : 1);
	}
	close(p[1]);
	while ((n = read(p[0], buf + got, SIZE - got)) > 0)
		got += n;
	for (int i = 0; i < (int)got; i++)
		bad += buf[i] != (unsigned char)(i * 7 + i / 251);
	printf("bulk: %zu bytes, %d wrong, writer %s\n", got, bad,
	       wait_str(pid));
	close(p[0]);
	free(buf);
}

static void flags(void)
{
	int p[2];
	char c;
	struct stat st;

	CHECK(pipe2(p, O_NONBLOCK | O_CLOEXEC) == 0);
	expect_err("nonblocking read of an empty pipe", read(p[0], &c, 1),
		   EAGAIN);
	yes("pipe2 O_CLOEXEC sets FD_CLOEXEC",
	    fcntl(p[0], F_GETFD) == FD_CLOEXEC);
	yes("read end O_RDONLY", (fcntl(p[0], F_GETFL) & O_ACCMODE) == O_RDONLY);
	yes("write end O_WRONLY", (fcntl(p[1], F_GETFL) & O_ACCMODE) == O_WRONLY);
	expect_err("write to the read end", write(p[0], "x", 1), EBADF);
	expect_err("read from the write end", read(p[1], &c, 1), EBADF);
	CHECK(fstat(p[0], &st) == 0);
	yes("fstat S_ISFIFO", S_ISFIFO(st.st_mode));
	expect_err("lseek on a pipe", lseek(p[0], 0, SEEK_CUR), ESPIPE);
	expect_err("pipe2 with a bad flag", pipe2(p, 0x1), EINVAL);
	expect_err("pipe(bad pointer)", pipe(bad_ptr), EFAULT);
	close(p[0]);
	close(p[1]);
}

/* A read asking for more than the pipe holds returns what is there, at
 * once, even when that is a whole number of pages (the writer still has
 * its end open, so waiting for more would wait for ever). */
static void read_what_is_there(void)
{
	static char buf[3 * 4096];
	int fds[2];

	CHECK(pipe(fds) == 0);
	memset(buf, 'p', 8192);
	CHECK(write(fds[1], buf, 4096) == 4096);
	printf("read 12288 of 4096 in the pipe: %d\n",
	       (int)read(fds[0], buf, sizeof(buf)));
	CHECK(write(fds[1], buf, 8192) == 8192);
	printf("read 12288 of 8192 in the pipe: %d\n",
	       (int)read(fds[0], buf, sizeof(buf)));
	close(fds[0]);
	close(fds[1]);
}

int main(void)
{
	read_what_is_there();
	ordering();
	blocking_reader();
	no_reader();
	bulk();
	flags();
	return finish();
}
