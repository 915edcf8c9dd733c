/*
 * cancel.c: pthread_cancel of a thread blocked in a cancellation point.
 *
 * musl cancels with signal 33 (SIGCANCEL, SA_RESTART): its handler looks
 * at the interrupted eip in the signal frame's ucontext; inside the
 * cancellable system call sequence (a call restarted by the kernel points
 * back at its int 0x80) it moves eip to its cancel path; otherwise the
 * call comes back with EINTR and musl acts on that.  Either way the
 * kernel must return EINTR or restart as Linux does, deliver the signal
 * with the right context and honour the ucontext's eip and mask at
 * sigreturn.  For each call: the thread blocks in it (state S), is
 * cancelled, its cleanup handler runs and join gives PTHREAD_CANCELED;
 * nothing was consumed (the pipe's byte is still there).  Then: a
 * cancel pending before the call acts without blocking; with
 * cancellation disabled the signal comes and the blocked read simply
 * goes on (restarted, not EINTR), and pthread_testcancel acts once it is
 * enabled again.  Exit status 0 when every check held.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include "check.h"

static int pfd[2], fullfd[2];
static sem_t sem;
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static pid_t child;
static char fifo_path[128];
static volatile int tid, cleaned;

static void call_sem_wait(void) { sem_wait(&sem); }

static void call_sem_timedwait(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += 100;
	sem_timedwait(&sem, &t);
}

static void call_read(void)
{
	char c;

	read(pfd[0], &c, 1);
}

static void call_write(void)
{
	char buf[4096] = { 0 };

	for (;;)
		write(fullfd[1], buf, sizeof(buf));
}

static void call_poll(void)
{
	struct pollfd p = { pfd[0], POLLIN, 0 };

	poll(&p, 1, -1);
}

static void call_select(void)
{
	fd_set r;

	FD_ZERO(&r);
	FD_SET(pfd[0], &r);
	select(pfd[0] + 1, &r, NULL, NULL, NULL);
}

static void call_nanosleep(void)
{
	struct timespec t = { 100, 0 };

	nanosleep(&t, NULL);
}

static void call_pause(void) { pause(); }

static void unlock_mtx(void *arg)
{
	pthread_mutex_unlock(arg);
}

static void call_cond_wait(void)
{
	pthread_mutex_lock(&mtx);
	pthread_cleanup_push(unlock_mtx, &mtx);
	pthread_cond_wait(&cond, &mtx);
	pthread_cleanup_pop(1);
}

static void call_waitpid(void) { waitpid(child, NULL, 0); }

static void call_open_fifo(void) { open(fifo_path, O_RDONLY); }

static void call_sigwait(void)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigtimedwait(&s, NULL, NULL);
}

struct point {
	const char *name;
	void (*call)(void);
};

static const struct point points[] = {
	{ "sem_wait", call_sem_wait },
	{ "sem_timedwait", call_sem_timedwait },
	{ "read on a pipe", call_read },
	{ "write to a full pipe", call_write },
	{ "poll", call_poll },
	{ "select", call_select },
	{ "nanosleep", call_nanosleep },
	{ "pause", call_pause },
	{ "pthread_cond_wait", call_cond_wait },
	{ "waitpid", call_waitpid },
	{ "open of a FIFO", call_open_fifo },
	{ "sigtimedwait", call_sigwait },
};

static void cleanup(void *arg)
{
	(void)arg;
	cleaned = 1;
}

static void *run_point(void *arg)
{
	const struct point *p = arg;

	pthread_cleanup_push(cleanup, NULL);
	tid = syscall(SYS_gettid);
	p->call();
	pthread_cleanup_pop(0);
	return (void *)1;	/* the call returned: not cancelled */
}

/* Until thread t sleeps (state S in /proc/self/task/T/stat). */
static int wait_thread_asleep(int t)
{
	char path[64], buf[256];

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", t);
	for (int i = 0; i < 2000; i++) {
		FILE *f = fopen(path, "r");
		char *s = NULL;

		if (f) {
			s = fgets(buf, sizeof(buf), f);
			fclose(f);
		}
		s = s ? strrchr(buf, ')') : NULL;
		if (s && s[1] == ' ' && s[2] == 'S')
			return 1;
		usleep(1000);
	}
	return 0;
}

static void cancel_point(const struct point *p)
{
	pthread_t th;
	void *res;
	char c;
	int n;

	tid = cleaned = 0;
	pthread_create(&th, NULL, run_point, (void *)p);
	while (!tid)
		sched_yield();
	n = wait_thread_asleep(tid);
	pthread_cancel(th);
	pthread_join(th, &res);
	printf("%s: blocked %s, cancelled %s, cleanup %s\n", p->name,
	       n ? "yes" : "no", res == PTHREAD_CANCELED ? "yes" : "no",
	       cleaned ? "yes" : "no");
	if (!n || res != PTHREAD_CANCELED || !cleaned)
		failures++;
	if (p->call == call_read) {
		write(pfd[1], "x", 1);
		n = read(pfd[0], &c, 1);
		yes("  the pipe's byte is still there", n == 1 && c == 'x');
	}
}

static void *pending_first(void *arg)
{
	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	while (!cleaned)	/* main sets it once it has cancelled us */
		sched_yield();
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
	call_read();		/* acts at once: the pipe stays empty */
	return (void *)1;
}

static volatile int disabled_read;

static void *disabled(void *arg)
{
	char c;

	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	tid = syscall(SYS_gettid);
	disabled_read = read(pfd[0], &c, 1);
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
	pthread_testcancel();
	return (void *)1;
}

static void special_cases(void)
{
	pthread_t th;
	void *res;

	cleaned = 0;
	pthread_create(&th, NULL, pending_first, NULL);
	pthread_cancel(th);
	cleaned = 1;
	pthread_join(th, &res);
	yes("cancel pending before read: cancelled without blocking",
	    res == PTHREAD_CANCELED);

	tid = 0;
	pthread_create(&th, NULL, disabled, NULL);
	while (!tid)
		sched_yield();
	yes("cancel disabled: blocked in read", wait_thread_asleep(tid));
	pthread_cancel(th);
	usleep(20000);
	write(pfd[1], "y", 1);
	pthread_join(th, &res);
	yes("the read went on and returned 1 byte", disabled_read == 1);
	yes("testcancel after enabling: cancelled", res == PTHREAD_CANCELED);
}

int main(void)
{
	char buf[4096] = { 0 };

	pipe(pfd);
	pipe(fullfd);
	fcntl(fullfd[1], F_SETFL, O_NONBLOCK);
	while (write(fullfd[1], buf, sizeof(buf)) > 0)
		;
	fcntl(fullfd[1], F_SETFL, 0);
	sem_init(&sem, 0, 0);
	tmp_init("cancel");
	snprintf(fifo_path, sizeof(fifo_path), "%s", tmp("fifo"));
	mkfifo(fifo_path, 0600);
	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); i++)
		cancel_point(&points[i]);
	special_cases();
	kill(child, SIGKILL);
	printf("child: %s\n", wait_str(child));
	unlink(fifo_path);
	remove_tree(tmp_dir);
	return finish();
}
