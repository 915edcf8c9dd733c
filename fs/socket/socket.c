/*
 * socket.c: the generic socket layer (see socket.h): socket files, the
 * checks every family shares, and dispatch to the family's ops.
 *
 * Families: AF_UNIX only; every other number below AF_MAX gets
 * -EAFNOSUPPORT (AF_INET too: maestro has no network), as does one out
 * of range.  A type out of range or unknown flags give -EINVAL.
 *
 * The file: a nameless inode of mode S_IFSOCK | 0777 (as Linux's sockfs)
 * with socket_fops; read is recvmsg and write sendmsg with no flags
 * (sock_rw_user for read(2) and write(2), the file ops for the kernel's
 * own reads and writes).
 *
 * Interface: socket.h.
 */
#include "fs/socket/socket.h"
#include "fs/internal.h"
#include "fs/poll.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define SOCK_BUF_DEFAULT	180224	/* Linux i386's wmem/rmem_default */

static const struct file_ops socket_fops;

/* ---- data iterators --------------------------------------------------- */

static int iter_copy(struct msg_iter *it, void *kbuf, size_t n, bool out)
{
	while (n) {
		const struct msg_iovec *v = it->iov;
		size_t take = MIN(n, v->len - it->off);
		void *at = (void *)(uintptr_t)(v->base + it->off);
		int err = 0;

		if (!take) {
			it->iov++;
			it->nr--;
			it->off = 0;
			continue;
		}
		if (it->kernel)
			memcpy(out ? at : kbuf, out ? kbuf : at, take);
		else
			err = out ? copy_to_user(at, kbuf, take)
				  : copy_from_user(kbuf, at, take);
		if (err)
			return -EFAULT;
		it->off += take;
		it->left -= take;
		kbuf = (uint8_t *)kbuf + take;
		n -= take;
	}
	return 0;
}

int msg_iter_from(struct msg_iter *it, void *dst, size_t n)
{
	return n > it->left ? -EFAULT : iter_copy(it, dst, n, false);
}

int msg_iter_to(struct msg_iter *it, const void *src, size_t n)
{
	return n > it->left ? -EFAULT : iter_copy(it, (void *)src, n, true);
}

/* ---- sockets and their files ----------------------------------------- */

struct socket *sock_alloc(int family, int type)
{
	struct socket *s = kzalloc(sizeof(*s));

	if (s) {
		s->family = family;
		s->type = type;
		s->sndbuf = SOCK_BUF_DEFAULT;
		s->rcvbuf = SOCK_BUF_DEFAULT;
	}
	return s;
}

void sock_free(struct socket *s)
{
	if (s && s->ops && s->ops->release)
		s->ops->release(s);
	kfree(s);
}

struct socket *sock_of(struct file *f)
{
	return f && f->fops == &socket_fops ? f->private : NULL;
}

bool sock_nonblock(const struct socket *s, unsigned int msg_flags)
{
	return (msg_flags & MSG_DONTWAIT) ||
	       (s->file && (s->file->flags & O_NONBLOCK));
}

ssize_t sock_epipe(unsigned int flags)
{
	struct proc *p = proc_current();

	if (p && !(flags & MSG_NOSIGNAL))
		signal_send(p, SIGPIPE, NULL);
	return -EPIPE;
}

ssize_t sock_rw_user(struct socket *s, void *ubuf, size_t len, bool write)
{
	struct msg_iovec v = { (uint32_t)(uintptr_t)ubuf, MIN(len, 0x7ffff000u) };
	struct sock_msg m = { .data = { .iov = &v, .nr = 1, .left = v.len } };

	if (!access_ok(ubuf, v.len))
		return -EFAULT;
	return write ? sock_sendmsg(s, &m) : sock_recvmsg(s, &m);
}

static ssize_t socket_read(struct file *f, void *buf, size_t len,
			   uint64_t *pos)
{
	struct msg_iovec v = { (uint32_t)(uintptr_t)buf, len };
	struct sock_msg m = {
		.data = { .iov = &v, .nr = 1, .left = len, .kernel = true },
	};

	return sock_recvmsg(f->private, &m);
}

static ssize_t socket_write(struct file *f, const void *buf, size_t len,
			    uint64_t *pos)
{
	struct msg_iovec v = { (uint32_t)(uintptr_t)buf, len };
	struct sock_msg m = {
		.data = { .iov = &v, .nr = 1, .left = len, .kernel = true },
	};

	return sock_sendmsg(f->private, &m);
}

static unsigned int socket_poll(struct file *f, struct poll_table *pt)
{
	struct socket *s = f->private;

	return s->ops->poll ? s->ops->poll(s, pt) : POLL_DEFAULT_MASK;
}

/* FIONREAD (SIOCINQ): what a read can take now, as an int. */
static int socket_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct socket *s = f->private;
	int32_t n;

	if (cmd != FIONREAD)
		return -ENOTTY;
	if (!s->ops->inq)
		return -EOPNOTSUPP;
	n = s->ops->inq(s);
	if (n < 0)
		return n;
	return copy_to_user((void *)arg, &n, sizeof(n)) ? -EFAULT : 0;
}

static int socket_release(struct inode *inode, struct file *f)
{
	sock_free(f->private);
	return 0;
}

static const struct file_ops socket_fops = {
	.read = socket_read,
	.write = socket_write,
	.poll = socket_poll,
	.ioctl = socket_ioctl,
	.release = socket_release,
};

struct file *sock_file(struct socket *s, unsigned int flags)
{
	struct inode *inode = anon_inode_new(S_IFSOCK | 0777);
	struct file *f = inode ? kzalloc(sizeof(*f)) : NULL;

	if (!f) {
		if (inode)
			iput(inode);
		return NULL;
	}
	inode->fops = &socket_fops;
	f->inode = inode;		/* the file takes the reference */
	f->fops = &socket_fops;
	f->flags = O_RDWR | (flags & SOCK_NONBLOCK ? O_NONBLOCK : 0);
	f->private = s;
	f->refcount = 1;
	s->file = f;
	return f;
}

/* ---- creation ---------------------------------------------------------- */

/* A socket of family, type and protocol with no file: 0 or -Exxx. */
static int sock_make(int family, int type, int protocol, struct socket **out)
{
	struct socket *s;
	int err;

	if (family < 0 || family >= AF_MAX)
		return -EAFNOSUPPORT;
	if (type < 0 || type >= SOCK_MAX)
		return -EINVAL;
	if (family != AF_UNIX)
		return -EAFNOSUPPORT;
	s = sock_alloc(family, type);
	if (!s)
		return -ENOMEM;
	err = unix_create(s, protocol);
	if (err) {
		kfree(s);
		return err;
	}
	*out = s;
	return 0;
}

/* The flags given with the type: 0 or -EINVAL. */
static int sock_type_flags(int type)
{
	return type & ~(SOCK_TYPE_MASK | SOCK_NONBLOCK | SOCK_CLOEXEC) ?
	       -EINVAL : 0;
}

int sock_create(int family, int type, int protocol, struct file **out)
{
	struct socket *s;
	int err = sock_type_flags(type);

	if (!err)
		err = sock_make(family, type & SOCK_TYPE_MASK, protocol, &s);
	if (err)
		return err;
	*out = sock_file(s, type);
	if (!*out) {
		sock_free(s);
		return -ENOMEM;
	}
	return 0;
}

int sock_pair(int family, int type, int protocol, struct file *out[2])
{
	struct socket *s[2] = { NULL, NULL };
	int err = sock_type_flags(type);

	for (int i = 0; i < 2 && !err; i++)
		err = sock_make(family, type & SOCK_TYPE_MASK, protocol, &s[i]);
	if (!err)
		err = s[0]->ops->pair ? s[0]->ops->pair(s[0], s[1])
				      : -EOPNOTSUPP;
	for (int i = 0; i < 2 && !err; i++) {
		out[i] = sock_file(s[i], type);
		if (!out[i])
			err = -ENOMEM;
	}
	if (!err)
		return 0;
	for (int i = 0; i < 2; i++) {
		if (s[i] && s[i]->file)
			vfs_close(s[i]->file);
		else
			sock_free(s[i]);
	}
	return err;
}
