/*
 * socket.h: sockets, the generic layer (fs/socket/socket.c) and the
 * interface a family implements (AF_UNIX: fs/socket/unix*.c).
 *
 * A socket is an open file on a nameless S_IFSOCK inode (fs/anon.c)
 * whose private data is a struct socket.  The generic layer makes the
 * files, checks the calls' common arguments, answers the SOL_SOCKET
 * options every family shares and hands the rest to the family's const
 * ops table (a NULL slot: -EOPNOTSUPP).  read and write on a socket are
 * recvmsg and sendmsg with no flags.
 *
 * Data moves through a struct msg_iter: iovecs that point into user
 * memory (the system calls) or kernel memory (read and write, whose
 * buffers are the kernel's), copied with msg_iter_from / msg_iter_to.
 * The calls return 0 / a count or -Exxx, Linux's errnos.
 *
 * Interface: sock_create, sock_pair, sock_of, sock_rw_user, sock_bind, sock_connect,
 * sock_listen, sock_accept, sock_sendmsg, sock_recvmsg, sock_shutdown,
 * sock_getname, sock_getsockopt, sock_setsockopt; sock_alloc, sock_file,
 * sock_wait_event, msg_iter_from, msg_iter_to (for families).
 */
#ifndef FS_SOCKET_SOCKET_H
#define FS_SOCKET_SOCKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "fs/vfs.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/proc/signal.h"
#include "kernel/wait.h"

struct file;
struct poll_table;

/* Linux's values. */
#define AF_UNSPEC	0
#define AF_UNIX		1
#define AF_MAX		46	/* NPROTO: families are below it */

#define SOCK_STREAM	1
#define SOCK_DGRAM	2
#define SOCK_RAW	3
#define SOCK_SEQPACKET	5
#define SOCK_MAX	11
#define SOCK_TYPE_MASK	0xf
#define SOCK_CLOEXEC	02000000
#define SOCK_NONBLOCK	04000

#define SOL_SOCKET	1
#define SO_REUSEADDR	2
#define SO_TYPE		3
#define SO_ERROR	4
#define SO_DONTROUTE	5
#define SO_BROADCAST	6
#define SO_SNDBUF	7
#define SO_RCVBUF	8
#define SO_KEEPALIVE	9
#define SO_OOBINLINE	10
#define SO_LINGER	13
#define SO_PASSCRED	16
#define SO_PEERCRED	17
#define SO_RCVLOWAT	18
#define SO_SNDLOWAT	19
#define SO_RCVTIMEO_OLD	20
#define SO_SNDTIMEO_OLD	21
#define SO_ACCEPTCONN	30
#define SO_SNDBUFFORCE	32
#define SO_RCVBUFFORCE	33
#define SO_PROTOCOL	38
#define SO_DOMAIN	39
#define SO_RCVTIMEO_NEW	66
#define SO_SNDTIMEO_NEW	67

#define SCM_RIGHTS	1
#define SCM_CREDENTIALS	2

#define MSG_OOB		0x1
#define MSG_PEEK	0x2
#define MSG_CTRUNC	0x8
#define MSG_TRUNC	0x20
#define MSG_DONTWAIT	0x40
#define MSG_EOR		0x80
#define MSG_WAITALL	0x100
#define MSG_NOSIGNAL	0x4000
#define MSG_CMSG_CLOEXEC 0x40000000

#define SHUT_RD		0
#define SHUT_WR		1
#define SHUT_RDWR	2

#define SOCK_ADDR_MAX	128	/* struct sockaddr_storage */

struct ucred {
	int32_t pid;
	uint32_t uid, gid;
};

struct msg_iovec {
	uint32_t base;
	uint32_t len;
};

/* Where a message's data comes from or goes to. */
struct msg_iter {
	const struct msg_iovec *iov;	/* kernel copy of the vector */
	unsigned int nr;		/* iovecs left, from iov */
	size_t off;			/* bytes done in iov[0] */
	size_t left;			/* bytes left in all */
	bool kernel;			/* bases are kernel addresses */
};

/* Copy n bytes from the iterator into dst / from src into the iterator,
 * advancing it: 0 or -EFAULT (the iterator then stands anywhere). */
int msg_iter_from(struct msg_iter *it, void *dst, size_t n);
int msg_iter_to(struct msg_iter *it, const void *src, size_t n);

/* One sendmsg or recvmsg, as the generic layer gives it to the family. */
struct sock_msg {
	struct msg_iter data;
	void *name;			/* SOCK_ADDR_MAX bytes, or NULL */
	size_t namelen;			/* in: given (send); out: filled */
	uint8_t *control;		/* kernel copy of the control data */
	size_t controllen;		/* its size */
	size_t out_controllen;		/* recv: the bytes filled */
	unsigned int flags;		/* MSG_* of the call */
	unsigned int out_flags;		/* recv: MSG_TRUNC, MSG_CTRUNC */
};

struct socket;

struct sock_ops {
	int (*bind)(struct socket *s, const void *addr, size_t len);
	int (*connect)(struct socket *s, const void *addr, size_t len);
	int (*listen)(struct socket *s, int backlog);
	/* The accepted connection's new socket in *out (no file yet). */
	int (*accept)(struct socket *s, struct socket **out);
	int (*pair)(struct socket *a, struct socket *b);
	ssize_t (*sendmsg)(struct socket *s, struct sock_msg *m);
	ssize_t (*recvmsg)(struct socket *s, struct sock_msg *m);
	int (*shutdown)(struct socket *s, int how);
	/* Its own (peer false) or its peer's address: the length. */
	int (*getname)(struct socket *s, void *addr, bool peer);
	/* SOL_SOCKET options the family answers; -ENOPROTOOPT: not its. */
	int (*getsockopt)(struct socket *s, int name, void *val, size_t *len);
	unsigned int (*poll)(struct socket *s, struct poll_table *pt);
	int (*inq)(struct socket *s);	/* FIONREAD */
	void (*release)(struct socket *s);
};

struct socket {
	int family, type;
	const struct sock_ops *ops;
	struct file *file;		/* no reference; NULL before sock_file */
	void *sk;			/* the family's */
	bool passcred;			/* SO_PASSCRED */
	uint16_t opts;			/* other boolean SOL_SOCKET options */
	int sndbuf, rcvbuf;
	uint64_t rcvtimeo, sndtimeo;	/* ns, 0: none */
};

/* A family's constructor: sets s->ops and s->sk, may change s->type. */
int unix_create(struct socket *s, int protocol);

/* A new socket of family and type (no file): NULL when out of memory. */
struct socket *sock_alloc(int family, int type);
void sock_free(struct socket *s);
/* Give s an open file (O_RDWR | flags): NULL when out of memory. */
struct file *sock_file(struct socket *s, unsigned int flags);
/* Whether its file is non-blocking, or the call said MSG_DONTWAIT. */
bool sock_nonblock(const struct socket *s, unsigned int msg_flags);
/* Send SIGPIPE to the caller, unless flags has MSG_NOSIGNAL; -EPIPE. */
ssize_t sock_epipe(unsigned int flags);

/*
 * Sleep on wq until cond holds: 0, -EAGAIN (nonblock, or the timeout in
 * ns passed), -ERESTARTSYS (a signal; -EINTR with a timeout, as Linux's
 * sock_intr_errno).  cond is evaluated again after the sleep, and also
 * with the caller marked sleeping and interrupts off: it must not take
 * a sleeping lock.
 */
#define sock_wait_event(wq, cond, nonblock, timeout) ({			\
	int sw_err_ = 0;						\
	uint64_t sw_to_ = (timeout);					\
	if (!(cond)) {							\
		if (nonblock)						\
			sw_err_ = -EAGAIN;				\
		else if (!wait_event_until(wq, (cond) || signal_check(),	\
				sw_to_ ? clock_ns() + sw_to_ : WAIT_FOREVER)) \
			sw_err_ = -EAGAIN;				\
		else if (!(cond))					\
			sw_err_ = sw_to_ ? -EINTR : -ERESTARTSYS;	\
	}								\
	sw_err_;							\
})

/* ---- the calls (kernel/syscall/sys_socket.c) -------------------------- */

/* The socket of an open file: NULL when it is not one. */
struct socket *sock_of(struct file *f);
/* read(2) and write(2) on a socket, with the user's buffer: the bytes
 * moved or -Exxx. */
ssize_t sock_rw_user(struct socket *s, void *ubuf, size_t len, bool write);
/* socket(2): the new file in *out. */
int sock_create(int family, int type, int protocol, struct file **out);
int sock_pair(int family, int type, int protocol, struct file *out[2]);
int sock_bind(struct socket *s, const void *addr, size_t len);
int sock_connect(struct socket *s, const void *addr, size_t len);
int sock_listen(struct socket *s, int backlog);
/* The new connection's file (with flags SOCK_NONBLOCK) in *out. */
int sock_accept(struct socket *s, unsigned int flags, struct file **out);
ssize_t sock_sendmsg(struct socket *s, struct sock_msg *m);
ssize_t sock_recvmsg(struct socket *s, struct sock_msg *m);
int sock_shutdown(struct socket *s, int how);
int sock_getname(struct socket *s, void *addr, bool peer);
/* *len: in, the room in val (>= 0); out, the bytes filled. */
int sock_getsockopt(struct socket *s, int level, int name, void *val,
		    size_t *len);
int sock_setsockopt(struct socket *s, int level, int name, const void *val,
		    size_t len);

#endif
