/*
 * signal.c: signals.  sigaction handlers run for kill() to oneself;
 * SA_SIGINFO gives si_signo, si_code SI_USER and si_pid; a handler runs
 * with its signal blocked; sigprocmask holds a signal pending (sigpending
 * shows it, two sends deliver once) until unblocked; SA_RESETHAND; SIGCHLD
 * with CLD_EXITED when a child exits; alarm() ends pause() with EINTR;
 * a blocking read is interrupted (EINTR) without SA_RESTART and restarted
 * with it; default actions seen through a child's wait status (SIGTERM
 * and SIGUSR1 kill, SIGCHLD is ignored, an ignored SIGINT does nothing,
 * SIGSTOP stops, SIGCONT continues, SIGKILL kills); errors (EINVAL, ESRCH).
 */
#include <signal.h>
#include <sys/time.h>
#include "check.h"

static volatile int hits, blocked_inside, info_signo, info_code, info_pid;
static volatile int chld_code, chld_status, chld_pid;

static void on_usr1(int sig)
{
	sigset_t cur;

	(void)sig;
	hits++;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	blocked_inside = sigismember(&cur, SIGUSR1);
}

static void on_info(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	info_signo = si->si_signo;
	info_code = si->si_code;
	info_pid = si->si_pid;
}

static void on_chld(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	chld_code = si->si_code;
	chld_status = si->si_status;
	chld_pid = si->si_pid;
}

static void on_alarm(int sig)
{
	(void)sig;
	hits++;
}

static void handle(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa = { .sa_handler = fn, .sa_flags = flags };

	CHECK(sigaction(sig, &sa, NULL) == 0);
}

static void handlers(void)
{
	struct sigaction sa = { .sa_sigaction = on_info,
				.sa_flags = SA_SIGINFO }, old;
	sigset_t set, pend;

	handle(SIGUSR1, on_usr1, 0);
	CHECK(kill(getpid(), SIGUSR1) == 0);
	printf("handler ran: %d times, its signal blocked inside: %d\n", hits,
	       blocked_inside);
	CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
	CHECK(kill(getpid(), SIGUSR2) == 0);
	printf("SA_SIGINFO: si_signo %s, si_code SI_USER %d\n",
	       sig_name(info_signo), info_code == SI_USER);
	yes("si_pid is the sender", info_pid == getpid());
	CHECK(sigaction(SIGUSR2, NULL, &old) == 0);
	yes("sigaction reads back the handler", old.sa_sigaction == on_info &&
	    (old.sa_flags & SA_SIGINFO));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	hits = 0;
	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	raise(SIGUSR1);
	raise(SIGUSR1);
	CHECK(sigpending(&pend) == 0);
	printf("blocked: ran %d times, pending %d\n", hits,
	       sigismember(&pend, SIGUSR1));
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
	CHECK(sigpending(&pend) == 0);
	printf("unblocked: ran %d times, pending %d\n", hits,
	       sigismember(&pend, SIGUSR1));
	handle(SIGUSR1, on_usr1, SA_RESETHAND);
	raise(SIGUSR1);
	CHECK(sigaction(SIGUSR1, NULL, &old) == 0);
	yes("SA_RESETHAND restores SIG_DFL", old.sa_handler == SIG_DFL);
}

static void sigchld(void)
{
	struct sigaction sa = { .sa_sigaction = on_chld,
				.sa_flags = SA_SIGINFO }, dfl = { 0 };
	sigset_t set, old;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	CHECK(sigaction(SIGCHLD, &sa, NULL) == 0);
	CHECK(sigprocmask(SIG_BLOCK, &set, &old) == 0);
	pid = fork();
	if (pid == 0)
		_exit(9);
	printf("child: %s\n", wait_str(pid));
	CHECK(sigprocmask(SIG_SETMASK, &old, NULL) == 0);
	printf("SIGCHLD: CLD_EXITED %d, si_status %d\n",
	       chld_code == CLD_EXITED, chld_status);
	yes("SIGCHLD si_pid is the child", chld_pid == pid);
	CHECK(sigaction(SIGCHLD, &dfl, NULL) == 0);
}

static void interruptions(void)
{
	struct itimerval it = { .it_value = { .tv_usec = 100000 } };
	int p[2];
	char c;
	pid_t pid;

	handle(SIGALRM, on_alarm, 0);
	hits = 0;
	alarm(1);
	expect_err("pause() ended by alarm", pause(), EINTR);
	printf("SIGALRM handler ran: %d\n", hits);
	CHECK(pipe(p) == 0);
	setitimer(ITIMER_REAL, &it, NULL);
	expect_err("read interrupted without SA_RESTART", read(p[0], &c, 1),
		   EINTR);
	handle(SIGALRM, on_alarm, SA_RESTART);
	pid = fork();
	if (pid == 0) {
		usleep(300000);
		write(p[1], "r", 1);
		_exit(0);
	}
	setitimer(ITIMER_REAL, &it, NULL);
	printf("read with SA_RESTART: %zd, handler ran: %d\n",
	       read(p[0], &c, 1), hits);
	printf("writer: %s\n", wait_str(pid));
	close(p[0]);
	close(p[1]);
}

static void child_gets(const char *what, int sig, void (*disp)(int))
{
	pid_t pid = fork();

	if (pid == 0) {
		signal(sig, disp);
		raise(sig);
		_exit(0);
	}
	printf("%s: %s\n", what, wait_str(pid));
}

static void defaults(void)
{
	int st;
	pid_t pid;

	child_gets("SIGTERM, default", SIGTERM, SIG_DFL);
	child_gets("SIGUSR1, default", SIGUSR1, SIG_DFL);
	child_gets("SIGABRT, default", SIGABRT, SIG_DFL);
	child_gets("SIGCHLD, default", SIGCHLD, SIG_DFL);
	child_gets("SIGINT, ignored", SIGINT, SIG_IGN);
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	CHECK(kill(pid, SIGSTOP) == 0);
	CHECK(waitpid(pid, &st, WUNTRACED) == pid);
	printf("SIGSTOP: %s\n", status_str(st));
	CHECK(kill(pid, SIGCONT) == 0);
	CHECK(waitpid(pid, &st, WCONTINUED) == pid);
	printf("SIGCONT: %s\n", status_str(st));
	CHECK(kill(pid, SIGKILL) == 0);
	printf("SIGKILL: %s\n", wait_str(pid));
}

static void errors(void)
{
	struct sigaction sa = { .sa_handler = on_usr1 };

	expect_err("sigaction(SIGKILL)", sigaction(SIGKILL, &sa, NULL), EINVAL);
	expect_err("sigaction(SIGSTOP)", sigaction(SIGSTOP, &sa, NULL), EINVAL);
	expect_err("kill(signal 99)", kill(getpid(), 99), EINVAL);
	expect_err("kill(no such pid)", kill(0x7ffffff0, SIGTERM), ESRCH);
	printf("kill(self, 0): %d\n", kill(getpid(), 0));
}

int main(void)
{
	handlers();
	sigchld();
	interruptions();
	defaults();
	errors();
	return finish();
}
