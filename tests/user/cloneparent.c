/*
 * cloneparent.c: whose exit signal a process's parent receives.  A child
 * that clones with CLONE_PARENT and asks for SIGUSR1 makes a sibling
 * whose exit signal is its own (SIGCHLD after fork, SIGUSR2 after a clone
 * that asked for it), never the one it asked for: a process chooses the
 * signal only for its own parent.  A child made with exit signal SIGUSR1
 * sends only SIGCHLD once its parent has exec'd.  The signals are
 * blocked and read back with sigpending; the sibling is found by waitpid
 * without __WCLONE exactly when its exit signal is SIGCHLD.  Exit status
 * 0 when every check held.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "check.h"

/* clone as fork does it (no new stack): 0 in the child. */
static pid_t raw_clone(unsigned long flags)
{
	return (pid_t)syscall(SYS_clone, flags, 0, 0, 0, 0);
}

static void block_signals(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGCHLD);
	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
}

/* Print which of the three signals are pending, then take them. */
static void show_pending(const char *when)
{
	static const int sigs[] = { SIGUSR1, SIGUSR2, SIGCHLD };
	sigset_t set;
	struct timespec zero = { 0, 0 };

	CHECK(sigpending(&set) == 0);
	for (unsigned i = 0; i < 3; i++)
		printf("%s: %s pending: %s\n", when, sig_name(sigs[i]),
		       sigismember(&set, sigs[i]) ? "yes" : "no");
	sigemptyset(&set);
	for (unsigned i = 0; i < 3; i++)
		sigaddset(&set, sigs[i]);
	while (sigtimedwait(&set, NULL, &zero) > 0)
		;
}

/* The middle process: clone a sibling with CLONE_PARENT | SIGUSR1 (which
 * sends its parent's pid through q), send the sibling's pid and its own
 * through p, and end. */
static void middle(int p, int q)
{
	pid_t me = getpid();
	pid_t sib = raw_clone(CLONE_PARENT | SIGUSR1);

	if (sib == 0) {
		pid_t ppid = getppid();

		write(q, &ppid, sizeof(ppid));
		_exit(7);
	}
	write(p, &sib, sizeof(sib));
	write(p, &me, sizeof(me));
	_exit(sib > 0 ? 0 : 1);
}

/* The middle process made by fork (exit signal SIGCHLD) or by clone
 * with exit signal sig; the sibling it makes is then reaped here. */
static void sibling_case(const char *name, int sig)
{
	int p[2], q[2], st = 0;
	pid_t mid, sib = -1, ppid = -1, seen = -1;
	int wflags = sig == SIGCHLD ? 0 : __WCLONE;

	CHECK(pipe(p) == 0 && pipe(q) == 0);
	mid = sig == SIGCHLD ? fork() : raw_clone(sig);
	if (mid == 0)
		middle(p[1], q[1]);
	CHECK(read(p[0], &sib, sizeof(sib)) == sizeof(sib));
	CHECK(read(p[0], &seen, sizeof(seen)) == sizeof(seen));
	CHECK(read(q[0], &ppid, sizeof(ppid)) == sizeof(ppid));
	printf("%s: CLONE_PARENT child made: %s\n", name, sib > 0 ? "yes" : "no");
	yes("  its parent is the caller's parent", ppid == getpid());
	yes("  the middle's pid came back", seen == mid);
	yes("  the sibling is found with the middle's wait flags",
	    waitpid(sib, &st, wflags) == sib);
	printf("  sibling: %s\n", status_str(st));
	CHECK(waitpid(mid, &st, __WALL) == mid);
	printf("  middle: %s\n", status_str(st));
	show_pending(name);
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
}

/* After the exec: let the child (exit signal SIGUSR1) end and see what
 * it sends to the new program; before: the failures counted before the
 * exec. */
static int after_exec(pid_t child, int wfd, int before)
{
	int st = 0;

	failures = before;
	CHECK(write(wfd, "x", 1) == 1);
	yes("after exec: the clone child is reaped",
	    waitpid(child, &st, __WCLONE) == child);
	printf("after exec: child %s\n", status_str(st));
	show_pending("after exec");
	return finish();
}

/* A child with exit signal SIGUSR1 that ends once the parent has
 * exec'd (a byte on the pipe), then the exec. */
static void exec_case(const char *self)
{
	int p[2];
	pid_t child;
	char c, pidbuf[16], fdbuf[16], failbuf[16];

	CHECK(pipe(p) == 0);
	child = raw_clone(SIGUSR1);
	if (child == 0) {
		close(p[1]);
		_exit(read(p[0], &c, 1) == 1 ? 3 : 4);
	}
	close(p[0]);
	snprintf(pidbuf, sizeof(pidbuf), "%d", (int)child);
	snprintf(fdbuf, sizeof(fdbuf), "%d", p[1]);
	snprintf(failbuf, sizeof(failbuf), "%d", failures);
	execl(self, self, "after-exec", pidbuf, fdbuf, failbuf, (char *)NULL);
	printf("exec failed: %s\n", strerror(errno));
	failures++;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "after-exec"))
		return after_exec(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	block_signals();
	sibling_case("fork middle", SIGCHLD);
	sibling_case("SIGUSR2 middle", SIGUSR2);
	exec_case(argv[0]);
	return finish();
}
