/*
 * futexpi.c: priority-inheritance futexes.
 *
 *   futexpi [SECTION...]   runs the sections named (all without one):
 *   word     FUTEX_LOCK_PI/TRYLOCK_PI/UNLOCK_PI on a raw word: the
 *            owner's tid in it, EDEADLK on the caller's own lock, EPERM
 *            unlocking another's, EAGAIN (WAITERS set) trying a held one,
 *            ESRCH for an owner that does not exist, a free OWNER_DIED
 *            word taken with the bit kept, ETIMEDOUT with absolute
 *            CLOCK_REALTIME timeouts, ENOSYS with FUTEX_CLOCK_REALTIME,
 *            EINVAL, EFAULT;
 *   handoff  an unlock hands the word to the blocked waiter (its tid |
 *            WAITERS), an owner that ends hands it on too, a signal
 *            handler runs and the lock goes on (restarted);
 *   mutex    musl's PTHREAD_PRIO_INHERIT mutexes: setprotocol accepted,
 *            a counter under contention, errorcheck EDEADLK, timedlock
 *            ETIMEDOUT, robust ones whose owner thread or process ends
 *            (also while a waiter is blocked): EOWNERDEAD.
 * Exit status 0 when every check held.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include "check.h"

#define NTHREADS	4
#define ROUNDS		2000

/* futex_time64: musl's struct timespec has a 64-bit tv_sec. */
static long pi(volatile uint32_t *w, int op, const struct timespec *ts)
{
	return syscall(SYS_futex_time64, w, op, 0, ts, NULL, 0);
}

static int gettid_(void)
{
	return syscall(SYS_gettid);
}

/* CLOCK_REALTIME now plus ms milliseconds. */
static struct timespec after_ms(long ms)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_nsec += ms * 1000000;
	t.tv_sec += t.tv_nsec / 1000000000;
	t.tv_nsec %= 1000000000;
	return t;
}

static volatile uint32_t word;
static volatile int holder_tid, release, holder_done;

/* Takes word with LOCK_PI, then unlocks (or not) when told. */
static void *holder(void *arg)
{
	long unlock = (long)arg;

	pi(&word, FUTEX_LOCK_PI, NULL);
	holder_tid = gettid_();
	while (!release)
		sched_yield();
	if (unlock)
		pi(&word, FUTEX_UNLOCK_PI, NULL);
	holder_done = 1;
	return NULL;
}

static void start_holder(pthread_t *th, long unlock)
{
	word = 0;
	holder_tid = release = holder_done = 0;
	pthread_create(th, NULL, holder, (void *)unlock);
	while (!holder_tid)
		sched_yield();
}

static void word_section(void)
{
	uint32_t tid = gettid_();
	struct timespec past = { 1, 0 }, bad = { 0, 1000000000 }, t;
	pthread_t th;

	word = 0;
	yes("LOCK_PI a free word", pi(&word, FUTEX_LOCK_PI, NULL) == 0);
	yes("word is our tid", word == tid);
	expect_err("LOCK_PI our own", pi(&word, FUTEX_LOCK_PI, NULL), EDEADLK);
	expect_err("TRYLOCK_PI our own", pi(&word, FUTEX_TRYLOCK_PI, NULL),
		   EDEADLK);
	yes("UNLOCK_PI", pi(&word, FUTEX_UNLOCK_PI, NULL) == 0 && word == 0);
	expect_err("UNLOCK_PI a free word", pi(&word, FUTEX_UNLOCK_PI, NULL),
		   EPERM);
	yes("TRYLOCK_PI a free word",
	    pi(&word, FUTEX_TRYLOCK_PI | FUTEX_PRIVATE_FLAG, NULL) == 0 &&
	    word == tid);
	pi(&word, FUTEX_UNLOCK_PI | FUTEX_PRIVATE_FLAG, NULL);

	start_holder(&th, 1);
	expect_err("TRYLOCK_PI a held word", pi(&word, FUTEX_TRYLOCK_PI, NULL),
		   EAGAIN);
	yes("it set WAITERS", word == (holder_tid | FUTEX_WAITERS));
	expect_err("UNLOCK_PI another's", pi(&word, FUTEX_UNLOCK_PI, NULL),
		   EPERM);
	t = after_ms(30);
	expect_err("LOCK_PI timeout 30 ms", pi(&word, FUTEX_LOCK_PI, &t),
		   ETIMEDOUT);
	expect_err("LOCK_PI timeout in the past",
		   pi(&word, FUTEX_LOCK_PI, &past), ETIMEDOUT);
	expect_err("LOCK_PI bad timespec", pi(&word, FUTEX_LOCK_PI, &bad),
		   EINVAL);
	release = 1;
	pthread_join(th, NULL);
	yes("holder's UNLOCK_PI freed it", word == 0);

	word = 0x3ffffff0;
	expect_err("LOCK_PI with no such owner", pi(&word, FUTEX_LOCK_PI, NULL),
		   ESRCH);
	word = 0x3ffffff0;
	expect_err("TRYLOCK_PI with no such owner",
		   pi(&word, FUTEX_TRYLOCK_PI, NULL), ESRCH);
	word = FUTEX_OWNER_DIED;
	yes("LOCK_PI a free OWNER_DIED word keeps the bit",
	    pi(&word, FUTEX_LOCK_PI, NULL) == 0 &&
	    word == (FUTEX_OWNER_DIED | tid));
	yes("UNLOCK_PI clears it", pi(&word, FUTEX_UNLOCK_PI, NULL) == 0 &&
	    word == 0);
	expect_err("LOCK_PI|CLOCK_REALTIME",
		   pi(&word, FUTEX_LOCK_PI | FUTEX_CLOCK_REALTIME, NULL), ENOSYS);
	expect_err("LOCK_PI misaligned",
		   pi((volatile uint32_t *)((char *)&word + 1), FUTEX_LOCK_PI,
		      NULL), EINVAL);
	expect_err("LOCK_PI bad address", pi(bad_ptr, FUTEX_LOCK_PI, NULL),
		   EFAULT);
	expect_err("UNLOCK_PI bad address", pi(bad_ptr, FUTEX_UNLOCK_PI, NULL),
		   EFAULT);
}

static volatile int waiter_tid, handled;
static volatile long waiter_ret;

static void *waiter(void *arg)
{
	waiter_tid = gettid_();
	waiter_ret = pi(&word, FUTEX_LOCK_PI, NULL);
	if (arg && waiter_ret == 0)
		pi(&word, FUTEX_UNLOCK_PI, NULL);
	return NULL;
}

static void on_usr1(int sig)
{
	(void)sig;
	handled++;
}

/* Until the word shows a waiter, then a little more for it to sleep. */
static void wait_for_waiter(void)
{
	while (!(word & FUTEX_WAITERS))
		sched_yield();
	for (int i = 0; i < 20; i++)
		sched_yield();
}

static void handoff_section(void)
{
	pthread_t th, wt;
	int wtid;

	start_holder(&th, 1);
	waiter_tid = 0;
	pthread_create(&wt, NULL, waiter, NULL);
	wait_for_waiter();
	release = 1;
	pthread_join(th, NULL);
	while (!waiter_tid)
		sched_yield();
	wtid = waiter_tid;
	pthread_join(wt, NULL);
	yes("unlock hands the lock to the waiter", waiter_ret == 0);
	yes("word is its tid | WAITERS",
	    word == ((uint32_t)wtid | FUTEX_WAITERS));

	start_holder(&th, 0);	/* ends holding it */
	pthread_create(&wt, NULL, waiter, NULL);
	wait_for_waiter();
	release = 1;
	pthread_join(th, NULL);
	pthread_join(wt, NULL);
	wtid = waiter_tid;
	yes("owner ends: the waiter gets the lock", waiter_ret == 0);
	printf("word: its tid %s, WAITERS %d, OWNER_DIED %d\n",
	       (word & FUTEX_TID_MASK) == (uint32_t)wtid ? "yes" :
	       (word & FUTEX_TID_MASK) ? "another" : "none",
	       !!(word & FUTEX_WAITERS), !!(word & FUTEX_OWNER_DIED));

	signal(SIGUSR1, on_usr1);
	start_holder(&th, 1);
	pthread_create(&wt, NULL, waiter, (void *)1);
	wait_for_waiter();
	pthread_kill(wt, SIGUSR1);
	while (!handled)
		sched_yield();
	for (int i = 0; i < 20; i++)
		sched_yield();
	release = 1;
	pthread_join(th, NULL);
	pthread_join(wt, NULL);
	yes("a handler ran in the waiter", handled == 1);
	yes("its LOCK_PI went on and got the lock", waiter_ret == 0);
	yes("and it freed it", word == 0);
}

static pthread_mutex_t pm;
static long counter;

static void *count(void *arg)
{
	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&pm);
		counter++;
		if (i % 64 == 0)
			sched_yield();	/* hold it across a switch */
		pthread_mutex_unlock(&pm);
	}
	return arg;
}

static void pi_attr(pthread_mutexattr_t *a, int type, int robust, int pshared)
{
	pthread_mutexattr_init(a);
	pthread_mutexattr_settype(a, type);
	pthread_mutexattr_setrobust(a, robust);
	pthread_mutexattr_setpshared(a, pshared);
	pthread_mutexattr_setprotocol(a, PTHREAD_PRIO_INHERIT);
}

static const char *err_name(int e)
{
	return e == 0 ? "0" : e == EOWNERDEAD ? "EOWNERDEAD" :
		e == ETIMEDOUT ? "ETIMEDOUT" : e == EDEADLK ? "EDEADLK" :
		strerror(e);
}

static void *lock_and_return(void *arg)
{
	pthread_mutex_lock(arg);
	return NULL;
}

static void robust_process(pthread_mutex_t *m, int waiter_blocked)
{
	int pfd[2];
	char c;
	pid_t pid;

	pipe(pfd);
	pid = fork();
	if (pid == 0) {
		pthread_mutex_lock(m);
		write(pfd[1], "x", 1);
		if (waiter_blocked) {
			while (!(((volatile uint32_t *)m)[1] & FUTEX_WAITERS))
				sched_yield();
			wait_asleep(getppid());
		}
		_exit(0);
	}
	read(pfd[0], &c, 1);
	if (!waiter_blocked)
		printf("child: %s\n", wait_str(pid));
	printf("process ended holding it%s: lock: %s\n",
	       waiter_blocked ? " (waiter blocked)" : "",
	       err_name(pthread_mutex_lock(m)));
	pthread_mutex_consistent(m);
	pthread_mutex_unlock(m);
	if (waiter_blocked)
		printf("child: %s\n", wait_str(pid));
	close(pfd[0]);
	close(pfd[1]);
}

static void mutex_section(void)
{
	pthread_mutexattr_t a;
	pthread_mutex_t *sm;
	pthread_t th[NTHREADS];
	struct timespec t;

	pthread_mutexattr_init(&a);
	printf("setprotocol PRIO_INHERIT: %s\n",
	       err_name(pthread_mutexattr_setprotocol(&a,
						      PTHREAD_PRIO_INHERIT)));
	pthread_mutex_init(&pm, &a);
	for (int i = 0; i < NTHREADS; i++)
		pthread_create(&th[i], NULL, count, NULL);
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(th[i], NULL);
	printf("counter: %ld\n", counter);

	pi_attr(&a, PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_STALLED,
		PTHREAD_PROCESS_PRIVATE);
	pthread_mutex_init(&pm, &a);
	pthread_mutex_lock(&pm);
	printf("errorcheck relock: %s\n", err_name(pthread_mutex_lock(&pm)));
	pthread_mutex_unlock(&pm);
	printf("errorcheck unlock not held: %s\n",
	       err_name(pthread_mutex_unlock(&pm)));

	pi_attr(&a, PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_ROBUST,
		PTHREAD_PROCESS_PRIVATE);
	pthread_mutex_init(&pm, &a);
	pthread_create(&th[0], NULL, lock_and_return, &pm);
	pthread_join(th[0], NULL);
	printf("thread ended holding it: lock: %s\n",
	       err_name(pthread_mutex_lock(&pm)));
	pthread_mutex_consistent(&pm);
	pthread_mutex_unlock(&pm);
	pthread_create(&th[0], NULL, lock_and_return, &pm);
	pthread_join(th[0], NULL);
	t = after_ms(30);
	printf("timedlock on a dead owner's: %s\n",
	       err_name(pthread_mutex_timedlock(&pm, &t)));
	pthread_mutex_consistent(&pm);
	pthread_mutex_unlock(&pm);

	sm = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pi_attr(&a, PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_ROBUST,
		PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(sm, &a);
	robust_process(sm, 0);
	robust_process(sm, 1);
	pthread_mutex_lock(sm);
	pthread_create(&th[0], NULL, lock_and_return, sm);
	while (!(((volatile uint32_t *)sm)[1] & FUTEX_WAITERS))
		sched_yield();
	t = after_ms(30);
	pthread_mutex_unlock(sm);
	pthread_join(th[0], NULL);
	printf("handed to a thread that ended holding it: timedlock: %s\n",
	       err_name(pthread_mutex_timedlock(sm, &t)));
}

static const struct check_section sections[] = {
	{ "word", word_section }, { "handoff", handoff_section },
	{ "mutex", mutex_section },
};

int main(int argc, char **argv)
{
	run_sections(argc, argv, sections,
		     sizeof(sections) / sizeof(sections[0]));
	return finish();
}
