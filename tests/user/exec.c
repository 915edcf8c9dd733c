/*
 * exec.c: execve.  /test/hello (found beside this program, which both
 * runners start as /test/exec) with a chosen argv and envp, and with
 * empty ones; a #! script naming hello with an argument; close-on-exec
 * (this program re-executes itself with "fds A B" and checks which
 * descriptors survived); and the failures: ENOENT, EACCES (no x bit),
 * ENOEXEC (garbage), E2BIG (an argument over 128 KiB), EFAULT.  Each exec
 * runs in a child; the parent prints its wait status.  With an empty argv,
 * Linux (since 5.18) hands the program argc 1 and argv[0] "".  argv[0]
 * must be this program's path (maestro's runner and the Linux oracle's
 * /init give /test/exec).
 */
#include <fcntl.h>
#include <stdlib.h>
#include "check.h"

extern char **environ;
static char hello[256], self[256];

static void run(const char *what, const char *path, char *const argv[],
		char *const envp[])
{
	pid_t pid;

	printf("-- %s\n", what);
	pid = fork();
	if (pid == 0) {
		execve(path, argv, envp);
		printf("execve: %s\n", strerror(errno));
		_exit(127);
	}
	printf("-- %s: %s\n", what, wait_str(pid));
}

static void write_file(const char *path, const char *text, int mode)
{
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, mode);

	CHECK(fd >= 0);
	CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
	CHECK(close(fd) == 0);
}

static void execs(void)
{
	char *argv[] = { "hello", "x y", "", "z", NULL };
	char *envp[] = { "A=1", "B=two words", "EMPTY=", NULL };
	char *none[] = { NULL };
	char *sargv[] = { "script", "arg1", NULL };
	char line[300];

	run("hello with argv and envp", hello, argv, envp);
	run("hello with empty argv and envp", hello, none, none);
	snprintf(line, sizeof(line), "#!%s -opt\necho not run\n", hello);
	CHECK(chdir(tmp_dir) == 0);
	write_file("script", line, 0755);
	run("#! script, by a relative path", "./script", sargv, envp);
	snprintf(line, sizeof(line), "#!./script\n");
	write_file("nested", line, 0755);
	run("#! script naming a script", "./nested", sargv, envp);
	CHECK(chdir("/") == 0);
}

static void failures_in_child(void)
{
	char *argv[] = { "x", NULL }, *big[] = { "x", NULL, NULL };
	size_t n = 200 * 1024;

	write_file(tmp("noexec"), "#!/bin/sh\n", 0644);
	write_file(tmp("garbage"), "\x7f" "ELF garbage garbage garbage", 0755);
	expect_err("execve(missing)", execve("/no/such/prog", argv, environ),
		   ENOENT);
	expect_err("execve(no x bit)", execve(tmp("noexec"), argv, environ),
		   EACCES);
	expect_err("execve(garbage)", execve(tmp("garbage"), argv, environ),
		   ENOEXEC);
	expect_err("execve(directory)", execve("/", argv, environ), EACCES);
	expect_err("execve(bad path)", execve(bad_ptr, argv, environ),
		   EFAULT);
	expect_err("execve(bad argv)", execve(hello, bad_ptr, environ),
		   EFAULT);
	big[1] = malloc(n + 1);
	memset(big[1], 'a', n);
	big[1][n] = 0;
	expect_err("execve(200 KiB argument)", execve(hello, big, environ),
		   E2BIG);
	free(big[1]);
	unlink(tmp("noexec"));
	unlink(tmp("garbage"));
}

static void cloexec(void)
{
	int keep = open("/", O_RDONLY | O_DIRECTORY);
	int gone = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int gone2 = dup(keep);
	char a[16], b[16], c[16];
	char *argv[] = { "exec", "fds", a, b, c, NULL };

	CHECK(fcntl(gone2, F_SETFD, FD_CLOEXEC) == 0);
	snprintf(a, sizeof(a), "%d", keep);
	snprintf(b, sizeof(b), "%d", gone);
	snprintf(c, sizeof(c), "%d", gone2);
	run("close-on-exec", self, argv, environ);
	close(keep);
	close(gone);
	close(gone2);
}

/* Run by cloexec(): which of the three descriptors are still open. */
static int check_fds(char **argv)
{
	yes("plain descriptor open after exec",
	    fcntl(atoi(argv[2]), F_GETFD) == 0);
	yes("O_CLOEXEC descriptor closed by exec",
	    fcntl(atoi(argv[3]), F_GETFD) == -1 && errno == EBADF);
	yes("FD_CLOEXEC descriptor closed by exec",
	    fcntl(atoi(argv[4]), F_GETFD) == -1 && errno == EBADF);
	return failures != 0;
}

int main(int argc, char **argv)
{
	char *slash;

	if (argc == 5 && !strcmp(argv[1], "fds"))
		return check_fds(argv);
	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(hello, sizeof(hello), "%s", argv[0]);
	slash = strrchr(hello, '/');
	snprintf(slash ? slash + 1 : hello, 16, "hello");
	tmp_init("exec");
	execs();
	failures_in_child();
	cloexec();
	unlink(tmp("script"));
	unlink(tmp("nested"));
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
