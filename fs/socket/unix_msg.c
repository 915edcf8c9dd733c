/*
 * unix_msg.c: sending and receiving on AF_UNIX sockets.
 *
 * A send copies the data into unix_skbs (kmalloc'd, outside any lock)
 * charged to the sender's send buffer (it waits while what it has sent
 * and nobody has read reaches SO_SNDBUF), then queues them on the
 * receiver.  A stream is cut into pieces of at most UNIX_STREAM_CHUNK
 * bytes; the control data (descriptors, credentials) rides on the first.
 * A datagram or seqpacket message is one skb, -EMSGSIZE above the send
 * buffer.  A datagram waits while a receiver that is not connected back
 * to the sender holds more than UNIX_MAX_DGRAM_QLEN messages.
 *
 * Streams: a read takes bytes across pieces (MSG_WAITALL: until it has
 * all it asked for), but stops after a piece that carried descriptors
 * and, with SO_PASSCRED, before one from other credentials.  Datagrams:
 * one message per read; the rest of a longer one is lost (MSG_TRUNC in
 * the flags, and with MSG_TRUNC asked the whole length returned).
 * MSG_PEEK leaves everything queued (descriptors are given as new
 * ones).  The sender's name is its name at the time of the read, as
 * Linux.  Errors as Linux: -ENOTCONN, -EINVAL (stream read unconnected),
 * -EPIPE and SIGPIPE (stream, unless MSG_NOSIGNAL), -ECONNREFUSED (a
 * datagram peer gone), -EPERM (its peer is another), -EPROTOTYPE.
 *
 * Interface (unix.h): unix_sendmsg, unix_recvmsg, unix_inq,
 * unix_skb_free, unix_rx_purge.
 */
#include "fs/socket/unix.h"
#include "fs/vfs.h"
#include "lib/string.h"
#include "mm/mm.h"

#define UNIX_STREAM_CHUNK	32768u

void unix_skb_free(struct unix_skb *skb)
{
	struct unix_sock *snd = skb->sender;

	unix_scm_release(&skb->scm);
	mutex_lock(&unix_lock);
	snd->wmem -= skb->len;
	mutex_unlock(&unix_lock);
	wake_up(&snd->wq);
	unix_put(snd);
	kfree(skb);
}

void unix_rx_purge(struct unix_sock *u)
{
	struct unix_skb *skb, *tmp;
	struct list_head gone;

	list_init(&gone);
	mutex_lock(&unix_lock);
	list_for_each_entry_safe(skb, tmp, &u->rx, link)
		list_move_tail(&skb->link, &gone);
	u->rx_count = 0;
	mutex_unlock(&unix_lock);
	list_for_each_entry_safe(skb, tmp, &gone, link) {
		list_del(&skb->link);
		unix_skb_free(skb);
	}
}

/* A message of the next len bytes of m's data, charged to u's send
 * buffer once there is room: the skb, or ERR_PTR(-EAGAIN, -EPIPE,
 * -ERESTARTSYS, -EFAULT, -ENOMEM). */
static struct unix_skb *unix_skb_make(struct socket *s, struct unix_sock *u,
				      struct sock_msg *m, size_t len)
{
	struct unix_skb *skb;
	int err = sock_wait_event(&u->wq, u->wmem < (size_t)s->sndbuf ||
				  (u->shut & SEND_SHUTDOWN),
				  sock_nonblock(s, m->flags), s->sndtimeo);

	if (err)
		return ERR_PTR(err);
	if (u->shut & SEND_SHUTDOWN)
		return ERR_PTR(-EPIPE);
	skb = kzalloc(sizeof(*skb) + len);
	if (!skb)
		return ERR_PTR(-ENOMEM);
	if (msg_iter_from(&m->data, skb->data, len)) {
		kfree(skb);
		return ERR_PTR(-EFAULT);
	}
	skb->len = len;
	mutex_lock(&unix_lock);
	u->wmem += len;
	mutex_unlock(&unix_lock);
	skb->sender = unix_get(u);
	return skb;
}

/* Hand scm (the credentials, and the descriptors if take) to skb. */
static void unix_scm_move(struct unix_skb *skb, struct unix_scm *scm,
			  bool take)
{
	skb->scm.cred = scm->cred;
	if (take) {
		skb->scm.fds = scm->fds;
		skb->scm.nfds = scm->nfds;
		scm->fds = NULL;
		scm->nfds = 0;
	}
}

static void unix_queue(struct unix_sock *to, struct unix_skb *skb)
{
	list_add_tail(&skb->link, &to->rx);
	to->rx_count++;
}

static ssize_t unix_stream_send(struct socket *s, struct unix_sock *u,
				struct sock_msg *m, struct unix_scm *scm)
{
	size_t sent = 0, total = m->data.left, chunk, n;
	struct unix_sock *other;
	struct unix_skb *skb;
	ssize_t err = 0;

	if (m->namelen)
		return u->state == UNIX_CONNECTED ? -EISCONN : -EOPNOTSUPP;
	if (u->state != UNIX_CONNECTED || !u->peer)
		return -ENOTCONN;
	if (u->shut & SEND_SHUTDOWN)
		return sock_epipe(m->flags);
	chunk = MIN((size_t)s->sndbuf / 2 - 64, UNIX_STREAM_CHUNK);
	while (sent < total) {
		skb = unix_skb_make(s, u, m, MIN(total - sent, chunk));
		if (IS_ERR(skb)) {
			err = PTR_ERR(skb);
			break;
		}
		unix_scm_move(skb, scm, !sent);
		n = skb->len;
		mutex_lock(&unix_lock);
		other = u->peer;
		err = other && !other->dead && !(other->shut & RCV_SHUTDOWN) ?
		      0 : -EPIPE;
		if (!err)
			unix_queue(other, skb);
		mutex_unlock(&unix_lock);
		if (err) {
			unix_skb_free(skb);
			break;
		}
		wake_up(&other->wq);
		sent += n;
	}
	if (err == -EPIPE && !sent)
		return sock_epipe(m->flags);
	return sent ? (ssize_t)sent : err;
}

/* Put skb on other's queue for u (unix_lock held; may drop it to wait
 * for room): 0 or -Exxx. */
static int unix_dgram_deliver(struct socket *s, struct unix_sock *u,
			      struct unix_sock *other, struct unix_skb *skb,
			      unsigned int flags)
{
	int err;

	for (;;) {
		if (other->type != u->type)
			return -EPROTOTYPE;
		if (other->peer && other->peer != u)
			return -EPERM;
		if (other->dead) {
			if (u->type == SOCK_SEQPACKET)
				return -EPIPE;
			if (u->peer == other) {
				u->peer = NULL;
				unix_put(other);	/* u's; the caller has one */
			}
			return -ECONNREFUSED;
		}
		if (other->shut & RCV_SHUTDOWN)
			return -EPIPE;
		if (other == u || other->peer == u ||
		    other->rx_count <= UNIX_MAX_DGRAM_QLEN)
			break;
		mutex_unlock(&unix_lock);
		err = sock_wait_event(&other->wq, other->dead ||
				      other->rx_count <= UNIX_MAX_DGRAM_QLEN,
				      sock_nonblock(s, flags), s->sndtimeo);
		mutex_lock(&unix_lock);
		if (err)
			return err;
	}
	unix_queue(other, skb);
	return 0;
}

/* The receiver of a datagram: the address's socket, or u's peer (both
 * with a reference): 0 or -Exxx. */
static int unix_dgram_target(struct unix_sock *u, struct sock_msg *m,
			     struct unix_sock **other)
{
	struct unix_addr *a;
	int err;

	if (!m->namelen) {
		mutex_lock(&unix_lock);
		*other = u->peer ? unix_get(u->peer) : NULL;
		mutex_unlock(&unix_lock);
		return *other ? 0 : -ENOTCONN;
	}
	err = unix_addr_parse(m->name, m->namelen, &a);
	if (err)
		return err;
	err = a->len == 2 ? -EINVAL : unix_find(a, u->type, other);
	unix_addr_free(a);
	return err;
}

static ssize_t unix_dgram_send(struct socket *s, struct unix_sock *u,
			       struct sock_msg *m, struct unix_scm *scm)
{
	size_t len = m->data.left;
	struct unix_sock *other = NULL;
	struct unix_skb *skb;
	int err;

	if (u->type == SOCK_SEQPACKET) {
		if (u->state != UNIX_CONNECTED)
			return -ENOTCONN;
		m->namelen = 0;
	}
	if (m->namelen) {
		err = unix_dgram_target(u, m, &other);	/* address errors */
		if (err)
			return err;
	} else if (!u->peer) {
		return -ENOTCONN;
	}
	if (s->passcred && !u->addr && (err = unix_autobind(u)))
		goto out;
	err = -EMSGSIZE;
	if (len > (size_t)s->sndbuf - 32)
		goto out;
	skb = unix_skb_make(s, u, m, len);
	err = PTR_ERR(skb);
	if (IS_ERR(skb))
		goto out;
	unix_scm_move(skb, scm, true);
	err = other ? 0 : unix_dgram_target(u, m, &other);
	if (!err) {
		mutex_lock(&unix_lock);
		err = unix_dgram_deliver(s, u, other, skb, m->flags);
		mutex_unlock(&unix_lock);
	}
	if (err) {
		unix_skb_free(skb);
		goto out;
	}
	wake_up(&other->wq);
	err = (int)len;
out:
	unix_put(other);
	return err;
}

ssize_t unix_sendmsg(struct socket *s, struct sock_msg *m)
{
	struct unix_sock *u = unix_sk(s);
	struct unix_scm scm;
	ssize_t ret = unix_scm_parse(m, &scm);

	if (ret)
		return ret;
	if (u->type == SOCK_STREAM)
		ret = unix_stream_send(s, u, m, &scm);
	else
		ret = unix_dgram_send(s, u, m, &scm);
	unix_scm_release(&scm);
	return ret;
}

/* ---- receiving --------------------------------------------------------- */

/* The skb after prev in u's queue (the first for NULL), or NULL. */
static struct unix_skb *unix_next(struct unix_sock *u, struct unix_skb *prev)
{
	struct list_head *next;

	mutex_lock(&unix_lock);
	next = prev ? prev->link.next : u->rx.next;
	mutex_unlock(&unix_lock);
	return next == &u->rx ? NULL : list_entry(next, struct unix_skb, link);
}

/* Move skb's descriptors to scm, or with peek give scm new references. */
static void unix_scm_take_fds(struct unix_scm *scm, struct unix_skb *skb,
			      bool peek)
{
	struct file **fds = skb->scm.fds;

	if (!skb->scm.nfds)
		return;
	if (peek) {
		fds = kmalloc(skb->scm.nfds * sizeof(*fds));
		if (!fds)
			return;
		for (unsigned int i = 0; i < skb->scm.nfds; i++)
			fds[i] = file_ref_get(skb->scm.fds[i]);
	} else {
		skb->scm.fds = NULL;
	}
	scm->fds = fds;
	scm->nfds = skb->scm.nfds;
	if (!peek)
		skb->scm.nfds = 0;
}

/* Consume n bytes of skb at the head of u's queue; free it when read. */
static void unix_consume(struct unix_sock *u, struct unix_skb *skb, size_t n)
{
	bool done;

	mutex_lock(&unix_lock);
	skb->off += n;
	done = skb->off == skb->len;
	if (done) {
		list_del(&skb->link);
		u->rx_count--;
	}
	mutex_unlock(&unix_lock);
	if (done) {
		wake_up(&u->wq);	/* senders waiting for the queue */
		unix_skb_free(skb);
	}
}

/* Whether something is queued after last (NULL: at all).  A plain read
 * for wait conditions, which run with the task marked sleeping and may
 * not take unix_lock. */
static bool unix_has_after(const struct unix_sock *u,
			   const struct unix_skb *last)
{
	return (last ? last->link.next : u->rx.next) != &u->rx;
}

/* Sleep until something arrives after last (with recv_lock dropped). */
static int unix_wait_data(struct socket *s, struct unix_sock *u,
			  struct unix_skb *last, unsigned int flags)
{
	int err;

	mutex_unlock(&u->recv_lock);
	err = sock_wait_event(&u->wq, unix_has_after(u, last) ||
			      (u->shut & RCV_SHUTDOWN) || u->err,
			      sock_nonblock(s, flags), s->rcvtimeo);
	mutex_lock(&u->recv_lock);
	return err;
}

/* Whether a stream read must stop before skb: another sender's
 * credentials than those it has read (with SO_PASSCRED). */
static bool unix_cred_break(struct socket *s, struct unix_scm *scm,
			    bool *have, const struct unix_skb *skb)
{
	if (!s->passcred)
		return false;
	if (*have)
		return memcmp(&scm->cred, &skb->scm.cred, sizeof(scm->cred));
	scm->cred = skb->scm.cred;
	*have = true;
	return false;
}

static ssize_t unix_stream_recv(struct socket *s, struct unix_sock *u,
				struct sock_msg *m)
{
	bool peek = m->flags & MSG_PEEK, have_cred = false, fds;
	size_t want = m->data.left, copied = 0, n;
	size_t target = (m->flags & MSG_WAITALL) ? want : 1;
	struct unix_skb *skb, *last = NULL;
	struct unix_scm scm = { { 0, 0, 0 }, NULL, 0 };
	ssize_t err = 0;

	if (u->state != UNIX_CONNECTED)
		return -EINVAL;
	if (!want)
		return 0;
	mutex_lock(&u->recv_lock);
	while (copied < want) {
		skb = unix_next(u, last);
		if (!skb) {
			if (copied >= target)
				break;
			if (u->err) {
				err = -__atomic_exchange_n(&u->err, 0,
							   __ATOMIC_RELAXED);
				break;
			}
			if (u->shut & RCV_SHUTDOWN)
				break;
			err = unix_wait_data(s, u, last, m->flags);
			if (err)
				break;
			continue;
		}
		if (unix_cred_break(s, &scm, &have_cred, skb) && copied)
			break;
		n = MIN(skb->len - skb->off, want - copied);
		if (msg_iter_to(&m->data, skb->data + skb->off, n)) {
			err = -EFAULT;
			break;
		}
		copied += n;
		fds = skb->scm.nfds;
		unix_scm_take_fds(&scm, skb, peek);
		if (peek)
			last = skb;
		else
			unix_consume(u, skb, n);
		if (fds)
			break;
	}
	mutex_unlock(&u->recv_lock);
	if (copied)
		unix_scm_put(m, &scm, have_cred);
	unix_scm_release(&scm);
	return copied ? (ssize_t)copied : err;
}

/* The sender's name into m's name buffer (length 0 when unbound). */
static void unix_msg_name(struct sock_msg *m, struct unix_skb *skb)
{
	if (!m->name)
		return;
	mutex_lock(&unix_lock);
	m->namelen = skb->sender->addr ?
		     (size_t)unix_addr_copy(skb->sender->addr, m->name) : 0;
	mutex_unlock(&unix_lock);
}

static ssize_t unix_dgram_recv(struct socket *s, struct unix_sock *u,
			       struct sock_msg *m)
{
	bool peek = m->flags & MSG_PEEK;
	struct unix_scm scm = { { 0, 0, 0 }, NULL, 0 };
	struct unix_skb *skb;
	ssize_t err;
	size_t n;

	if (u->type == SOCK_SEQPACKET && u->state != UNIX_CONNECTED)
		return -ENOTCONN;
	mutex_lock(&u->recv_lock);
	while (!(skb = unix_next(u, NULL))) {
		err = -__atomic_exchange_n(&u->err, 0, __ATOMIC_RELAXED);
		if (err || (u->shut & RCV_SHUTDOWN))
			goto out;
		err = unix_wait_data(s, u, NULL, m->flags);
		if (err)
			goto out;
	}
	n = MIN(skb->len, m->data.left);
	err = msg_iter_to(&m->data, skb->data, n);
	if (!err) {
		if (n < skb->len)
			m->out_flags |= MSG_TRUNC;
		err = (m->flags & MSG_TRUNC) ? (ssize_t)skb->len : (ssize_t)n;
		unix_msg_name(m, skb);
		scm.cred = skb->scm.cred;
		unix_scm_take_fds(&scm, skb, peek);
	}
	if (!peek)
		unix_consume(u, skb, skb->len - skb->off);
	if (err >= 0)
		unix_scm_put(m, &scm, s->passcred);
out:
	mutex_unlock(&u->recv_lock);
	unix_scm_release(&scm);
	return err;
}

ssize_t unix_recvmsg(struct socket *s, struct sock_msg *m)
{
	struct unix_sock *u = unix_sk(s);

	m->namelen = 0;
	return u->type == SOCK_STREAM ? unix_stream_recv(s, u, m)
				      : unix_dgram_recv(s, u, m);
}

int unix_inq(struct socket *s)
{
	struct unix_sock *u = unix_sk(s);
	struct unix_skb *skb;
	int n = 0;

	if (u->state == UNIX_LISTENING)
		return -EINVAL;
	mutex_lock(&unix_lock);
	list_for_each_entry(skb, &u->rx, link) {
		n += (int)(skb->len - skb->off);
		if (u->type == SOCK_DGRAM)
			break;
	}
	mutex_unlock(&unix_lock);
	return n;
}
