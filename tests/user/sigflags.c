/*
 * sigflags.c: sigaction flags and signal details, as Linux has them.
 *
 * SA_RESETHAND (one run, then SIG_DFL), SA_NODEFER (the handler can be
 * re-entered), sa_mask, unknown flags dropped by sigaction; SA_RESTART
 * for each call that sleeps (wait4, pipe read and write are restarted;
 * nanosleep, pause and sigsuspend are not); SA_NOCLDSTOP, SA_NOCLDWAIT
 * and SIGCHLD ignored (children reaped, wait gives ECHILD); SIGCHLD's
 * siginfo for an exit and a kill; the si_code and si_addr of faults.
 * (wait4's result 1 below stands for "the child's pid".)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

static volatile int runs, depth, max_depth, blocked_inside, mask_inside;
static volatile int chld_runs, chld_code, chld_status, chld_pid, chld_uid;

static void on_usr1(int sig)
{
	sigset_t cur;

	runs++;
	depth++;
	if (depth > max_depth)
		max_depth = depth;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	blocked_inside = sigismember(&cur, sig);
	mask_inside = sigismember(&cur, SIGUSR2);
	if (runs == 1)
		raise(SIGUSR1);
	depth--;
}

static void set(int sig, void (*fn)(int), int flags, int mask_sig)
{
	struct sigaction sa = { .sa_handler = fn, .sa_flags = flags };

	if (mask_sig)
		sigaddset(&sa.sa_mask, mask_sig);
	CHECK(sigaction(sig, &sa, NULL) == 0);
}

static void flags(void)
{
	struct sigaction sa = { .sa_handler = on_usr1,
				.sa_flags = SA_RESTART | 0x400 }, old;

	set(SIGUSR1, on_usr1, SA_NODEFER, SIGUSR2);
	runs = max_depth = 0;
	raise(SIGUSR1);
	printf("SA_NODEFER: runs %d, nested %d, blocked inside %d, "
	       "sa_mask blocked inside %d\n", runs, max_depth > 1,
	       blocked_inside, mask_inside);
	set(SIGUSR1, on_usr1, 0, 0);
	runs = max_depth = 0;
	raise(SIGUSR1);
	printf("default: runs %d, nested %d, blocked inside %d\n", runs,
	       max_depth > 1, blocked_inside);
	set(SIGUSR1, on_usr1, SA_RESETHAND, 0);
	runs = 0;
	pid_t pid = fork();
	if (pid == 0) {
		raise(SIGUSR1);	/* the second raise, inside, kills */
		_exit(0);
	}
	printf("SA_RESETHAND, raised again inside: %s\n", wait_str(pid));
	set(SIGUSR1, on_usr1, SA_RESETHAND | SA_NODEFER, 0);
	pid = fork();
	if (pid == 0) {
		raise(SIGUSR1);
		_exit(0);
	}
	printf("SA_RESETHAND | SA_NODEFER, raised again inside: %s\n",
	       wait_str(pid));
	CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
	CHECK(sigaction(SIGUSR2, NULL, &old) == 0);
	printf("flags read back (unknown 0x400 set): %#x\n", old.sa_flags);
	signal(SIGUSR1, SIG_DFL);
}

static void on_alarm(int sig)
{
	(void)sig;
	runs++;
}

/* A 50 ms alarm with (or without) SA_RESTART around a sleeping call. */
static void arm(int restart)
{
	struct itimerval it = { .it_value = { .tv_usec = 50000 } };

	set(SIGALRM, on_alarm, restart ? SA_RESTART : 0, 0);
	runs = 0;
	CHECK(setitimer(ITIMER_REAL, &it, NULL) == 0);
}

static const char *result(long ret)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "%ld %s, handler ran %d", ret,
		 ret < 0 ? strerror(errno) : "-", runs);
	return buf;
}

/* Fill the pipe that fd writes to. */
static void fill(int fd)
{
	static char page[4096];
	int fl = fcntl(fd, F_GETFL);

	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	while (write(fd, page, sizeof(page)) > 0)
		;
	while (write(fd, page, 1) > 0)
		;
	fcntl(fd, F_SETFL, fl);
}

static void restarts(void)
{
	int p[2], st;
	char c = 'x', big[4096];
	sigset_t none;
	pid_t pid;
	long ret;

	for (int restart = 0; restart <= 1; restart++) {
		const char *how = restart ? "SA_RESTART" : "no SA_RESTART";

		pid = fork();
		if (pid == 0) {
			usleep(200000);
			_exit(5);
		}
		arm(restart);
		ret = waitpid(pid, &st, 0);
		printf("wait4, %s: %s\n", how, result(ret == pid ? 1 : ret));
		if (!restart)
			waitpid(pid, &st, 0);
		CHECK(pipe(p) == 0);
		pid = fork();
		if (pid == 0) {
			usleep(200000);
			write(p[1], &c, 1);
			_exit(0);
		}
		arm(restart);
		printf("pipe read, %s: %s\n", how, result(read(p[0], &c, 1)));
		if (!restart)
			CHECK(read(p[0], &c, 1) == 1);
		waitpid(pid, &st, 0);
		fill(p[1]);
		pid = fork();
		if (pid == 0) {
			usleep(200000);
			read(p[0], big, 4096);
			_exit(0);
		}
		arm(restart);
		printf("pipe write to a full pipe, %s: %s\n", how,
		       result(write(p[1], &c, 1)));
		waitpid(pid, &st, 0);
		close(p[0]);
		close(p[1]);
		arm(restart);
		printf("nanosleep, %s: %s\n", how, result(nanosleep(
		       &(struct timespec){ 0, 300000000 }, NULL)));
		arm(restart);
		printf("pause, %s: %s\n", how, result(pause()));
		sigemptyset(&none);
		arm(restart);
		printf("sigsuspend, %s: %s\n", how, result(sigsuspend(&none)));
	}
}

static void on_chld(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	chld_runs++;
	chld_code = si->si_code;
	chld_status = si->si_status;
	chld_pid = si->si_pid;
	chld_uid = si->si_uid;
}

static void set_chld(int flags)
{
	struct sigaction sa = { .sa_sigaction = on_chld,
				.sa_flags = SA_SIGINFO | flags };

	CHECK(sigaction(SIGCHLD, &sa, NULL) == 0);
	chld_runs = 0;
}

static const char *code_name(int code)
{
	static const char *const names[] = { "?", "CLD_EXITED", "CLD_KILLED",
		"CLD_DUMPED", "CLD_TRAPPED", "CLD_STOPPED", "CLD_CONTINUED" };

	return code > 0 && code < 7 ? names[code] : "?";
}

static void children(void)
{
	int st;
	pid_t pid;

	set_chld(SA_NOCLDSTOP);
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	kill(pid, SIGSTOP);
	CHECK(waitpid(pid, &st, WUNTRACED) == pid);
	kill(pid, SIGCONT);
	CHECK(waitpid(pid, &st, WCONTINUED) == pid);
	usleep(50000);
	printf("SA_NOCLDSTOP: SIGCHLD on stop and continue: %d\n", chld_runs);
	kill(pid, SIGTERM);
	CHECK(waitpid(pid, &st, 0) == pid);
	printf("then killed: SIGCHLD %d, %s, si_status %s, si_pid right %d, "
	       "si_uid right %d\n", chld_runs, code_name(chld_code),
	       sig_name(chld_status), chld_pid == pid,
	       chld_uid == (int)getuid());
	set_chld(0);
	pid = fork();
	if (pid == 0)
		_exit(42);
	CHECK(waitpid(pid, &st, 0) == pid);
	printf("exit: SIGCHLD %d, %s, si_status %d, si_pid right %d\n",
	       chld_runs, code_name(chld_code), chld_status, chld_pid == pid);
	set_chld(SA_NOCLDWAIT);
	pid = fork();
	if (pid == 0) {
		usleep(100000);
		_exit(1);
	}
	expect_err("SA_NOCLDWAIT: wait", waitpid(-1, &st, 0), ECHILD);
	printf("SA_NOCLDWAIT: SIGCHLD still sent: %d\n", chld_runs);
	signal(SIGCHLD, SIG_IGN);
	pid = fork();
	if (pid == 0) {
		usleep(100000);
		_exit(1);
	}
	expect_err("SIGCHLD ignored: wait", waitpid(pid, &st, 0), ECHILD);
	expect_err("SIGCHLD ignored: kill(child, 0) after",
		   kill(pid, 0), ESRCH);
	signal(SIGCHLD, SIG_DFL);
}

/* Faults: si_code and si_addr, in a child each. */
static volatile uintptr_t fault_addr;
static const char rodata[16] = "read only";
extern const char ud2_insn[], int3_next[], hlt_insn[], div_insn[];

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	printf("%s si_code %d, si_addr %s\n", sig_name(sig), si->si_code,
	       (uintptr_t)si->si_addr == fault_addr ? "right" :
	       si->si_addr ? "other" : "0");
	_exit(0);
}

static void fault(const char *what, int kind)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct sigaction sa = { .sa_sigaction = on_fault,
					.sa_flags = SA_SIGINFO };
		volatile int zero = 0, r;

		sigaction(SIGSEGV, &sa, NULL);
		sigaction(SIGFPE, &sa, NULL);
		sigaction(SIGILL, &sa, NULL);
		sigaction(SIGTRAP, &sa, NULL);
		printf("%s: ", what);
		switch (kind) {
		case 0:
			fault_addr = (uintptr_t)bad_ptr;
			r = *(volatile int *)bad_ptr;
			break;
		case 1:
			fault_addr = (uintptr_t)rodata;
			*(volatile char *)rodata = 1;
			break;
		case 2:
			fault_addr = (uintptr_t)div_insn;
			__asm__ __volatile__("div_insn: divl %1" : "=a"(r)
					     : "r"(zero), "a"(1), "d"(0));
			break;
		case 3:
			fault_addr = (uintptr_t)ud2_insn;
			__asm__ __volatile__("ud2_insn: ud2");
			break;
		case 4:
			fault_addr = 0;
			__asm__ __volatile__("int3\n\tint3_next:");
			break;
		case 5:
			fault_addr = 0;
			__asm__ __volatile__("hlt_insn: hlt");
			break;
		}
		(void)r;
		_exit(9);
	}
	wait_str(pid);
}

int main(void)
{
	flags();
	restarts();
	children();
	fault("unmapped read", 0);
	fault("write to .rodata", 1);
	fault("divide by zero", 2);
	fault("ud2", 3);
	fault("int3", 4);
	fault("hlt", 5);
	return finish();
}
