/*
 * opencases.c: what LTP's open and execve tests found (issue 11, defect
 * 8), as Linux does it:
 *   - open(O_CREAT) through a dangling symbolic link creates the link's
 *     target (relative to the link's directory, through a chain of
 *     links), O_EXCL refuses the link itself, a loop is ELOOP;
 *   - execve of a file open for writing fails with ETXTBSY, and so do
 *     opening a running program for writing and truncating it;
 *   - an O_PATH descriptor names the file without opening it: no
 *     permission on the file is needed, read, write, ioctl, fchmod,
 *     getdents, lseek and record locks give EBADF, while fstat, fchdir,
 *     dup, *at and fcntl's descriptor commands work.
 * With the argument "pause", it waits for a signal (the running program).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include "check.h"

#ifndef O_PATH
#define O_PATH 010000000
#endif

static void show_file(const char *what, const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		printf("%s: %s\n", what, strerror(errno));
	else
		printf("%s: %s mode %o size %ld\n", what,
		       S_ISREG(st.st_mode) ? "file" : S_ISLNK(st.st_mode) ?
		       "link" : "other", (unsigned)st.st_mode & 07777,
		       (long)st.st_size);
}

static void dangling_links(void)
{
	int fd;

	CHECK(mkdir(tmp("d"), 0755) == 0);
	CHECK(symlink("target", tmp("rel")) == 0);
	fd = open(tmp("rel"), O_CREAT | O_WRONLY, 0640);
	yes("O_CREAT through a dangling relative link", fd >= 0);
	CHECK(write(fd, "abc", 3) == 3);
	close(fd);
	show_file("its target", tmp("target"));
	show_file("the link", tmp("rel"));

	CHECK(symlink(tmp("d/abs"), tmp("absl")) == 0);
	CHECK(symlink("absl", tmp("chain")) == 0);
	fd = open(tmp("chain"), O_CREAT | O_RDWR, 0600);
	yes("O_CREAT through a chain to an absolute dangling link", fd >= 0);
	close(fd);
	show_file("the chain's target", tmp("d/abs"));

	CHECK(symlink("../d/sub", tmp("d/up")) == 0);
	fd = open(tmp("d/up"), O_CREAT | O_WRONLY, 0644);
	yes("O_CREAT through ../d/sub from d", fd >= 0);
	close(fd);
	show_file("d/sub", tmp("d/sub"));

	CHECK(symlink("nowhere", tmp("excl")) == 0);
	expect_err("O_CREAT|O_EXCL on a dangling link",
		   open(tmp("excl"), O_CREAT | O_EXCL | O_WRONLY, 0644), EEXIST);
	show_file("nowhere", tmp("nowhere"));
	expect_err("O_CREAT|O_NOFOLLOW on a dangling link",
		   open(tmp("excl"), O_CREAT | O_NOFOLLOW | O_WRONLY, 0644),
		   ELOOP);
	CHECK(symlink("nodir/x", tmp("missing")) == 0);
	expect_err("O_CREAT through a link into a missing directory",
		   open(tmp("missing"), O_CREAT | O_WRONLY, 0644), ENOENT);
	CHECK(symlink("loop2", tmp("loop1")) == 0);
	CHECK(symlink("loop1", tmp("loop2")) == 0);
	expect_err("O_CREAT through a loop",
		   open(tmp("loop1"), O_CREAT | O_WRONLY, 0644), ELOOP);
	CHECK(symlink("d/", tmp("todir")) == 0);
	expect_err("O_CREAT through a link to a directory",
		   open(tmp("todir"), O_CREAT | O_WRONLY, 0644), EISDIR);
}

/* Copy this program to path (mode 0755). */
static void copy_self(const char *path)
{
	char buf[4096];
	int in = open("/proc/self/exe", O_RDONLY);
	int out = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0755);
	ssize_t n;

	CHECK(in >= 0 && out >= 0);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		CHECK(write(out, buf, (size_t)n) == n);
	close(in);
	close(out);
}

static void text_busy(void)
{
	char *argv[] = { "opencases", "pause", NULL };
	const char *prog = tmp("prog");
	int fd, pipefd[2];
	pid_t pid;

	copy_self(prog);
	fd = open(prog, O_WRONLY);
	CHECK(fd >= 0);
	pid = fork();
	if (pid == 0) {
		execv(prog, argv);
		printf("exec of a file open for writing: %s\n", strerror(errno));
		_exit(0);
	}
	printf("that child: %s\n", wait_str(pid));
	close(fd);

	CHECK(pipe(pipefd) == 0);
	pid = fork();
	if (pid == 0) {
		dup2(pipefd[1], 1);
		execv(prog, argv);
		_exit(127);
	}
	close(pipefd[1]);
	{
		char c;

		CHECK(read(pipefd[0], &c, 1) == 1);	/* it runs */
	}
	expect_err("open a running program O_WRONLY", open(prog, O_WRONLY),
		   ETXTBSY);
	expect_err("open it O_RDWR|O_TRUNC", open(prog, O_RDWR | O_TRUNC),
		   ETXTBSY);
	expect_err("truncate it", truncate(prog, 0), ETXTBSY);
	fd = open(prog, O_RDONLY);
	yes("open it O_RDONLY", fd >= 0);
	close(fd);
	yes("unlink it", unlink(prog) == 0);
	kill(pid, SIGTERM);
	printf("running program: %s\n", wait_str(pid));
	close(pipefd[0]);

	copy_self(prog);
	pid = fork();
	if (pid == 0) {
		execv(prog, argv);
		_exit(127);
	}
	kill(pid, SIGTERM);
	wait_str(pid);
	fd = open(prog, O_WRONLY);
	yes("writable again once it has exited", fd >= 0);
	close(fd);
}

/* A mode 000 file and a link to it, for path_descriptors as uid 1000. */
static void fd_file_setup(void)
{
	int fd = open(tmp("secret"), O_CREAT | O_WRONLY, 0000);

	CHECK(fd >= 0 && write(fd, "xyz", 3) == 3);
	close(fd);
	CHECK(symlink("secret", tmp("slink")) == 0);
	CHECK(chmod(tmp_dir, 0755) == 0);
}

static void path_descriptors(void)
{
	char buf[8];
	struct stat st;
	int fd, fd2, dfd;

	fd = open(tmp("secret"), O_PATH);
	yes("O_PATH of a mode 000 file (uid 1000)", fd >= 0);
	printf("F_GETFL: %#o\n", fcntl(fd, F_GETFL) & ~0100000);
	expect_err("read", read(fd, buf, 1), EBADF);
	expect_err("write", write(fd, "a", 1), EBADF);
	expect_err("pread", pread(fd, buf, 1, 0), EBADF);
	expect_err("lseek", lseek(fd, 0, SEEK_SET), EBADF);
	expect_err("ioctl FIONREAD", ioctl(fd, FIONREAD, &fd2), EBADF);
	/* musl's fchmod retries EBADF through /proc/self/fd: the call. */
	expect_err("fchmod", (int)syscall(SYS_fchmod, fd, 0600), EBADF);
	expect_err("fsync", fsync(fd), EBADF);
	expect_err("flock", flock(fd, LOCK_SH), EBADF);
	expect_err("F_SETFL", fcntl(fd, F_SETFL, O_NONBLOCK), EBADF);
	yes("fstat", fstat(fd, &st) == 0 && st.st_size == 3);
	fd2 = dup(fd);
	yes("dup", fd2 >= 0);
	yes("F_SETFD", fcntl(fd2, F_SETFD, FD_CLOEXEC) == 0 &&
	    fcntl(fd2, F_GETFD) == FD_CLOEXEC);
	close(fd2);
	yes("fstatat AT_EMPTY_PATH",
	    fstatat(fd, "", &st, AT_EMPTY_PATH) == 0 && st.st_size == 3);
	close(fd);

	fd = open(tmp("slink"), O_PATH | O_NOFOLLOW);
	yes("O_PATH|O_NOFOLLOW of a link", fd >= 0);
	yes("fstat says a link", fstat(fd, &st) == 0 && S_ISLNK(st.st_mode));
	close(fd);

	dfd = open(tmp("d"), O_PATH | O_DIRECTORY);
	yes("O_PATH|O_DIRECTORY of a directory", dfd >= 0);
	expect_err("getdents (readdir) on it",
		   (int)syscall(SYS_getdents64, dfd, buf, sizeof(buf)), EBADF);
	fd = openat(dfd, "sub", O_RDONLY);
	yes("openat relative to it", fd >= 0);
	close(fd);
	expect_err("O_PATH|O_DIRECTORY of a file",
		   open(tmp("secret"), O_PATH | O_DIRECTORY), ENOTDIR);
	yes("fchdir to it", fchdir(dfd) == 0 && access("sub", F_OK) == 0);
	close(dfd);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "pause")) {
		CHECK(write(1, "r", 1) == 1);
		pause();
		return 0;
	}
	pid_t pid;

	tmp_init("opencases");
	dangling_links();
	text_busy();
	fd_file_setup();
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		path_descriptors();
		_exit(finish());
	}
	printf("O_PATH child: %s\n", wait_str(pid));
	return finish();
}
