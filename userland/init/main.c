/*
 * main.c: init's start and its loop (see init.h).
 *
 * init runs with SIGCHLD, SIGALRM and the shutdown signals blocked, and
 * waits for them in sigsuspend(), so that none can arrive between a check
 * and the wait.  Each time round the loop it reaps every ended child,
 * acts on a shutdown request, and starts the shells that are missing.
 * The shutdown signals are those busybox sends to pid 1: SIGUSR1 (halt)
 * and SIGUSR2 (poweroff) power off, SIGTERM (reboot) and SIGINT (what
 * Linux sends init on Ctrl-Alt-Del) restart.
 *
 * A shell that ends is started again.  One that ends within QUICK_SECONDS
 * of its start twice in a row (a terminal that fails, a broken profile)
 * is started again only after RETRY_SECONDS, so that init does not spin.
 */
#include "userland/init/init.h"
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define QUICK_SECONDS	5
#define RETRY_SECONDS	5

static struct term terms[] = {
	{ .path = "/dev/tty1", .term = "linux" },
	{ .path = "/dev/ttyS0", .term = "vt100" },
};
#define NTERMS	(sizeof(terms) / sizeof(terms[0]))

/* When no terminal exists (a kernel without them), the console. */
static struct term console = { .path = "/dev/console", .term = "linux" };

static bool in_use[NTERMS];
static bool use_console;
static volatile sig_atomic_t request;

void init_log(const char *fmt, ...)
{
	char line[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof(line) - 2)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	if (write(STDERR_FILENO, "init: ", 6) == 6)
		(void)!write(STDERR_FILENO, line, n);
}

static void on_signal(int sig)
{
	if (sig == SIGUSR1 || sig == SIGUSR2)
		request = REQ_POWEROFF;
	else if (sig == SIGTERM || sig == SIGINT)
		request = REQ_REBOOT;
}

/* Handlers for the signals init waits for; all of them blocked (the
 * mask sigsuspend() lifts). */
static void signals_setup(void)
{
	static const int sigs[] = { SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2,
				    SIGTERM, SIGINT };
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&block);
	for (unsigned int i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&block, sigs[i]);
	sa.sa_mask = block;
	sigprocmask(SIG_BLOCK, &block, NULL);
	for (unsigned int i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

/* The terminal whose shell was pid, or NULL. */
static struct term *term_of(pid_t pid)
{
	for (unsigned int i = 0; i < NTERMS; i++)
		if (in_use[i] && terms[i].shell == pid)
			return &terms[i];
	return use_console && console.shell == pid ? &console : NULL;
}

static void shell_ended(struct term *t, int status)
{
	time_t lived = time(NULL) - t->started;

	t->shell = 0;
	if (lived >= QUICK_SECONDS) {
		t->quick_exits = 0;
		return;
	}
	if (++t->quick_exits >= 2)
		init_log("the shell on %s ended after %lds (status %d); "
			 "starting another in %ds", t->path, (long)lived,
			 WIFEXITED(status) ? WEXITSTATUS(status)
					   : 128 + WTERMSIG(status),
			 RETRY_SECONDS);
}

/* Collect every child that has ended: shells, rc's leftovers, orphans. */
static void reap(void)
{
	struct term *t;
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
		if ((t = term_of(pid)))
			shell_ended(t, status);
}

/* Start t's shell unless it runs or must wait; *wake: the seconds until
 * the earliest delayed start (0: none). */
static void start_if_missing(struct term *t, unsigned int *wake)
{
	time_t now = time(NULL);
	unsigned int left;

	if (t->shell)
		return;
	if (t->quick_exits >= 2 && now - t->started < RETRY_SECONDS) {
		left = RETRY_SECONDS - (now - t->started);
		if (!*wake || left < *wake)
			*wake = left;
		return;
	}
	t->started = now;
	t->shell = term_start_shell(t);
	if (!t->shell) {		/* fork failed: try again later */
		t->quick_exits = 2;
		if (!*wake || RETRY_SECONDS < *wake)
			*wake = RETRY_SECONDS;
	}
}

static void start_shells(void)
{
	unsigned int wake = 0;

	for (unsigned int i = 0; i < NTERMS; i++)
		if (in_use[i])
			start_if_missing(&terms[i], &wake);
	if (use_console)
		start_if_missing(&console, &wake);
	if (wake)
		alarm(wake);
}

static void find_terminals(void)
{
	use_console = true;
	for (unsigned int i = 0; i < NTERMS; i++) {
		in_use[i] = term_exists(terms[i].path);
		if (in_use[i])
			use_console = false;
	}
	if (use_console)
		init_log("no terminal (%s, %s): the shell runs on %s",
			 terms[0].path, terms[1].path, console.path);
}

int main(void)
{
	sigset_t wait_mask;

	if (getpid() != 1) {
		fprintf(stderr, "init: must be started by the kernel (pid 1)\n");
		return 1;
	}
	umask(022);
	if (chdir("/"))
		init_log("chdir /: %s", strerror(errno));
	signals_setup();
	setup_mounts();
	setup_hostname();
	seed_load();
	setup_run_rc();
	find_terminals();
	sigemptyset(&wait_mask);
	for (;;) {
		reap();
		if (request)
			shutdown_system(request);
		start_shells();
		sigsuspend(&wait_mask);
	}
}
