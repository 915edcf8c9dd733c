/*
 * proc_bench.c: process benchmarks, the same static i386 musl binary on
 * maestro, on Linux in the same QEMU (tools/linux-peer.py, as /init) and
 * natively on the build host.  Each prints one line,
 *	proc-bench: NAME MICROSECONDS-PER-OPERATION
 * the best of 3 rounds, each round repeating batches for at least 0.3 s:
 *   null-syscall	syscall(SYS_getpid): the kernel round trip, with no
 *			libc caching (musl enters through AT_SYSINFO's
 *			vsyscall when the kernel gives one, else int 0x80);
 *   fork-exit-wait	fork, the child _exits, the parent waitpids;
 *   fork-exec-wait	the same with execve of proc_true (argv[1], else
 *			the file proc_true beside this program);
 *   vfork-exec-wait	the same with vfork (the child borrows the parent's
 *			memory until it execs: no address space copy);
 *   thread-create-join	pthread_create of a thread that returns at once,
 *			then pthread_join;
 *   pipe-pingpong	one 1-byte message each way between two processes
 *			over two pipes: a round trip.
 * Then "proc-bench: done".  As process 1 (Linux's /init) it powers the
 * machine off at the end; on maestro it is init=/test/proc_bench (not
 * process 1) and shutdown=poweroff stops the machine once it has ended
 * (tests/bench/proc.mk).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS		3
#define MIN_NS		300000000LL

static char true_path[256];

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Each returns 0, or -1 when a step failed. */
static int null_syscall(int n)
{
	for (int i = 0; i < n; i++)
		syscall(SYS_getpid);
	return 0;
}

static int fork_wait(int n, int do_exec)
{
	char *argv[] = { "proc_true", NULL }, *envp[] = { NULL };

	for (int i = 0; i < n; i++) {
		int st;
		pid_t pid = fork();

		if (pid < 0)
			return -1;
		if (pid == 0) {
			if (do_exec)
				execve(true_path, argv, envp);
			_exit(do_exec ? 127 : 0);
		}
		if (waitpid(pid, &st, 0) != pid || st != 0)
			return -1;
	}
	return 0;
}

static int fork_exit_wait(int n)
{
	return fork_wait(n, 0);
}

static int fork_exec_wait(int n)
{
	return fork_wait(n, 1);
}

/* One vfork+exec+wait (a function of its own: nothing of the caller's
 * frame lives across vfork). */
static __attribute__((noinline)) int vfork_exec_one(void)
{
	static char *argv[] = { "proc_true", NULL }, *envp[] = { NULL };
	static int st;
	pid_t pid = vfork();

	if (pid == 0) {
		execve(true_path, argv, envp);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || st != 0)
		return -1;
	return 0;
}

static int vfork_exec_wait(int n)
{
	for (int i = 0; i < n; i++)
		if (vfork_exec_one())
			return -1;
	return 0;
}

static void *thread_return(void *arg)
{
	return arg;
}

static int thread_create_join(int n)
{
	for (int i = 0; i < n; i++) {
		pthread_t t;
		void *ret;

		if (pthread_create(&t, NULL, thread_return, (void *)1) ||
		    pthread_join(t, &ret) || ret != (void *)1)
			return -1;
	}
	return 0;
}

/* The child echoes every byte back until its pipe reaches EOF. */
static int pipe_pingpong(int n)
{
	int to[2], from[2], st, err = 0;
	char c = 'p';
	pid_t pid;

	if (pipe(to) || pipe(from))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(to[1]);
		close(from[0]);
		while (read(to[0], &c, 1) == 1)
			write(from[1], &c, 1);
		_exit(0);
	}
	close(to[0]);
	close(from[1]);
	for (int i = 0; i < n && !err; i++)
		err = write(to[1], &c, 1) != 1 || read(from[0], &c, 1) != 1;
	close(to[1]);
	close(from[0]);
	waitpid(pid, &st, 0);
	return err ? -1 : 0;
}

/* Best time per operation over ROUNDS rounds, in microseconds; < 0 on
 * failure. */
static double measure(int (*fn)(int), int batch)
{
	double best = -1;

	for (int r = 0; r < ROUNDS; r++) {
		long long t0 = now_ns(), t;
		long ops = 0;

		do {
			if (fn(batch))
				return -1;
			ops += batch;
			t = now_ns() - t0;
		} while (t < MIN_NS);
		if (best < 0 || t / 1e3 / ops < best)
			best = t / 1e3 / ops;
	}
	return best;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int);
		int batch;
	} benches[] = {
		{ "null-syscall", null_syscall, 10000 },
		{ "fork-exit-wait", fork_exit_wait, 20 },
		{ "fork-exec-wait", fork_exec_wait, 10 },
		{ "vfork-exec-wait", vfork_exec_wait, 10 },
		{ "thread-create-join", thread_create_join, 100 },
		{ "pipe-pingpong", pipe_pingpong, 1000 },
	};
	const char *slash = strrchr(argv[0], '/');

	if (argc > 1)
		snprintf(true_path, sizeof(true_path), "%s", argv[1]);
	else
		snprintf(true_path, sizeof(true_path), "%.*sproc_true",
			 slash ? (int)(slash - argv[0] + 1) : 0, argv[0]);
	setvbuf(stdout, NULL, _IONBF, 0);
	for (unsigned i = 0; i < sizeof(benches) / sizeof(benches[0]); i++) {
		double us = measure(benches[i].fn, benches[i].batch);

		if (us < 0)
			printf("proc-bench: %s failed\n", benches[i].name);
		else
			printf("proc-bench: %s %.3f\n", benches[i].name, us);
	}
	printf("proc-bench: done\n");
	if (getpid() == 1) {
		sync();
		reboot(RB_POWER_OFF);
	}
	return 0;
}
