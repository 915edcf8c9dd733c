/*
 * reclock.c: POSIX record locks through fcntl as Linux has them: a
 * conflict seen by another process with F_GETLK (type, range, pid) and
 * refused by F_SETLK, a process's own locks never conflicting, an unlock
 * in the middle splitting a lock, touching locks of a kind merging, a
 * blocked F_SETLKW woken by the unlock, any close of the file releasing
 * the process's locks, EDEADLK for a cycle of waiters, the errors; and
 * open file description locks (F_OFD_*) against the same process's
 * other descriptions.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include "check.h"

static int fd;

static int lk(int cmd, int type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len };

	return fcntl(fd, cmd, &fl);
}

/* F_GETLK for a write lock on [start, start + len): what is in the way. */
static void probe(const char *what, off_t start, off_t len, pid_t owner)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len };

	CHECK(fcntl(fd, F_GETLK, &fl) == 0);
	if (fl.l_type == F_UNLCK) {
		printf("%s: free\n", what);
		return;
	}
	printf("%s: %s lock at %lld, length %lld, owner %s\n", what,
	       fl.l_type == F_WRLCK ? "write" : "read", (long long)fl.l_start,
	       (long long)fl.l_len, fl.l_pid == owner ? "the parent" : "other");
}

/* Run fn in a child (another process: another lock owner). */
static void in_child(void (*fn)(pid_t), const char *what)
{
	pid_t parent = getpid(), pid = fork();

	if (pid == 0) {
		fn(parent);
		_exit(0);
	}
	printf("%s: %s\n", what, wait_str(pid));
}

static void child_probes(pid_t parent)
{
	probe("  [5, 6)", 5, 1, parent);
	expect_err("  read lock on [0, 5)", lk(F_SETLK, F_RDLCK, 0, 5), EAGAIN);
	printf("  write lock on [20, 30): %d\n", lk(F_SETLK, F_WRLCK, 20, 10));
}

static void child_split(pid_t parent)
{
	probe("  whole file", 0, 0, parent);
	probe("  [3, 7)", 3, 4, parent);
	probe("  [7, 10)", 7, 3, parent);
	probe("  [20, 30)", 20, 10, parent);
}

static void child_free(pid_t parent)
{
	probe("  whole file", 0, 0, parent);
}

static void basics(void)
{
	printf("write lock on [0, 10): %d\n", lk(F_SETLK, F_WRLCK, 0, 10));
	in_child(child_probes, "child probing");
	probe("own lock", 0, 10, getpid());
	printf("unlock [3, 7): %d\n", lk(F_SETLK, F_UNLCK, 3, 4));
	CHECK(lk(F_SETLK, F_RDLCK, 20, 5) == 0 &&
	      lk(F_SETLK, F_RDLCK, 25, 5) == 0);
	in_child(child_split, "child after the split and merge");
}

static void waiting(void)
{
	pid_t pid;
	int r;

	CHECK(lk(F_SETLK, F_WRLCK, 0, 1) == 0);
	pid = fork();
	if (pid == 0) {
		int r = lk(F_SETLKW, F_WRLCK, 0, 1);

		printf("  blocked child got the lock: %d\n", r);
		_exit(0);
	}
	wait_asleep(pid);
	r = lk(F_SETLK, F_UNLCK, 0, 0);
	printf("blocked child: %s\n", wait_str(pid));
	printf("parent unlocked: %d\n", r);
}

static void close_releases(void)
{
	int other;

	CHECK(lk(F_SETLK, F_WRLCK, 0, 0) == 0);
	other = open(tmp("f"), O_RDONLY);
	close(other);
	in_child(child_free, "after closing another descriptor of the file");
}

static void deadlock(void)
{
	int p[2];
	pid_t pid;
	char c;

	CHECK(pipe(p) == 0);
	CHECK(lk(F_SETLK, F_WRLCK, 0, 1) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(lk(F_SETLK, F_WRLCK, 1, 1) == 0);
		CHECK(write(p[1], "x", 1) == 1);
		_exit(lk(F_SETLKW, F_WRLCK, 0, 1) == 0 ? 0 : 1);
	}
	CHECK(read(p[0], &c, 1) == 1);
	wait_asleep(pid);
	expect_err("waiting for the waiting child", lk(F_SETLKW, F_WRLCK, 1, 1),
		   EDEADLK);
	CHECK(lk(F_SETLK, F_UNLCK, 0, 0) == 0);
	printf("child: %s\n", wait_str(pid));
	close(p[0]);
	close(p[1]);
}

static void errors(void)
{
	struct flock fl = { .l_type = F_RDLCK, .l_whence = 7 };
	int wr = open(tmp("f"), O_WRONLY);

	expect_err("bad whence", fcntl(fd, F_SETLK, &fl), EINVAL);
	fl.l_whence = SEEK_SET;
	fl.l_start = -5;
	expect_err("negative start", fcntl(fd, F_SETLK, &fl), EINVAL);
	fl.l_start = 0;
	expect_err("read lock, write-only descriptor", fcntl(wr, F_SETLK, &fl),
		   EBADF);
	fl.l_type = F_UNLCK;
	expect_err("F_GETLK of F_UNLCK", fcntl(fd, F_GETLK, &fl), EINVAL);
	fl.l_type = F_RDLCK;
	fl.l_pid = 1;
	expect_err("OFD lock with a pid", fcntl(fd, F_OFD_SETLK, &fl), EINVAL);
	close(wr);
}

static void ofd(void)
{
	int a = open(tmp("f"), O_RDWR), b = open(tmp("f"), O_RDWR);
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };

	printf("OFD lock through a: %d\n", fcntl(a, F_OFD_SETLK, &fl));
	expect_err("OFD lock through b", fcntl(b, F_OFD_SETLK, &fl), EAGAIN);
	CHECK(fcntl(b, F_GETLK, &fl) == 0);
	printf("POSIX F_GETLK through b: %s, pid %d\n",
	       fl.l_type == F_WRLCK ? "write" : "other", (int)fl.l_pid);
	close(a);
	fl.l_type = F_WRLCK;
	fl.l_pid = 0;
	printf("OFD lock through b after a's close: %d\n",
	       fcntl(b, F_OFD_SETLK, &fl));
	close(b);
}

int main(void)
{
	tmp_init("reclock");
	fd = open(tmp("f"), O_CREAT | O_RDWR, 0644);
	CHECK(write(fd, "0123456789012345678901234567890123456789", 40) == 40);
	basics();
	CHECK(lk(F_SETLK, F_UNLCK, 0, 0) == 0);
	waiting();
	close_releases();
	fd = open(tmp("f"), O_RDWR);
	deadlock();
	errors();
	ofd();
	return finish();
}
