/*
 * sendfile.c: sendfile64 and the old sendfile (32-bit offset), by number.
 * A copy without an offset uses and advances in_fd's position; with one,
 * it reads from *offset, advances it, and leaves the position alone.
 * Copies larger than one buffer, into a pipe, from past the end (0), of
 * 0 bytes; the errors: EBADF for a bad or wrongly opened descriptor,
 * EINVAL for a pipe as input, an O_APPEND output or a negative offset,
 * ESPIPE for an offset on a pipe, EFAULT for a bad offset pointer, EPIPE
 * when the output pipe has no reader.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include "check.h"

#define BIG 100000

static char data[BIG], back[BIG];

static long sendfile64_(int out, int in, int64_t *off, size_t count)
{
	return syscall(SYS_sendfile64, out, in, off, count);
}

static long sendfile32(int out, int in, int32_t *off, size_t count)
{
	return syscall(SYS_sendfile, out, in, off, count);
}

static int reopen(const char *name, int flags)
{
	return open(tmp(name), flags | O_CREAT, 0644);
}

static void without_offset(int in)
{
	int out = reopen("out", O_RDWR | O_TRUNC);

	yes("a whole copy returns the size", sendfile64_(out, in, NULL, BIG + 50) == BIG);
	yes("the input position is at the end", lseek(in, 0, SEEK_CUR) == BIG);
	yes("the output position too", lseek(out, 0, SEEK_CUR) == BIG);
	CHECK(pread(out, back, BIG, 0) == BIG);
	yes("the copy is exact", memcmp(data, back, BIG) == 0);
	yes("at the end of the input: 0", sendfile64_(out, in, NULL, 10) == 0);
	close(out);
}

static void with_offset(int in)
{
	int out = reopen("out", O_RDWR | O_TRUNC);
	int64_t off = 1000;
	int32_t off32 = 5000;

	CHECK(lseek(in, 7, SEEK_SET) == 7);
	yes("sendfile64 from an offset", sendfile64_(out, in, &off, 300) == 300);
	printf("offset after: %lld\n", (long long)off);
	yes("the input position is untouched", lseek(in, 0, SEEK_CUR) == 7);
	yes("sendfile (32-bit offset)", sendfile32(out, in, &off32, 200) == 200);
	printf("32-bit offset after: %d\n", off32);
	CHECK(pread(out, back, 500, 0) == 500);
	yes("both pieces are right", memcmp(back, data + 1000, 300) == 0 &&
	    memcmp(back + 300, data + 5000, 200) == 0);
	off = BIG + 10;
	yes("past the end: 0", sendfile64_(out, in, &off, 10) == 0 && off == BIG + 10);
	off = 3;
	yes("a count of 0: 0", sendfile64_(out, in, &off, 0) == 0 && off == 3);
	off = -1;
	expect_err("negative offset", sendfile64_(out, in, &off, 1), EINVAL);
	expect_err("bad offset pointer", sendfile64_(out, in, bad_ptr, 1), EFAULT);
	close(out);
}

static void into_pipe(int in)
{
	int p[2];
	int64_t off = 0;

	CHECK(pipe(p) == 0);
	yes("into a pipe", sendfile64_(p[1], in, &off, 4000) == 4000);
	yes("the pipe holds the bytes", read(p[0], back, sizeof(back)) == 4000 &&
	    memcmp(back, data, 4000) == 0);
	expect_err("a pipe as input", sendfile64_(1, p[0], NULL, 1), EINVAL);
	expect_err("a pipe as input, with an offset", sendfile64_(1, p[0], &off, 1), ESPIPE);
	close(p[0]);
	signal(SIGPIPE, SIG_IGN);
	expect_err("a pipe without reader", sendfile64_(p[1], in, &off, 10), EPIPE);
	close(p[1]);
}

static void bad_descriptors(int in)
{
	int wonly = reopen("out", O_WRONLY), ronly = reopen("out", O_RDONLY);
	int app = reopen("out", O_WRONLY | O_APPEND);
	int64_t off = 0;

	expect_err("input not open", sendfile64_(wonly, 99, &off, 1), EBADF);
	expect_err("output not open", sendfile64_(99, in, &off, 1), EBADF);
	expect_err("input opened write-only", sendfile64_(wonly, wonly, &off, 1), EBADF);
	expect_err("output opened read-only", sendfile64_(ronly, in, &off, 1), EBADF);
	expect_err("output with O_APPEND", sendfile64_(app, in, &off, 1), EINVAL);
	close(wonly);
	close(ronly);
	close(app);
}

int main(void)
{
	int in;

	tmp_init("sendfile");
	for (int i = 0; i < BIG; i++)
		data[i] = (char)(i * 7 + i / 251);
	in = reopen("in", O_RDWR | O_TRUNC);
	CHECK(write(in, data, BIG) == BIG);
	CHECK(lseek(in, 0, SEEK_SET) == 0);
	without_offset(in);
	with_offset(in);
	into_pipe(in);
	bad_descriptors(in);
	close(in);
	/* Leave nothing behind: a later run whose pid is the same would
	 * find the directory there. */
	unlink(tmp("in"));
	unlink(tmp("out"));
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
