/*
 * splice.c: splice, tee and vmsplice as Linux has them between files
 * and pipes: file to pipe (from the file's offset or a given one, which
 * moves instead), pipe to file, pipe to pipe (the data leaves the first),
 * tee (it stays), vmsplice into a pipe and out of one; SPLICE_F_NONBLOCK
 * and O_NONBLOCK (EAGAIN on an empty or full pipe), the end of a pipe
 * with no writer (0), no reader (EPIPE); the errors: EINVAL (flags, no
 * pipe, a pipe to itself, O_APPEND, a negative offset, too many
 * segments), ESPIPE, EBADF, EFAULT, and 0 for a zero length.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/uio.h>
#include "check.h"

static void show(const char *what, long ret)
{
	printf("%s: %ld %s\n", what, ret, ret < 0 ? strerror(errno) : "-");
}

/* Read what pipe fd holds (non-blocking) and print it. */
static void drain(const char *what, int fd)
{
	char buf[128];
	int fl = fcntl(fd, F_GETFL);
	ssize_t n;

	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	n = read(fd, buf, sizeof(buf) - 1);
	fcntl(fd, F_SETFL, fl);
	buf[n > 0 ? n : 0] = '\0';
	printf("%s: \"%s\"\n", what, buf);
}

static void files(void)
{
	int fd = open(tmp("f"), O_RDWR | O_CREAT, 0644), p[2];
	loff_t off;
	char buf[32] = "";

	CHECK(pipe(p) == 0);
	CHECK(write(fd, "hello world", 11) == 11);
	lseek(fd, 0, SEEK_SET);
	show("file to pipe, 5", splice(fd, NULL, p[1], NULL, 5, 0));
	printf("file offset: %lld\n", (long long)lseek(fd, 0, SEEK_CUR));
	drain("pipe", p[0]);
	off = 6;
	show("file at 6 to pipe, 100", splice(fd, &off, p[1], NULL, 100, 0));
	printf("offset %lld, file offset %lld\n", (long long)off,
	       (long long)lseek(fd, 0, SEEK_CUR));
	drain("pipe", p[0]);
	off = 11;
	show("file at its end to pipe", splice(fd, &off, p[1], NULL, 100, 0));
	CHECK(write(p[1], "abc", 3) == 3);
	off = 20;
	show("pipe to file at 20", splice(p[0], NULL, fd, &off, 10, 0));
	printf("offset %lld, size %lld\n", (long long)off,
	       (long long)lseek(fd, 0, SEEK_END));
	CHECK(pread(fd, buf, 3, 20) == 3);
	printf("file at 20: \"%s\"\n", buf);
	CHECK(write(p[1], "tail", 4) == 4);
	lseek(fd, 0, SEEK_SET);
	show("pipe to file at its offset, 2", splice(p[0], NULL, fd, NULL, 2, 0));
	printf("file offset: %lld\n", (long long)lseek(fd, 0, SEEK_CUR));
	drain("left in the pipe", p[0]);
	close(p[0]);
	close(p[1]);
	close(fd);
}

static void pipes(void)
{
	int p[2], q[2];
	char c[4096];

	CHECK(pipe(p) == 0 && pipe(q) == 0);
	CHECK(write(p[1], "xyz", 3) == 3);
	show("pipe to pipe, 2", splice(p[0], NULL, q[1], NULL, 2, 0));
	drain("second pipe", q[0]);
	drain("first pipe", p[0]);
	CHECK(write(p[1], "tee!", 4) == 4);
	show("tee", tee(p[0], q[1], 100, 0));
	drain("second pipe", q[0]);
	drain("first pipe", p[0]);
	show("splice from empty, NONBLOCK",
	     splice(p[0], NULL, q[1], NULL, 10, SPLICE_F_NONBLOCK));
	show("tee from empty, NONBLOCK", tee(p[0], q[1], 10, SPLICE_F_NONBLOCK));
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	show("splice from empty O_NONBLOCK end",
	     splice(p[0], NULL, q[1], NULL, 10, 0));
	fcntl(p[0], F_SETFL, 0);
	memset(c, 'f', sizeof(c));
	fcntl(q[1], F_SETFL, O_NONBLOCK);
	while (write(q[1], c, sizeof(c)) > 0)
		;
	fcntl(q[1], F_SETFL, 0);
	CHECK(write(p[1], "z", 1) == 1);
	show("splice into a full pipe, NONBLOCK",
	     splice(p[0], NULL, q[1], NULL, 1, SPLICE_F_NONBLOCK));
	show("tee into a full pipe, NONBLOCK",
	     tee(p[0], q[1], 1, SPLICE_F_NONBLOCK));
	close(p[1]);
	drain("first pipe", p[0]);
	fcntl(q[0], F_SETFL, O_NONBLOCK);
	while (read(q[0], c, sizeof(c)) > 0)
		;
	show("splice from empty, no writer", splice(p[0], NULL, q[1], NULL, 1, 0));
	show("tee from empty, no writer", tee(p[0], q[1], 1, 0));
	close(p[0]);
	close(q[1]);
	close(q[0]);
	CHECK(pipe(p) == 0);
	close(p[0]);
	signal(SIGPIPE, SIG_IGN);
	{
		int fd = open(tmp("f"), O_RDONLY);

		show("file to a pipe with no reader",
		     splice(fd, NULL, p[1], NULL, 4, 0));
		close(fd);
	}
	close(p[1]);
}

static void errors(void)
{
	int p[2], q[2], fd = open(tmp("f"), O_RDWR), ro = open(tmp("f"), O_RDONLY);
	int ap = open(tmp("f"), O_WRONLY | O_APPEND);
	loff_t off = 0, neg = -1;

	CHECK(pipe(p) == 0 && pipe(q) == 0);
	CHECK(write(p[1], "data", 4) == 4);
	show("length 0, bad fds", splice(-1, NULL, -1, NULL, 0, 0));
	show("flags 0x10", splice(p[0], NULL, q[1], NULL, 1, 0x10));
	show("bad fd in", splice(-1, NULL, q[1], NULL, 1, 0));
	show("bad fd out", splice(p[0], NULL, 99, NULL, 1, 0));
	show("offset on a pipe", splice(p[0], &off, fd, NULL, 1, 0));
	show("offset on the output pipe", splice(fd, NULL, q[1], &off, 1, 0));
	show("file to file", splice(fd, NULL, ro, NULL, 1, 0));
	show("pipe to itself", splice(p[0], NULL, p[1], NULL, 1, 0));
	show("from a write end", splice(p[1], NULL, q[1], NULL, 1, 0));
	show("to a read end", splice(p[0], NULL, q[0], NULL, 1, 0));
	show("to a read-only file", splice(p[0], NULL, ro, NULL, 1, 0));
	show("to an O_APPEND file", splice(p[0], NULL, ap, NULL, 1, 0));
	show("negative offset", splice(p[0], NULL, fd, &neg, 1, 0));
	show("bad offset pointer", splice(p[0], NULL, fd, bad_ptr, 1, 0));
	show("tee flags 0x10", tee(p[0], q[1], 1, 0x10));
	show("tee length 0", tee(-1, -1, 0, 0));
	show("tee bad fd", tee(-1, q[1], 1, 0));
	show("tee from a file", tee(fd, q[1], 1, 0));
	show("tee to itself", tee(p[0], p[1], 1, 0));
	show("tee to a read end", tee(p[0], q[0], 1, 0));
	drain("the pipe still holds", p[0]);
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
	close(fd);
	close(ro);
	close(ap);
}

static void vm(void)
{
	int p[2], fd = open(tmp("f"), O_RDWR);
	char a[] = "ab", b[] = "cd", out1[3] = "", out2[8] = "";
	struct iovec in[2] = { { a, 2 }, { b, 2 } };
	struct iovec out[2] = { { out1, 2 }, { out2, 7 } };
	static struct iovec many[1025];

	CHECK(pipe(p) == 0);
	show("vmsplice into the pipe", vmsplice(p[1], in, 2, 0));
	drain("pipe", p[0]);
	CHECK(write(p[1], "xyz", 3) == 3);
	show("vmsplice out of the pipe", vmsplice(p[0], out, 2, 0));
	printf("got \"%s\" \"%s\"\n", out1, out2);
	show("vmsplice out of empty, NONBLOCK",
	     vmsplice(p[0], out, 2, SPLICE_F_NONBLOCK));
	show("vmsplice no segments", vmsplice(p[1], in, 0, 0));
	show("vmsplice flags 0x10", vmsplice(p[1], in, 2, 0x10));
	show("vmsplice bad fd", vmsplice(-1, in, 2, 0));
	show("vmsplice a file", vmsplice(fd, in, 2, 0));
	show("vmsplice 1025 segments", vmsplice(p[1], many, 1025, 0));
	show("vmsplice bad iovec", vmsplice(p[1], bad_ptr, 2, 0));
	close(p[0]);
	close(p[1]);
	close(fd);
}

int main(void)
{
	tmp_init("splice");
	files();
	pipes();
	errors();
	vm();
	remove_tree(tmp_dir);
	return finish();
}
