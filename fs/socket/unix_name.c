/*
 * unix_name.c: the names of AF_UNIX sockets, as Linux has them.
 *
 * A struct sockaddr_un is a 16-bit family (AF_UNIX) and up to 108 bytes
 * of sun_path; a length below 2 or above 110, or another family, is
 * -EINVAL.  A length of exactly 2 asks bind for an automatic name.
 * - Abstract names: sun_path starts with a NUL; the name is every byte
 *   of the given length.  As Linux, each socket type has its own
 *   abstract names: a stream socket cannot find a datagram socket's.
 * - Filesystem names: sun_path up to its first NUL (or the length).
 *   bind makes a socket inode there (mode S_IFSOCK | 0777 & ~umask;
 *   -EADDRINUSE when the name exists) and keeps a reference to it; the
 *   socket is found through that inode, so a name removed and made again
 *   is another name.  connect needs write permission on the inode
 *   (-EACCES); a name that is not a socket, or whose socket is gone or
 *   not bound there any more, is -ECONNREFUSED; a socket of another
 *   type there is -EPROTOTYPE.
 * - Automatic names (autobind): an abstract name of five hex digits.
 * The name's length is what getsockname reports: for a filesystem name
 * the path and its NUL, for an abstract one the bytes given.
 *
 * The table of bound sockets is a list under unix_lock; VFS calls are
 * made without it (the VFS lock comes first).
 *
 * Interface (unix.h): unix_addr_parse, unix_bind_addr, unix_autobind,
 * unix_find, unix_unbind, unix_addr_dup, unix_addr_free, unix_addr_copy.
 */
#include "fs/socket/unix.h"
#include "fs/vfs.h"
#include "kernel/proc/proc.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

static struct list_head unix_names = LIST_HEAD_INIT(unix_names);
static uint32_t unix_autobind_next;

static bool unix_abstract(const struct unix_addr *a)
{
	return a->bytes[2] == 0;
}

static const char *unix_path(const struct unix_addr *a)
{
	return (const char *)a->bytes + 2;
}

int unix_addr_parse(const void *addr, size_t len, struct unix_addr **out)
{
	const uint16_t *family = addr;
	struct unix_addr *a;

	if (len < 2 || len > UNIX_ADDR_MAX || *family != AF_UNIX)
		return -EINVAL;
	a = kzalloc(sizeof(*a));
	if (!a)
		return -ENOMEM;
	memcpy(a->bytes, addr, len);	/* bytes[len] stays 0 */
	a->len = len;
	if (len > 2 && !unix_abstract(a))
		a->len = 2 + strlen(unix_path(a)) + 1;
	*out = a;
	return 0;
}

struct unix_addr *unix_addr_dup(const struct unix_addr *a)
{
	struct unix_addr *d = a ? kmalloc(sizeof(*d)) : NULL;

	if (d) {
		*d = *a;
		if (d->inode)
			igrab(d->inode);
	}
	return d;
}

void unix_addr_free(struct unix_addr *a)
{
	if (a && a->inode)
		iput(a->inode);
	kfree(a);
}

int unix_addr_copy(const struct unix_addr *a, void *buf)
{
	uint16_t family = AF_UNIX;

	if (!a) {
		memcpy(buf, &family, sizeof(family));
		return sizeof(family);
	}
	memcpy(buf, a->bytes, a->len);
	return (int)a->len;
}

/* The socket bound to inode, or to abstract name a for sockets of
 * type (unix_lock held), or NULL. */
static struct unix_sock *unix_lookup(const struct unix_addr *a, int type,
				     const struct inode *inode)
{
	struct unix_sock *u;

	list_for_each_entry(u, &unix_names, name_link) {
		const struct unix_addr *b = u->addr;

		if (inode ? b->inode == inode :
		    !b->inode && u->type == type && b->len == a->len &&
		    !memcmp(b->bytes, a->bytes, a->len))
			return u;
	}
	return NULL;
}

/* Make u's name a (taken over): unix_lock held.  -EINVAL when u has one. */
static int unix_name_set(struct unix_sock *u, struct unix_addr *a)
{
	if (u->addr)
		return -EINVAL;
	if (!a->inode && unix_lookup(a, u->type, NULL))
		return -EADDRINUSE;
	u->addr = a;
	list_add_tail(&u->name_link, &unix_names);
	return 0;
}

/* A filesystem name: make the socket inode, find it. */
static int unix_mknod(struct unix_addr *a)
{
	uint16_t mode = S_IFSOCK | (0777 & ~proc_current()->fs->umask);
	int err = vfs_mknod(unix_path(a), mode, 0);

	if (err)
		return err == -EEXIST ? -EADDRINUSE : err;
	return vfs_lookup(unix_path(a), 0, &a->inode);
}

int unix_bind_addr(struct unix_sock *u, struct unix_addr *a)
{
	int err = 0;

	if (u->addr)
		return -EINVAL;
	if (!unix_abstract(a))
		err = unix_mknod(a);
	if (!err) {
		mutex_lock(&unix_lock);
		err = unix_name_set(u, a);
		mutex_unlock(&unix_lock);
	}
	return err;
}

int unix_autobind(struct unix_sock *u)
{
	struct unix_addr *a = kzalloc(sizeof(*a));
	int err = -EADDRINUSE;

	if (!a)
		return -ENOMEM;
	a->bytes[0] = AF_UNIX;
	a->len = 2 + 1 + 5;
	mutex_lock(&unix_lock);
	if (u->addr)
		err = 0;	/* bound meanwhile: nothing to do */
	for (unsigned int i = 0; err == -EADDRINUSE && i < 0x100000; i++) {
		unix_autobind_next = (unix_autobind_next + 1) & 0xfffff;
		snprintf((char *)a->bytes + 3, 6, "%05x", unix_autobind_next);
		err = unix_name_set(u, a);
	}
	mutex_unlock(&unix_lock);
	if (err || u->addr != a)
		kfree(a);
	return err;
}

/* The inode a filesystem name names, checked for connect: 0 or -Exxx. */
static int unix_name_inode(const struct unix_addr *a, struct inode **out)
{
	int err = vfs_lookup(unix_path(a), LOOKUP_FOLLOW, out);

	if (err)
		return err;
	if (!S_ISSOCK((*out)->mode))
		err = -ECONNREFUSED;
	else
		err = inode_permission(*out, MAY_WRITE);
	if (err)
		iput(*out);
	return err;
}

int unix_find(const struct unix_addr *a, int type, struct unix_sock **out)
{
	struct inode *inode = NULL;
	struct unix_sock *u;
	int err = unix_abstract(a) ? 0 : unix_name_inode(a, &inode);

	if (err)
		return err;
	mutex_lock(&unix_lock);
	u = unix_lookup(a, type, inode);
	if (u && u->dead)
		u = NULL;
	err = !u ? -ECONNREFUSED : u->type != type ? -EPROTOTYPE : 0;
	if (!err)
		*out = unix_get(u);
	mutex_unlock(&unix_lock);
	if (inode)
		iput(inode);
	return err;
}

void unix_unbind(struct unix_sock *u)
{
	if (u->addr && !list_empty(&u->name_link))
		list_del(&u->name_link);
	list_init(&u->name_link);
}
