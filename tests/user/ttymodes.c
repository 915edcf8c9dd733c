/*
 * ttymodes.c: terminal modes and job control on a real terminal, driven
 * by tests/system/terminal.py, which types into the serial line.  Run
 * from an interactive bash with job control on its controlling terminal
 * (stdin); maestro only (not in programs.txt: those runs have stdin
 * /dev/null and no controlling terminal, on maestro and on the Linux
 * oracle alike).
 *
 * Each step that needs input prints "NAME: ready" and then waits for it;
 * what a read returned is printed escaped ("got 'ab\n' (3)").  The
 * expected transcript is Linux's n_tty behaviour, written down in
 * tests/system/terminal.py next to what is typed.  The other steps print
 * check lines (check.h's yes/expect_err).
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include "check.h"

static struct termios base;

static void show(const char *step, const char *buf, ssize_t n)
{
	printf("%s: got '", step);
	for (ssize_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c == '\n')
			printf("\\n");
		else if (c == '\r')
			printf("\\r");
		else if (c < 32 || c >= 127)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	printf("' (%zd)\n", n);
}

/* Set the modes: base with lflag/iflag bits cleared, VMIN and VTIME. */
static void modes(tcflag_t lflag_off, tcflag_t iflag_off, int vmin, int vtime)
{
	struct termios t = base;

	t.c_lflag &= ~lflag_off;
	t.c_iflag &= ~iflag_off;
	t.c_cc[VMIN] = (cc_t)vmin;
	t.c_cc[VTIME] = (cc_t)vtime;
	CHECK(tcsetattr(0, TCSANOW, &t) == 0);
}

static void read_step(const char *step, size_t len)
{
	char buf[128];
	ssize_t n;

	printf("%s: ready\n", step);
	n = read(0, buf, len);
	show(step, buf, n);
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1000 +
	       (t1.tv_nsec - t0->tv_nsec) / 1000000;
}

static void input_steps(void)
{
	struct timespec t0;
	int n = 0;

	modes(0, 0, 1, 0);
	read_step("canon", 100);
	read_step("kill", 100);
	read_step("eof", 100);
	read_step("eof-alone", 100);
	modes(ICANON | ECHO, 0, 3, 0);
	read_step("min3", 3);
	modes(ICANON | ECHO, 0, 0, 0);
	read_step("min0", 100);
	modes(ICANON | ECHO, 0, 0, 5);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	n = (int)read(0, (char[8]){ 0 }, 8);
	yes("time5 without input reads 0 after 0.5 s",
	    n == 0 && ms_since(&t0) >= 450);
	modes(ISIG, 0, 1, 0);
	read_step("noisig", 100);
	modes(0, ICRNL, 1, 0);
	read_step("noicrnl", 100);
	modes(0, 0, 1, 0);
	printf("fionread: ready\n");
	for (int i = 0; i < 500 && !n; i++) {
		usleep(10000);
		if (ioctl(0, FIONREAD, &n))
			n = -1;
	}
	printf("fionread: %d\n", n);
	read_step("fionread-line", 100);
}

static volatile sig_atomic_t winch;

static void on_winch(int sig)
{
	(void)sig;
	winch = 1;
}

static void winsize_steps(void)
{
	struct winsize ws, big = { .ws_row = 30, .ws_col = 100 };

	CHECK(ioctl(0, TIOCGWINSZ, &ws) == 0);
	printf("winsize: %dx%d\n", ws.ws_row, ws.ws_col);
	signal(SIGWINCH, on_winch);
	CHECK(ioctl(0, TIOCSWINSZ, &big) == 0);
	yes("TIOCSWINSZ sends SIGWINCH to the foreground group", winch);
	CHECK(ioctl(0, TIOCGWINSZ, &big) == 0);
	yes("new size read back", big.ws_row == 30 && big.ws_col == 100);
	winch = 0;
	CHECK(ioctl(0, TIOCSWINSZ, &big) == 0);
	yes("the same size again: no SIGWINCH", !winch);
	CHECK(ioctl(0, TIOCSWINSZ, &ws) == 0);
}

/* /proc/self/stat's tty_nr and tpgid: ttyS0 is (4, 64) and we are in
 * the foreground. */
static void proc_stat_tty(void)
{
	char buf[512], *p;
	int fd = open("/proc/self/stat", O_RDONLY), tty_nr = 0, tpgid = 0;
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	p = strrchr(buf, ')');
	if (p)
		sscanf(p + 1, " %*c %*d %*d %*d %d %d", &tty_nr, &tpgid);
	yes("/proc/self/stat: tty_nr of ttyS0, tpgid our group",
	    tty_nr == (4 << 8 | 64) && tpgid == getpgrp());
}

static void ctty_steps(void)
{
	int fd = open("/dev/tty", O_RDWR), sid;
	pid_t pid;

	yes("/dev/tty opens", fd >= 0);
	close(fd);
	yes("tcgetpgrp is our group", tcgetpgrp(0) == getpgrp());
	yes("TIOCGSID is our session",
	    ioctl(0, TIOCGSID, &sid) == 0 && sid == getsid(0));
	proc_stat_tty();
	pid = fork();
	if (pid == 0) {
		setsid();
		expect_err("new session: /dev/tty", open("/dev/tty", O_RDWR),
			   ENXIO);
		expect_err("new session: tcgetpgrp", tcgetpgrp(0), ENOTTY);
		expect_err("new session: TIOCSCTTY taken by another session",
			   ioctl(0, TIOCSCTTY, 0), EPERM);
		expect_err("no controlling terminal: TIOCNOTTY",
			   ioctl(0, TIOCNOTTY), ENOTTY);
		_exit(failures);
	}
	printf("child: %s\n", wait_str(pid));
	expect_err("TIOCSCTTY when not a session leader",
		   ioctl(0, TIOCSCTTY, 0), EPERM);
	expect_err("tcsetpgrp to a missing group", tcsetpgrp(0, 32767), ESRCH);
}

/* A child in a group of its own (the background) runs fn, then exits. */
static pid_t background(void (*fn)(void))
{
	pid_t pid = fork();

	if (pid == 0) {
		setpgid(0, 0);
		fn();
		_exit(0);
	}
	setpgid(pid, pid);
	return pid;
}

static void bg_read(void)
{
	char c;

	if (read(0, &c, 1) < 0)
		printf("background read: %s\n", strerror(errno));
}

static void bg_write(void)
{
	if (write(1, "background write\n", 17) < 0)
		printf("background write: %s\n", strerror(errno));
}

static void bg_setattr(void)
{
	if (tcsetattr(0, TCSANOW, &base))
		printf("background tcsetattr: %s\n", strerror(errno));
	else
		printf("background tcsetattr: done\n");
}

static void bg_ignore_ttin_read(void)
{
	signal(SIGTTIN, SIG_IGN);
	bg_read();
}

static void bg_ignore_ttou_setattr(void)
{
	signal(SIGTTOU, SIG_IGN);
	bg_setattr();
}

/* Run fn in the background and say how the child ended or stopped. */
static void bg_case(const char *what, void (*fn)(void))
{
	pid_t pid = background(fn);
	int status;

	waitpid(pid, &status, WUNTRACED);
	printf("%s: %s\n", what, status_str(status));
	if (WIFSTOPPED(status)) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
}

static void jobctl_steps(void)
{
	struct termios t = base;
	pid_t pid;

	bg_case("background read", bg_read);
	bg_case("background read, SIGTTIN ignored", bg_ignore_ttin_read);
	bg_case("background write without TOSTOP", bg_write);
	t.c_lflag |= TOSTOP;
	tcsetattr(0, TCSANOW, &t);
	bg_case("background write with TOSTOP", bg_write);
	tcsetattr(0, TCSANOW, &base);
	bg_case("background tcsetattr", bg_setattr);
	bg_case("background tcsetattr, SIGTTOU ignored",
		bg_ignore_ttou_setattr);
	pid = fork();
	if (pid == 0) {
		setsid();
		pause();
		_exit(0);
	}
	usleep(100000);
	expect_err("tcsetpgrp to another session's group",
		   tcsetpgrp(0, pid), EPERM);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

int main(void)
{
	if (tcgetattr(0, &base)) {
		printf("stdin is not a terminal\n");
		return 1;
	}
	input_steps();
	tcsetattr(0, TCSANOW, &base);
	winsize_steps();
	ctty_steps();
	jobctl_steps();
	tcsetattr(0, TCSANOW, &base);
	printf("ttymodes: %d failures\n", failures);
	return failures != 0;
}
