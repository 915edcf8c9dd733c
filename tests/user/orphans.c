/*
 * orphans.c: what becomes of orphans, orphaned process groups, and
 * kill(-1).
 *
 * 1. A grandchild whose parent ends is adopted by the nearest child
 *    subreaper: getppid() gives the subreaper's pid, the subreaper gets
 *    its SIGCHLD and reaps it with its exit status.
 * 2. A process group that an exit leaves orphaned (no member has a parent
 *    in another group of the session) with a stopped member: every member
 *    gets SIGHUP then SIGCONT; the stopped member's handler runs.
 * 3. kill(-1, 0) reaches every process but the caller and init: 0 even
 *    when all of them belong to others (-EPERM does not count), -EINVAL
 *    for a bad signal; kill(pid, 0) of another user's process is EPERM.
 *    Only signal 0 and an invalid one are used: from root, a real signal
 *    would reach every process of the machine but the caller and init,
 *    not only this test's.
 */
#include "check.h"
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>

static void subreaper(void)
{
	int ids[2], go[2], st = 0, sig;
	pid_t me = getpid(), a, g = 0, w;
	sigset_t chld;
	siginfo_t si;
	struct timespec zero = { 0, 0 };
	char c;

	CHECK(prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	CHECK(pipe(ids) == 0 && pipe(go) == 0);
	a = fork();
	if (a == 0) {
		if (fork() == 0) {
			pid_t gp = getpid();

			CHECK(write(ids[1], &gp, sizeof(gp)) == sizeof(gp));
			CHECK(read(go[0], &c, 1) == 1);
			_exit(getppid() == me ? 7 : 8);
		}
		_exit(0);
	}
	CHECK(read(ids[0], &g, sizeof(g)) == sizeof(g));
	CHECK(waitpid(a, &st, 0) == a);
	printf("middle child: %s\n", status_str(st));
	while (sigtimedwait(&chld, NULL, &zero) == SIGCHLD)
		;			/* the middle child's */
	CHECK(write(go[1], "g", 1) == 1);
	sig = sigwaitinfo(&chld, &si);
	yes("SIGCHLD from the adopted grandchild",
	    sig == SIGCHLD && si.si_pid == g);
	printf("its code %s, status %d\n",
	       si.si_code == CLD_EXITED ? "CLD_EXITED" : "other", si.si_status);
	w = waitpid(-1, &st, 0);
	yes("the subreaper reaped the grandchild", w == g);
	printf("grandchild: %s (7: getppid() was the subreaper)\n",
	       status_str(st));
	expect_err("no more children", wait(NULL), ECHILD);
	_exit(failures);
}

static int hup_pipe = -1;

static void on_hup(int sig)
{
	(void)sig;
	CHECK(write(hup_pipe, "H", 1) == 1);
}

/* The stopped member: SIGHUP's handler then the rest after SIGCONT. */
static void stopped_member(void)
{
	signal(SIGHUP, on_hup);
	raise(SIGSTOP);
	CHECK(write(hup_pipe, "C", 1) == 1);
	_exit(0);
}

static void orphaned_group(void)
{
	int p[2], st = 0;
	char buf[8];
	ssize_t n, len = 0;
	pid_t c, m;

	CHECK(setsid() == getpid());
	CHECK(pipe(p) == 0);
	hup_pipe = p[1];
	c = fork();
	if (c == 0) {
		CHECK(setpgid(0, 0) == 0);
		m = fork();
		if (m == 0)
			stopped_member();
		CHECK(waitpid(m, &st, WUNTRACED) == m);
		printf("member: %s\n", status_str(st));
		_exit(0);	/* the group's link to the session ends */
	}
	close(p[1]);
	alarm(10);		/* no SIGHUP: the member stays stopped */
	CHECK(waitpid(c, &st, 0) == c);
	printf("group leader: %s\n", status_str(st));
	while ((n = read(p[0], buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	buf[len] = '\0';
	printf("the stopped member wrote \"%s\" (H: SIGHUP, C: continued)\n",
	       buf);
	_exit(failures);
}

static void kill_all(void)
{
	int p[2];
	char c;
	pid_t x;

	CHECK(setsid() == getpid());
	CHECK(pipe(p) == 0);
	x = fork();
	if (x == 0) {		/* a target of root's, until this one ends */
		close(p[1]);
		CHECK(read(p[0], &c, 1) == 0);
		_exit(0);
	}
	close(p[0]);
	yes("kill(-1, 0) as root", kill(-1, 0) == 0);
	expect_err("kill(-1, 99)", kill(-1, 99), EINVAL);
	expect_err("kill(-1, -1)", kill(-1, -1), EINVAL);
	CHECK(setuid(65534) == 0);
	yes("kill(-1, 0) as nobody (others' processes only)", kill(-1, 0) == 0);
	expect_err("kill(root's child, 0) as nobody", kill(x, 0), EPERM);
	expect_err("kill(root's child, 99) as nobody", kill(x, 99), EINVAL);
	yes("kill(self, 0) as nobody", kill(getpid(), 0) == 0);
	expect_err("kill(-1, 99) as nobody", kill(-1, 99), EINVAL);
	_exit(failures);
}

static void run(const char *what, void (*fn)(void))
{
	int st = 0;
	pid_t pid;

	printf("== %s\n", what);
	pid = fork();
	if (pid == 0)
		fn();
	CHECK(waitpid(pid, &st, 0) == pid);
	if (st)
		printf("%s: %s\n", what, status_str(st));
	failures += st != 0;
}

int main(void)
{
	run("subreaper", subreaper);
	run("orphaned group", orphaned_group);
	run("kill(-1)", kill_all);
	return finish();
}
