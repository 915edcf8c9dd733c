/*
 * check.h: helpers shared by the differential test programs.
 *
 * A test prints only what is the same on every Linux and on maestro: facts
 * ("size 13"), errno names, and relationships ("child pid differs from
 * parent: yes") instead of pids, addresses or times.  Interface:
 *   yes(what, cond)		prints "what: yes" or "what: no"; "no" is a
 *				failure;
 *   expect_err(what, ret, e)	prints "what: RET ERRNO-TEXT"; a failure
 *				unless ret is -1 with errno e;
 *   CHECK(cond)		silent unless cond is false, then a failure;
 *   status_str(status)		a wait status as "exited N", "killed by
 *				SIGxxx", "stopped by SIGxxx" or "continued";
 *   wait_str(pid)		waits for pid and returns status_str of it;
 *   tmp_init(name), tmp(file)	a fresh directory /tmp/NAME.PID for the
 *				test's files, and paths inside it;
 *   bad_ptr			an unmapped user address, for EFAULT;
 *   remove_tree(path)		removes a directory and all it holds;
 *   wait_asleep(pid)		waits (up to 10 s) until process pid sleeps
 *				(state S in /proc/PID/stat), for a test whose
 *				child must be blocked in a call first;
 *   fd_target(fd)		what /proc/self/fd/FD links to ("" if
 *				none; static, use it before the next call);
 *   run_sections(argc, argv, sections, n)
 *				runs the struct check_section functions
 *				named in argv[1..] (all when none is), each
 *				after a line "== NAME";
 *   finish()			prints "N failures"; main returns its value.
 * stdout is unbuffered (set before main), so that output written before
 * fork() is never written twice and parent and child lines interleave in
 * the order the test synchronises them in.
 */
#ifndef TESTS_USER_CHECK_H
#define TESTS_USER_CHECK_H

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;
static char tmp_dir[64];
/* An address no program maps (volatile: the compiler cannot see it). */
__attribute__((unused)) static void *volatile bad_ptr = (void *)16;

#define CHECK(c) do { if (!(c)) { printf("FAILED %s (line %d)\n", #c, \
	__LINE__); failures++; } } while (0)

__attribute__((constructor)) static void check_unbuffered(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
}

__attribute__((unused)) static void yes(const char *what, int cond)
{
	printf("%s: %s\n", what, cond ? "yes" : "no");
	if (!cond)
		failures++;
}

__attribute__((unused)) static void expect_err(const char *what, long ret,
					       int want)
{
	int err = ret == -1 ? errno : 0;

	printf("%s: %ld %s\n", what, ret, err ? strerror(err) : "-");
	if (ret != -1 || err != want) {
		printf("  expected -1 %s\n", strerror(want));
		failures++;
	}
}

static const char *const check_signames[] = {
	"0", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
	"SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2",
	"SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT",
	"SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU",
	"SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO", "SIGPWR",
	"SIGSYS",
};

__attribute__((unused)) static const char *sig_name(int sig)
{
	static char buf[16];

	if (sig >= 0 && sig < 32)
		return check_signames[sig];
	snprintf(buf, sizeof(buf), "signal %d", sig);
	return buf;
}

/* The returned string is static: use it before the next call. */
__attribute__((unused)) static const char *status_str(int st)
{
	static char buf[48];

	if (WIFEXITED(st))
		snprintf(buf, sizeof(buf), "exited %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		snprintf(buf, sizeof(buf), "killed by %s",
			 sig_name(WTERMSIG(st)));
	else if (WIFSTOPPED(st))
		snprintf(buf, sizeof(buf), "stopped by %s",
			 sig_name(WSTOPSIG(st)));
	else if (WIFCONTINUED(st))
		snprintf(buf, sizeof(buf), "continued");
	else
		snprintf(buf, sizeof(buf), "status %#x", st);
	return buf;
}

__attribute__((unused)) static const char *wait_str(pid_t pid)
{
	int st = 0;

	if (waitpid(pid, &st, 0) != pid)
		return "waitpid failed";
	return status_str(st);
}

__attribute__((unused)) static const char *tmp(const char *name)
{
	static char buf[2][128];
	static int which;

	which ^= 1;
	snprintf(buf[which], sizeof(buf[which]), "%s/%s", tmp_dir, name);
	return buf[which];
}

__attribute__((unused)) static void tmp_init(const char *name)
{
	snprintf(tmp_dir, sizeof(tmp_dir), "/tmp/%s.%d", name, (int)getpid());
	CHECK(mkdir(tmp_dir, 0755) == 0);
}

__attribute__((unused)) static void wait_asleep(pid_t pid)
{
	char path[32], buf[256];

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	for (int i = 0; i < 1000; i++) {
		FILE *f = fopen(path, "r");
		char *end = NULL;

		if (f && fgets(buf, sizeof(buf), f))
			end = strrchr(buf, ')');
		if (f)
			fclose(f);
		if (end && end[1] == ' ' && end[2] == 'S')
			return;
		usleep(10000);
	}
	printf("FAILED process %d never slept\n", (int)pid);
	failures++;
}

/* Remove the directory path and everything in it. */
__attribute__((unused)) static void remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char sub[320];

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (e->d_type == DT_DIR)
			remove_tree(sub);
		else
			CHECK(unlink(sub) == 0);
	}
	if (d)
		closedir(d);
	CHECK(rmdir(path) == 0);
}

__attribute__((unused)) static const char *fd_target(int fd)
{
	static char link[128];
	char path[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = 0;
	return link;
}

struct check_section {
	const char *name;
	void (*fn)(void);
};

__attribute__((unused)) static void run_sections(int argc, char **argv,
		const struct check_section *sections, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		int wanted = argc == 1;

		for (int a = 1; a < argc; a++)
			wanted |= strcmp(argv[a], sections[i].name) == 0;
		if (!wanted)
			continue;
		printf("== %s\n", sections[i].name);
		sections[i].fn();
	}
}

__attribute__((unused)) static int finish(void)
{
	printf("%d failures\n", failures);
	return failures != 0;
}

#endif
