/*
 * fork.c: fork, exit statuses and waiting.  Exit codes 0, 1, 42 and 255
 * seen through WIFEXITED/WEXITSTATUS; waitpid for one chosen child among
 * three; wait() for any; WNOHANG while a child runs; waitid and wait4;
 * getppid in the child; the child's memory a copy of the parent's; ECHILD
 * once every child is reaped.  Exit status 0 when every check held.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "check.h"

static int value = 1;

static pid_t child_exiting(int code)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(code);
	return pid;
}

static void exit_codes(void)
{
	static const int codes[] = { 0, 1, 42, 255, 256 + 7 };

	for (unsigned i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		int st = -1;
		pid_t pid = child_exiting(codes[i]);

		CHECK(pid > 0);
		CHECK(waitpid(pid, &st, 0) == pid);
		printf("_exit(%d): %s, WIFEXITED %d\n", codes[i],
		       status_str(st), !!WIFEXITED(st));
	}
}

static void ids(void)
{
	int p[2];
	pid_t me = getpid(), pid, seen[2];

	CHECK(pipe(p) == 0);
	pid = fork();
	if (pid == 0) {
		seen[0] = getpid();
		seen[1] = getppid();
		write(p[1], seen, sizeof(seen));
		_exit(0);
	}
	CHECK(read(p[0], seen, sizeof(seen)) == sizeof(seen));
	yes("fork returns the child's pid", seen[0] == pid);
	yes("child pid differs from parent", pid != me);
	yes("child's getppid is the parent", seen[1] == me);
	printf("child: %s\n", wait_str(pid));
	close(p[0]);
	close(p[1]);
}

static void memory_copy(void)
{
	int *heap = malloc(sizeof(int));
	pid_t pid;

	*heap = 10;
	pid = fork();
	if (pid == 0) {
		value = 2;
		*heap = 20;
		_exit(value + *heap == 22 ? 0 : 1);
	}
	printf("child changing its copy: %s\n", wait_str(pid));
	yes("parent's global unchanged", value == 1);
	yes("parent's heap unchanged", *heap == 10);
	free(heap);
}

static void wait_specific(void)
{
	pid_t pid[3];
	int st;

	for (int i = 0; i < 3; i++)
		pid[i] = child_exiting(10 + i);
	CHECK(waitpid(pid[1], &st, 0) == pid[1]);
	printf("waitpid(second): %s\n", status_str(st));
	CHECK(waitpid(pid[2], &st, 0) == pid[2]);
	printf("waitpid(third): %s\n", status_str(st));
	yes("wait() returns the first", wait(&st) == pid[0]);
	printf("wait(): %s\n", status_str(st));
}

static void wait_variants(void)
{
	int p[2], st;
	char c;
	siginfo_t si;
	struct rusage ru;
	pid_t pid;

	CHECK(pipe(p) == 0);
	pid = fork();
	if (pid == 0) {
		close(p[1]);
		_exit(read(p[0], &c, 1) == 1 ? 3 : 4);
	}
	close(p[0]);
	printf("WNOHANG while running: %d\n", (int)waitpid(pid, &st, WNOHANG));
	write(p[1], "x", 1);
	close(p[1]);
	memset(&si, 0, sizeof(si));
	CHECK(waitid(P_PID, pid, &si, WEXITED) == 0);
	printf("waitid: si_signo %s, si_code CLD_EXITED %d, si_status %d\n",
	       sig_name(si.si_signo), si.si_code == CLD_EXITED, si.si_status);
	yes("waitid si_pid is the child", si.si_pid == pid);
	pid = child_exiting(5);
	CHECK(wait4(pid, &st, 0, &ru) == pid);
	printf("wait4: %s\n", status_str(st));
}

int main(void)
{
	int st;

	expect_err("wait() with no children", wait(&st), ECHILD);
	exit_codes();
	ids();
	memory_copy();
	wait_specific();
	wait_variants();
	expect_err("waitpid(-1) after all reaped", waitpid(-1, &st, 0), ECHILD);
	expect_err("waitpid(getpid())", waitpid(getpid(), &st, 0), ECHILD);
	expect_err("waitpid(WNOHANG) no children",
		   waitpid(-1, &st, WNOHANG), ECHILD);
	return finish();
}
