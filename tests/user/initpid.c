/*
 * initpid.c: maestro only (it must be pid 1, so it is not in programs.txt,
 * whose runs the Linux oracle starts from its own /init).  Booted as init
 * (init=/test/initpid shutdown=poweroff), it checks what Linux gives the
 * init process, one "<check>: yes|no" line each, then "initpid: all yes"
 * or "initpid: FAILED"; tests/system/init.py wants every line to say yes:
 *   - its pid is 1;
 *   - signals it has no handler for are dropped, SIGKILL and SIGSTOP
 *     included, while a handled one is delivered;
 *   - kill(-1) reaches every other process but not init (ESRCH when there
 *     is none);
 *   - an orphan is adopted by init: its getppid() becomes 1 and init's
 *     wait collects it, also when it had ended (a zombie) before its
 *     parent;
 *   - clone with CLONE_PARENT fails with EINVAL: init may not make
 *     siblings, which nobody would reap.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int failed;
static volatile sig_atomic_t got_usr1;

static void say(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "yes" : "no");
	if (!ok)
		failed = 1;
}

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static void on_usr1(int sig)
{
	got_usr1 = sig;
}

static void signals_to_init(void)
{
	say("SIGTERM without a handler is dropped",
	    kill(1, SIGTERM) == 0 && (nap_ms(50), 1));
	say("SIGKILL is dropped", kill(1, SIGKILL) == 0 && (nap_ms(50), 1));
	say("SIGSTOP is dropped", kill(1, SIGSTOP) == 0 && (nap_ms(50), 1));
	signal(SIGUSR1, on_usr1);
	kill(1, SIGUSR1);
	say("a handled signal is delivered", got_usr1 == SIGUSR1);
	signal(SIGUSR1, SIG_DFL);
}

static void kill_everyone(void)
{
	pid_t child = fork();
	int status = 0;

	if (child == 0) {
		pause();
		_exit(0);
	}
	nap_ms(50);
	say("kill(-1, SIGKILL) succeeds", kill(-1, SIGKILL) == 0);
	say("it killed the other process",
	    waitpid(child, &status, 0) == child && WIFSIGNALED(status) &&
	    WTERMSIG(status) == SIGKILL);
	errno = 0;
	say("kill(-1, 0) with no other process: ESRCH",
	    kill(-1, 0) == -1 && errno == ESRCH);
}

/* The middle process: starts the grandchild, sends its pid up the pipe,
 * and ends after ms (before or after the grandchild, which runs fn). */
static void middle(int fd, long ms, void (*fn)(int fd))
{
	pid_t grandchild = fork();

	if (grandchild == 0) {
		fn(fd);
		_exit(0);
	}
	(void)!write(fd, &grandchild, sizeof(grandchild));
	nap_ms(ms);
	_exit(0);
}

/* The grandchild: waits (up to 2 s) until its parent is init, and says
 * whether it became so. */
static void watch_parent(int fd)
{
	char ok = 0;

	for (int i = 0; i < 100 && !ok; i++) {
		nap_ms(20);
		ok = getppid() == 1;
	}
	(void)!write(fd, &ok, 1);
}

static void end_at_once(int fd)
{
	(void)fd;
}

/* An orphan, ended (zombie) or running when its parent ends, becomes
 * init's child: init's wait collects it. */
static void orphan(const char *what, long ms, void (*fn)(int fd))
{
	int p[2], status;
	pid_t mid, grandchild = 0;
	char ok = 1, line[96];

	if (pipe(p))
		return say("pipe", 0);
	mid = fork();
	if (mid == 0)
		middle(p[1], ms, fn);
	close(p[1]);
	(void)!read(p[0], &grandchild, sizeof(grandchild));
	waitpid(mid, &status, 0);
	if (fn == watch_parent) {
		snprintf(line, sizeof(line), "%s: its parent becomes 1", what);
		say(line, read(p[0], &ok, 1) == 1 && ok);
	}
	close(p[0]);
	snprintf(line, sizeof(line), "%s: init's wait collects it", what);
	say(line, grandchild > 0 && waitpid(-1, &status, 0) == grandchild &&
	    WIFEXITED(status));
}

/* CLONE_PARENT (0x8000) from init: refused, so no child to reap. */
static void clone_parent(void)
{
	long pid = syscall(SYS_clone, 0x8000 | SIGCHLD, 0, 0, 0, 0);

	if (pid == 0)
		_exit(0);
	say("clone(CLONE_PARENT) from init: EINVAL",
	    pid == -1 && errno == EINVAL);
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	say("pid is 1", getpid() == 1);
	signals_to_init();
	kill_everyone();
	orphan("running orphan", 0, watch_parent);
	orphan("zombie orphan", 200, end_at_once);
	clone_parent();
	errno = 0;
	say("no child left", wait(NULL) == -1 && errno == ECHILD);
	printf("initpid: %s\n", failed ? "FAILED" : "all yes");
	return failed;
}
