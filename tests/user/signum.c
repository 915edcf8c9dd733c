/*
 * signum.c: signal numbers out of range in every system call that takes
 * one, and the order of the errors, as Linux gives them.
 *
 * kill, tkill and tgkill look for the target first (ESRCH, or EINVAL for
 * ids tgkill refuses), then refuse the number (EINVAL); a group or every
 * process (-1) gives EINVAL when something was selected.
 * rt_sigqueueinfo and rt_tgsigqueueinfo refuse it (EINVAL) after EFAULT,
 * EPERM and ESRCH, with every si_code layout (a negative number once
 * indexed a table of maestro's siginfo layouts and panicked it).  rt_sigaction
 * checks the set size, then copies the new action (EFAULT), then the
 * number (0, negative, above 64, SIGKILL or SIGSTOP with an action);
 * so does the old sigaction.
 * clone takes any exit signal in its low byte: 64 is sent to the parent
 * at the child's end, one above 64 is not sent at all, and such a child
 * is waited for with __WALL only.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sched.h>
#include <sys/syscall.h>
#include "check.h"

#define NO_PID	0x7ffffff0

static const int bad_sigs[] = { -1, -5, -0x40000000, -0x7fffffff,
				(int)0x80000000, 65, 255, 1000, 0x7fffffff };
#define NBAD	(int)(sizeof(bad_sigs) / sizeof(bad_sigs[0]))

static void kills(void)
{
	pid_t me = getpid();
	char what[64];

	for (int i = 0; i < NBAD; i++) {
		int sig = bad_sigs[i];

		snprintf(what, sizeof(what), "kill self, sig %d", sig);
		expect_err(what, kill(me, sig), EINVAL);
		snprintf(what, sizeof(what), "kill no such process, sig %d", sig);
		expect_err(what, kill(NO_PID, sig), ESRCH);
		snprintf(what, sizeof(what), "kill own group, sig %d", sig);
		expect_err(what, kill(0, sig), EINVAL);
		snprintf(what, sizeof(what), "kill group -pgid, sig %d", sig);
		expect_err(what, kill(-getpgrp(), sig), EINVAL);
		snprintf(what, sizeof(what), "kill no such group, sig %d", sig);
		expect_err(what, kill(-NO_PID, sig), ESRCH);
		snprintf(what, sizeof(what), "tgkill self, sig %d", sig);
		expect_err(what, syscall(SYS_tgkill, me, me, sig), EINVAL);
		snprintf(what, sizeof(what), "tgkill no such thread, sig %d", sig);
		expect_err(what, syscall(SYS_tgkill, me, NO_PID, sig), ESRCH);
		snprintf(what, sizeof(what), "tgkill tid 0, sig %d", sig);
		expect_err(what, syscall(SYS_tgkill, me, 0, sig), EINVAL);
		snprintf(what, sizeof(what), "tkill self, sig %d", sig);
		expect_err(what, syscall(SYS_tkill, me, sig), EINVAL);
		snprintf(what, sizeof(what), "tkill no such thread, sig %d", sig);
		expect_err(what, syscall(SYS_tkill, NO_PID, sig), ESRCH);
	}
	expect_err("kill group INT_MIN, sig 0", kill((pid_t)0x80000000, 0), ESRCH);
	printf("kill self, sig 0: %d\n", kill(me, 0));
	printf("tkill self, sig 0: %ld\n", syscall(SYS_tkill, me, 0));
}

static long sigqueueinfo_code(pid_t pid, int sig, int code, void *uinfo)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_code = code;
	return syscall(SYS_rt_sigqueueinfo, pid, sig, uinfo ? uinfo : &si);
}

static long tgsigqueueinfo_code(pid_t tgid, pid_t tid, int sig, int code)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_code = code;
	return syscall(SYS_rt_tgsigqueueinfo, tgid, tid, sig, &si);
}

/* Signal numbers out of range, with each si_code layout (a fault's, a
 * queued signal's, the kernel's), and the errors Linux reports first. */
static void queued(void)
{
	static const int codes[] = { 1, 6, SI_QUEUE, SI_USER, 0x80 };
	pid_t me = getpid();
	char what[96];

	for (int i = 0; i < NBAD; i++) {
		for (unsigned int j = 0; j < sizeof(codes) / sizeof(codes[0]); j++) {
			snprintf(what, sizeof(what), "rt_sigqueueinfo sig %d code %d",
				 bad_sigs[i], codes[j]);
			expect_err(what, sigqueueinfo_code(me, bad_sigs[i], codes[j], NULL), EINVAL);
			snprintf(what, sizeof(what), "rt_tgsigqueueinfo sig %d code %d",
				 bad_sigs[i], codes[j]);
			expect_err(what, tgsigqueueinfo_code(me, me, bad_sigs[i], codes[j]), EINVAL);
		}
	}
	expect_err("sig -5, no such process", sigqueueinfo_code(0x7ffffff0, -5, SI_QUEUE, NULL), ESRCH);
	expect_err("sig -5, SI_USER to another", sigqueueinfo_code(1, -5, SI_USER, NULL), EPERM);
	expect_err("sig -5, bad siginfo", sigqueueinfo_code(me, -5, SI_QUEUE, bad_ptr), EFAULT);
	expect_err("tg sig -5, tid 0", tgsigqueueinfo_code(me, 0, -5, SI_QUEUE), EINVAL);
	expect_err("tg sig -5, no such thread", tgsigqueueinfo_code(me, 0x7ffffff0, -5, SI_QUEUE), ESRCH);
	expect_err("tg sig 99, SI_TKILL to another", tgsigqueueinfo_code(me, 1, 99, SI_TKILL), EPERM);
}

static long sigaction_raw(int sig, const void *act, void *old, long size)
{
	return syscall(SYS_rt_sigaction, sig, act, old, size);
}

static void actions(void)
{
	struct sigaction sa = { .sa_handler = SIG_IGN };
	char old[32];
	char what[64];

	for (int i = 0; i < NBAD; i++) {
		snprintf(what, sizeof(what), "rt_sigaction query, sig %d", bad_sigs[i]);
		expect_err(what, sigaction_raw(bad_sigs[i], NULL, old, 8), EINVAL);
		snprintf(what, sizeof(what), "rt_sigaction set, sig %d", bad_sigs[i]);
		expect_err(what, sigaction(bad_sigs[i], &sa, NULL), EINVAL);
	}
	expect_err("rt_sigaction sig 0", sigaction_raw(0, NULL, old, 8), EINVAL);
	expect_err("rt_sigaction SIGKILL", sigaction(SIGKILL, &sa, NULL), EINVAL);
	expect_err("rt_sigaction SIGSTOP", sigaction(SIGSTOP, &sa, NULL), EINVAL);
	printf("rt_sigaction SIGKILL query: %ld\n", sigaction_raw(SIGKILL, NULL, old, 8));
	expect_err("rt_sigaction sig -1, bad action", sigaction_raw(-1, bad_ptr, NULL, 8), EFAULT);
	expect_err("rt_sigaction sig -1, set size 4", sigaction_raw(-1, NULL, old, 4), EINVAL);
	printf("rt_sigaction sig 64: %ld\n", sigaction_raw(64, NULL, old, 8));
	/* The old sigaction system call (i386's 67): the same checks. */
	for (int i = 0; i < NBAD; i++) {
		snprintf(what, sizeof(what), "sigaction query, sig %d", bad_sigs[i]);
		expect_err(what, syscall(SYS_sigaction, bad_sigs[i], NULL, old), EINVAL);
	}
	expect_err("sigaction sig 0", syscall(SYS_sigaction, 0, NULL, old), EINVAL);
	expect_err("sigaction sig -1, bad action", syscall(SYS_sigaction, -1, bad_ptr, NULL), EFAULT);
	printf("sigaction sig 64: %ld\n", syscall(SYS_sigaction, 64, NULL, old));
}

/* clone (fork-like) with exit signal sig; the child exits with 3. */
static void clone_exit_signal(int sig)
{
	sigset_t set, pend;
	long pid;
	int st = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMAX);
	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	pid = syscall(SYS_clone, sig, 0, 0, 0, 0);
	if (pid == 0)
		_exit(3);
	printf("clone, exit signal %d: %s\n", sig, pid > 0 ? "ok" : strerror(errno));
	if (pid <= 0)
		return;
	expect_err("  waitpid without __WALL", waitpid(pid, &st, 0), ECHILD);
	CHECK(waitpid(pid, &st, __WALL) == pid);
	printf("  waitpid __WALL: %s\n", status_str(st));
	CHECK(sigpending(&pend) == 0);
	printf("  SIGRTMAX pending: %d\n", sigismember(&pend, SIGRTMAX));
	while (sigtimedwait(&set, NULL, &(struct timespec){ 0 }) > 0)
		;
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
}

int main(void)
{
	kills();
	queued();
	actions();
	clone_exit_signal(64);
	clone_exit_signal(65);
	clone_exit_signal(100);
	clone_exit_signal(255);
	return finish();
}
