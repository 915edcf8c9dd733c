/*
 * sigqueueperm.c: rt_sigqueueinfo and rt_tgsigqueueinfo (sigqueue(3))
 * follow kill()'s permission rule, as Linux: a user may queue a signal to
 * its own processes but not to root's (EPERM), and root may queue to
 * anyone.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include "check.h"

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	(void)sig;
	got = 1;
}

int main(void)
{
	union sigval v = { .sival_int = 7 };
	siginfo_t si;
	pid_t victim, user;

	victim = fork();
	if (victim == 0) {
		for (;;)
			pause();
	}
	user = fork();
	if (user == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		expect_err("uid 1000 queues SIGKILL to root's process",
			   sigqueue(victim, SIGKILL, v), EPERM);
		memset(&si, 0, sizeof(si));
		si.si_code = SI_QUEUE;
		si.si_pid = getpid();
		si.si_uid = getuid();
		expect_err("and through rt_tgsigqueueinfo",
			   (int)syscall(SYS_rt_tgsigqueueinfo, victim, victim,
					SIGKILL, &si), EPERM);
		expect_err("signal 0 as a probe", sigqueue(victim, 0, v), EPERM);
		signal(SIGUSR1, on_usr1);
		yes("to itself", sigqueue(getpid(), SIGUSR1, v) == 0 && got);
		_exit(finish());
	}
	printf("user child: %s\n", wait_str(user));
	yes("root queues SIGTERM to it", sigqueue(victim, SIGTERM, v) == 0);
	printf("root's child: %s\n", wait_str(victim));
	return finish();
}
