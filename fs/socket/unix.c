/*
 * unix.c: AF_UNIX sockets (Linux's semantics): creation, socketpair,
 * listen, connect, accept, shutdown, names, options, poll and release.
 * Data moves in unix_msg.c, names live in unix_name.c (see unix.h for
 * the objects and the locking).
 *
 * Types: SOCK_STREAM, SOCK_SEQPACKET (connections) and SOCK_DGRAM
 * (SOCK_RAW becomes SOCK_DGRAM, as Linux); others -ESOCKTNOSUPPORT,
 * a protocol other than 0 or AF_UNIX -EPROTONOSUPPORT.
 *
 * A connect to a listener makes the server's end at once, connected to
 * the client, and queues it on the listener until accept takes it (data
 * sent meanwhile waits in it).  A connect waits while the listener has
 * more than its backlog queued.  Closing one end of a connection shuts
 * the other down both ways (it reads what is left, then end of file;
 * ECONNRESET first if the closed end left data unread); shutdown(how)
 * shuts the other end's opposite direction too.  A datagram socket may
 * connect to another (AF_UNSPEC disconnects); one whose peer has gone
 * gets -ECONNREFUSED on its next send and is disconnected.
 *
 * SO_PEERCRED: the pid and effective ids of the other end when the
 * connection was made (socketpair, connect: the listener's at listen).
 *
 * Interface: unix_create (socket.h); unix_get, unix_put, unix_sk,
 * unix_cred_current, unix_lock (unix.h).
 */
#include "fs/socket/unix.h"
#include "fs/poll.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/mm.h"

struct mutex unix_lock = MUTEX_INIT(unix_lock);

static const struct sock_ops unix_ops;

struct unix_sock *unix_get(struct unix_sock *u)
{
	__atomic_add_fetch(&u->refs, 1, __ATOMIC_RELAXED);
	return u;
}

void unix_put(struct unix_sock *u)
{
	if (!u || __atomic_sub_fetch(&u->refs, 1, __ATOMIC_ACQ_REL))
		return;
	unix_addr_free(u->addr);
	kfree(u);
}

struct unix_sock *unix_sk(struct socket *s)
{
	return s->sk;
}

void unix_cred_current(struct ucred *c, bool effective)
{
	struct proc *p = proc_current();

	c->pid = p ? p->pid : 0;
	c->uid = p ? (effective ? p->euid : p->uid) : 0;
	c->gid = p ? (effective ? p->egid : p->gid) : 0;
}

static struct unix_sock *unix_sock_new(int type)
{
	struct unix_sock *u = kzalloc(sizeof(*u));

	if (!u)
		return NULL;
	u->type = type;
	u->refs = 1;
	list_init(&u->rx);
	list_init(&u->pending);
	list_init(&u->name_link);
	wait_queue_init(&u->wq);
	u->recv_lock = (struct mutex)MUTEX_INIT(u->recv_lock);
	return u;
}

/* Attach a new unix_sock u to socket s. */
static void unix_attach(struct socket *s, struct unix_sock *u)
{
	s->ops = &unix_ops;
	s->sk = u;
	u->sock = s;
}

int unix_create(struct socket *s, int protocol)
{
	struct unix_sock *u;

	if (protocol && protocol != AF_UNIX)
		return -EPROTONOSUPPORT;
	if (s->type == SOCK_RAW)
		s->type = SOCK_DGRAM;
	if (s->type != SOCK_STREAM && s->type != SOCK_DGRAM &&
	    s->type != SOCK_SEQPACKET)
		return -ESOCKTNOSUPPORT;
	u = unix_sock_new(s->type);
	if (!u)
		return -ENOMEM;
	unix_attach(s, u);
	return 0;
}

static bool unix_connection(const struct unix_sock *u)
{
	return u->type != SOCK_DGRAM;
}

/* Connect a and b to each other (unix_lock held). */
static void unix_link(struct unix_sock *a, struct unix_sock *b)
{
	a->peer = unix_get(b);
	b->peer = unix_get(a);
	if (unix_connection(a))
		a->state = b->state = UNIX_CONNECTED;
}

static int unix_pair(struct socket *sa, struct socket *sb)
{
	struct unix_sock *a = unix_sk(sa), *b = unix_sk(sb);

	mutex_lock(&unix_lock);
	unix_link(a, b);
	unix_cred_current(&a->peercred, true);
	b->peercred = a->peercred;
	a->has_peercred = b->has_peercred = true;
	mutex_unlock(&unix_lock);
	return 0;
}

static int unix_bind(struct socket *s, const void *addr, size_t len)
{
	struct unix_addr *a;
	int err = unix_addr_parse(addr, len, &a);

	if (err)
		return err;
	if (a->len == 2) {
		unix_addr_free(a);
		return unix_autobind(unix_sk(s));
	}
	err = unix_bind_addr(unix_sk(s), a);
	if (err)
		unix_addr_free(a);
	return err;
}

static int unix_listen(struct socket *s, int backlog)
{
	struct unix_sock *u = unix_sk(s);
	int err = 0;

	if (!unix_connection(u))
		return -EOPNOTSUPP;
	mutex_lock(&unix_lock);
	if (!u->addr || u->state == UNIX_CONNECTED) {
		err = -EINVAL;
	} else {
		if (u->state != UNIX_LISTENING)
			unix_cred_current(&u->peercred, true);
		u->has_peercred = true;
		u->state = UNIX_LISTENING;
		u->backlog = backlog;
	}
	mutex_unlock(&unix_lock);
	wake_up(&u->wq);		/* connects waiting for room */
	return err;
}

/* Queue a new server end n connected to u on listener l (unix_lock
 * held): 0, or -EAGAIN / -ERESTARTSYS... when l is full and waiting
 * failed, -ECONNREFUSED, -EPROTOTYPE, -EISCONN. */
static int unix_enqueue_conn(struct socket *s, struct unix_sock *u,
			     struct unix_sock *l, struct unix_sock *n)
{
	int err;

	for (;;) {
		if (l->type != u->type)
			return -EPROTOTYPE;
		if (l->dead || l->state != UNIX_LISTENING)
			return -ECONNREFUSED;
		if (u->state != UNIX_UNCONNECTED)
			return u->state == UNIX_CONNECTED ? -EISCONN : -EINVAL;
		if (l->npending <= (unsigned int)l->backlog)
			break;
		mutex_unlock(&unix_lock);
		err = sock_wait_event(&l->wq, l->dead ||
				      l->state != UNIX_LISTENING ||
				      l->npending <= (unsigned int)l->backlog,
				      sock_nonblock(s, 0), s->sndtimeo);
		mutex_lock(&unix_lock);
		if (err)
			return err;
	}
	unix_link(u, n);
	unix_cred_current(&n->peercred, true);
	n->has_peercred = true;
	u->peercred = l->peercred;
	u->has_peercred = true;
	n->addr = unix_addr_dup(l->addr);
	list_add_tail(&n->pending_link, &l->pending);	/* l holds n's ref */
	l->npending++;
	return 0;
}

static int unix_stream_connect(struct socket *s, struct unix_addr *a)
{
	struct unix_sock *u = unix_sk(s), *l, *n;
	int err;

	if (u->state != UNIX_UNCONNECTED)
		return u->state == UNIX_CONNECTED ? -EISCONN : -EINVAL;
	if (s->passcred && !u->addr && (err = unix_autobind(u)))
		return err;
	err = unix_find(a, u->type, &l);
	if (err)
		return err;
	n = unix_sock_new(u->type);
	if (!n) {
		unix_put(l);
		return -ENOMEM;
	}
	mutex_lock(&unix_lock);
	err = unix_enqueue_conn(s, u, l, n);
	mutex_unlock(&unix_lock);
	if (err)
		unix_put(n);
	else
		wake_up(&l->wq);
	unix_put(l);
	return err;
}

/* A datagram socket's connect: a new default peer, or none. */
static int unix_dgram_connect(struct socket *s, struct unix_addr *a)
{
	struct unix_sock *u = unix_sk(s), *other = NULL, *old;
	int err = 0;

	if (a) {
		if (s->passcred && !u->addr && (err = unix_autobind(u)))
			return err;
		err = unix_find(a, u->type, &other);
		if (err)
			return err;
	}
	mutex_lock(&unix_lock);
	if (other && other->type != u->type)
		err = -EPROTOTYPE;
	else if (other && other->peer && other->peer != u)
		err = -EPERM;
	old = err ? other : u->peer;
	if (!err)
		u->peer = other;	/* takes unix_find's reference */
	mutex_unlock(&unix_lock);
	unix_put(old);
	return err;
}

static int unix_connect(struct socket *s, const void *addr, size_t len)
{
	const uint16_t *family = addr;
	struct unix_addr *a;
	int err;

	if (s->type == SOCK_DGRAM && len >= 2 && *family == AF_UNSPEC)
		return unix_dgram_connect(s, NULL);
	err = unix_addr_parse(addr, len, &a);
	if (err)
		return err;
	if (a->len == 2) {
		unix_addr_free(a);
		return -EINVAL;
	}
	err = s->type == SOCK_DGRAM ? unix_dgram_connect(s, a)
				    : unix_stream_connect(s, a);
	unix_addr_free(a);
	return err;
}

static int unix_accept(struct socket *s, struct socket **out)
{
	struct unix_sock *l = unix_sk(s), *n;
	struct socket *ns;
	int err;

	if (!unix_connection(l))
		return -EOPNOTSUPP;
	if (l->state != UNIX_LISTENING)
		return -EINVAL;
	err = sock_wait_event(&l->wq, l->npending || l->state != UNIX_LISTENING,
			      sock_nonblock(s, 0), s->rcvtimeo);
	if (err)
		return err;
	ns = sock_alloc(AF_UNIX, s->type);
	if (!ns)
		return -ENOMEM;
	mutex_lock(&unix_lock);
	if (!l->npending) {
		mutex_unlock(&unix_lock);
		kfree(ns);
		return l->state == UNIX_LISTENING ? -EAGAIN : -EINVAL;
	}
	n = list_first_entry(&l->pending, struct unix_sock, pending_link);
	list_del(&n->pending_link);
	l->npending--;
	unix_attach(ns, n);		/* takes the listener's reference */
	ns->passcred = s->passcred;
	mutex_unlock(&unix_lock);
	wake_up(&l->wq);		/* connects waiting for room */
	*out = ns;
	return 0;
}

static int unix_shutdown(struct socket *s, int how)
{
	struct unix_sock *u = unix_sk(s), *peer;
	unsigned int mode = (unsigned int)how + 1;	/* RCV 1, SEND 2 */

	mutex_lock(&unix_lock);
	u->shut |= mode;
	peer = u->peer;
	if (peer && unix_connection(u)) {
		if (mode & RCV_SHUTDOWN)
			peer->shut |= SEND_SHUTDOWN;
		if (mode & SEND_SHUTDOWN)
			peer->shut |= RCV_SHUTDOWN;
		wake_up(&peer->wq);
	}
	mutex_unlock(&unix_lock);
	wake_up(&u->wq);
	return 0;
}

static int unix_getname(struct socket *s, void *addr, bool peer)
{
	struct unix_sock *u = unix_sk(s);
	int len = 0;

	mutex_lock(&unix_lock);
	if (!peer)
		len = unix_addr_copy(u->addr, addr);
	else if (u->peer && (u->state == UNIX_CONNECTED || !unix_connection(u)))
		len = unix_addr_copy(u->peer->addr, addr);
	else
		len = -ENOTCONN;
	mutex_unlock(&unix_lock);
	return len;
}

static int unix_getsockopt(struct socket *s, int name, void *val,
			   size_t *len)
{
	struct unix_sock *u = unix_sk(s);
	struct ucred c = { 0, 65534, 65534 };	/* none: the overflow ids */
	int v;

	switch (name) {
	case SO_PEERCRED:
		if (u->has_peercred)
			c = u->peercred;
		memcpy(val, &c, sizeof(c));
		*len = sizeof(c);
		return 0;
	case SO_ACCEPTCONN:
		v = u->state == UNIX_LISTENING;
		break;
	case SO_ERROR:
		v = __atomic_exchange_n(&u->err, 0, __ATOMIC_RELAXED);
		break;
	default:
		return -ENOPROTOOPT;
	}
	memcpy(val, &v, sizeof(v));
	*len = sizeof(v);
	return 0;
}

/* Whether u may send now: room in its send buffer, and for a datagram
 * socket, in the queue of the peer it is connected to one way. */
static bool unix_writable(struct socket *s, struct unix_sock *u)
{
	struct unix_sock *p = u->peer;

	if (u->state == UNIX_LISTENING || (u->wmem << 2) > (size_t)s->sndbuf)
		return false;
	return unix_connection(u) || !p || p->peer == u ||
	       p->rx_count <= UNIX_MAX_DGRAM_QLEN;
}

static unsigned int unix_poll(struct socket *s, struct poll_table *pt)
{
	struct unix_sock *u = unix_sk(s);
	unsigned int mask = 0;

	poll_wait(s->file, &u->wq, pt);
	if (u->peer && !unix_connection(u))
		poll_wait(s->file, &u->peer->wq, pt);
	if (u->err)
		mask |= POLLERR;
	if (u->shut == SHUTDOWN_MASK)
		mask |= POLLHUP;
	if (u->shut & RCV_SHUTDOWN)
		mask |= POLLRDHUP | POLLIN | POLLRDNORM;
	if (!list_empty(&u->rx) || u->npending)
		mask |= POLLIN | POLLRDNORM;
	if (unix_connection(u) && u->state == UNIX_UNCONNECTED)
		mask |= POLLHUP;
	if (unix_writable(s, u))
		mask |= POLLOUT | POLLWRNORM | POLLWRBAND;
	return mask;
}

/* The end of u's life as an endpoint: its socket closed, or, for a
 * connection never accepted, its listener's. */
static void unix_release_sock(struct unix_sock *u, bool embryo)
{
	struct unix_sock *peer, *n, *tmp;
	struct list_head pending;

	mutex_lock(&unix_lock);
	u->sock = NULL;
	u->dead = true;
	unix_unbind(u);
	peer = u->peer;
	u->peer = NULL;
	if (peer && unix_connection(u)) {
		peer->shut = SHUTDOWN_MASK;
		if (!list_empty(&u->rx) || embryo)
			peer->err = ECONNRESET;
	}
	u->state = UNIX_UNCONNECTED;
	list_init(&pending);
	list_for_each_entry_safe(n, tmp, &u->pending, pending_link)
		list_move_tail(&n->pending_link, &pending);
	u->npending = 0;
	mutex_unlock(&unix_lock);
	if (peer)
		wake_up(&peer->wq);
	wake_up(&u->wq);
	unix_rx_purge(u);
	list_for_each_entry_safe(n, tmp, &pending, pending_link) {
		list_del(&n->pending_link);
		unix_release_sock(n, true);
	}
	unix_put(peer);
	unix_put(u);
}

static void unix_release(struct socket *s)
{
	unix_release_sock(unix_sk(s), false);
}

static const struct sock_ops unix_ops = {
	.bind = unix_bind,
	.connect = unix_connect,
	.listen = unix_listen,
	.accept = unix_accept,
	.pair = unix_pair,
	.sendmsg = unix_sendmsg,
	.recvmsg = unix_recvmsg,
	.shutdown = unix_shutdown,
	.getname = unix_getname,
	.getsockopt = unix_getsockopt,
	.poll = unix_poll,
	.inq = unix_inq,
	.release = unix_release,
};
