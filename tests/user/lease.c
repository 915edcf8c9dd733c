/*
 * lease.c: fcntl's leases and file owners as Linux has them.  Leases:
 * F_GETLEASE without one (F_UNLCK); F_UNLCK without one (EAGAIN); EINVAL
 * for other types and for pipes and directories; EACCES for a user who
 * does not own the file; a read lease only while nobody writes (not on a
 * descriptor open for writing), a write lease only on the file's only
 * open; two read leases; the lease holder becomes the file's owner; an
 * open that conflicts sends it SIGIO, fails with EAGAIN under O_NONBLOCK
 * (the lease then shows as the downgrade wanted) and else waits until the
 * holder gives the lease back.  Owners: F_SETOWN/F_GETOWN and
 * F_SETOWN_EX/F_GETOWN_EX (F_OWNER_TID, _PID, _PGRP), ESRCH, EINVAL,
 * EFAULT.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include "check.h"

static volatile sig_atomic_t sigio, release;
static int lease_fd;

static void on_io(int sig __attribute__((unused)))
{
	sigio++;
	if (release)
		fcntl(lease_fd, F_SETLEASE, F_UNLCK);
}

static void show(const char *what, long ret)
{
	printf("%s: %ld %s\n", what, ret, ret < 0 ? strerror(errno) : "-");
}

static void basics(void)
{
	int fd = open(tmp("f"), O_RDONLY), fd2, rw, p[2];
	int dir = open(tmp_dir, O_RDONLY);

	CHECK(pipe(p) == 0);
	show("F_GETLEASE without one", fcntl(fd, F_GETLEASE));
	show("F_UNLCK without one", fcntl(fd, F_SETLEASE, F_UNLCK));
	show("type 5", fcntl(fd, F_SETLEASE, 5));
	show("on a pipe", fcntl(p[0], F_SETLEASE, F_RDLCK));
	show("on a directory", fcntl(dir, F_SETLEASE, F_RDLCK));
	show("F_RDLCK", fcntl(fd, F_SETLEASE, F_RDLCK));
	show("F_GETLEASE", fcntl(fd, F_GETLEASE));
	yes("the holder owns the file", fcntl(fd, F_GETOWN) == getpid());
	show("upgrade to F_WRLCK (the only open)", fcntl(fd, F_SETLEASE, F_WRLCK));
	show("F_GETLEASE", fcntl(fd, F_GETLEASE));
	show("F_UNLCK", fcntl(fd, F_SETLEASE, F_UNLCK));
	fd2 = open(tmp("f"), O_RDONLY);
	show("F_WRLCK with another open", fcntl(fd, F_SETLEASE, F_WRLCK));
	show("F_RDLCK", fcntl(fd, F_SETLEASE, F_RDLCK));
	show("F_RDLCK on the other", fcntl(fd2, F_SETLEASE, F_RDLCK));
	show("F_WRLCK with another lease", fcntl(fd, F_SETLEASE, F_WRLCK));
	close(fd2);
	show("F_WRLCK once the other is closed", fcntl(fd, F_SETLEASE, F_WRLCK));
	close(fd);
	rw = open(tmp("f"), O_RDWR);
	show("F_RDLCK open for writing", fcntl(rw, F_SETLEASE, F_RDLCK));
	show("F_WRLCK open for writing", fcntl(rw, F_SETLEASE, F_WRLCK));
	close(rw);
	close(p[0]);
	close(p[1]);
	close(dir);
}

static void user(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open(tmp("f"), O_RDONLY);

		CHECK(setuid(1000) == 0);
		show("user: F_RDLCK on root's file", fcntl(fd, F_SETLEASE, F_RDLCK));
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
}

static void breaks(void)
{
	struct sigaction sa = { .sa_handler = on_io, .sa_flags = SA_RESTART };
	pid_t pid;

	sigaction(SIGIO, &sa, NULL);
	lease_fd = open(tmp("f"), O_RDONLY);
	CHECK(fcntl(lease_fd, F_SETLEASE, F_WRLCK) == 0);
	pid = fork();
	if (pid == 0) {
		int fd = open(tmp("f"), O_RDONLY | O_NONBLOCK);

		printf("child: non-blocking open for reading: %s\n",
		       fd < 0 ? strerror(errno) : "opened");
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	printf("SIGIO: %d, lease now %d\n", (int)sigio,
	       fcntl(lease_fd, F_GETLEASE));
	release = 1;
	pid = fork();
	if (pid == 0) {
		int fd = open(tmp("f"), O_WRONLY);

		printf("child: blocking open for writing: %s\n",
		       fd < 0 ? strerror(errno) : "opened");
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	printf("SIGIO: %d, lease now %d\n", (int)sigio,
	       fcntl(lease_fd, F_GETLEASE));
	close(lease_fd);
}

static void owners(void)
{
	int fd = open(tmp("f"), O_RDONLY);
	struct f_owner_ex ex = { 0, 0 };

	show("F_GETOWN of a new file", fcntl(fd, F_GETOWN));
	CHECK(fcntl(fd, F_GETOWN_EX, &ex) == 0);
	printf("F_GETOWN_EX: type %d pid %d\n", ex.type, ex.pid);
	show("F_SETOWN self", fcntl(fd, F_SETOWN, getpid()));
	yes("F_GETOWN is self", fcntl(fd, F_GETOWN) == getpid());
	CHECK(fcntl(fd, F_GETOWN_EX, &ex) == 0);
	printf("F_GETOWN_EX: type %d, self %s\n", ex.type,
	       ex.pid == getpid() ? "yes" : "no");
	show("F_SETOWN -pgrp", fcntl(fd, F_SETOWN, -getpgrp()));
	yes("F_GETOWN is -pgrp", fcntl(fd, F_GETOWN) == -getpgrp());
	CHECK(fcntl(fd, F_GETOWN_EX, &ex) == 0);
	printf("F_GETOWN_EX: type %d, pgrp %s\n", ex.type,
	       ex.pid == getpgrp() ? "yes" : "no");
	show("F_SETOWN no such pid", fcntl(fd, F_SETOWN, 0x3fffffff));
	show("F_SETOWN INT_MIN", fcntl(fd, F_SETOWN, INT_MIN));
	ex = (struct f_owner_ex){ F_OWNER_TID, (pid_t)syscall(SYS_gettid) };
	show("F_SETOWN_EX TID", fcntl(fd, F_SETOWN_EX, &ex));
	ex = (struct f_owner_ex){ 0, 0 };
	CHECK(fcntl(fd, F_GETOWN_EX, &ex) == 0);
	printf("F_GETOWN_EX: type %d, self %s\n", ex.type,
	       ex.pid == getpid() ? "yes" : "no");
	ex = (struct f_owner_ex){ 3, 0 };
	show("F_SETOWN_EX type 3", fcntl(fd, F_SETOWN_EX, &ex));
	ex = (struct f_owner_ex){ F_OWNER_PID, 0x3fffffff };
	show("F_SETOWN_EX no such pid", fcntl(fd, F_SETOWN_EX, &ex));
	ex = (struct f_owner_ex){ F_OWNER_PID, 0 };
	show("F_SETOWN_EX PID 0", fcntl(fd, F_SETOWN_EX, &ex));
	CHECK(fcntl(fd, F_GETOWN_EX, &ex) == 0);
	printf("F_GETOWN_EX: type %d pid %d\n", ex.type, ex.pid);
	show("F_SETOWN_EX bad pointer", fcntl(fd, F_SETOWN_EX, bad_ptr));
	show("F_GETOWN_EX bad pointer", fcntl(fd, F_GETOWN_EX, bad_ptr));
	close(fd);
}

int main(void)
{
	int fd;

	tmp_init("lease");
	fd = open(tmp("f"), O_WRONLY | O_CREAT, 0644);
	CHECK(write(fd, "x", 1) == 1);
	close(fd);
	basics();
	user();
	breaks();
	owners();
	remove_tree(tmp_dir);
	return finish();
}
