/*
 * rtsig.c: queued real-time signals, rt_sigqueueinfo, rt_tgsigqueueinfo
 * and rt_sigtimedwait.
 *
 * Each real-time signal sent is queued with its siginfo (sigqueue's
 * value, kill's pid), standard ones coalesce; pending signals are taken
 * lowest first (sigwaitinfo shows the order; handlers that do not block
 * each other nest, the last one set up running first, as Linux);
 * sigpending and sigsuspend see the queue; RLIMIT_SIGPENDING bounds it
 * (-EAGAIN for sigqueue, kill still makes the signal pending without its
 * siginfo); forged si_codes for another process give -EPERM;
 * sigtimedwait times out (EAGAIN), polls, takes a signal sent later,
 * and gives EINTR when a handled signal comes.  (Signal numbers out of
 * range are in signum.c, which runs on maestro while this program waits
 * for setrlimit.)
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

#define RT(n)	(SIGRTMIN + (n))

static char order[256];
static volatile int runs;

static const char *name(int sig)
{
	static char buf[16];

	if (sig >= SIGRTMIN && sig <= SIGRTMAX) {
		snprintf(buf, sizeof(buf), "RTMIN+%d", sig - SIGRTMIN);
		return buf;
	}
	return sig_name(sig);
}

static void note(int sig, const siginfo_t *si)
{
	size_t len = strlen(order);

	snprintf(order + len, sizeof(order) - len, "%s%s(%s %d)",
		 len ? " " : "", name(sig),
		 si->si_code == SI_QUEUE ? "queue" :
		 si->si_code == SI_USER ? "user" : "other",
		 si->si_code == SI_QUEUE ? si->si_value.sival_int : 0);
}

static void on_info(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	note(sig, si);
	runs++;
}

static void handle(int sig, int flags, int block_all)
{
	struct sigaction sa = { .sa_sigaction = on_info,
				.sa_flags = SA_SIGINFO | flags };

	if (block_all)
		sigfillset(&sa.sa_mask);
	CHECK(sigaction(sig, &sa, NULL) == 0);
}

static void queue(int sig, int value)
{
	CHECK(sigqueue(getpid(), sig, (union sigval){ .sival_int = value }) == 0);
}

static sigset_t test_set(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, RT(0));
	sigaddset(&set, RT(1));
	sigaddset(&set, RT(2));
	return set;
}

/* Queue a mix while blocked: USR1 twice, RT(1) three times, RT(0). */
static void send_mix(void)
{
	queue(RT(1), 10);
	queue(SIGUSR1, 1);
	queue(RT(1), 20);
	queue(RT(0), 5);
	queue(SIGUSR1, 2);
	kill(getpid(), RT(1));
}

static void waitinfo_order(void)
{
	sigset_t set = test_set(), pend;
	siginfo_t si;
	int sig;

	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	send_mix();
	CHECK(sigpending(&pend) == 0);
	printf("pending: USR1 %d RTMIN %d RTMIN+1 %d RTMIN+2 %d\n",
	       sigismember(&pend, SIGUSR1), sigismember(&pend, RT(0)),
	       sigismember(&pend, RT(1)), sigismember(&pend, RT(2)));
	order[0] = 0;
	while ((sig = sigtimedwait(&set, &si, &(struct timespec){ 0 })) > 0) {
		note(sig, &si);
		if (si.si_code == SI_QUEUE || si.si_code == SI_USER)
			CHECK(si.si_pid == getpid() && si.si_uid == getuid());
	}
	printf("sigwaitinfo order: %s\n", order);
	CHECK(sigpending(&pend) == 0);
	printf("pending after: RTMIN+1 %d\n", sigismember(&pend, RT(1)));
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
}

static void handler_order(const char *what, int block_all)
{
	sigset_t set = test_set();

	handle(SIGUSR1, 0, block_all);
	handle(RT(0), 0, block_all);
	handle(RT(1), 0, block_all);
	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	send_mix();
	order[0] = 0;
	runs = 0;
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
	printf("%s: %s\n", what, order);
}

static void suspend_queue(void)
{
	sigset_t set = test_set(), none, pend;

	handle(RT(1), 0, 0);
	sigemptyset(&none);
	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	queue(RT(1), 7);
	queue(RT(1), 8);
	order[0] = 0;
	expect_err("sigsuspend", sigsuspend(&none), EINTR);
	CHECK(sigpending(&pend) == 0);
	printf("sigsuspend ran: %s; still pending: %d\n", order,
	       sigismember(&pend, RT(1)));
	order[0] = 0;
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
	printf("then: %s\n", order);
}

/* Queue RT(2) until the limit; what kill and a standard signal do then. */
static void queue_limit(void)
{
	struct rlimit rl, old;
	sigset_t set = test_set();
	siginfo_t si;
	int n = 0, sig, queued;
	long err = 0;

	CHECK(getrlimit(RLIMIT_SIGPENDING, &old) == 0);
	rl = (struct rlimit){ 16, old.rlim_max };
	CHECK(setrlimit(RLIMIT_SIGPENDING, &rl) == 0);
	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	while (n < 100 && !(err = sigqueue(getpid(), RT(2),
					   (union sigval){ .sival_int = n })))
		n++;
	/* The limit counts the user's other processes' queued signals too,
	 * so the check allows some queued elsewhere: when the expected output
	 * came from the build machine, other processes of its user could
	 * hold some.  Both runs are root's now, in a machine of their own. */
	printf("queued up to the limit of 16 (%s), then %s\n",
	       n > 8 && n <= 16 ? "yes" : "no", strerror(err ? errno : 0));
	queued = n;
	printf("kill over the limit: %d\n", kill(getpid(), RT(1)));
	printf("sigqueue of SIGUSR1 over the limit: %d\n",
	       sigqueue(getpid(), SIGUSR1, (union sigval){ .sival_int = 99 }));
	order[0] = 0;
	sig = sigtimedwait(&set, &si, &(struct timespec){ 0 });
	note(sig, &si);
	sig = sigtimedwait(&set, &si, &(struct timespec){ 0 });
	note(sig, &si);
	printf("taken: %s, pid %d\n", order, si.si_pid);
	n = 0;
	while (sigtimedwait(&set, &si, &(struct timespec){ 0 }) == RT(2))
		CHECK(si.si_value.sival_int == n++);
	printf("drained all in order: %s\n", n == queued ? "yes" : "no");
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
	CHECK(setrlimit(RLIMIT_SIGPENDING, &old) == 0);
}

static long sys_sigqueueinfo(pid_t pid, int sig, int code)
{
	siginfo_t si = { .si_signo = sig, .si_code = code };

	si.si_pid = getpid();
	si.si_uid = getuid();
	si.si_value.sival_int = 77;
	return syscall(SYS_rt_sigqueueinfo, pid, sig, &si);
}

static long sys_tgsigqueueinfo(pid_t tgid, pid_t tid, int sig, int code)
{
	siginfo_t si = { .si_signo = sig, .si_code = code };

	si.si_value.sival_int = 78;
	return syscall(SYS_rt_tgsigqueueinfo, tgid, tid, sig, &si);
}

static void permissions(void)
{
	sigset_t set = test_set();
	pid_t me = getpid(), pid = fork();
	siginfo_t si;

	if (pid == 0) {
		sigprocmask(SIG_BLOCK, &set, NULL);
		pause();
		_exit(0);
	}
	expect_err("SI_USER to another process", sys_sigqueueinfo(pid, RT(0), SI_USER), EPERM);
	expect_err("SI_KERNEL to another process", sys_sigqueueinfo(pid, RT(0), 0x80), EPERM);
	expect_err("SI_TKILL to another process", sys_sigqueueinfo(pid, RT(0), SI_TKILL), EPERM);
	printf("SI_QUEUE to another process: %ld\n", sys_sigqueueinfo(pid, RT(0), SI_QUEUE));
	expect_err("signal 99", sys_sigqueueinfo(pid, 99, SI_QUEUE), EINVAL);
	expect_err("no such process", sys_sigqueueinfo(0x7ffffff0, RT(0), SI_QUEUE), ESRCH);
	expect_err("pid 0", sys_sigqueueinfo(0, RT(0), SI_QUEUE), ESRCH);
	expect_err("bad siginfo", syscall(SYS_rt_sigqueueinfo, pid, RT(0), bad_ptr), EFAULT);
	printf("signal 0: %ld\n", sys_sigqueueinfo(pid, 0, SI_QUEUE));
	expect_err("tgsigqueueinfo tid 0", sys_tgsigqueueinfo(pid, 0, RT(0), SI_QUEUE), EINVAL);
	expect_err("tgsigqueueinfo wrong group", sys_tgsigqueueinfo(me, pid, RT(0), SI_QUEUE), ESRCH);
	expect_err("tgsigqueueinfo SI_USER to another", sys_tgsigqueueinfo(pid, pid, RT(0), SI_USER), EPERM);
	printf("tgsigqueueinfo SI_QUEUE: %ld\n", sys_tgsigqueueinfo(pid, pid, RT(0), SI_QUEUE));
	kill(pid, SIGKILL);
	printf("child: %s\n", wait_str(pid));
	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	printf("SI_USER to itself: %ld\n", sys_sigqueueinfo(me, RT(0), SI_USER));
	printf("tgsigqueueinfo SI_KERNEL to itself: %ld\n",
	       sys_tgsigqueueinfo(me, me, RT(1), 0x80));
	/* One signal at a time: tgsigqueueinfo queues to the thread, which
	 * Linux takes before the process's queue. */
	for (int sig = RT(0); sig <= RT(1); sig++) {
		sigset_t one;

		sigemptyset(&one);
		sigaddset(&one, sig);
		CHECK(sigtimedwait(&one, &si, &(struct timespec){ 0 }) == sig);
		printf("%s: code %d value %d pid %s\n", name(sig), si.si_code,
		       si.si_value.sival_int, si.si_pid == me ? "self" :
		       si.si_pid ? "other" : "0");
	}
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
}

/* The words of siginfo's union (after signo, errno and code). */
static uint32_t *si_words(siginfo_t *si)
{
	return (uint32_t *)((char *)si + 12);
}

/* rt_sigqueueinfo with words 3 and 4 set and word w set to 1 (none when
 * w is 0); then the words 3 and 4 taken back (when the call succeeded). */
static void raw_words(const char *what, int code, int w)
{
	sigset_t one;
	siginfo_t si;
	long r;

	memset(&si, 0, sizeof(si));
	si.si_signo = RT(3);
	si.si_code = code;
	si_words(&si)[3] = 0x33;
	si_words(&si)[4] = 0x44;
	if (w)
		si_words(&si)[w] = 1;
	sigemptyset(&one);
	sigaddset(&one, RT(3));
	CHECK(sigprocmask(SIG_BLOCK, &one, NULL) == 0);
	r = syscall(SYS_rt_sigqueueinfo, getpid(), RT(3), &si);
	printf("%s: %ld", what, r);
	if (r == 0) {
		memset(&si, 0, sizeof(si));
		CHECK(sigtimedwait(&one, &si, &(struct timespec){ 0 }) == RT(3));
		printf(", words 3 and 4: %#x %#x", si_words(&si)[3],
		       si_words(&si)[4]);
	} else {
		printf(" %s", strerror(errno));
	}
	printf("\n");
	CHECK(sigprocmask(SIG_UNBLOCK, &one, NULL) == 0);
}

/* Linux i386 keeps the whole kernel siginfo a caller wrote (32 bytes), and
 * refuses more for a layout it does not know. */
static void whole_siginfo(void)
{
	raw_words("SI_QUEUE with words past the value", SI_QUEUE, 0);
	raw_words("SI_QUEUE, word 10 set", SI_QUEUE, 10);
	raw_words("unknown code -20", -20, 0);
	raw_words("unknown code -20, word 10 set", -20, 10);
	raw_words("unknown code -20, word 28 set", -20, 28);
}

/* A thread's own queue is taken before its process's, whatever the
 * numbers. */
static void thread_first(void)
{
	sigset_t set = test_set();
	siginfo_t si;
	pid_t me = getpid();

	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	queue(RT(0), 1);
	CHECK(sys_tgsigqueueinfo(me, me, RT(2), SI_QUEUE) == 0);
	order[0] = 0;
	while (sigtimedwait(&set, &si, &(struct timespec){ 0 }) > 0)
		note(si.si_signo, &si);
	printf("process RTMIN then thread RTMIN+2: taken %s\n", order);
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
}

static void on_alarm(int sig)
{
	(void)sig;
	runs++;
}

static long sigtimedwait32(const sigset_t *set, siginfo_t *si, long sec,
			   long nsec)
{
	long ts[2] = { sec, nsec };

	return syscall(SYS_rt_sigtimedwait, set, si, ts, 8);
}

static void timed_waits(void)
{
	sigset_t set = test_set();
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it = { .it_value = { .tv_usec = 50000 } };
	siginfo_t si;
	pid_t parent = getpid(), pid;

	CHECK(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	expect_err("sigtimedwait 50 ms", sigtimedwait(&set, &si,
		   &(struct timespec){ 0, 50000000 }), EAGAIN);
	expect_err("sigtimedwait 0", sigtimedwait(&set, &si,
		   &(struct timespec){ 0 }), EAGAIN);
	expect_err("rt_sigtimedwait 50 ms", sigtimedwait32(&set, &si, 0, 50000000), EAGAIN);
	expect_err("rt_sigtimedwait bad nsec", sigtimedwait32(&set, &si, 0, 1000000000), EINVAL);
	expect_err("rt_sigtimedwait negative", sigtimedwait32(&set, &si, -1, 0), EINVAL);
	expect_err("rt_sigtimedwait set size 4", syscall(SYS_rt_sigtimedwait, &set, &si, NULL, 4), EINVAL);
	expect_err("rt_sigtimedwait bad set", syscall(SYS_rt_sigtimedwait, bad_ptr, &si, NULL, 8), EFAULT);
	queue(RT(2), 31);
	printf("rt_sigtimedwait with one pending: %s\n",
	       sigtimedwait32(&set, &si, 1, 0) == RT(2) &&
	       si.si_value.sival_int == 31 ? "RTMIN+2 value 31" : "wrong");
	CHECK(sigaction(SIGALRM, &sa, NULL) == 0);
	runs = 0;
	setitimer(ITIMER_REAL, &it, NULL);
	/* musl's sigwaitinfo retries after EINTR: the system call itself. */
	expect_err("rt_sigtimedwait, a handled SIGALRM comes",
		   syscall(SYS_rt_sigtimedwait, &set, &si, NULL, 8), EINTR);
	printf("SIGALRM handler ran: %d\n", runs);
	pid = fork();
	if (pid == 0) {
		usleep(100000);
		sigqueue(parent, RT(0), (union sigval){ .sival_int = 12 });
		_exit(0);
	}
	printf("sigwaitinfo, sent later by a child: %s",
	       sigwaitinfo(&set, &si) == RT(0) ? "RTMIN" : "other");
	printf(" value %d, from the child %d\n", si.si_value.sival_int,
	       si.si_pid == pid);
	printf("child: %s\n", wait_str(pid));
	pid = fork();
	if (pid == 0) {
		usleep(100000);
		kill(parent, SIGUSR1);
		_exit(0);
	}
	printf("sigtimedwait 5 s, SIGUSR1 sent later: %s\n",
	       sigtimedwait(&set, &si, &(struct timespec){ 5, 0 }) == SIGUSR1 &&
	       si.si_code == SI_USER && si.si_pid == pid ? "SIGUSR1 from the child" : "other");
	printf("child: %s\n", wait_str(pid));
	CHECK(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0);
}

int main(void)
{
	printf("SIGRTMIN %d SIGRTMAX %d\n", SIGRTMIN, SIGRTMAX);
	waitinfo_order();
	handler_order("handlers, sa_mask empty", 0);
	handler_order("handlers, sa_mask full", 1);
	suspend_queue();
	queue_limit();
	permissions();
	whole_siginfo();
	thread_first();
	timed_waits();
	return finish();
}
