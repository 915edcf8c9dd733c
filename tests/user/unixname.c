/*
 * unixname.c: the names of AF_UNIX sockets as Linux has them.
 * Filesystem names, on /tmp and on the root filesystem: bind makes a
 * socket inode (S_IFSOCK, permissions from the umask), EADDRINUSE when
 * the name exists, connect reaches the listener (and ECONNREFUSED when
 * none listens there, ENOENT when the name is missing), open() of it is
 * ENXIO, a name removed and made again is another.  Abstract names
 * (leading NUL), automatic names (bind with only the family), the
 * lengths getsockname, getpeername and accept report, and the errors of
 * bind, listen, connect and accept; a listener's poll, a blocking accept,
 * SO_PEERCRED of both ends.  Also what musl's group lookup
 * meets first: connect to nscd's socket fails with ENOENT.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include "check.h"

static socklen_t path_addr(struct sockaddr_un *a, const char *path)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	strcpy(a->sun_path, path);
	return offsetof(struct sockaddr_un, sun_path) + strlen(path) + 1;
}

static socklen_t abstract(struct sockaddr_un *a, const char *name)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	strcpy(a->sun_path + 1, name);
	return offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name);
}

static void show_name(const char *what, int s, int peer)
{
	struct sockaddr_un a;
	socklen_t len = sizeof(a);
	int r;

	memset(&a, 0, sizeof(a));
	r = peer ? getpeername(s, (struct sockaddr *)&a, &len)
		 : getsockname(s, (struct sockaddr *)&a, &len);
	if (r < 0) {
		printf("%s: %s\n", what, strerror(errno));
		return;
	}
	if (len > 2 && !a.sun_path[0])
		printf("%s: len %d family %d '@%.*s'\n", what, (int)len,
		       a.sun_family, (int)len - 3, a.sun_path + 1);
	else if (len > 2)	/* the last name only: the directory has our pid */
		printf("%s: len of the path + 3 %s, family %d '%s'\n", what,
		       len == strlen(a.sun_path) + 3 ? "yes" : "no",
		       a.sun_family, strrchr(a.sun_path, '/') + 1);
	else
		printf("%s: len %d family %d\n", what, (int)len, a.sun_family);
}

/* A stream server at a, a client connected, one exchange. */
static void filesystem_name(const char *where, const char *path)
{
	struct sockaddr_un a;
	socklen_t len = path_addr(&a, path);
	int srv = socket(AF_UNIX, SOCK_STREAM, 0), cli, cli2, conn;
	struct stat st;
	char buf[8] = "";

	printf("-- %s\n", where);
	umask(022);
	expect_err("connect before bind", connect(socket(AF_UNIX, SOCK_STREAM, 0),
		   (struct sockaddr *)&a, len), ENOENT);
	CHECK(bind(srv, (struct sockaddr *)&a, len) == 0);
	CHECK(lstat(path, &st) == 0);
	printf("inode: socket %s, permissions %o\n",
	       S_ISSOCK(st.st_mode) ? "yes" : "no", st.st_mode & 07777);
	expect_err("open", open(path, O_RDWR), ENXIO);
	cli = socket(AF_UNIX, SOCK_STREAM, 0);
	expect_err("connect before listen",
		   connect(cli, (struct sockaddr *)&a, len), ECONNREFUSED);
	CHECK(listen(srv, 5) == 0);
	CHECK(connect(cli, (struct sockaddr *)&a, len) == 0);
	show_name("server name", srv, 0);
	show_name("client's peer", cli, 1);
	show_name("client's own", cli, 0);
	struct sockaddr_un peer;
	socklen_t plen = sizeof(peer);
	conn = accept(srv, (struct sockaddr *)&peer, &plen);
	CHECK(conn >= 0);
	printf("accept: peer len %d\n", (int)plen);
	show_name("accepted's own", conn, 0);
	CHECK(write(cli, "ping", 4) == 4);
	printf("accepted reads %zd\n", read(conn, buf, sizeof(buf)));

	int dg = socket(AF_UNIX, SOCK_DGRAM, 0);
	expect_err("datagram connect to a stream name",
		   connect(dg, (struct sockaddr *)&a, len), EPROTOTYPE);
	close(dg);
	int other = socket(AF_UNIX, SOCK_STREAM, 0);
	expect_err("bind an existing name",
		   bind(other, (struct sockaddr *)&a, len), EADDRINUSE);
	CHECK(unlink(path) == 0);
	cli2 = socket(AF_UNIX, SOCK_STREAM, 0);
	expect_err("connect after unlink",
		   connect(cli2, (struct sockaddr *)&a, len), ENOENT);
	CHECK(bind(other, (struct sockaddr *)&a, len) == 0);
	expect_err("connect to the new, not listening, name",
		   connect(cli2, (struct sockaddr *)&a, len), ECONNREFUSED);
	int fd = open(tmp("plain"), O_CREAT | O_WRONLY, 0600);
	close(fd);
	struct sockaddr_un plain;
	socklen_t plen2 = path_addr(&plain, tmp("plain"));
	expect_err("connect to a regular file",
		   connect(cli2, (struct sockaddr *)&plain, plen2), ECONNREFUSED);
	close(other);
	close(cli);
	close(cli2);
	close(conn);
	close(srv);
	unlink(path);
}

static void abstract_names(void)
{
	struct sockaddr_un a;
	socklen_t len = abstract(&a, "unixname-test");
	int srv = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	int cli = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0), conn;

	printf("-- abstract\n");
	CHECK(bind(srv, (struct sockaddr *)&a, len) == 0);
	show_name("bound", srv, 0);
	int dup = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	expect_err("bind the same name", bind(dup, (struct sockaddr *)&a, len),
		   EADDRINUSE);
	int dg = socket(AF_UNIX, SOCK_DGRAM, 0);
	printf("bind the same name, datagram socket: %d\n",
	       bind(dg, (struct sockaddr *)&a, len));
	expect_err("connect before listen",
		   connect(cli, (struct sockaddr *)&a, len), ECONNREFUSED);
	CHECK(listen(srv, 1) == 0);
	int v;
	socklen_t vl = sizeof(v);
	CHECK(getsockopt(srv, SOL_SOCKET, SO_ACCEPTCONN, &v, &vl) == 0);
	printf("SO_ACCEPTCONN on a listener: %d\n", v);
	int st = socket(AF_UNIX, SOCK_STREAM, 0);
	expect_err("stream to a seqpacket name",
		   connect(st, (struct sockaddr *)&a, len), ECONNREFUSED);
	printf("connect: %d\n", connect(cli, (struct sockaddr *)&a, len));
	expect_err("connect again", connect(cli, (struct sockaddr *)&a, len),
		   EISCONN);
	conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	CHECK(conn >= 0);
	printf("accept4 flags: cloexec %d nonblock %s\n",
	       fcntl(conn, F_GETFD) & FD_CLOEXEC,
	       fcntl(conn, F_GETFL) & O_NONBLOCK ? "yes" : "no");
	/* raw: musl's accept4 retries a refused one as a blocking accept */
	expect_err("accept4 bad flags", syscall(SYS_accept4, srv, NULL, NULL, 1),
		   EINVAL);
	int nb = fcntl(srv, F_GETFL);
	fcntl(srv, F_SETFL, nb | O_NONBLOCK);
	expect_err("accept with nothing queued", accept(srv, NULL, NULL),
		   EAGAIN);
	int c[8], n = 0;
	for (n = 0; n < 8; n++) {
		c[n] = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0);
		if (connect(c[n], (struct sockaddr *)&a, len) < 0)
			break;
	}
	printf("connections queued with backlog 1: %d, then %s\n", n,
	       strerror(errno));
	close(srv);
	char ch;
	expect_err("queued connection once the listener closed",
		   recv(c[0], &ch, 1, 0), ECONNRESET);
	printf("then: %zd\n", recv(c[0], &ch, 1, 0));
	for (int i = 0; i <= n && i < 8; i++)
		close(c[i]);
	close(st);
	close(dup);
	close(dg);
	close(cli);
	close(conn);
}

/* A listener polled, a blocking accept woken by a child's connect, and
 * each end's SO_PEERCRED. */
static void listener(void)
{
	struct sockaddr_un a;
	socklen_t len = abstract(&a, "unixname-listener");
	int srv = socket(AF_UNIX, SOCK_STREAM, 0), conn;
	struct pollfd p = { srv, POLLIN | POLLOUT, 0 };
	struct ucred cr;
	socklen_t crlen = sizeof(cr);

	printf("-- listener\n");
	CHECK(bind(srv, (struct sockaddr *)&a, len) == 0);
	CHECK(listen(srv, 4) == 0);
	int idle = poll(&p, 1, 0);
	printf("poll an idle listener: %d revents %#x\n", idle, p.revents);
	pid_t pid = fork();
	if (pid == 0) {
		int c = socket(AF_UNIX, SOCK_STREAM, 0);
		struct ucred pc;
		socklen_t pl = sizeof(pc);

		wait_asleep(getppid());
		CHECK(connect(c, (struct sockaddr *)&a, len) == 0);
		CHECK(getsockopt(c, SOL_SOCKET, SO_PEERCRED, &pc, &pl) == 0);
		/* the listener's pid is the parent's: exit 0, else 5 */
		_exit(failures ? failures : pc.pid == getppid() ? 0 : 5);
	}
	conn = accept(srv, NULL, NULL);
	CHECK(conn >= 0);
	CHECK(getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &cr, &crlen) == 0);
	printf("accepted: the peer's pid is the child's: %s\n",
	       cr.pid == pid ? "yes" : "no");
	printf("child: %s\n", wait_str(pid));
	pid = fork();
	if (pid == 0) {
		int c = socket(AF_UNIX, SOCK_STREAM, 0);

		CHECK(connect(c, (struct sockaddr *)&a, len) == 0);
		_exit(failures);
	}
	printf("child: %s\n", wait_str(pid));
	p.revents = 0;
	int ready = poll(&p, 1, 1000);
	printf("poll with a connection queued: %d revents %#x\n", ready,
	       p.revents);
	int c2 = accept(srv, NULL, NULL);
	char ch;
	printf("read from a connector that has gone: %zd\n", read(c2, &ch, 1));
	close(c2);
	close(conn);
	close(srv);
}

static void auto_and_errors(void)
{
	struct sockaddr_un a;
	int s = socket(AF_UNIX, SOCK_DGRAM, 0);
	socklen_t len;

	printf("-- automatic names and errors\n");
	show_name("unbound", s, 0);
	expect_err("getpeername unconnected",
		   getpeername(s, (struct sockaddr *)&a, &len), ENOTCONN);
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	CHECK(bind(s, (struct sockaddr *)&a, sizeof(sa_family_t)) == 0);
	len = sizeof(a);
	CHECK(getsockname(s, (struct sockaddr *)&a, &len) == 0);
	printf("autobind: len %d, abstract %s, hex digits %s\n", (int)len,
	       a.sun_path[0] ? "no" : "yes",
	       strspn(a.sun_path + 1, "0123456789abcdef") == 5 ? "yes" : "no");
	struct sockaddr_un b;
	socklen_t lb = abstract(&b, "unixname-again");
	expect_err("bind a bound socket", bind(s, (struct sockaddr *)&b, lb),
		   EINVAL);
	int t = socket(AF_UNIX, SOCK_STREAM, 0);
	expect_err("bind length 1", bind(t, (struct sockaddr *)&b, 1), EINVAL);
	expect_err("bind length 111", bind(t, (struct sockaddr *)&b, 111),
		   EINVAL);
	b.sun_family = AF_INET;
	expect_err("bind family AF_INET", bind(t, (struct sockaddr *)&b, lb),
		   EINVAL);
	expect_err("bind at a bad address", bind(t, bad_ptr, lb), EFAULT);
	expect_err("listen unbound", listen(t, 1), EINVAL);
	expect_err("listen on datagrams", listen(s, 1), EOPNOTSUPP);
	expect_err("accept on datagrams", accept(s, NULL, NULL), EOPNOTSUPP);
	expect_err("accept not listening", accept(t, NULL, NULL), EINVAL);
	char c;
	expect_err("stream read unconnected", recv(t, &c, 1, 0), EINVAL);
	expect_err("stream send unconnected", send(t, "x", 1, 0), ENOTCONN);
	struct sockaddr_un missing;
	socklen_t lm = path_addr(&missing, "/nonexistent/sock");
	expect_err("connect to a missing directory",
		   connect(t, (struct sockaddr *)&missing, lm), ENOENT);
	lm = path_addr(&missing, tmp("sub/sock"));
	expect_err("bind in a missing directory",
		   bind(t, (struct sockaddr *)&missing, lm), ENOENT);
	lm = path_addr(&missing, "/var/run/nscd/socket");
	expect_err("connect to nscd",
		   connect(t, (struct sockaddr *)&missing, lm), ENOENT);
	close(s);
	close(t);
}

int main(void)
{
	tmp_init("unixname");
	filesystem_name("/tmp", tmp("sock"));
	unlink("/unixname-test.sock");
	filesystem_name("root filesystem", "/unixname-test.sock");
	abstract_names();
	listener();
	auto_and_errors();
	remove_tree(tmp_dir);
	return finish();
}
