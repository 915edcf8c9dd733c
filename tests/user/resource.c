/*
 * resource.c: the resource test (issue 4): a thousand cycles of
 * fork+exec+exit+wait, vfork+exec+exit+wait and pthread_create+join, and
 * two thousand processes whose eight threads and main thread all end at
 * once with the raw exit system call (the last one ends the process, a
 * stress of the window in which the others leave it while it is freed),
 * give back every frame and every heap object they took.
 *
 * maestro only (not in programs.txt: Linux's counters move on their own).
 * tests/system/resource.py boots it as init= with shutdown=poweroff.  It
 * reads maestro's /proc/vmstat, whose counters are exact:
 *	nr_free_pages	free frames of the buddy allocator;
 *	nr_file_pages	frames in the page cache;
 *	kmalloc_objects, kmalloc_bytes	the heap's objects and slot bytes.
 * The fair, exact check is on what is neither free nor cache: "held"
 * frames (total - free - cache, so free + cache must not drop; kmalloc's slab pages, page tables, kernel
 * stacks, process memory are all in there) and the heap's objects and
 * bytes.  The page cache may legitimately keep the pages exec read, so it
 * is left out.  Caches that fill on first use (the cached binary, the
 * dentries of /test/proc_true, a task kept until the next one ends) are
 * filled by WARMUP cycles before the first reading; both readings are
 * taken the same way (the vmstat file opened, read and closed).
 * Prints the readings and "resource: ok", or "resource: leak ..." and
 * exits 1.  argv[1]: the program to exec (default: proc_true beside
 * this program's directory, /test/proc_true).
 */
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define CYCLES	1000
#define WARMUP	20
#define RACES	2000		/* processes whose threads end at once */
#define RACE_THREADS	8

struct usage {
	long free, cache, objects, bytes;
};

/* Fill u from /proc/vmstat: 0, or -1 when a counter is missing. */
static int read_usage(struct usage *u)
{
	static char buf[2048];
	int fd = open("/proc/vmstat", O_RDONLY), n = 0, got = 0;
	char *line;

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		got += sscanf(line, "nr_free_pages %ld", &u->free);
		got += sscanf(line, "nr_file_pages %ld", &u->cache);
		got += sscanf(line, "kmalloc_objects %ld", &u->objects);
		got += sscanf(line, "kmalloc_bytes %ld", &u->bytes);
	}
	return got == 4 ? 0 : -1;
}

static const char *exec_path;

/* fork (or vfork), exec of exec_path, exit, wait: 0, or -1 on a failure
 * (a function of its own: nothing of a caller's frame lives across
 * vfork). */
static __attribute__((noinline)) int spawn_wait(int use_vfork)
{
	static char *argv[] = { "proc_true", NULL }, *envp[] = { NULL };
	static int st;
	pid_t pid = use_vfork ? vfork() : fork();

	if (pid == 0) {
		execve(exec_path, argv, envp);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || st != 0)
		return -1;
	return 0;
}

static void *thread_body(void *arg)
{
	return arg;
}

/* n cycles of fork+exec, vfork+exec and a thread: 0, or -1. */
static int cycles(int n)
{
	for (int i = 0; i < n; i++) {
		pthread_t t;
		void *ret;

		if (spawn_wait(0) || spawn_wait(1) ||
		    pthread_create(&t, NULL, thread_body, (void *)1) ||
		    pthread_join(t, &ret) || ret != (void *)1)
			return -1;
	}
	return 0;
}

static volatile int race_go;

/* Wait for the start, spin a little (arg: how long), end this thread
 * only (exit, not exit_group). */
static void *race_thread(void *arg)
{
	while (!race_go)
		sched_yield();
	for (volatile unsigned long i = 0; i < (unsigned long)arg; i++)
		;
	syscall(SYS_exit, 0);
	return NULL;
}

/* n processes whose threads all end at once: 0, or -1. */
static int exit_races(int n)
{
	for (int r = 0; r < n; r++) {
		static int st;
		pid_t pid = fork();

		if (pid == 0) {
			pthread_t t;

			srand(r);
			for (int i = 0; i < RACE_THREADS; i++)
				if (pthread_create(&t, NULL, race_thread,
						   (void *)(unsigned long)(rand() & 1023)))
					_exit(1);
			race_go = 1;
			syscall(SYS_exit, 0);	/* the last thread ends it */
		}
		if (pid < 0 || waitpid(pid, &st, 0) != pid || st != 0)
			return -1;
	}
	return 0;
}

static void show(const char *when, const struct usage *u)
{
	printf("resource: %s: %ld free + %ld cache pages; "
	       "kmalloc %ld objects, %ld bytes\n", when, u->free, u->cache,
	       u->objects, u->bytes);
}

int main(int argc, char **argv)
{
	struct usage a, b;
	long held;

	exec_path = argc > 1 ? argv[1] : "/test/proc_true";
	setvbuf(stdout, NULL, _IONBF, 0);
	if (cycles(WARMUP) || exit_races(WARMUP) || read_usage(&a) ||
	    cycles(CYCLES) || exit_races(RACES) || read_usage(&b)) {
		printf("resource: failed (fork, vfork, exec, wait, threads, "
		       "exit races or /proc/vmstat)\n");
		return 1;
	}
	show("before", &a);
	show("after", &b);
	held = (a.free + a.cache) - (b.free + b.cache);
	if (held || b.objects != a.objects || b.bytes != a.bytes) {
		printf("resource: leak after %d cycles: %+ld pages, %+ld objects, "
		       "%+ld bytes\n", CYCLES, held, b.objects - a.objects,
		       b.bytes - a.bytes);
		return 1;
	}
	printf("resource: ok, %d cycles, %d exit races\n", CYCLES, RACES);
	return 0;
}
