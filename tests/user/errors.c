/*
 * errors.c: bad arguments beyond errno.c's.  Pointers that are NULL, in
 * kernel space (0xc0000000 and up) or unmapped give EFAULT, for buffers
 * read and written by the kernel and for path names (raw system calls
 * where musl would touch the memory itself); descriptors that were never
 * open, closed, or opened for the other direction give EBADF; a
 * directory read gives EISDIR, getdents on a file ENOTDIR.
 */
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include "check.h"

static void faults(void)
{
	void *const ptrs[] = { NULL, (void *)0xc0000000, (void *)0xc0100000,
			       (void *)0xfffff000, bad_ptr };
	const char *names[] = { "NULL", "0xc0000000", "0xc0100000",
				"0xfffff000", "unmapped" };
	char what[64], c = 'x';
	int p[2];

	CHECK(pipe(p) == 0);
	for (int i = 0; i < 5; i++) {
		void *bad = ptrs[i];

		printf("-- %s\n", names[i]);
		snprintf(what, sizeof(what), "write(pipe, %s)", names[i]);
		expect_err(what, syscall(SYS_write, p[1], bad, 1), EFAULT);
		CHECK(write(p[1], &c, 1) == 1);
		snprintf(what, sizeof(what), "read(pipe, %s)", names[i]);
		expect_err(what, syscall(SYS_read, p[0], bad, 1), EFAULT);
		CHECK(read(p[0], &c, 1) == 1);
		expect_err("open", syscall(SYS_open, bad, O_RDONLY), EFAULT);
		expect_err("stat64 path", syscall(SYS_stat64, bad, &c), EFAULT);
		expect_err("stat64 buffer", syscall(SYS_stat64, "/", bad),
			   EFAULT);
		expect_err("mkdir", syscall(SYS_mkdir, bad, 0755), EFAULT);
		expect_err("chdir", syscall(SYS_chdir, bad), EFAULT);
		expect_err("getcwd", syscall(SYS_getcwd, bad, 64), EFAULT);
		expect_err("uname", syscall(SYS_uname, bad), EFAULT);
		expect_err("pipe", syscall(SYS_pipe, bad), EFAULT);
		expect_err("writev iov", syscall(SYS_writev, p[1], bad, 1),
			   EFAULT);
		expect_err("nanosleep", syscall(SYS_nanosleep, bad, NULL),
			   EFAULT);
	}
	close(p[0]);
	close(p[1]);
}

static void descriptors(void)
{
	char buf[64];
	int fd = open("/", O_RDONLY | O_DIRECTORY), wr, rd, p[2];

	CHECK(pipe(p) == 0);
	rd = p[0];
	wr = p[1];
	expect_err("read(1000)", read(1000, buf, 1), EBADF);
	expect_err("read(1 << 20)", read(1 << 20, buf, 1), EBADF);
	expect_err("write(-2)", write(-2, buf, 1), EBADF);
	expect_err("fstat64(77)", syscall(SYS_fstat64, 77, buf), EBADF);
	expect_err("fchdir(77)", fchdir(77), EBADF);
	expect_err("getdents64(77)", syscall(SYS_getdents64, 77, buf,
		   sizeof(buf)), EBADF);
	expect_err("write(read end)", write(rd, buf, 1), EBADF);
	expect_err("read(write end)", read(wr, buf, 1), EBADF);
	expect_err("read(directory)", read(fd, buf, 1), EISDIR);
	CHECK(close(rd) == 0);
	expect_err("read(closed)", read(rd, buf, 1), EBADF);
	expect_err("close(closed)", close(rd), EBADF);
	expect_err("dup2(closed, 50)", dup2(rd, 50), EBADF);
	close(wr);
	close(fd);
	CHECK(pipe(p) == 0);
	expect_err("getdents64(pipe)", syscall(SYS_getdents64, p[0], buf,
		   sizeof(buf)), ENOTDIR);
	expect_err("fchdir(pipe)", fchdir(p[0]), ENOTDIR);
	close(p[0]);
	close(p[1]);
}

int main(void)
{
	faults();
	descriptors();
	return finish();
}
