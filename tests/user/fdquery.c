/*
 * fdquery.c: two questions asked of an open file, answered as Linux i386
 * does.  fcntl's record lock commands copy their struct flock in before
 * anything else, so a bad pointer is EFAULT (fcntl64 reads the 24-byte
 * struct flock64 for the 64-bit and open file description commands, the
 * 16-byte struct flock for the others; the old fcntl takes only the
 * latter and refuses the rest with EINVAL); a bad descriptor is EBADF
 * first.  ioctl FIONREAD answers the bytes from the offset to the end of
 * a regular file (negative past it), the bytes a pipe holds (on either
 * end), and ENOTTY for a directory.  Valid lock requests are not asked:
 * maestro has no record locks yet.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "check.h"

#define KERNEL_PTR	((void *)0xC0000000)

/* The lock commands by number, as the i386 ABI has them. */
static const struct { int cmd; const char *name; } lock_cmds[] = {
	{ 5, "F_GETLK" }, { 6, "F_SETLK" }, { 7, "F_SETLKW" },
	{ 12, "F_GETLK64" }, { 13, "F_SETLK64" }, { 14, "F_SETLKW64" },
	{ 36, "F_OFD_GETLK" }, { 37, "F_OFD_SETLK" }, { 38, "F_OFD_SETLKW" },
};
#define NCMDS	(sizeof(lock_cmds) / sizeof(lock_cmds[0]))

/* Print what a raw fcntl or fcntl64 call answered. */
static void show(const char *call, const char *cmd, const char *arg,
		 long ret)
{
	printf("%s %s %s: %ld %s\n", call, cmd, arg, ret,
	       ret == -1 ? strerror(errno) : "-");
}

static void bad_pointers(int fd)
{
	for (unsigned int i = 0; i < NCMDS; i++) {
		int cmd = lock_cmds[i].cmd;
		const char *name = lock_cmds[i].name;

		show("fcntl64", name, "unmapped",
		     syscall(SYS_fcntl64, fd, cmd, bad_ptr));
		show("fcntl64", name, "kernel",
		     syscall(SYS_fcntl64, fd, cmd, KERNEL_PTR));
		show("fcntl", name, "unmapped",
		     syscall(SYS_fcntl, fd, cmd, bad_ptr));
		show("fcntl64", name, "bad fd",
		     syscall(SYS_fcntl64, 999, cmd, bad_ptr));
	}
	expect_err("libc fcntl F_GETLK unmapped", fcntl(fd, F_GETLK, bad_ptr),
		   EFAULT);
	expect_err("libc fcntl F_SETLK NULL", fcntl(fd, F_SETLK, NULL),
		   EFAULT);
}

/* A struct flock64 whose last 8 bytes run into an unmapped page. */
static void straddling(int fd)
{
	char *map = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	CHECK(map != MAP_FAILED);
	CHECK(munmap(map + 4096, 4096) == 0);
	memset(map, 0, 4096);
	show("fcntl64", "F_GETLK64", "straddling",
	     syscall(SYS_fcntl64, fd, 12, map + 4096 - 16));
	show("fcntl64", "F_SETLKW64", "straddling",
	     syscall(SYS_fcntl64, fd, 14, map + 4096 - 16));
	munmap(map, 4096);
}

/* FIONREAD's answer on fd, or its error. */
static void nread(const char *what, int fd)
{
	int n = 12345;

	if (ioctl(fd, FIONREAD, &n) == 0)
		printf("%s: FIONREAD %d\n", what, n);
	else
		printf("%s: FIONREAD %s\n", what, strerror(errno));
}

static void regular_file(void)
{
	char buf[100];
	int fd = open(tmp("f"), O_CREAT | O_RDWR, 0644), wfd;

	CHECK(fd >= 0);
	memset(buf, 'x', sizeof(buf));
	CHECK(write(fd, buf, sizeof(buf)) == (ssize_t)sizeof(buf));
	nread("file at its end", fd);
	lseek(fd, 0, SEEK_SET);
	nread("file at 0", fd);
	CHECK(read(fd, buf, 30) == 30);
	nread("file after reading 30", fd);
	lseek(fd, 150, SEEK_SET);
	nread("file 50 past its end", fd);
	expect_err("file with an unmapped pointer",
		   ioctl(fd, FIONREAD, bad_ptr), EFAULT);
	wfd = open(tmp("f"), O_WRONLY);
	CHECK(wfd >= 0);
	nread("file opened write-only", wfd);
	CHECK(ftruncate(fd, 0) == 0);
	nread("file truncated to 0, at 0", wfd);
	close(wfd);
	close(fd);
	unlink(tmp("f"));
}

static void pipe_and_dir(void)
{
	int p[2], dfd = open(tmp_dir, O_RDONLY | O_DIRECTORY);

	CHECK(pipe(p) == 0);
	nread("empty pipe", p[0]);
	CHECK(write(p[1], "0123456789", 10) == 10);
	nread("pipe holding 10, read end", p[0]);
	nread("pipe holding 10, write end", p[1]);
	expect_err("pipe with an unmapped pointer",
		   ioctl(p[0], FIONREAD, bad_ptr), EFAULT);
	close(p[0]);
	close(p[1]);
	CHECK(dfd >= 0);
	nread("directory", dfd);
	close(dfd);
}

int main(void)
{
	int fd;

	tmp_init("fdquery");
	fd = open(tmp("locks"), O_CREAT | O_RDWR, 0644);
	CHECK(fd >= 0);
	bad_pointers(fd);
	straddling(fd);
	close(fd);
	unlink(tmp("locks"));
	regular_file();
	pipe_and_dir();
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
