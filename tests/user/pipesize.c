/*
 * pipesize.c: fcntl F_GETPIPE_SZ and F_SETPIPE_SZ as Linux has them:
 * the default capacity, sizes rounded up to a page and a power of two,
 * a full pipe at its new capacity, EBUSY when shrinking below what it
 * holds, the data (wrapped round the ring) intact across a resize, root
 * going past 1 MiB, EINVAL past 2 GiB, EBADF on a regular file.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include "check.h"

int main(void)
{
	int p[2], file;
	char buf[9000], back[9000];

	tmp_init("pipesize");
	CHECK(pipe2(p, O_NONBLOCK) == 0);
	printf("default: %d\n", fcntl(p[0], F_GETPIPE_SZ));
	printf("set 0: %d\n", fcntl(p[1], F_SETPIPE_SZ, 0));
	printf("set 5000: %d\n", fcntl(p[1], F_SETPIPE_SZ, 5000));
	printf("the read end sees %d\n", fcntl(p[0], F_GETPIPE_SZ));
	memset(buf, 'a', sizeof(buf));
	printf("write 9000 into it: %zd\n", write(p[1], buf, 9000));
	expect_err("one more byte", write(p[1], "x", 1), EAGAIN);
	expect_err("shrink below what it holds", fcntl(p[1], F_SETPIPE_SZ, 4096),
		   EBUSY);
	CHECK(read(p[0], back, 8192) == 8192);
	/* 3000 bytes that wrap round the end of the 8 KiB ring. */
	for (int i = 0; i < 3000; i++)
		buf[i] = (char)('0' + i % 10);
	CHECK(write(p[1], buf, 1000) == 1000 && read(p[0], back, 1000) == 1000);
	CHECK(write(p[1], buf, 3000) == 3000);
	printf("grow to 65536 holding 3000: %d\n",
	       fcntl(p[1], F_SETPIPE_SZ, 65536));
	memset(back, 0, sizeof(back));
	CHECK(read(p[0], back, sizeof(back)) == 3000);
	yes("the data came through the resize", !memcmp(buf, back, 3000));
	printf("set 1 MiB + 1 as root: %d\n",
	       fcntl(p[1], F_SETPIPE_SZ, (1 << 20) + 1));
	expect_err("past 2 GiB", fcntl(p[1], F_SETPIPE_SZ, 0x80000001u), EINVAL);
	file = open(tmp("f"), O_CREAT | O_RDWR, 0644);
	expect_err("on a regular file", fcntl(file, F_GETPIPE_SZ), EBADF);
	close(file);
	close(p[0]);
	close(p[1]);
	return finish();
}
