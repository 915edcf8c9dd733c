/*
 * test_sigqueue.c: the per-user count of queued signals (the
 * RLIMIT_SIGPENDING charge, kernel/proc/sigqueue.c).
 *
 * Queued entries are charged to the real user of the process they are
 * queued in, when they are queued, and given back to that same user when
 * taken or dropped, even after the process changed users (as Linux);
 * standard signals with a kernel or kill() si_code are charged beyond the
 * limit; the limit is exact and per user; a process that ends gives back
 * what its threads and it had queued, before it is reaped.  The users
 * here (uids 4200...) have nothing queued elsewhere.
 */
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "kernel/sched/task.h"
#include "tests/kernel/proc_test.h"

#define UID_A	4201
#define UID_B	4202

static const struct ksiginfo queued_info = { .code = SI_QUEUE };
static const struct ksiginfo kill_info = { .code = SI_USER };

/* Take p's next process-directed signal: its number, 0 when none. */
static int take(struct proc *p, struct ksiginfo *info)
{
	uint32_t flags = signal_lock();
	int sig = sigpending_take(&p->shared_pending, 0, info);

	signal_unlock(flags);
	return sig;
}

KTEST(sigqueue, charged_and_given_back)
{
	struct proc *p = pt_proc(UID_A);
	struct ksiginfo info;

	KT_ASSERT(ctx, p != NULL);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 0);
	for (int i = 0; i < 3; i++)
		KT_EXPECT_EQ(ctx, signal_send(p, SIGRTMIN + 1, &queued_info), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 3);
	/* A standard signal queues once, however often it is sent. */
	KT_EXPECT_EQ(ctx, signal_send(p, SIGUSR1, &kill_info), 0);
	KT_EXPECT_EQ(ctx, signal_send(p, SIGUSR1, &kill_info), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 4);
	KT_EXPECT_EQ(ctx, take(p, &info), SIGUSR1);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 3);
	/* setuid: new entries go to the new user, old ones stay with A. */
	p->uid = UID_B;
	KT_EXPECT_EQ(ctx, signal_send(p, SIGRTMIN + 1, &queued_info), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 3);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_B), 1);
	KT_EXPECT_EQ(ctx, take(p, &info), SIGRTMIN + 1);	/* A's, oldest */
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 2);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_B), 1);
	/* Freeing the process drops the rest, each from its own user. */
	proc_free(p);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_B), 0);
}

/* Queue until -EAGAIN: how many went in. */
static int fill(struct proc *p, int sig)
{
	int n = 0;

	while (n < 100000 && signal_send(p, sig, &queued_info) == 0)
		n++;
	return n;
}

KTEST(sigqueue, limit_exact_and_per_user)
{
	struct proc *p = pt_proc(UID_A);
	struct ksiginfo info;
	int n;

	KT_ASSERT(ctx, p != NULL);
	n = fill(p, SIGRTMIN + 2);
	KT_EXPECT(ctx, n >= 10 && n < 100000);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), n);
	KT_EXPECT_EQ(ctx, signal_send(p, SIGRTMIN + 2, &queued_info), -EAGAIN);
	/* kill() still makes it pending, without an entry; a standard
	 * signal from kill() is queued beyond the limit. */
	KT_EXPECT_EQ(ctx, signal_send(p, SIGRTMIN + 3, &kill_info), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), n);
	KT_EXPECT_EQ(ctx, signal_send(p, SIGUSR2, &kill_info), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), n + 1);
	/* Another user has a limit of its own. */
	p->uid = UID_B;
	KT_EXPECT_EQ(ctx, fill(p, SIGRTMIN + 4), n);
	p->uid = UID_A;
	/* One taken (A's SIGUSR2): still over A's limit, by one. */
	KT_EXPECT_EQ(ctx, take(p, &info), SIGUSR2);
	KT_EXPECT_EQ(ctx, signal_send(p, SIGRTMIN + 2, &queued_info), -EAGAIN);
	KT_EXPECT_EQ(ctx, take(p, &info), SIGRTMIN + 2);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), n - 1);
	KT_EXPECT_EQ(ctx, signal_send(p, SIGRTMIN + 2, &queued_info), 0);
	KT_EXPECT_EQ(ctx, signal_send(p, SIGRTMIN + 2, &queued_info), -EAGAIN);
	proc_free(p);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_B), 0);
}

struct exit_queued {
	struct proc *p;
	volatile bool go;
};

static int queue_then_exit(void *arg)
{
	struct exit_queued *x = arg;

	while (!x->go)
		yield();
	signal_send_thread(thread_current(), SIGRTMIN + 5, &queued_info);
	signal_send_thread(thread_current(), SIGRTMIN + 5, &queued_info);
	thread_exit(0);
}

/* A process ending with signals queued for it and its threads gives
 * them back as it ends, before it is reaped. */
KTEST(sigqueue, exit_gives_back)
{
	struct exit_queued x = { 0 };
	int status;

	x.p = pt_proc(UID_A);
	KT_ASSERT(ctx, x.p != NULL);
	for (int i = 0; i < 3; i++)
		KT_ASSERT(ctx, pt_thread(x.p, queue_then_exit, &x) != NULL);
	for (int i = 0; i < 4; i++)
		KT_EXPECT_EQ(ctx, signal_send(x.p, SIGRTMIN + 6, &queued_info), 0);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 4);
	x.go = true;
	wait_event(&x.p->exited, x.p->zombie);
	KT_EXPECT_EQ(ctx, pt_user_count(UID_A), 0);
	status = proc_wait_kernel(x.p);
	KT_EXPECT_EQ(ctx, status, 0);
}
