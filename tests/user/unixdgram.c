/*
 * unixdgram.c: AF_UNIX datagram sockets as Linux has them: message
 * boundaries, truncation (MSG_TRUNC in the flags, and as a recv flag the
 * whole length), the sender's address from recvfrom (none when it is
 * unbound), connect and its default peer, AF_UNSPEC disconnecting, EPERM
 * to a socket connected elsewhere, ECONNREFUSED once the peer has gone,
 * ENOTCONN, EMSGSIZE, the queue limit of a receiver (EAGAIN with
 * MSG_DONTWAIT), poll, and SOCK_RAW made SOCK_DGRAM.
 */
#include <poll.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "check.h"

static socklen_t abstract(struct sockaddr_un *a, const char *name)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	strcpy(a->sun_path + 1, name);
	return offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name);
}

static void pair(void)
{
	int sv[2], n;
	char buf[16];
	struct msghdr m = { 0 };
	struct iovec v = { buf, 4 };

	CHECK(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0);
	CHECK(send(sv[0], "one", 3, 0) == 3);
	CHECK(send(sv[0], "twotwo", 6, 0) == 6);
	CHECK(send(sv[0], "three-three", 11, 0) == 11);
	CHECK(ioctl(sv[1], FIONREAD, &n) == 0);
	printf("FIONREAD: %d\n", n);
	printf("recv one: %zd\n", recv(sv[1], buf, sizeof(buf), 0));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	printf("recvmsg into 4: %zd\n", recvmsg(sv[1], &m, 0));
	printf("  MSG_TRUNC: %s\n", m.msg_flags & MSG_TRUNC ? "yes" : "no");
	printf("recv MSG_TRUNC into 4: %zd\n", recv(sv[1], buf, 4, MSG_TRUNC));
	expect_err("empty, MSG_DONTWAIT", recv(sv[1], buf, 4, MSG_DONTWAIT),
		   EAGAIN);
	CHECK(write(sv[1], "", 0) == 0);
	printf("empty datagram: %zd\n", read(sv[0], buf, sizeof(buf)));
	close(sv[1]);
	expect_err("send to a closed peer", send(sv[0], "x", 1, 0),
		   ECONNREFUSED);
	expect_err("then", send(sv[0], "x", 1, 0), ENOTCONN);
	close(sv[0]);
}

static void addressed(void)
{
	struct sockaddr_un a, b, from;
	socklen_t la = abstract(&a, "unixdgram-a"), lb = abstract(&b, "unixdgram-b");
	socklen_t len;
	int sa = socket(AF_UNIX, SOCK_DGRAM, 0), sb = socket(AF_UNIX, SOCK_DGRAM, 0);
	int sc = socket(AF_UNIX, SOCK_DGRAM, 0);
	char buf[32];
	ssize_t n;

	CHECK(bind(sa, (struct sockaddr *)&a, la) == 0);
	CHECK(bind(sb, (struct sockaddr *)&b, lb) == 0);
	expect_err("send unconnected", send(sa, "x", 1, 0), ENOTCONN);
	expect_err("write unconnected", write(sa, "x", 1), ENOTCONN);
	CHECK(sendto(sa, "from a", 6, 0, (struct sockaddr *)&b, lb) == 6);
	CHECK(sendto(sc, "from c", 6, 0, (struct sockaddr *)&b, lb) == 6);
	len = sizeof(from);
	memset(buf, 0, sizeof(buf));
	n = recvfrom(sb, buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);
	printf("recvfrom: %zd '%s' from len %d '%.*s'\n", n, buf, (int)len,
	       (int)len - 3, from.sun_path + 1);
	len = sizeof(from);
	memset(buf, 0, sizeof(buf));
	n = recvfrom(sb, buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);
	printf("recvfrom unbound sender: %zd '%s' from len %d\n", n, buf,
	       (int)len);

	CHECK(connect(sc, (struct sockaddr *)&a, la) == 0);
	CHECK(send(sc, "default", 7, 0) == 7);
	memset(buf, 0, sizeof(buf));
	printf("to the default peer: %zd '%s'\n",
	       recv(sa, buf, sizeof(buf), 0), buf);
	len = sizeof(from);
	CHECK(getpeername(sc, (struct sockaddr *)&from, &len) == 0);
	printf("getpeername len %d '%.*s'\n", (int)len, (int)len - 3,
	       from.sun_path + 1);
	CHECK(connect(sa, (struct sockaddr *)&b, lb) == 0);
	expect_err("send to a socket connected elsewhere",
		   sendto(sc, "x", 1, 0, (struct sockaddr *)&a, la), EPERM);
	struct sockaddr unspec = { .sa_family = AF_UNSPEC };
	CHECK(connect(sc, &unspec, sizeof(unspec)) == 0);
	expect_err("send after AF_UNSPEC", send(sc, "x", 1, 0), ENOTCONN);
	len = sizeof(from);
	expect_err("getpeername after AF_UNSPEC",
		   getpeername(sc, (struct sockaddr *)&from, &len), ENOTCONN);
	close(sa);
	close(sb);
	close(sc);
}

static void limits(void)
{
	struct sockaddr_un a;
	socklen_t la = abstract(&a, "unixdgram-limits");
	int r = socket(AF_UNIX, SOCK_DGRAM, 0), s = socket(AF_UNIX, SOCK_DGRAM, 0);
	int n = 0;
	static char big[300000];

	CHECK(bind(r, (struct sockaddr *)&a, la) == 0);
	CHECK(connect(s, (struct sockaddr *)&a, la) == 0);
	while (send(s, "d", 1, MSG_DONTWAIT) == 1 && n < 1000)
		n++;
	printf("datagrams queued before EAGAIN: %d (%s)\n", n, strerror(errno));
	struct pollfd p = { s, POLLOUT, 0 };
	printf("poll writable with a full receiver: %d\n", poll(&p, 1, 0));
	char c;
	CHECK(recv(r, &c, 1, 0) == 1);
	printf("send after one read: %zd\n", send(s, "d", 1, MSG_DONTWAIT));
	expect_err("a datagram larger than the send buffer",
		   send(s, big, sizeof(big), 0), EMSGSIZE);
	close(r);
	close(s);

	int raw = socket(AF_UNIX, SOCK_RAW, 0), type;
	socklen_t len = sizeof(type);
	CHECK(raw >= 0);
	CHECK(getsockopt(raw, SOL_SOCKET, SO_TYPE, &type, &len) == 0);
	printf("SOCK_RAW becomes type %d\n", type);
	close(raw);
}

int main(void)
{
	pair();
	addressed();
	limits();
	return finish();
}
