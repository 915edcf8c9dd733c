/*
 * calls.c: the socket calls of the generic layer (socket.h): the checks
 * Linux makes before the family sees a call, dispatch through the
 * family's ops (a NULL slot: -EOPNOTSUPP), and the SOL_SOCKET options
 * every family shares.
 *
 * Options: SO_TYPE, SO_DOMAIN, SO_PROTOCOL (0), SO_ERROR (0 unless the
 * family has one), SO_SNDBUF / SO_RCVBUF (set: doubled, between Linux's
 * minimum and maximum, as Linux), SO_PASSCRED, SO_RCVTIMEO / SO_SNDTIMEO
 * (old 32-bit and new 64-bit timevals; 0 waits forever, a negative time
 * not at all), and the flags SO_REUSEADDR,
 * SO_KEEPALIVE, SO_BROADCAST, SO_DONTROUTE, SO_OOBINLINE, which are kept
 * and answered but change nothing on AF_UNIX (as on Linux).  The family
 * answers SO_PEERCRED and SO_ACCEPTCONN.  Others: -ENOPROTOOPT; levels
 * other than SOL_SOCKET: -EOPNOTSUPP (AF_UNIX has none).
 *
 * Interface: sock_bind, sock_connect, sock_listen, sock_accept,
 * sock_sendmsg, sock_recvmsg, sock_shutdown, sock_getname,
 * sock_getsockopt, sock_setsockopt.
 */
#include "fs/socket/socket.h"
#include "fs/vfs.h"
#include "lib/string.h"

#define SOCK_BUF_MAX		180224	/* Linux i386's wmem/rmem_max */
#define SOCK_SNDBUF_MIN		4480	/* SOCK_MIN_SNDBUF on i386 */
#define SOCK_RCVBUF_MIN		2240	/* SOCK_MIN_RCVBUF on i386 */
#define SOMAXCONN		4096
#define TIMEO_MAX_SEC		(1ll << 32)	/* longer: no timeout */

int sock_bind(struct socket *s, const void *addr, size_t len)
{
	return s->ops->bind ? s->ops->bind(s, addr, len) : -EOPNOTSUPP;
}

int sock_connect(struct socket *s, const void *addr, size_t len)
{
	return s->ops->connect ? s->ops->connect(s, addr, len) : -EOPNOTSUPP;
}

int sock_listen(struct socket *s, int backlog)
{
	if ((unsigned int)backlog > SOMAXCONN)
		backlog = SOMAXCONN;
	return s->ops->listen ? s->ops->listen(s, backlog) : -EOPNOTSUPP;
}

int sock_accept(struct socket *s, unsigned int flags, struct file **out)
{
	struct socket *conn;
	int err;

	if (flags & ~(SOCK_NONBLOCK | SOCK_CLOEXEC))
		return -EINVAL;
	if (!s->ops->accept)
		return -EOPNOTSUPP;
	err = s->ops->accept(s, &conn);
	if (err)
		return err;
	*out = sock_file(conn, flags);
	if (!*out) {
		sock_free(conn);
		return -ENOMEM;
	}
	return 0;
}

ssize_t sock_sendmsg(struct socket *s, struct sock_msg *m)
{
	if (m->flags & MSG_OOB)
		return -EOPNOTSUPP;
	return s->ops->sendmsg ? s->ops->sendmsg(s, m) : -EOPNOTSUPP;
}

ssize_t sock_recvmsg(struct socket *s, struct sock_msg *m)
{
	if (m->flags & MSG_OOB)
		return -EOPNOTSUPP;
	return s->ops->recvmsg ? s->ops->recvmsg(s, m) : -EOPNOTSUPP;
}

int sock_shutdown(struct socket *s, int how)
{
	if (how < SHUT_RD || how > SHUT_RDWR)
		return -EINVAL;
	return s->ops->shutdown ? s->ops->shutdown(s, how) : -EOPNOTSUPP;
}

int sock_getname(struct socket *s, void *addr, bool peer)
{
	return s->ops->getname ? s->ops->getname(s, addr, peer) : -EOPNOTSUPP;
}

/* The boolean options kept in s->opts, by bit. */
static int opt_bit(int name)
{
	switch (name) {
	case SO_REUSEADDR: return 1 << 0;
	case SO_KEEPALIVE: return 1 << 1;
	case SO_BROADCAST: return 1 << 2;
	case SO_DONTROUTE: return 1 << 3;
	case SO_OOBINLINE: return 1 << 4;
	default: return 0;
	}
}

/* A timeout in ns as a timeval of the option's layout into val: the
 * length. */
static size_t timeo_get(uint64_t ns, bool wide, void *val)
{
	uint64_t sec = ns / 1000000000u, usec = ns % 1000000000u / 1000u;

	if (wide) {
		int64_t tv[2] = { (int64_t)sec, (int64_t)usec };

		memcpy(val, tv, sizeof(tv));
		return sizeof(tv);
	}
	int32_t tv[2] = { (int32_t)sec, (int32_t)usec };

	memcpy(val, tv, sizeof(tv));
	return sizeof(tv);
}

static int timeo_set(uint64_t *ns, bool wide, const void *val, size_t len)
{
	int64_t sec, usec;

	if (len < (wide ? 16u : 8u))
		return -EINVAL;
	if (wide) {
		int64_t tv[2];

		memcpy(tv, val, sizeof(tv));
		sec = tv[0];
		usec = tv[1];
	} else {
		int32_t tv[2];

		memcpy(tv, val, sizeof(tv));
		sec = tv[0];
		usec = tv[1];
	}
	if (usec < 0 || usec >= 1000000)
		return -EDOM;
	if (sec < 0)		/* as Linux: do not wait at all */
		*ns = 1;
	else if (sec > TIMEO_MAX_SEC)	/* forever */
		*ns = 0;
	else
		*ns = (uint64_t)sec * 1000000000u + (uint64_t)usec * 1000u;
	return 0;
}

/* The int value of a generic option, or -ENOPROTOOPT. */
static int sock_int_opt(struct socket *s, int name, int *v)
{
	switch (name) {
	case SO_TYPE: *v = s->type; return 0;
	case SO_DOMAIN: *v = s->family; return 0;
	case SO_PROTOCOL: *v = 0; return 0;
	case SO_ERROR: *v = 0; return 0;
	case SO_SNDBUF: *v = s->sndbuf; return 0;
	case SO_RCVBUF: *v = s->rcvbuf; return 0;
	case SO_PASSCRED: *v = s->passcred; return 0;
	case SO_RCVLOWAT: case SO_SNDLOWAT: *v = 1; return 0;
	default:
		if (!opt_bit(name))
			return -ENOPROTOOPT;
		*v = !!(s->opts & opt_bit(name));
		return 0;
	}
}

int sock_getsockopt(struct socket *s, int level, int name, void *val,
		    size_t *len)
{
	uint8_t buf[16];
	size_t have = sizeof(int);
	int v, err;

	if (level != SOL_SOCKET)
		return -EOPNOTSUPP;
	err = s->ops->getsockopt ? s->ops->getsockopt(s, name, buf, &have)
				 : -ENOPROTOOPT;
	if (err == -ENOPROTOOPT) {
		err = 0;
		if (name == SO_RCVTIMEO_OLD || name == SO_RCVTIMEO_NEW)
			have = timeo_get(s->rcvtimeo, name == SO_RCVTIMEO_NEW,
					 buf);
		else if (name == SO_SNDTIMEO_OLD || name == SO_SNDTIMEO_NEW)
			have = timeo_get(s->sndtimeo, name == SO_SNDTIMEO_NEW,
					 buf);
		else if (!(err = sock_int_opt(s, name, &v)))
			memcpy(buf, &v, sizeof(v));
	}
	if (err)
		return err;
	*len = MIN(*len, have);
	memcpy(val, buf, *len);
	return 0;
}

/* SO_SNDBUF / SO_RCVBUF: twice the value asked, as Linux, within its
 * bounds. */
static int sock_buf_size(int v, int min)
{
	int64_t want = (int64_t)MIN((uint32_t)v, (uint32_t)SOCK_BUF_MAX) * 2;

	return want < min ? min : (int)want;
}

int sock_setsockopt(struct socket *s, int level, int name, const void *val,
		    size_t len)
{
	int v;

	if (level != SOL_SOCKET)
		return -EOPNOTSUPP;
	if (name == SO_RCVTIMEO_OLD || name == SO_RCVTIMEO_NEW)
		return timeo_set(&s->rcvtimeo, name == SO_RCVTIMEO_NEW, val, len);
	if (name == SO_SNDTIMEO_OLD || name == SO_SNDTIMEO_NEW)
		return timeo_set(&s->sndtimeo, name == SO_SNDTIMEO_NEW, val, len);
	if (len < sizeof(int))
		return -EINVAL;
	memcpy(&v, val, sizeof(v));
	switch (name) {
	case SO_SNDBUF:
		s->sndbuf = sock_buf_size(v, SOCK_SNDBUF_MIN);
		return 0;
	case SO_RCVBUF:
		s->rcvbuf = sock_buf_size(v, SOCK_RCVBUF_MIN);
		return 0;
	case SO_PASSCRED:
		s->passcred = v != 0;
		return 0;
	default:
		if (!opt_bit(name))
			return -ENOPROTOOPT;
		if (v)
			s->opts |= opt_bit(name);
		else
			s->opts &= ~opt_bit(name);
		return 0;
	}
}
