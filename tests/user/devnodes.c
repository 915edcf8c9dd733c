/*
 * devnodes.c: the memory devices of major 1 and the links of /dev.
 * /dev/null, zero, full, random and urandom are character devices 1:3,
 * 1:5, 1:7, 1:8 and 1:9 with mode 0666; /dev/random and /dev/urandom give
 * as many bytes as asked, different on each read, and accept writes;
 * /dev/full refuses writes with ENOSPC; /dev/fd, stdin, stdout and stderr
 * are symbolic links into /proc/self/fd.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/sysmacros.h>
#include "check.h"

static void node(const char *path, unsigned int minor)
{
	struct stat st;
	char what[64];

	snprintf(what, sizeof(what), "%s: char 1:%u mode 0666", path, minor);
	yes(what, stat(path, &st) == 0 && S_ISCHR(st.st_mode) &&
	    major(st.st_rdev) == 1 && minor(st.st_rdev) == minor &&
	    (st.st_mode & 07777) == 0666);
}

static void random_reads(const char *path)
{
	static unsigned char a[100000], b[100000];
	int fd = open(path, O_RDWR);
	size_t zeros = 0;
	char what[64];

	CHECK(fd >= 0);
	snprintf(what, sizeof(what), "%s: a 100000-byte read is whole", path);
	yes(what, read(fd, a, sizeof(a)) == sizeof(a));
	CHECK(read(fd, b, sizeof(b)) == sizeof(b));
	snprintf(what, sizeof(what), "%s: two reads differ", path);
	yes(what, memcmp(a, b, sizeof(a)) != 0);
	for (size_t i = 0; i < sizeof(a); i++)
		zeros += a[i] == 0;
	/* About 390 zero bytes are expected; far more means no randomness. */
	snprintf(what, sizeof(what), "%s: bytes look random", path);
	yes(what, zeros < 1000);
	snprintf(what, sizeof(what), "%s: a write is accepted", path);
	yes(what, write(fd, "seed", 4) == 4);
	close(fd);
}

static void others(void)
{
	char buf[16];
	int fd = open("/dev/full", O_RDWR);

	CHECK(fd >= 0);
	expect_err("write to /dev/full", write(fd, "x", 1), ENOSPC);
	memset(buf, 1, sizeof(buf));
	yes("/dev/full reads zeros", read(fd, buf, sizeof(buf)) == sizeof(buf) &&
	    buf[0] == 0 && buf[15] == 0);
	close(fd);
	fd = open("/dev/null", O_RDWR);
	yes("/dev/null reads nothing", read(fd, buf, sizeof(buf)) == 0);
	yes("/dev/null takes writes", write(fd, "x", 1) == 1);
	close(fd);
}

static void link_to(const char *path, const char *want)
{
	char buf[64], what[96];
	struct stat st;
	ssize_t n = readlink(path, buf, sizeof(buf) - 1);

	buf[n > 0 ? n : 0] = '\0';
	snprintf(what, sizeof(what), "%s is a link to %s", path, want);
	yes(what, lstat(path, &st) == 0 && S_ISLNK(st.st_mode) &&
	    strcmp(buf, want) == 0);
}

int main(void)
{
	node("/dev/null", 3);
	node("/dev/zero", 5);
	node("/dev/full", 7);
	node("/dev/random", 8);
	node("/dev/urandom", 9);
	random_reads("/dev/urandom");
	random_reads("/dev/random");
	others();
	link_to("/dev/fd", "/proc/self/fd");
	link_to("/dev/stdin", "/proc/self/fd/0");
	link_to("/dev/stdout", "/proc/self/fd/1");
	link_to("/dev/stderr", "/proc/self/fd/2");
	return finish();
}
