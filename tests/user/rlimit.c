/*
 * rlimit.c: resource limits (getrlimit, setrlimit, prlimit64, the old
 * clamped getrlimit and ugetrlimit) and their enforcement: RLIMIT_NOFILE
 * on open, dup, dup2 and F_DUPFD, RLIMIT_FSIZE on write and truncate
 * (SIGXFSZ, EFBIG), RLIMIT_STACK on stack growth, inheritance over fork
 * and exec, and the permission rules (raising a hard limit needs root).
 * The defaults differ between machines, so only relations are printed.
 * Run as "rlimit", it re-executes itself as "rlimit exec" to check what
 * exec keeps.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "check.h"

struct rlimit32 {
	uint32_t cur, max;
};

static volatile sig_atomic_t got_xfsz;

static void on_xfsz(int sig)
{
	got_xfsz = sig == SIGXFSZ;
}

static void nofile(void)
{
	struct rlimit r, old;
	int fds[16], n = 0, fd;

	CHECK(getrlimit(RLIMIT_NOFILE, &old) == 0);
	r.rlim_cur = 8;
	r.rlim_max = old.rlim_max;
	yes("setrlimit NOFILE 8", setrlimit(RLIMIT_NOFILE, &r) == 0);
	while (n < 16 && (fd = open("/", O_RDONLY)) >= 0)
		fds[n++] = fd;
	printf("opened until the limit: %d (last fd %d)\n", n, fds[n - 1]);
	expect_err("open at the limit", open("/", O_RDONLY), EMFILE);
	expect_err("dup at the limit", dup(0), EMFILE);
	expect_err("dup2 to fd 8", dup2(0, 8), EBADF);
	expect_err("F_DUPFD from 8", fcntl(0, F_DUPFD, 8), EINVAL);
	close(fds[--n]);
	yes("dup2 to fd 7 after a close", dup2(0, 7) == 7);
	close(7);
	while (n)
		close(fds[--n]);
	r.rlim_cur = 100;
	CHECK(setrlimit(RLIMIT_NOFILE, &r) == 0);
	yes("dup2 to fd 99 with limit 100", dup2(0, 99) == 99);
	expect_err("dup2 to fd 100", dup2(0, 100), EBADF);
	close(99);
	CHECK(setrlimit(RLIMIT_NOFILE, &old) == 0);
}

static void fsize(void)
{
	struct rlimit r = { 1000, RLIM_INFINITY }, old;
	char buf[600] = { 0 };
	int fd;

	signal(SIGXFSZ, on_xfsz);
	CHECK(getrlimit(RLIMIT_FSIZE, &old) == 0);
	fd = open(tmp("big"), O_CREAT | O_RDWR | O_TRUNC, 0644);
	CHECK(fd >= 0);
	CHECK(setrlimit(RLIMIT_FSIZE, &r) == 0);
	printf("write 600: %zd\n", write(fd, buf, 600));
	printf("write 600 more (cut at the limit): %zd\n", write(fd, buf, 600));
	yes("no SIGXFSZ yet", !got_xfsz);
	expect_err("write at the limit", write(fd, buf, 1), EFBIG);
	yes("SIGXFSZ at the limit", got_xfsz);
	got_xfsz = 0;
	expect_err("ftruncate past the limit", ftruncate(fd, 2000), EFBIG);
	yes("SIGXFSZ for ftruncate", got_xfsz);
	yes("ftruncate down is fine", ftruncate(fd, 10) == 0);
	yes("pwrite below the limit", pwrite(fd, buf, 10, 990) == 10);
	expect_err("pwrite at the limit", pwrite(fd, buf, 10, 1000), EFBIG);
	CHECK(setrlimit(RLIMIT_FSIZE, &old) == 0);
	close(fd);
	unlink(tmp("big"));
	signal(SIGXFSZ, SIG_DFL);
}

/* Recurse on a big frame until the stack limit stops us. */
static int deep(int n)
{
	volatile char frame[4096];

	frame[0] = (char)n;
	return n ? deep(n - 1) + frame[0] : 0;
}

static void stack(void)
{
	struct rlimit r = { 256 * 1024, RLIM_INFINITY };
	pid_t pid = fork();

	if (pid == 0) {
		CHECK(setrlimit(RLIMIT_STACK, &r) == 0);
		deep(16);		/* 64 KiB: fine */
		printf("64 KiB of stack under a 256 KiB limit: ok\n");
		deep(1024);		/* 4 MiB: past it */
		printf("4 MiB of stack: not stopped\n");
		_exit(0);
	}
	printf("child past RLIMIT_STACK: %s\n", wait_str(pid));
}

static void rules(void)
{
	struct rlimit r, cur;
	struct rlimit32 r32;
	pid_t pid;

	CHECK(getrlimit(RLIMIT_CORE, &cur) == 0);
	r.rlim_cur = 5;
	r.rlim_max = 4;
	expect_err("soft above hard", setrlimit(RLIMIT_CORE, &r), EINVAL);
	expect_err("resource 16", syscall(SYS_prlimit64, 0, 16, NULL, &r), EINVAL);
	expect_err("ugetrlimit resource 99", syscall(SYS_ugetrlimit, 99, &r32), EINVAL);
	expect_err("prlimit of no such pid",
		   syscall(SYS_prlimit64, 999999, RLIMIT_CORE, NULL, &r), ESRCH);
	r.rlim_cur = r.rlim_max = RLIM_INFINITY;
	yes("root may raise the hard limit", setrlimit(RLIMIT_CORE, &r) == 0);
	yes("old getrlimit clamps infinity to 0x7fffffff",
	    syscall(SYS_getrlimit, RLIMIT_CORE, &r32) == 0 &&
	    r32.cur == 0x7fffffff && r32.max == 0x7fffffff);
	yes("ugetrlimit gives infinity as 0xffffffff",
	    syscall(SYS_ugetrlimit, RLIMIT_CORE, &r32) == 0 &&
	    r32.cur == 0xffffffff && r32.max == 0xffffffff);
	r32.cur = 4096;
	r32.max = 0xffffffff;
	yes("old setrlimit with 32-bit values",
	    syscall(SYS_setrlimit, RLIMIT_CORE, &r32) == 0 &&
	    getrlimit(RLIMIT_CORE, &r) == 0 && r.rlim_cur == 4096 &&
	    r.rlim_max == RLIM_INFINITY);
	expect_err("bad pointer", syscall(SYS_prlimit64, 0, RLIMIT_CORE, NULL,
					  bad_ptr), EFAULT);
	pid = fork();
	if (pid == 0) {
		struct rlimit lower = { 1024, 2048 };

		yes("child inherits the soft limit",
		    getrlimit(RLIMIT_CORE, &r) == 0 && r.rlim_cur == 4096);
		CHECK(setrlimit(RLIMIT_CORE, &lower) == 0);
		CHECK(setuid(65534) == 0);
		lower.rlim_max = 4096;
		expect_err("a user raising the hard limit",
			   setrlimit(RLIMIT_CORE, &lower), EPERM);
		lower.rlim_max = 1500;
		yes("a user lowering it", setrlimit(RLIMIT_CORE, &lower) == 0);
		expect_err("a user's prlimit of its root parent",
			   syscall(SYS_prlimit64, getppid(), RLIMIT_CORE, NULL,
				   &r), EPERM);
		_exit(failures);
	}
	printf("child: %s\n", wait_str(pid));
	r.rlim_cur = r.rlim_max = 1234;
	yes("prlimit64 sets and returns the old value",
	    syscall(SYS_prlimit64, 0, RLIMIT_CORE, &r, &cur) == 0 &&
	    cur.rlim_cur == 4096 && getrlimit(RLIMIT_CORE, &r) == 0 &&
	    r.rlim_max == 1234);
}

int main(int argc, char **argv)
{
	struct rlimit r;

	if (argc > 1) {		/* re-executed: the limits came along */
		yes("exec keeps the limit",
		    getrlimit(RLIMIT_CORE, &r) == 0 && r.rlim_cur == 1234);
		return finish();
	}
	tmp_init("rlimit");
	nofile();
	fsize();
	stack();
	rules();
	rmdir(tmp_dir);
	printf("%d failures before exec\n", failures);
	execl("/proc/self/exe", "rlimit", "exec", (char *)NULL);
	execl(argv[0], "rlimit", "exec", (char *)NULL);
	printf("exec failed\n");
	return 1;
}
