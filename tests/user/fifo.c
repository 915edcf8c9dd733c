/*
 * fifo.c: named FIFOs (mkfifo, mknod S_IFIFO).  A blocking O_RDONLY open
 * waits for a writer and a blocking O_WRONLY open for a reader (each order
 * with a forked child); O_RDWR never waits; O_RDONLY | O_NONBLOCK opens at
 * once (read gives EOF, poll no POLLHUP until a writer has come and
 * gone); O_WRONLY | O_NONBLOCK with no reader gives ENXIO; EOF once the
 * last writer closes; EPIPE and SIGPIPE with no reader; what a FIFO held
 * is gone once everyone closed it; a signal handler ends a blocking open
 * with EINTR, or restarts it with SA_RESTART; lseek gives ESPIPE; exec
 * of a FIFO gives EACCES; the FIFO works through a second name (link)
 * and after unlink.
 */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

static volatile int hits;

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int revents(int fd, short events)
{
	struct pollfd p = { fd, events, 0 };

	return poll(&p, 1, 0) < 0 ? -1 : p.revents;
}

static void make(void)
{
	struct stat st;

	CHECK(mkfifo(tmp("f"), 0644) == 0);
	CHECK(stat(tmp("f"), &st) == 0);
	yes("mkfifo makes a FIFO", S_ISFIFO(st.st_mode));
	printf("its size: %lld\n", (long long)st.st_size);
	expect_err("mkfifo again", mkfifo(tmp("f"), 0644), EEXIST);
	CHECK(mknod(tmp("g"), S_IFIFO | 0600, 0) == 0);
	CHECK(stat(tmp("g"), &st) == 0);
	yes("mknod S_IFIFO makes a FIFO", S_ISFIFO(st.st_mode));
	CHECK(unlink(tmp("g")) == 0);
}

/* The parent opens its end first and waits; the child opens the other
 * end 100 ms later. */
static void reader_first(void)
{
	char buf[16] = { 0 };
	long t0 = now_ms();
	pid_t pid = fork();
	int fd;

	if (pid == 0) {
		usleep(100000);
		fd = open(tmp("f"), O_WRONLY);
		write(fd, "hello", 5);
		_exit(fd < 0);
	}
	fd = open(tmp("f"), O_RDONLY);
	yes("O_RDONLY open waited for the writer", fd >= 0 && now_ms() - t0 >= 100);
	printf("read: %zd \"%s\"\n", read(fd, buf, sizeof(buf) - 1), buf);
	printf("read after the writer exited: %zd\n", read(fd, buf, 1));
	printf("child: %s\n", wait_str(pid));
	close(fd);
}

static void writer_first(void)
{
	long t0 = now_ms();
	pid_t pid = fork();
	int fd;

	if (pid == 0) {
		char buf[16] = { 0 };

		usleep(100000);
		fd = open(tmp("f"), O_RDONLY);
		if (fd < 0 || read(fd, buf, sizeof(buf)) != 5)
			_exit(1);
		_exit(strcmp(buf, "world") != 0);
	}
	fd = open(tmp("f"), O_WRONLY);
	yes("O_WRONLY open waited for the reader", fd >= 0 && now_ms() - t0 >= 100);
	printf("write: %zd\n", write(fd, "world", 5));
	printf("child read it: %s\n", wait_str(pid));
	signal(SIGPIPE, SIG_IGN);
	expect_err("write after the reader exited", write(fd, "x", 1), EPIPE);
	signal(SIGPIPE, SIG_DFL);
	close(fd);
}

static void rdwr_and_nonblock(void)
{
	char buf[8] = { 0 };
	int rw, r, w, w2;

	rw = open(tmp("f"), O_RDWR);
	yes("O_RDWR opens at once", rw >= 0);
	printf("write: %zd", write(rw, "abc", 3));
	printf(", read back: %zd", read(rw, buf, sizeof(buf)));
	printf(" \"%s\"; poll %#x\n", buf, revents(rw, POLLIN | POLLOUT));
	close(rw);

	expect_err("O_WRONLY|O_NONBLOCK with no reader",
		   open(tmp("f"), O_WRONLY | O_NONBLOCK), ENXIO);
	r = open(tmp("f"), O_RDONLY | O_NONBLOCK);
	yes("O_RDONLY|O_NONBLOCK opens at once", r >= 0);
	printf("read, no writer yet: %zd\n", read(r, buf, 1));
	printf("poll, no writer yet: %#x\n", revents(r, POLLIN));
	w = open(tmp("f"), O_WRONLY | O_NONBLOCK);
	yes("O_WRONLY|O_NONBLOCK with a reader", w >= 0);
	w2 = open(tmp("f"), O_WRONLY);
	yes("O_WRONLY with a reader opens at once", w2 >= 0);
	expect_err("read, empty, writers open", read(r, buf, 1), EAGAIN);
	write(w, "x", 1);
	close(w);
	printf("poll, one writer left: %#x\n", revents(r, POLLIN));
	close(w2);
	printf("poll, writers gone: %#x\n", revents(r, POLLIN));
	printf("read: %zd", read(r, buf, 8));
	printf(", then %zd\n", read(r, buf, 8));
	close(r);
}

static void no_reader(void)
{
	int r = open(tmp("f"), O_RDONLY | O_NONBLOCK);
	int w = open(tmp("f"), O_WRONLY);
	pid_t pid;

	close(r);
	printf("poll, reader gone: %#x\n", revents(w, POLLOUT));
	signal(SIGPIPE, SIG_IGN);
	expect_err("write, reader gone", write(w, "x", 1), EPIPE);
	signal(SIGPIPE, SIG_DFL);
	pid = fork();
	if (pid == 0) {
		write(w, "x", 1);
		_exit(0);
	}
	printf("write, SIGPIPE default: %s\n", wait_str(pid));
	close(w);
}

/* What the FIFO held goes when the last end closes. */
static void reopen(void)
{
	char buf[8];
	int r = open(tmp("f"), O_RDONLY | O_NONBLOCK);
	int w = open(tmp("f"), O_WRONLY);

	printf("write before closing: %zd\n", write(w, "old", 3));
	close(r);
	close(w);
	r = open(tmp("f"), O_RDONLY | O_NONBLOCK);
	w = open(tmp("f"), O_WRONLY);
	expect_err("read after reopening", read(r, buf, sizeof(buf)), EAGAIN);
	write(w, "new", 3);
	printf("then: %zd\n", read(r, buf, sizeof(buf)));
	expect_err("lseek", lseek(r, 0, SEEK_SET), ESPIPE);
	close(r);
	close(w);
}

static void on_alarm(int sig)
{
	(void)sig;
	hits++;
}

static void handle(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa = { .sa_handler = fn, .sa_flags = flags };

	CHECK(sigaction(sig, &sa, NULL) == 0);
}

static void interrupted_open(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 50000 } };
	pid_t pid;
	int fd;

	handle(SIGALRM, on_alarm, 0);
	setitimer(ITIMER_REAL, &it, NULL);
	expect_err("O_RDONLY open, SIGALRM handler", open(tmp("f"), O_RDONLY),
		   EINTR);
	setitimer(ITIMER_REAL, &it, NULL);
	expect_err("O_WRONLY open, SIGALRM handler", open(tmp("f"), O_WRONLY),
		   EINTR);
	handle(SIGALRM, on_alarm, SA_RESTART);
	pid = fork();
	if (pid == 0) {
		usleep(200000);
		fd = open(tmp("f"), O_WRONLY);
		_exit(fd < 0);
	}
	setitimer(ITIMER_REAL, &it, NULL);
	fd = open(tmp("f"), O_RDONLY);
	yes("O_RDONLY open, SA_RESTART handler, restarted until the writer",
	    fd >= 0);
	printf("handlers ran: %d\n", hits);
	printf("child: %s\n", wait_str(pid));
	close(fd);
	signal(SIGALRM, SIG_DFL);
}

static void names(void)
{
	char buf[8] = { 0 };
	char *argv[] = { "f", NULL };
	int r, w;

	CHECK(chmod(tmp("f"), 0755) == 0);
	expect_err("execve of a FIFO", execve(tmp("f"), argv, NULL), EACCES);
	CHECK(link(tmp("f"), tmp("f2")) == 0);
	r = open(tmp("f"), O_RDONLY | O_NONBLOCK);
	w = open(tmp("f2"), O_WRONLY);
	write(w, "ab", 2);
	printf("through a second name: %zd", read(r, buf, sizeof(buf)));
	printf(" \"%s\"\n", buf);
	CHECK(unlink(tmp("f")) == 0);
	CHECK(unlink(tmp("f2")) == 0);
	write(w, "cd", 2);
	printf("after unlink: %zd", read(r, buf, sizeof(buf)));
	printf(" \"%s\"\n", buf);
	close(r);
	close(w);
}

int main(void)
{
	tmp_init("fifo");
	make();
	reader_first();
	writer_first();
	rdwr_and_nonblock();
	no_reader();
	reopen();
	interrupted_open();
	names();
	rmdir(tmp_dir);
	return finish();
}
