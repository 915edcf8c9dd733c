/*
 * unix.h: what the files of the AF_UNIX family share (fs/socket/unix.c:
 * sockets, connections, poll; unix_msg.c: sending and receiving;
 * unix_name.c: addresses; unix_scm.c: control messages).
 *
 * A struct unix_sock lives as long as its socket or anyone pointing at
 * it (its peer, messages it sent, a name lookup in progress): it is
 * counted (unix_get / unix_put).  Its socket's release marks it dead.
 *
 * Locking: one mutex, unix_lock, over every unix_sock's state, queues
 * and the name table; held for short sections only, never while
 * sleeping for data or copying from or to user memory.  Receivers of a
 * socket also take its recv_lock (held while copying out), so that a
 * message at the head of the queue stays there until its reader is done.
 */
#ifndef FS_SOCKET_UNIX_H
#define FS_SOCKET_UNIX_H

#include "fs/socket/socket.h"
#include "kernel/mutex.h"
#include "lib/list.h"

#define UNIX_PATH_MAX	108
#define UNIX_ADDR_MAX	(2 + UNIX_PATH_MAX)	/* struct sockaddr_un */
#define UNIX_MAX_DGRAM_QLEN	10	/* net.unix.max_dgram_qlen */
#define SCM_MAX_FD	253

#define RCV_SHUTDOWN	1
#define SEND_SHUTDOWN	2
#define SHUTDOWN_MASK	3

enum unix_state { UNIX_UNCONNECTED, UNIX_LISTENING, UNIX_CONNECTED };

struct inode;

/* A bound name: the sockaddr_un bytes (len of them), and for a
 * filesystem name the socket inode bind made (a reference). */
struct unix_addr {
	size_t len;
	uint8_t bytes[UNIX_ADDR_MAX + 1];
	struct inode *inode;		/* NULL: abstract */
};

/* What a message carries besides its data. */
struct unix_scm {
	struct ucred cred;		/* the sender's, or SCM_CREDENTIALS */
	struct file **fds;		/* SCM_RIGHTS: references (kmalloc) */
	unsigned int nfds;
};

/* One message (datagram) or piece of a stream, in a receive queue. */
struct unix_skb {
	struct list_head link;
	struct unix_sock *sender;	/* a reference; its wmem holds len */
	size_t len, off;		/* data bytes; bytes already read */
	struct unix_scm scm;
	uint8_t data[];
};

struct unix_sock {
	struct socket *sock;		/* NULL once released */
	int type;
	unsigned int refs;
	enum unix_state state;
	unsigned int shut;		/* RCV_SHUTDOWN | SEND_SHUTDOWN */
	int err;			/* ECONNRESET for the next call */
	bool dead;
	struct unix_sock *peer;		/* a reference */
	struct unix_addr *addr;		/* bound name, or NULL */
	struct list_head rx;		/* unix_skb */
	unsigned int rx_count;		/* messages in rx */
	size_t wmem;			/* bytes sent, not yet read */
	struct list_head pending;	/* listening: unaccepted connections */
	struct list_head pending_link;	/* in the listener's pending */
	unsigned int npending;
	int backlog;
	struct ucred peercred;		/* SO_PEERCRED */
	bool has_peercred;
	struct list_head name_link;	/* in the name table, when bound */
	struct wait_queue wq;		/* readers, writers, acceptors, polls */
	struct mutex recv_lock;
};

extern struct mutex unix_lock;

/* unix.c */
struct unix_sock *unix_get(struct unix_sock *u);
void unix_put(struct unix_sock *u);
struct unix_sock *unix_sk(struct socket *s);
/* The caller's pid and real (or effective) ids. */
void unix_cred_current(struct ucred *c, bool effective);

/* unix_msg.c */
ssize_t unix_sendmsg(struct socket *s, struct sock_msg *m);
ssize_t unix_recvmsg(struct socket *s, struct sock_msg *m);
int unix_inq(struct socket *s);
void unix_skb_free(struct unix_skb *skb);
void unix_rx_purge(struct unix_sock *u);

/* unix_name.c */
/* Check and copy a sockaddr_un of len bytes: the name's form in *out
 * (kmalloc'd; len 2 means "no name": autobind). */
int unix_addr_parse(const void *addr, size_t len, struct unix_addr **out);
int unix_bind_addr(struct unix_sock *u, struct unix_addr *a);
int unix_autobind(struct unix_sock *u);
/* The live socket of type bound to the name, with a reference: 0,
 * -ECONNREFUSED, -EPROTOTYPE, -ENOENT, -EACCES... (lookup errors for
 * filesystem names). */
int unix_find(const struct unix_addr *a, int type, struct unix_sock **out);
void unix_unbind(struct unix_sock *u);	/* unix_lock held */
struct unix_addr *unix_addr_dup(const struct unix_addr *a);
void unix_addr_free(struct unix_addr *a);
/* Copy a name (sockaddr_un) into buf: its length (2, the family only,
 * for NULL: unbound). */
int unix_addr_copy(const struct unix_addr *a, void *buf);

/* unix_scm.c */
/* The sender's credentials, then SCM_RIGHTS and SCM_CREDENTIALS from
 * m's control data: 0, -EINVAL, -EBADF, -EPERM, -ESRCH. */
int unix_scm_parse(const struct sock_msg *m, struct unix_scm *scm);
/* Give the credentials (with passcred) and the descriptors to the
 * receiver in m's control buffer; scm's descriptors are installed or,
 * when they do not fit (MSG_CTRUNC), closed: scm has none left. */
void unix_scm_put(struct sock_msg *m, struct unix_scm *scm, bool passcred);
void unix_scm_release(struct unix_scm *scm);

#endif
