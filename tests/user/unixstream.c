/*
 * unixstream.c: AF_UNIX stream and seqpacket socket pairs as Linux has
 * them: data both ways through read/write and send/recv, MSG_PEEK,
 * MSG_DONTWAIT, MSG_WAITALL, FIONREAD, shutdown in each direction, end
 * of file and EPIPE/SIGPIPE (MSG_NOSIGNAL) once the peer has gone, poll
 * flags at each step, a blocking read woken by a child, a blocked read
 * interrupted by a signal (EINTR without SA_RESTART, restarted with it),
 * seqpacket message boundaries, the socket options programs ask for,
 * fstat's S_IFSOCK and the /proc/self/fd link.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include "check.h"

static void show_poll(const char *what, int fd)
{
	struct pollfd p = { fd, POLLIN | POLLOUT | POLLRDHUP, 0 };

	CHECK(poll(&p, 1, 0) == 1 || p.revents == 0);
	printf("%s poll:%s%s%s%s%s\n", what,
	       p.revents & POLLIN ? " IN" : "", p.revents & POLLOUT ? " OUT" : "",
	       p.revents & POLLHUP ? " HUP" : "",
	       p.revents & POLLRDHUP ? " RDHUP" : "",
	       p.revents & POLLERR ? " ERR" : "");
}

static void basics(void)
{
	int sv[2], n = 0;
	char buf[64];
	struct stat st;

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	show_poll("fresh pair", sv[0]);
	CHECK(fstat(sv[0], &st) == 0);
	yes("fstat S_ISSOCK", S_ISSOCK(st.st_mode));
	printf("fstat permissions %o\n", st.st_mode & 0777);
	snprintf(buf, sizeof(buf), "/proc/self/fd/%d", sv[0]);
	char link[64] = "";
	CHECK(readlink(buf, link, sizeof(link) - 1) > 0);
	yes("fd link is socket:[...]", !strncmp(link, "socket:[", 8));
	expect_err("lseek", lseek(sv[0], 0, SEEK_SET), ESPIPE);
	CHECK(write(sv[0], "hello", 5) == 5);
	CHECK(send(sv[0], " world", 6, 0) == 6);
	show_poll("with data", sv[1]);
	CHECK(ioctl(sv[1], FIONREAD, &n) == 0);
	printf("FIONREAD %d\n", n);
	memset(buf, 0, sizeof(buf));
	printf("peek 3: %zd\n", recv(sv[1], buf, 3, MSG_PEEK));
	printf("peeked '%s'\n", buf);
	memset(buf, 0, sizeof(buf));
	printf("read: %zd '%s'\n", read(sv[1], buf, sizeof(buf)), buf);
	expect_err("recv MSG_DONTWAIT when empty",
		   recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT), EAGAIN);
	CHECK(write(sv[1], "back", 4) == 4);
	memset(buf, 0, sizeof(buf));
	printf("other way: %zd '%s'\n", recv(sv[0], buf, sizeof(buf), 0), buf);
	close(sv[0]);
	close(sv[1]);
}

static void shutdowns(void)
{
	int sv[2];
	char buf[16];

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	CHECK(write(sv[0], "x", 1) == 1);
	CHECK(shutdown(sv[0], SHUT_WR) == 0);
	show_poll("reader after peer SHUT_WR", sv[1]);
	show_poll("writer after its SHUT_WR", sv[0]);
	printf("read data: %zd\n", read(sv[1], buf, sizeof(buf)));
	printf("read at end: %zd\n", read(sv[1], buf, sizeof(buf)));
	expect_err("send after SHUT_WR", send(sv[0], "y", 1, MSG_NOSIGNAL),
		   EPIPE);
	CHECK(write(sv[1], "z", 1) == 1);
	printf("read other way: %zd\n", read(sv[0], buf, sizeof(buf)));
	CHECK(shutdown(sv[1], SHUT_RD) == 0);
	show_poll("after SHUT_RD", sv[1]);
	expect_err("shutdown 3", shutdown(sv[0], 3), EINVAL);
	expect_err("shutdown -1", shutdown(sv[0], -1), EINVAL);
	close(sv[0]);
	close(sv[1]);
}

static volatile int got_sigpipe, got_alarm;

static void on_sigpipe(int sig)
{
	got_sigpipe = sig;
}

static void on_alarm(int sig)
{
	got_alarm = sig;
}

static void peer_gone(void)
{
	int sv[2];
	char buf[16];

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	CHECK(write(sv[1], "last", 4) == 4);
	close(sv[1]);
	show_poll("after peer close", sv[0]);
	printf("read what was left: %zd\n", read(sv[0], buf, sizeof(buf)));
	printf("then end of file: %zd\n", read(sv[0], buf, sizeof(buf)));
	expect_err("send MSG_NOSIGNAL", send(sv[0], "a", 1, MSG_NOSIGNAL), EPIPE);
	signal(SIGPIPE, on_sigpipe);
	expect_err("write", write(sv[0], "a", 1), EPIPE);
	printf("SIGPIPE: %s\n", got_sigpipe == SIGPIPE ? "yes" : "no");
	signal(SIGPIPE, SIG_DFL);
	char name[32];
	socklen_t len = sizeof(name);
	printf("getpeername after peer close: %d\n",
	       getpeername(sv[0], (struct sockaddr *)name, &len));
	close(sv[0]);

	pid_t pid = fork();
	if (pid == 0) {
		CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
		close(sv[1]);
		write(sv[0], "a", 1);
		_exit(3);
	}
	printf("writer to a closed peer: %s\n", wait_str(pid));
}

static void blocking(void)
{
	int sv[2];
	char buf[32];

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	pid_t pid = fork();
	if (pid == 0) {
		wait_asleep(getppid());
		write(sv[1], "wake", 4);
		usleep(20000);
		write(sv[1], "-more", 5);
		_exit(0);
	}
	memset(buf, 0, sizeof(buf));
	printf("blocking read: %zd '%s'\n", read(sv[0], buf, 4), buf);
	memset(buf, 0, sizeof(buf));
	printf("MSG_WAITALL: %zd '%s'\n", recv(sv[0], buf, 5, MSG_WAITALL), buf);
	printf("child: %s\n", wait_str(pid));

	struct sigaction sa = { .sa_handler = on_alarm };
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval it = { { 0, 0 }, { 0, 50000 } };
	setitimer(ITIMER_REAL, &it, NULL);
	expect_err("read interrupted", read(sv[0], buf, sizeof(buf)), EINTR);
	printf("alarm caught: %s\n", got_alarm ? "yes" : "no");

	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	got_alarm = 0;
	pid = fork();
	if (pid == 0) {
		usleep(300000);
		write(sv[1], "after", 5);
		_exit(0);
	}
	setitimer(ITIMER_REAL, &it, NULL);
	memset(buf, 0, sizeof(buf));
	printf("restarted read: %zd '%s'\n", read(sv[0], buf, sizeof(buf)), buf);
	printf("alarm caught: %s\n", got_alarm ? "yes" : "no");
	wait_str(pid);
	signal(SIGALRM, SIG_DFL);
	close(sv[0]);
	close(sv[1]);
}

static void seqpacket(void)
{
	int sv[2];
	char buf[16];
	struct msghdr m = { 0 };
	struct iovec v = { buf, 3 };

	CHECK(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) == 0);
	CHECK(send(sv[0], "first", 5, 0) == 5);
	CHECK(send(sv[0], "second", 6, 0) == 6);
	CHECK(send(sv[0], "", 0, 0) == 0);
	printf("seqpacket read: %zd\n", read(sv[1], buf, sizeof(buf)));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	printf("seqpacket short recvmsg: %zd\n", recvmsg(sv[1], &m, 0));
	printf("  MSG_TRUNC: %s\n", m.msg_flags & MSG_TRUNC ? "yes" : "no");
	printf("empty message: %zd\n", recv(sv[1], buf, sizeof(buf), 0));
	close(sv[0]);
	printf("after peer close: %zd\n", recv(sv[1], buf, sizeof(buf), 0));
	expect_err("send after peer close",
		   send(sv[1], "x", 1, MSG_NOSIGNAL), EPIPE);
	close(sv[1]);
}

static void options(void)
{
	int sv[2], v;
	socklen_t len = sizeof(v);
	struct ucred cred;

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &v, &len) == 0);
	printf("SO_TYPE %d len %d\n", v, (int)len);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_DOMAIN, &v, &len) == 0);
	printf("SO_DOMAIN %d\n", v);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_PROTOCOL, &v, &len) == 0);
	printf("SO_PROTOCOL %d\n", v);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_ERROR, &v, &len) == 0);
	printf("SO_ERROR %d\n", v);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_ACCEPTCONN, &v, &len) == 0);
	printf("SO_ACCEPTCONN %d\n", v);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, &len) == 0);
	printf("SO_SNDBUF default %d\n", v);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_RCVBUF, &v, &len) == 0);
	printf("SO_RCVBUF default %d\n", v);
	v = 10000;
	CHECK(setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, sizeof(v)) == 0);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, &len) == 0);
	printf("SO_SNDBUF after 10000: %d\n", v);
	v = 1;
	CHECK(setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, sizeof(v)) == 0);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, &len) == 0);
	printf("SO_SNDBUF after 1: %d\n", v);
	v = 1;
	CHECK(setsockopt(sv[0], SOL_SOCKET, SO_REUSEADDR, &v, sizeof(v)) == 0);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_REUSEADDR, &v, &len) == 0);
	printf("SO_REUSEADDR %d\n", v);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &v, &len) == 0);
	printf("SO_PASSCRED %d\n", v);
	len = sizeof(cred);
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0);
	printf("SO_PEERCRED len %d, pid is mine: %s, uid %u gid %u\n", (int)len,
	       cred.pid == getpid() ? "yes" : "no", cred.uid, cred.gid);
	len = 2;
	v = 0;
	CHECK(getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &v, &len) == 0);
	printf("SO_TYPE into 2 bytes: len %d value %d\n", (int)len, v);
	len = sizeof(v);
	expect_err("unknown option", getsockopt(sv[0], SOL_SOCKET, 9999, &v, &len),
		   ENOPROTOOPT);
	expect_err("set short option",
		   setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &v, 2), EINVAL);
	struct timeval tv = { 0, 100000 };
	CHECK(setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) == 0);
	char c;
	expect_err("read with SO_RCVTIMEO", read(sv[0], &c, 1), EAGAIN);
	close(sv[0]);
	close(sv[1]);
}

static void nonblocking_fill(void)
{
	int sv[2];
	static char big[65536];
	long total = 0;
	ssize_t n;

	CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv) == 0);
	printf("O_NONBLOCK set: %s\n",
	       fcntl(sv[0], F_GETFL) & O_NONBLOCK ? "yes" : "no");
	while ((n = write(sv[0], big, sizeof(big))) > 0)
		total += n;
	expect_err("write when full", n, EAGAIN);
	yes("some bytes fit", total > 0);
	show_poll("full writer", sv[0]);
	while ((n = read(sv[1], big, sizeof(big))) > 0)
		total -= n;
	printf("read back all: %s\n", total == 0 ? "yes" : "no");
	show_poll("drained writer", sv[0]);
	close(sv[0]);
	close(sv[1]);
	CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0);
	printf("FD_CLOEXEC set: %s\n",
	       fcntl(sv[0], F_GETFD) & FD_CLOEXEC ? "yes" : "no");
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	basics();
	shutdowns();
	peer_gone();
	blocking();
	seqpacket();
	options();
	nonblocking_fill();
	return finish();
}
