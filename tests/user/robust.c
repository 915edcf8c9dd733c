/*
 * robust.c: robust futexes: set_robust_list/get_robust_list and the
 * list the kernel walks when a thread ends or execs.
 *
 *   robust [SECTION...]   runs the sections named (all without one):
 *   calls    set_robust_list's length check, get_robust_list of itself,
 *            of another thread, of a missing tid (ESRCH), of a process
 *            with other ids (EPERM), bad pointers (EFAULT);
 *   raw      a hand-made list: a thread's owned words become
 *            OWNER_DIED (WAITERS kept), others' are left alone, the
 *            pending entry is handled, a blocked waiter is woken, a list
 *            that loops ends the walk;
 *   mutex    musl's robust mutexes: a thread ends holding one (pthread
 *            exit and a detached thread, also met at a barrier and
 *            waited for with a timed lock, private and shared), a
 *            process ends holding a process-shared one (_exit,
 *            SIGKILL, with a waiter blocked),
 *            execve while holding one: EOWNERDEAD, consistent, reuse,
 *            ENOTRECOVERABLE when unlocked without consistent.
 *   (exec-hold ADDR: the execve'd program; prints nothing.)
 * Exit status 0 when every check held.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include "check.h"

struct rlist { struct rlist *next; };
struct rhead { struct rlist list; long offset; struct rlist *pending; };
/* An entry followed by its lock word, as the offset says. */
struct rlock { struct rlist node; volatile uint32_t word; };

static char self[256];

static long set_rl(void *head, size_t len)
{
	return syscall(SYS_set_robust_list, head, len);
}

static long get_rl(int tid, void **head, size_t *len)
{
	return syscall(SYS_get_robust_list, tid, head, len);
}

static int gettid_(void)
{
	return syscall(SYS_gettid);
}

static void *get_other(void *arg)
{
	int *box = arg;
	struct rhead mine = { { &mine.list }, 4, NULL };

	set_rl(&mine, sizeof(mine));
	__atomic_store_n(&box[0], gettid_(), __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&box[1], __ATOMIC_SEQ_CST))
		sched_yield();	/* until the main thread read our head */
	return NULL;
}

static void calls(void)
{
	struct rhead h = { { &h.list }, 4, NULL };
	void *got = NULL;
	size_t len = 0;
	int box[2] = { 0, 0 };
	pthread_t th;
	pid_t pid;

	expect_err("set_robust_list length 11", set_rl(&h, 11), EINVAL);
	expect_err("set_robust_list length 24", set_rl(&h, 24), EINVAL);
	yes("set_robust_list 12", set_rl(&h, sizeof(h)) == 0);
	yes("get_robust_list 0", get_rl(0, &got, &len) == 0 && got == &h &&
	    len == 12);
	yes("get_robust_list own tid", get_rl(gettid_(), &got, &len) == 0 &&
	    got == &h);
	pthread_create(&th, NULL, get_other, box);
	while (!__atomic_load_n(&box[0], __ATOMIC_SEQ_CST))
		sched_yield();
	yes("get_robust_list other thread",
	    get_rl(box[0], &got, &len) == 0 && got != &h && got != NULL);
	__atomic_store_n(&box[1], 1, __ATOMIC_SEQ_CST);
	pthread_join(th, NULL);
	expect_err("get_robust_list missing tid",
		   get_rl(0x3ffffff0, &got, &len), ESRCH);
	expect_err("get_robust_list bad head pointer",
		   get_rl(0, bad_ptr, &len), EFAULT);
	expect_err("get_robust_list bad len pointer",
		   get_rl(0, &got, bad_ptr), EFAULT);
	pid = fork();
	if (pid == 0) {
		if (setresuid(1000, 1000, 1000))
			_exit(2);
		_exit(get_rl(getppid(), &got, &len) == -1 && errno == EPERM ?
		      0 : 1);
	}
	printf("unprivileged child reads root's list (EPERM): %s\n",
	       wait_str(pid));
	pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	yes("root reads a child's list", get_rl(pid, &got, &len) == 0 &&
	    got == NULL);
	kill(pid, SIGKILL);
	printf("child: %s\n", wait_str(pid));
	set_rl(NULL, 12);
}

/* The raw section's shared state: locks in a MAP_SHARED page. */
struct raw {
	struct rhead head;
	struct rlock own, other, waiters, pending, loop1, loop2;
	volatile int tid, ready;
};
static struct raw *raw;

static void raw_link(struct rhead *h, struct rlock **locks, int n)
{
	h->list.next = &h->list;
	h->offset = offsetof(struct rlock, word);
	for (int i = n - 1; i >= 0; i--) {
		locks[i]->node.next = h->list.next;
		h->list.next = &locks[i]->node;
	}
}

static void *raw_thread(void *arg)
{
	struct rlock *locks[] = { &raw->own, &raw->other, &raw->waiters };
	int tid = gettid_();

	raw_link(&raw->head, locks, 3);
	raw->own.word = tid;
	raw->other.word = tid + 1;
	raw->waiters.word = tid | FUTEX_WAITERS;
	raw->pending.word = 0;	/* unlocked, not yet off the list */
	raw->head.pending = &raw->pending.node;
	set_rl(&raw->head, sizeof(raw->head));
	raw->tid = tid;
	while (!raw->ready)
		sched_yield();
	return arg;
}

static void *raw_waiter(void *arg)
{
	volatile uint32_t *w = arg;

	__atomic_store_n(&raw->ready, 1, __ATOMIC_SEQ_CST);
	return (void *)syscall(SYS_futex, w, FUTEX_WAIT, *w, NULL, NULL, 0);
}

static void *loop_thread(void *arg)
{
	int tid = gettid_();

	raw->head.list.next = &raw->loop1.node;
	raw->head.offset = offsetof(struct rlock, word);
	raw->head.pending = NULL;
	raw->loop1.node.next = &raw->loop2.node;
	raw->loop2.node.next = &raw->loop1.node;	/* never back to head */
	raw->loop1.word = tid;
	raw->loop2.word = tid;
	set_rl(&raw->head, sizeof(raw->head));
	return arg;
}

static void raw_section(void)
{
	pthread_t th, wt;
	void *r;
	int tid;

	raw = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_create(&th, NULL, raw_thread, NULL);
	while (!raw->tid)
		sched_yield();
	tid = raw->tid;
	/* A waiter blocked on the waiters word, then the owner ends. */
	raw->ready = 0;
	pthread_create(&wt, NULL, raw_waiter, (void *)&raw->waiters.word);
	while (!raw->ready)
		sched_yield();
	for (int i = 0; i < 50; i++)	/* let it block in FUTEX_WAIT */
		sched_yield();
	pthread_join(th, NULL);
	pthread_join(wt, &r);
	yes("owned word: OWNER_DIED", raw->own.word == FUTEX_OWNER_DIED);
	yes("another owner's word untouched",
	    raw->other.word == (uint32_t)tid + 1);
	yes("owned word with waiters: OWNER_DIED|WAITERS",
	    raw->waiters.word == (FUTEX_OWNER_DIED | FUTEX_WAITERS));
	yes("its blocked waiter woken", r == 0 || (long)r == -1);
	yes("free pending word left 0", raw->pending.word == 0);
	pthread_create(&th, NULL, loop_thread, NULL);
	pthread_join(th, NULL);
	yes("a looping list ends the walk: both words OWNER_DIED",
	    raw->loop1.word == FUTEX_OWNER_DIED &&
	    raw->loop2.word == FUTEX_OWNER_DIED);
}

static pthread_mutex_t *shared_mutex(void)
{
	pthread_mutex_t *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(m, &a);
	return m;
}

static const char *err_name(int e)
{
	return e == 0 ? "0" : e == EOWNERDEAD ? "EOWNERDEAD" :
		e == ENOTRECOVERABLE ? "ENOTRECOVERABLE" : e == EBUSY ?
		"EBUSY" : strerror(e);
}

static void *hold_and_return(void *arg)
{
	pthread_mutex_lock(arg);
	return NULL;
}

static volatile int held;

static void *hold_and_flag(void *arg)
{
	pthread_mutex_lock(arg);
	held = 1;
	return NULL;
}

static void *hold_and_exit(void *arg)
{
	pthread_mutex_lock(arg);
	pthread_exit(NULL);
}

/* Lock after the owner died: EOWNERDEAD; consistent; unlock; lock again. */
static void recover(const char *what, pthread_mutex_t *m)
{
	int e = pthread_mutex_lock(m);

	printf("%s: lock: %s\n", what, err_name(e));
	if (e == EOWNERDEAD)
		pthread_mutex_consistent(m);
	pthread_mutex_unlock(m);
	printf("%s: lock again: %s\n", what, err_name(pthread_mutex_lock(m)));
	pthread_mutex_unlock(m);
}

static void child_holds(pthread_mutex_t *m, int how, int *pfd)
{
	char addr[32];

	pthread_mutex_lock(m);
	if (how == 0)
		_exit(0);
	if (how == 1)
		raise(SIGKILL);
	if (how == 2) {
		write(pfd[1], "x", 1);
		while (!((volatile int *)m)[2])	/* musl's _m_waiters */
			sched_yield();
		wait_asleep(getppid());
		_exit(0);
	}
	snprintf(addr, sizeof(addr), "%p", (void *)m);
	execl(self, "robust", "exec-hold", addr, (char *)NULL);
	_exit(3);
}

static void process_cases(void)
{
	static const char *const hows[] = { "_exit", "SIGKILL",
		"_exit with a waiter", "execve" };
	pthread_mutex_t *m = shared_mutex();
	int pfd[2];
	char c;

	for (int how = 0; how < 4; how++) {
		pid_t pid;

		pipe(pfd);
		pid = fork();
		if (pid == 0)
			child_holds(m, how, pfd);
		if (how == 2) {
			read(pfd[0], &c, 1);
			recover(hows[how], m);
			printf("child: %s\n", wait_str(pid));
		} else {
			printf("child: %s\n", wait_str(pid));
			recover(hows[how], m);
		}
		close(pfd[0]);
		close(pfd[1]);
	}
}

static pthread_barrier_t barrier2;

static void *lock_then_barrier(void *arg)
{
	pthread_mutex_lock(arg);
	pthread_barrier_wait(&barrier2);
	return NULL;
}

/* As libc-test's pthread-robust-detach: a detached thread locks, meets
 * the main thread at a barrier and returns; a timed lock then waits for
 * its end and gets EOWNERDEAD. */
static void detached_timedlock(int pshared)
{
	pthread_mutexattr_t a;
	pthread_mutex_t m;
	pthread_t th;
	struct timespec ts;

	pthread_barrier_init(&barrier2, NULL, 2);
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutexattr_setpshared(&a, pshared);
	pthread_mutex_init(&m, &a);
	pthread_create(&th, NULL, lock_then_barrier, &m);
	pthread_detach(th);
	pthread_barrier_wait(&barrier2);
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += 5;
	printf("detached, %s: timedlock: %s\n",
	       pshared == PTHREAD_PROCESS_SHARED ? "shared" : "private",
	       err_name(pthread_mutex_timedlock(&m, &ts)));
	pthread_mutex_consistent(&m);	/* off our robust list before */
	pthread_mutex_unlock(&m);	/* m leaves the stack */
	pthread_barrier_destroy(&barrier2);
}

static void mutex_section(void)
{
	pthread_mutexattr_t a;
	pthread_mutex_t m;
	pthread_attr_t da;
	pthread_t th;
	int e;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&m, &a);
	pthread_create(&th, NULL, hold_and_return, &m);
	pthread_join(th, NULL);
	recover("thread returns holding it", &m);
	pthread_create(&th, NULL, hold_and_exit, &m);
	pthread_join(th, NULL);
	recover("thread pthread_exit holding it", &m);
	pthread_attr_init(&da);
	pthread_attr_setdetachstate(&da, PTHREAD_CREATE_DETACHED);
	pthread_create(&th, &da, hold_and_flag, &m);
	while (!held)
		sched_yield();
	while ((e = pthread_mutex_trylock(&m)) == EBUSY)
		sched_yield();
	printf("detached thread ended holding it: trylock: %s\n",
	       err_name(e));
	pthread_mutex_unlock(&m);	/* not made consistent */
	printf("unlocked without consistent: lock: %s\n",
	       err_name(pthread_mutex_lock(&m)));
	detached_timedlock(PTHREAD_PROCESS_PRIVATE);
	detached_timedlock(PTHREAD_PROCESS_SHARED);
	process_cases();
}

static const struct check_section sections[] = {
	{ "calls", calls }, { "raw", raw_section }, { "mutex", mutex_section },
};

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "exec-hold"))
		return 0;	/* the held lock dies with the old program */
	realpath(argv[0], self);
	run_sections(argc, argv, sections,
		     sizeof(sections) / sizeof(sections[0]));
	return finish();
}
