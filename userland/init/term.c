/*
 * term.c: a login shell on a terminal (see init.h).
 *
 * The child of term_start_shell() becomes a session leader (setsid),
 * opens the terminal, makes it its controlling tty (TIOCSCTTY; without
 * one bash has no job control), puts it on fds 0-2 and runs `bash -l` in
 * /root with a fresh environment.  The parent logs one line.
 */
#include "userland/init/init.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define SHELL	"/bin/bash"
#define HOME	"/root"

/* Whether path is a terminal that opens (a serial port with no UART
 * behind it does not). */
bool term_exists(const char *path)
{
	int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* In the child: the terminal as controlling tty and fds 0-2, or -1. */
static int attach_terminal(const char *path)
{
	int fd;

	if (setsid() < 0)
		return -1;
	fd = open(path, O_RDWR);
	if (fd < 0)
		return -1;
	/* 0 takes a terminal no session holds; 1 (root) takes it from a
	 * session of an earlier shell that left processes behind. */
	if (ioctl(fd, TIOCSCTTY, 0) < 0 && ioctl(fd, TIOCSCTTY, 1) < 0 &&
	    errno != ENOTTY)
		return -1;
	for (int i = 0; i < 3; i++)
		if (dup2(fd, i) < 0)
			return -1;
	if (fd > 2)
		close(fd);
	return 0;
}

static __attribute__((noreturn)) void run_shell(const struct term *t)
{
	char term[64] = "TERM=";
	char *const argv[] = { "bash", "-l", NULL };
	char *const envp[] = { "HOME=" HOME, "PATH=/bin:/sbin:/usr/bin:/usr/sbin",
			       term, "SHELL=" SHELL, "USER=root", "LOGNAME=root",
			       NULL };
	sigset_t none;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (attach_terminal(t->path) < 0) {
		init_log("cannot take %s as a terminal: %s", t->path,
			 strerror(errno));
		_exit(1);
	}
	strncat(term, t->term, sizeof(term) - 6);
	if (chdir(HOME))
		(void)!chdir("/");
	execve(SHELL, argv, envp);
	init_log("cannot run %s: %s", SHELL, strerror(errno));
	_exit(127);
}

/* Start `bash -l` on t; its pid, or 0 if fork failed. */
pid_t term_start_shell(struct term *t)
{
	pid_t pid = fork();

	if (pid == 0)
		run_shell(t);
	if (pid < 0) {
		init_log("fork for %s: %s", t->path, strerror(errno));
		return 0;
	}
	init_log("started %s -l on %s (pid %d, TERM=%s)", SHELL, t->path,
		 (int)pid, t->term);
	return pid;
}
