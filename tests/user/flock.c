/*
 * flock.c: flock(2) as Linux has it: shared locks of two open file
 * descriptions side by side, an exclusive one refused with EWOULDBLOCK
 * (and the failed conversion dropping the shared lock it had), dup'ed
 * descriptors sharing their description's lock, the last close and the
 * process's exit releasing it, a blocked child woken when the lock goes,
 * EINVAL for bad operations and EBADF.
 */
#include <fcntl.h>
#include <sys/file.h>
#include "check.h"

static void show(const char *what, int ret)
{
	printf("%s: %s\n", what, ret == 0 ? "ok" :
	       errno == EWOULDBLOCK ? "EWOULDBLOCK" : strerror(errno));
}

static void two_descriptions(int a, int b)
{
	int c;

	show("a shared", flock(a, LOCK_SH));
	show("b shared too", flock(b, LOCK_SH | LOCK_NB));
	show("b exclusive", flock(b, LOCK_EX | LOCK_NB));
	show("a exclusive (b's shared lock went)", flock(a, LOCK_EX | LOCK_NB));
	show("b shared again", flock(b, LOCK_SH | LOCK_NB));
	c = dup(a);
	show("unlock through a dup of a", flock(c, LOCK_UN));
	close(c);
	show("b exclusive now", flock(b, LOCK_EX | LOCK_NB));
	show("b exclusive twice", flock(b, LOCK_EX | LOCK_NB));
}

static void release_on_close(int b)
{
	int d = open(tmp("f"), O_RDONLY);

	show("d exclusive while b holds it", flock(d, LOCK_EX | LOCK_NB));
	close(b);
	show("d exclusive after b's close", flock(d, LOCK_EX | LOCK_NB));
	close(d);
}

static void release_on_exit(void)
{
	pid_t pid = fork();
	int e;

	if (pid == 0) {
		int own = open(tmp("f"), O_RDONLY);

		_exit(flock(own, LOCK_EX | LOCK_NB) == 0 ? 0 : 1);
	}
	printf("child took the lock and exited: %s\n", wait_str(pid));
	e = open(tmp("f"), O_RDONLY);
	show("exclusive after the child's exit", flock(e, LOCK_EX | LOCK_NB));
	pid = fork();
	if (pid == 0) {
		int own = open(tmp("f"), O_RDONLY);

		if (flock(own, LOCK_EX | LOCK_NB) == 0)
			_exit(2);
		_exit(flock(own, LOCK_EX) == 0 ? 0 : 1);	/* waits */
	}
	wait_asleep(pid);
	show("unlock with a child waiting", flock(e, LOCK_UN));
	printf("waiting child: %s\n", wait_str(pid));
	close(e);
}

static void errors(void)
{
	int fd = open(tmp("f"), O_RDONLY);

	show("LOCK_SH | LOCK_EX", flock(fd, LOCK_SH | LOCK_EX));
	show("operation 0", flock(fd, 0));
	show("bad fd", flock(99, LOCK_SH));
	close(fd);
}

int main(void)
{
	int a, b;

	tmp_init("flock");
	a = open(tmp("f"), O_CREAT | O_RDWR, 0644);
	b = open(tmp("f"), O_RDONLY);
	two_descriptions(a, b);
	release_on_close(b);
	close(a);
	release_on_exit();
	errors();
	return finish();
}
