/*
 * socketcall.c: the i386 socket entry points as Linux has them: the
 * socketcall multiplexer (102) and the direct calls (359 on), called
 * raw through syscall(); their argument errors: EINVAL for a call number
 * out of range, EFAULT for an argument array or buffer at a bad address,
 * EAFNOSUPPORT for families out of range, EINVAL / ESOCKTNOSUPPORT /
 * EPROTONOSUPPORT for types and protocols, EBADF and ENOTSOCK for
 * descriptors, EOPNOTSUPP for MSG_OOB; sendmmsg and recvmmsg.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include "check.h"

enum { SC_SOCKET = 1, SC_BIND, SC_CONNECT, SC_LISTEN, SC_ACCEPT,
       SC_GETSOCKNAME, SC_GETPEERNAME, SC_SOCKETPAIR, SC_SEND, SC_RECV,
       SC_SENDTO, SC_RECVFROM, SC_SHUTDOWN, SC_SETSOCKOPT, SC_GETSOCKOPT,
       SC_SENDMSG, SC_RECVMSG, SC_ACCEPT4, SC_RECVMMSG, SC_SENDMMSG };

static long sc(int call, long a, long b, long c, long d, long e, long f)
{
	long args[6] = { a, b, c, d, e, f };

	return syscall(SYS_socketcall, call, args);
}

static void multiplexer(void)
{
	int sv[2];
	char buf[16] = "";
	struct sockaddr_un a;
	socklen_t len;

	printf("-- socketcall\n");
	CHECK(sc(SC_SOCKETPAIR, AF_UNIX, SOCK_STREAM, 0, (long)sv, 0, 0) == 0);
	printf("send: %ld\n", sc(SC_SEND, sv[0], (long)"abc", 3, 0, 0, 0));
	printf("recv: %ld\n", sc(SC_RECV, sv[1], (long)buf, sizeof(buf), 0, 0, 0));
	printf("shutdown: %ld\n", sc(SC_SHUTDOWN, sv[0], SHUT_WR, 0, 0, 0, 0));
	printf("recv at end: %ld\n",
	       sc(SC_RECV, sv[1], (long)buf, sizeof(buf), 0, 0, 0));
	int s = sc(SC_SOCKET, AF_UNIX, SOCK_DGRAM, 0, 0, 0, 0);
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	strcpy(a.sun_path + 1, "socketcall");
	socklen_t alen = offsetof(struct sockaddr_un, sun_path) + 11;
	printf("bind: %ld\n", sc(SC_BIND, s, (long)&a, alen, 0, 0, 0));
	int t = sc(SC_SOCKET, AF_UNIX, SOCK_DGRAM, 0, 0, 0, 0);
	printf("connect: %ld\n", sc(SC_CONNECT, t, (long)&a, alen, 0, 0, 0));
	printf("sendto: %ld\n",
	       sc(SC_SENDTO, t, (long)"xy", 2, 0, (long)&a, alen));
	long r;
	len = sizeof(a);
	r = sc(SC_RECVFROM, s, (long)buf, sizeof(buf), 0, (long)&a, (long)&len);
	printf("recvfrom: %ld (name len %d)\n", r, (int)len);
	len = sizeof(a);
	r = sc(SC_GETSOCKNAME, s, (long)&a, (long)&len, 0, 0, 0);
	printf("getsockname: %ld len %d\n", r, (int)len);
	len = sizeof(a);
	r = sc(SC_GETPEERNAME, t, (long)&a, (long)&len, 0, 0, 0);
	printf("getpeername: %ld len %d\n", r, (int)len);
	int v = 1;
	printf("setsockopt: %ld\n", sc(SC_SETSOCKOPT, s, SOL_SOCKET, SO_PASSCRED,
				       (long)&v, sizeof(v), 0));
	len = sizeof(v);
	v = 0;
	r = sc(SC_GETSOCKOPT, s, SOL_SOCKET, SO_PASSCRED, (long)&v, (long)&len, 0);
	printf("getsockopt: %ld value %d\n", r, v);
	expect_err("call 0", sc(0, 0, 0, 0, 0, 0, 0), EINVAL);
	expect_err("call 21", sc(21, 0, 0, 0, 0, 0, 0), EINVAL);
	expect_err("arguments at a bad address",
		   syscall(SYS_socketcall, SC_SOCKET, bad_ptr), EFAULT);
	int p[2];
	CHECK(pipe(p) == 0);
	expect_err("listen on a pipe", sc(SC_LISTEN, p[0], 1, 0, 0, 0, 0),
		   ENOTSOCK);
	close(p[0]);
	close(p[1]);
	close(s);
	close(t);
	close(sv[0]);
	close(sv[1]);
}

static void creation_errors(void)
{
	printf("-- creation\n");
	expect_err("family 46", syscall(SYS_socket, 46, SOCK_STREAM, 0),
		   EAFNOSUPPORT);
	expect_err("family -1", syscall(SYS_socket, -1, SOCK_STREAM, 0),
		   EAFNOSUPPORT);
	expect_err("family 1000", syscall(SYS_socket, 1000, SOCK_STREAM, 0),
		   EAFNOSUPPORT);
	expect_err("type 11", syscall(SYS_socket, AF_UNIX, 11, 0), EINVAL);
	expect_err("type 0", syscall(SYS_socket, AF_UNIX, 0, 0),
		   ESOCKTNOSUPPORT);
	expect_err("SOCK_RDM", syscall(SYS_socket, AF_UNIX, SOCK_RDM, 0),
		   ESOCKTNOSUPPORT);
	expect_err("SOCK_PACKET", syscall(SYS_socket, AF_UNIX, SOCK_PACKET, 0),
		   ESOCKTNOSUPPORT);
	expect_err("unknown type flag",
		   syscall(SYS_socket, AF_UNIX, SOCK_STREAM | 0x100, 0), EINVAL);
	expect_err("protocol 2", syscall(SYS_socket, AF_UNIX, SOCK_STREAM, 2),
		   EPROTONOSUPPORT);
	int s = syscall(SYS_socket, AF_UNIX, SOCK_STREAM, AF_UNIX);
	printf("protocol AF_UNIX: %s\n", s >= 0 ? "ok" : strerror(errno));
	close(s);
	int sv[2];
	expect_err("socketpair family 46",
		   syscall(SYS_socketpair, 46, SOCK_STREAM, 0, sv), EAFNOSUPPORT);
	expect_err("socketpair at a bad address",
		   syscall(SYS_socketpair, AF_UNIX, SOCK_STREAM, 0, bad_ptr),
		   EFAULT);
}

static void descriptor_errors(void)
{
	int p[2], sv[2], v;
	socklen_t len = sizeof(v);
	char buf[8];

	printf("-- descriptors\n");
	CHECK(pipe(p) == 0);
	expect_err("bind on a pipe", syscall(SYS_bind, p[0], NULL, 0), ENOTSOCK);
	expect_err("connect on fd 999", syscall(SYS_connect, 999, NULL, 0),
		   EBADF);
	expect_err("getsockopt on a pipe",
		   syscall(SYS_getsockopt, p[0], SOL_SOCKET, SO_TYPE, &v, &len),
		   ENOTSOCK);
	expect_err("sendto on a pipe",
		   syscall(SYS_sendto, p[1], "x", 1, 0, NULL, 0), ENOTSOCK);
	expect_err("recvfrom on a pipe",
		   syscall(SYS_recvfrom, p[0], buf, 1, 0, NULL, NULL), ENOTSOCK);
	expect_err("shutdown on a pipe", syscall(SYS_shutdown, p[0], 0),
		   ENOTSOCK);
	expect_err("accept4 on a pipe", syscall(SYS_accept4, p[0], NULL, NULL, 0),
		   ENOTSOCK);
	close(p[0]);
	close(p[1]);

	CHECK(syscall(SYS_socketpair, AF_UNIX, SOCK_DGRAM, 0, sv) == 0);
	expect_err("MSG_OOB on datagrams",
		   syscall(SYS_sendto, sv[0], "x", 1, MSG_OOB, NULL, 0), EOPNOTSUPP);
	close(sv[0]);
	close(sv[1]);
	CHECK(syscall(SYS_socketpair, AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	expect_err("send from a bad buffer",
		   syscall(SYS_sendto, sv[0], bad_ptr, 4, 0, NULL, 0), EFAULT);
	expect_err("getsockopt, length at a bad address",
		   syscall(SYS_getsockopt, sv[0], SOL_SOCKET, SO_TYPE, &v, bad_ptr),
		   EFAULT);
	len = -1;
	expect_err("getsockopt, negative length",
		   syscall(SYS_getsockopt, sv[0], SOL_SOCKET, SO_TYPE, &v, &len),
		   EINVAL);
	len = sizeof(v);
	expect_err("getsockopt at level 6",
		   syscall(SYS_getsockopt, sv[0], 6, 1, &v, &len), EOPNOTSUPP);
	expect_err("sendmsg, header at a bad address",
		   syscall(SYS_sendmsg, sv[0], bad_ptr, 0), EFAULT);
	struct msghdr m = { 0 };
	struct iovec iov = { "x", 1 };
	m.msg_iov = &iov;
	m.msg_iovlen = 1025;
	expect_err("sendmsg, 1025 iovecs", syscall(SYS_sendmsg, sv[0], &m, 0),
		   EMSGSIZE);
	m.msg_iovlen = 1;
	m.msg_control = buf;
	m.msg_controllen = 100000;
	expect_err("sendmsg, 100000 bytes of control",
		   syscall(SYS_sendmsg, sv[0], &m, 0), ENOBUFS);
	close(sv[0]);
	close(sv[1]);
}

static void mmsg(void)
{
	int sv[2];
	char b[3][8];
	struct iovec sv_iov[3] = { { "one", 3 }, { "two!", 4 }, { "three", 5 } };
	struct iovec rv_iov[3] = { { b[0], 8 }, { b[1], 8 }, { b[2], 8 } };
	struct mmsghdr msgs[3], rmsgs[3];

	printf("-- sendmmsg, recvmmsg\n");
	CHECK(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0);
	memset(msgs, 0, sizeof(msgs));
	memset(rmsgs, 0, sizeof(rmsgs));
	for (int i = 0; i < 3; i++) {
		msgs[i].msg_hdr.msg_iov = &sv_iov[i];
		msgs[i].msg_hdr.msg_iovlen = 1;
		rmsgs[i].msg_hdr.msg_iov = &rv_iov[i];
		rmsgs[i].msg_hdr.msg_iovlen = 1;
	}
	printf("sendmmsg: %ld\n", syscall(SYS_sendmmsg, sv[0], msgs, 3, 0));
	for (int i = 0; i < 3; i++)
		printf("  sent %u\n", msgs[i].msg_len);
	printf("recvmmsg: %ld\n",
	       syscall(SYS_recvmmsg, sv[1], rmsgs, 3, 0, NULL));
	for (int i = 0; i < 3; i++)
		printf("  received %u\n", rmsgs[i].msg_len);
	CHECK(send(sv[0], "only", 4, 0) == 4);
	printf("recvmmsg MSG_WAITFORONE: %ld\n",
	       syscall(SYS_recvmmsg, sv[1], rmsgs, 3, MSG_WAITFORONE, NULL));
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	multiplexer();
	creation_errors();
	descriptor_errors();
	mmsg();
	return finish();
}
