/*
 * unixscm.c: control messages on AF_UNIX sockets as Linux has them:
 * SCM_RIGHTS passing open files (a pipe end works in the receiver, the
 * descriptors are new ones, MSG_CMSG_CLOEXEC, MSG_PEEK gives copies, a
 * control buffer too small gives MSG_CTRUNC and closes what does not
 * fit, a stream read stops after the piece that carried them), the
 * errors (EBADF, EINVAL), and SCM_CREDENTIALS: given to a receiver with
 * SO_PASSCRED, claimed explicitly (a root process may claim others, but
 * not a pid that does not exist: ESRCH; another user only its own:
 * EPERM).  Everything is sent before it is received (MSG_DONTWAIT).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include "check.h"

/* Send len bytes with fds (n of them) in SCM_RIGHTS. */
static ssize_t send_fds(int s, const char *data, size_t len, const int *fds,
			int n)
{
	char ctl[CMSG_SPACE(8 * sizeof(int))];
	struct iovec v = { (void *)data, len };
	struct msghdr m = { .msg_iov = &v, .msg_iovlen = 1 };

	if (n) {
		memset(ctl, 0, sizeof(ctl));
		m.msg_control = ctl;
		m.msg_controllen = CMSG_SPACE(n * sizeof(int));
		struct cmsghdr *c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(n * sizeof(int));
		memcpy(CMSG_DATA(c), fds, n * sizeof(int));
	}
	return sendmsg(s, &m, 0);
}

/* Receive into buf with a control buffer of ctl_len bytes; print what
 * came: the length, flags and each control message. */
static void recv_show(const char *what, int s, size_t len, size_t ctl_len,
		      int flags, int *fd_out)
{
	char buf[64] = "", ctl[256];
	struct iovec v = { buf, len };
	struct msghdr m = { .msg_iov = &v, .msg_iovlen = 1, .msg_control = ctl,
			    .msg_controllen = ctl_len };
	ssize_t n;

	memset(ctl, 0, sizeof(ctl));
	n = recvmsg(s, &m, flags | MSG_DONTWAIT);	/* all sent already */
	printf("%s: %zd '%s'%s%s controllen %d\n", what, n, n > 0 ? buf : "",
	       m.msg_flags & MSG_CTRUNC ? " CTRUNC" : "",
	       m.msg_flags & MSG_TRUNC ? " TRUNC" : "", (int)m.msg_controllen);
	if (n < 0)
		printf("  %s\n", strerror(errno));
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
		if (c->cmsg_type == SCM_RIGHTS) {
			int nfd = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			int *fds = (int *)CMSG_DATA(c);
			printf("  SCM_RIGHTS %d fds, cloexec %d\n", nfd,
			       fcntl(fds[0], F_GETFD) & FD_CLOEXEC);
			for (int i = 0; i < nfd; i++) {
				if (fd_out && i == 0)
					*fd_out = fds[i];
				else
					close(fds[i]);
			}
		} else if (c->cmsg_type == SCM_CREDENTIALS) {
			struct ucred cr;
			memcpy(&cr, CMSG_DATA(c), sizeof(cr));
			printf("  SCM_CREDENTIALS len %d pid %s uid %u gid %u\n",
			       (int)c->cmsg_len, cr.pid == getpid() ? "mine" :
			       "other", cr.uid, cr.gid);
		} else {
			printf("  level %d type %d\n", c->cmsg_level,
			       c->cmsg_type);
		}
	}
}

static void rights(void)
{
	int sv[2], p[2], got = -1;
	char buf[8] = "";

	CHECK(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0);
	CHECK(pipe(p) == 0);
	CHECK(send_fds(sv[0], "pipe", 4, &p[1], 1) == 4);
	close(p[1]);
	recv_show("received", sv[1], 4, 256, 0, &got);
	yes("a descriptor came", got >= 0);
	CHECK(write(got, "ok", 2) == 2);
	close(got);
	printf("read through the passed pipe: %zd\n", read(p[0], buf, sizeof(buf)));
	printf("pipe at end once the passed copy closed: %zd\n",
	       read(p[0], buf, sizeof(buf)));

	int three[3] = { 0, 1, 2 };
	CHECK(send_fds(sv[0], "x", 1, three, 3) == 1);
	recv_show("peek", sv[1], 4, 256, MSG_PEEK, NULL);
	recv_show("into a buffer for one fd", sv[1], 4,
		  CMSG_SPACE(sizeof(int)), 0, NULL);
	CHECK(send_fds(sv[0], "y", 1, three, 1) == 1);
	recv_show("no control buffer", sv[1], 4, 0, 0, NULL);
	CHECK(send_fds(sv[0], "z", 1, three, 1) == 1);
	recv_show("MSG_CMSG_CLOEXEC", sv[1], 4, 256, MSG_CMSG_CLOEXEC, NULL);
	int bad = 999;
	expect_err("a closed descriptor", send_fds(sv[0], "b", 1, &bad, 1),
		   EBADF);
	close(sv[0]);
	close(sv[1]);

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	CHECK(write(sv[0], "before", 6) == 6);
	CHECK(send_fds(sv[0], "with", 4, three, 1) == 4);
	CHECK(write(sv[0], "after", 5) == 5);
	recv_show("stream read", sv[1], 64, 256, 0, NULL);
	recv_show("stream read", sv[1], 64, 256, 0, NULL);
	close(sv[0]);
	close(sv[1]);
}

static void bad_control(void)
{
	int sv[2];
	char ctl[CMSG_SPACE(sizeof(int))];
	struct iovec v = { "x", 1 };
	struct msghdr m = { .msg_iov = &v, .msg_iovlen = 1, .msg_control = ctl,
			    .msg_controllen = sizeof(ctl) };
	struct cmsghdr *c = (struct cmsghdr *)ctl;

	CHECK(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0);
	memset(ctl, 0, sizeof(ctl));
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = sizeof(ctl) + 4;
	expect_err("cmsg_len past the buffer", sendmsg(sv[0], &m, 0), EINVAL);
	c->cmsg_len = 4;
	expect_err("cmsg_len below a header", sendmsg(sv[0], &m, 0), EINVAL);
	c->cmsg_len = CMSG_LEN(sizeof(int));
	c->cmsg_type = 77;
	expect_err("unknown type", sendmsg(sv[0], &m, 0), EINVAL);
	c->cmsg_level = 99;
	printf("other level ignored: %zd\n", sendmsg(sv[0], &m, 0));
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_CREDENTIALS;
	expect_err("credentials of the wrong size", sendmsg(sv[0], &m, 0),
		   EINVAL);
	m.msg_control = bad_ptr;
	expect_err("control at a bad address", sendmsg(sv[0], &m, 0), EFAULT);
	close(sv[0]);
	close(sv[1]);
}

static ssize_t send_cred(int s, pid_t pid, uid_t uid, gid_t gid)
{
	char ctl[CMSG_SPACE(sizeof(struct ucred))];
	struct iovec v = { "c", 1 };
	struct msghdr m = { .msg_iov = &v, .msg_iovlen = 1, .msg_control = ctl,
			    .msg_controllen = sizeof(ctl) };
	struct cmsghdr *c = (struct cmsghdr *)ctl;
	struct ucred cr = { pid, uid, gid };

	memset(ctl, 0, sizeof(ctl));
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_CREDENTIALS;
	c->cmsg_len = CMSG_LEN(sizeof(cr));
	memcpy(CMSG_DATA(c), &cr, sizeof(cr));
	return sendmsg(s, &m, 0);
}

static void credentials(void)
{
	int sv[2], on = 1;

	CHECK(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0);
	CHECK(send(sv[0], "no", 2, 0) == 2);
	recv_show("without SO_PASSCRED", sv[1], 8, 256, 0, NULL);
	CHECK(setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) == 0);
	CHECK(send(sv[0], "yes", 3, 0) == 3);
	recv_show("with SO_PASSCRED", sv[1], 8, 256, 0, NULL);
	CHECK(send(sv[0], "small", 5, 0) == 5);
	recv_show("credentials into 16 bytes", sv[1], 8, 16, 0, NULL);
	CHECK(send_cred(sv[0], getpid(), 0, 0) == 1);
	recv_show("explicit own", sv[1], 8, 256, 0, NULL);
	pid_t other = fork();
	if (other == 0) {
		pause();
		_exit(0);
	}
	CHECK(send_cred(sv[0], other, 5, 6) == 1);
	recv_show("root claims a child's pid, uid 5", sv[1], 8, 256, 0, NULL);
	kill(other, SIGKILL);
	wait_str(other);
	expect_err("a pid that does not exist",
		   send_cred(sv[0], 0x3ffffff0, 0, 0), ESRCH);

	pid_t pid = fork();
	if (pid == 0) {
		CHECK(setgid(100) == 0 && setuid(1000) == 0);
		expect_err("user claims root", send_cred(sv[0], getpid(), 0, 0),
			   EPERM);
		expect_err("user claims its parent's pid",
			   send_cred(sv[0], getppid(), 1000, 100), EPERM);
		CHECK(send_cred(sv[0], getpid(), 1000, 100) == 1);
		CHECK(send(sv[0], "child", 5, 0) == 5);
		_exit(failures);
	}
	printf("child: %s\n", wait_str(pid));
	recv_show("user's own", sv[1], 8, 256, 0, NULL);
	recv_show("user's implicit", sv[1], 8, 256, 0, NULL);
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	rights();
	bad_control();
	credentials();
	return finish();
}
