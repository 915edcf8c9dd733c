/*
 * preadshare.c: pread, pwrite and sendfile with an offset leave the open
 * file's offset alone, also for another process sharing that open file.
 * A forked child loops on pread, pwrite (of the bytes already there) and
 * sendfile with an offset over the whole file, while the parent reads it
 * sequentially through the same open file and checks after every read
 * that it got the bytes at its own offset and that the offset advanced by
 * exactly what it read.  Then, in one process: pwrite on an O_APPEND file
 * appends (as Linux does) without moving the offset.  Exit status 0 when
 * every check held.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <time.h>
#include "check.h"

#define FILE_SIZE	(64 * 1024)
#define STEP		100
#define MIN_NS		500000000ll	/* the parent reads this long at least */
#define MAX_NS		30000000000ll	/* and gives up on the child then */

struct shared {
	volatile int rounds;		/* the child's loops */
	volatile int bad;		/* the child's wrong reads */
};

static unsigned char byte_at(long i)
{
	return (unsigned char)(i * 7 + i / 251);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static int make_file(const char *path)
{
	static unsigned char buf[FILE_SIZE];
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);

	for (long i = 0; i < FILE_SIZE; i++)
		buf[i] = byte_at(i);
	CHECK(fd >= 0 && write(fd, buf, FILE_SIZE) == FILE_SIZE);
	return fd;
}

/* The child: positioned transfers over the whole file, forever. */
static void positioned_loop(int fd, struct shared *sh)
{
	static unsigned char buf[FILE_SIZE];
	int null = open("/dev/null", O_WRONLY);

	for (;;) {
		off_t off = 0;

		if (pread(fd, buf, FILE_SIZE, 0) != FILE_SIZE ||
		    buf[FILE_SIZE - 1] != byte_at(FILE_SIZE - 1))
			sh->bad++;
		if (pwrite(fd, buf, FILE_SIZE, 0) != FILE_SIZE)
			sh->bad++;
		if (sendfile(null, fd, &off, FILE_SIZE) != FILE_SIZE ||
		    off != FILE_SIZE)
			sh->bad++;
		sh->rounds++;
	}
}

/* One sequential pass from offset 0: 0 when every read was at the
 * parent's own offset, else -1. */
static int sequential_pass(int fd)
{
	unsigned char buf[STEP];
	long at = 0;

	if (lseek(fd, 0, SEEK_SET) != 0)
		return -1;
	while (at < FILE_SIZE) {
		ssize_t n = read(fd, buf, STEP);

		if (n <= 0)
			return -1;
		for (ssize_t i = 0; i < n; i++)
			if (buf[i] != byte_at(at + i))
				return -1;
		at += n;
		if (lseek(fd, 0, SEEK_CUR) != at)
			return -1;
	}
	return 0;
}

static void shared_offset(void)
{
	struct shared *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
				 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int fd = make_file(tmp("data")), ok = 1, st;
	long long start = now_ns(), t;
	pid_t child;

	CHECK(sh != MAP_FAILED);
	sh->rounds = sh->bad = 0;	/* touched before the fork */
	child = fork();
	if (child == 0)
		positioned_loop(fd, sh);
	do {
		if (sequential_pass(fd))
			ok = 0;
		t = now_ns() - start;
	} while (ok && (t < MIN_NS || sh->rounds < 20) && t < MAX_NS);
	kill(child, SIGKILL);
	CHECK(waitpid(child, &st, 0) == child);
	yes("the child's positioned transfers ran meanwhile", sh->rounds > 0);
	yes("the parent's reads kept their own offset", ok);
	yes("the child's transfers were at their offsets", sh->bad == 0);
	close(fd);
}

static void append_pwrite(void)
{
	int fd = open(tmp("append"), O_RDWR | O_CREAT | O_APPEND, 0644);
	struct stat sb;

	CHECK(fd >= 0 && write(fd, "abcdef", 6) == 6);
	CHECK(lseek(fd, 2, SEEK_SET) == 2);
	printf("pwrite at 0 with O_APPEND: %zd\n", pwrite(fd, "XY", 2, 0));
	CHECK(fstat(fd, &sb) == 0);
	printf("size after: %lld\n", (long long)sb.st_size);
	printf("offset after: %lld\n", (long long)lseek(fd, 0, SEEK_CUR));
	close(fd);
}

int main(void)
{
	tmp_init("preadshare");
	shared_offset();
	append_pwrite();
	unlink(tmp("data"));
	unlink(tmp("append"));
	rmdir(tmp_dir);
	return finish();
}
