/*
 * proctask.c: /proc/<pid>/cmdline and environ read the live argument
 * memory, and /proc/<pid>/task/ shows each thread.
 *
 *   proctask argv ARGS...   rewrites its own arguments and environment in
 *                           place and reads cmdline/environ back (its own
 *                           and a child's), the setproctitle rule
 *                           included (the NUL ending argv overwritten)
 *   proctask threads        three threads named with PR_SET_NAME, seen in
 *                           /proc/self/task/<tid>/{stat,status,comm} and
 *                           at /proc/<tid>/
 * Prints NULs as '|' and no pids or addresses.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include "check.h"

extern char **environ;
static char buf[8192];

/* The whole file into buf: its length, or -1. */
static int slurp(const char *path)
{
	int fd = open(path, O_RDONLY), len = 0, n;

	if (fd < 0)
		return -1;
	while (len < (int)sizeof(buf) - 1 &&
	       (n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = 0;
	return len;
}

/* buf[from..len) with NULs shown as '|'. */
static void show(const char *what, int from, int len)
{
	printf("%s: ", what);
	for (int i = from; i < len; i++)
		putchar(buf[i] ? buf[i] : '|');
	printf(" (%d bytes)\n", len - from);
}

/* The argument strings as exec laid them out, back to back. */
static int args_len(char **argv, int argc)
{
	return (int)(argv[argc - 1] + strlen(argv[argc - 1]) + 1 - argv[0]);
}

/* Read path's cmdline and print it past argv[0] (whose text differs
 * between runners). */
static void show_cmdline(const char *path, const char *what, int skip)
{
	int len = slurp(path);

	CHECK(len >= skip);
	show(what, skip, len);
}

static void argv_inplace(int argc, char **argv)
{
	int skip = (int)strlen(argv[0]) + 1;
	int total = args_len(argv, argc), len;

	len = slurp("/proc/self/cmdline");
	yes("cmdline is the argument memory", len == total &&
	    memcmp(buf, argv[0], total) == 0);
	show_cmdline("/proc/self/cmdline", "as started", skip);
	argv[2][0] = 'X';			/* "one" -> "Xne" */
	show_cmdline("/proc/self/cmdline", "argv[2] rewritten", skip);
	argv[2][1] = 0;				/* "X\0e" */
	show_cmdline("/proc/self/cmdline", "argv[2] cut", skip);
}

/* Overwrite the NUL ending argv: cmdline is then the text from argv[0]
 * to the first NUL, into the environment if need be. */
static void argv_title(int argc, char **argv)
{
	int total = args_len(argv, argc), len;
	char *end = argv[0] + total - 1;

	*end = '+';
	len = slurp("/proc/self/cmdline");
	yes("title ends at argv[0]'s NUL", len == (int)strlen(argv[0]) + 1);
	memset(argv[0], '=', end - argv[0]);
	len = slurp("/proc/self/cmdline");
	yes("title runs over argv", len > total &&
	    memcmp(buf, argv[0], total) == 0);
	show("title tail", total, len);
	*end = 0;
	len = slurp("/proc/self/cmdline");
	yes("NUL back: argv again", len == total &&
	    memcmp(buf, argv[0], total) == 0);
}

static void environ_inplace(void)
{
	char *first = environ[0];
	int len = slurp("/proc/self/environ");

	show("environ", 0, len);
	first[0] = 'x';
	len = slurp("/proc/self/environ");
	show("environ rewritten", 0, len);
	first[0] = 'T';
}

/* A child rewrites its arguments; the parent reads them through
 * /proc/<child>/cmdline (another address space). */
static void argv_child(char **argv, int skip)
{
	int ready[2], hold[2];
	char path[64], c;
	pid_t pid;

	CHECK(pipe(ready) == 0 && pipe(hold) == 0);
	pid = fork();
	if (pid == 0) {
		argv[1][0] = 'A';
		write(ready[1], "r", 1);
		read(hold[0], &c, 1);
		_exit(0);
	}
	read(ready[0], &c, 1);
	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	show_cmdline(path, "child's cmdline", skip);
	write(hold[1], "g", 1);
	printf("child: %s\n", wait_str(pid));
}

static int run_argv(int argc, char **argv)
{
	if (argc < 4) {
		printf("usage: proctask argv A B\n");
		return 2;
	}
	argv_child(argv, (int)strlen(argv[0]) + 1);
	argv_inplace(argc, argv);
	environ_inplace();
	argv_title(argc, argv);
	return finish();
}

#define NWORKERS 3

static int started, hold_fd[2];

static void *worker(void *arg)
{
	char name[16], c;

	snprintf(name, sizeof(name), "worker-%d", (int)(long)arg);
	prctl(PR_SET_NAME, name);
	__atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
	read(hold_fd[0], &c, 1);
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* stat's fields 1 (pid), 3 (state) and 20 (num_threads) from buf. */
static void stat_fields(int *pid, char *state, int *nthreads)
{
	char *p = strrchr(buf, ')');
	int i;

	*pid = atoi(buf);
	*state = p ? p[2] : '?';
	for (i = 3, p = p ? p + 2 : buf; i < 20 && p; i++) {
		p = strchr(p, ' ');
		p = p ? p + 1 : NULL;
	}
	*nthreads = p ? atoi(p) : -1;
}

/* One /proc/self/task/<tid>/: its name (kept in names), stat, status. */
static void check_task(int tid, char **names, int *n)
{
	char path[64], state;
	int pid, nthreads, me = (int)syscall(SYS_gettid);

	snprintf(path, sizeof(path), "/proc/self/task/%d/comm", tid);
	CHECK(slurp(path) > 0);
	buf[strcspn(buf, "\n")] = 0;
	names[(*n)++] = strdup(buf);
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	CHECK(slurp(path) > 0);
	stat_fields(&pid, &state, &nthreads);
	CHECK(pid == tid);
	CHECK(nthreads == NWORKERS + 1);
	CHECK(state == (tid == me ? 'R' : 'S'));
	snprintf(path, sizeof(path), "/proc/self/task/%d/status", tid);
	CHECK(slurp(path) > 0);
	snprintf(path, sizeof(path), "\nPid:\t%d\n", tid);
	CHECK(strstr(buf, path) != NULL);
	snprintf(path, sizeof(path), "\nTgid:\t%d\n", (int)getpid());
	CHECK(strstr(buf, path) != NULL);
}

static void list_tasks(int *other)
{
	char *names[16];
	int n = 0, me = (int)syscall(SYS_gettid);
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;

	CHECK(d != NULL);
	while (d && (e = readdir(d)) && n < 16) {
		if (e->d_name[0] == '.')
			continue;
		check_task(atoi(e->d_name), names, &n);
		if (atoi(e->d_name) != me)
			*other = atoi(e->d_name);
	}
	if (d)
		closedir(d);
	printf("tasks: %d\n", n);
	qsort(names, n, sizeof(names[0]), cmp_str);
	for (int i = 0; i < n; i++)
		printf("  %s\n", names[i]);
}

/* A non-leader's /proc/<tid>/ exists but is not listed in /proc;
 * /proc/self/task/<not ours>/ does not exist. */
static void check_tid_dirs(int other)
{
	char path[64], want[32];
	int listed = 0;
	DIR *d = opendir("/proc");
	struct dirent *e;

	snprintf(path, sizeof(path), "/proc/%d/comm", other);
	yes("/proc/<tid>/comm readable", slurp(path) > 0 &&
	    strncmp(buf, "worker-", 7) == 0);
	snprintf(path, sizeof(path), "/proc/%d/stat", other);
	snprintf(want, sizeof(want), "%d (worker-", other);
	yes("/proc/<tid>/stat is the thread's", slurp(path) > 0 &&
	    strncmp(buf, want, strlen(want)) == 0);
	snprintf(want, sizeof(want), "%d", other);
	while (d && (e = readdir(d)))
		listed |= strcmp(e->d_name, want) == 0;
	if (d)
		closedir(d);
	printf("tid listed in /proc: %s\n", listed ? "yes" : "no");
	CHECK(!listed);
	snprintf(path, sizeof(path), "/proc/self/task/%d", (int)getppid());
	expect_err("task/<parent's pid>", open(path, O_RDONLY), ENOENT);
	slurp("/proc/self/comm");
	printf("process comm: %s", buf);
}

static int count_tasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static int run_threads(void)
{
	pthread_t th[NWORKERS];
	int other = -1;

	CHECK(pipe(hold_fd) == 0);
	prctl(PR_SET_NAME, "leader");
	for (long i = 0; i < NWORKERS; i++)
		CHECK(pthread_create(&th[i], NULL, worker, (void *)(i + 1)) == 0);
	while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < NWORKERS)
		usleep(1000);
	usleep(50000);			/* let them block in read() */
	list_tasks(&other);
	check_tid_dirs(other);
	write(hold_fd[1], "gogo", NWORKERS);
	for (int i = 0; i < NWORKERS; i++)
		pthread_join(th[i], NULL);
	yes("after join: one task", count_tasks() == 1);
	return finish();
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "argv") == 0)
		return run_argv(argc, argv);
	if (argc > 1 && strcmp(argv[1], "threads") == 0)
		return run_threads();
	printf("usage: proctask argv A B | threads\n");
	return 2;
}
