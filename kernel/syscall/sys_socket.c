/*
 * sys_socket.c: the socket system calls of Linux i386: the direct ones
 * (socket 359 ... shutdown 373, recvmmsg 337 and 417, sendmmsg 345) and
 * the socketcall multiplexer (102), which takes its arguments from an
 * array in user memory.  This file only copies arguments in and out:
 * addresses (at most 128 bytes: -EINVAL), iovecs (at most 1024:
 * -EMSGSIZE), control data (at most 10240 bytes to send: -ENOBUFS), option
 * values; the socket layer (fs/socket/) does the rest.  A descriptor
 * that is not open is -EBADF, one that is not a socket -ENOTSOCK.
 * Addresses go back to user space as Linux's move_addr_to_user: as much
 * as fits, and the full length.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/socket/socket.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define NR_socketcall		102
#define NR_recvmmsg		337
#define NR_sendmmsg		345
#define NR_socket		359
#define NR_socketpair		360
#define NR_bind			361
#define NR_connect		362
#define NR_listen		363
#define NR_accept4		364
#define NR_getsockopt		365
#define NR_setsockopt		366
#define NR_getsockname		367
#define NR_getpeername		368
#define NR_sendto		369
#define NR_sendmsg		370
#define NR_recvfrom		371
#define NR_recvmsg		372
#define NR_shutdown		373
#define NR_recvmmsg_time64	417

#define UIO_MAXIOV	1024
#define MAX_RW_COUNT	0x7ffff000u
#define OPTMEM_MAX	10240u	/* net.core.optmem_max on i386 */
#define RECV_CONTROL_MAX 4096u	/* more than any control data we give */
#define MSG_WAITFORONE	0x10000

struct user_msghdr {
	uint32_t name, namelen, iov, iovlen, control, controllen;
	int32_t flags;
};

struct user_mmsghdr {
	struct user_msghdr hdr;
	uint32_t len;
};

/* The socket open as fd: 0, -EBADF, -ENOTSOCK. */
static int sock_fd(int fd, struct socket **s)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	*s = sock_of(f);
	return *s ? 0 : -ENOTSOCK;
}

/* Copy an address of len bytes in: 0, -EINVAL, -EFAULT. */
static int addr_in(const void *uaddr, int32_t len, void *kaddr)
{
	if (len < 0 || len > SOCK_ADDR_MAX)
		return -EINVAL;
	return len && copy_from_user(kaddr, uaddr, (size_t)len) ? -EFAULT : 0;
}

/* Give an address of klen bytes back: as much as *ulen allows, and klen
 * in *ulen.  0, -EINVAL, -EFAULT. */
static int addr_out(const void *kaddr, size_t klen, void *uaddr,
		    int32_t *ulen)
{
	int32_t len;

	if (get_user(len, ulen))
		return -EFAULT;
	if (len < 0)
		return -EINVAL;
	if ((size_t)len > klen)
		len = (int32_t)klen;
	if (len && copy_to_user(uaddr, kaddr, (size_t)len))
		return -EFAULT;
	return put_user((int32_t)klen, ulen) ? -EFAULT : 0;
}

static long sys_socket(int family, int type, int protocol)
{
	struct file *f;
	int err = sock_create(family, type, protocol, &f);

	return err ? err : fd_install(f, type & SOCK_CLOEXEC);
}
SYSCALL(NR_socket, sys_socket);

static long sys_socketpair(int family, int type, int protocol, int32_t *usv)
{
	struct file *f[2];
	int32_t fd[2];
	int err = sock_pair(family, type, protocol, f);

	if (err)
		return err;
	fd[0] = fd_install(f[0], type & SOCK_CLOEXEC);
	if (fd[0] < 0) {
		vfs_close(f[1]);
		return fd[0];
	}
	fd[1] = fd_install(f[1], type & SOCK_CLOEXEC);
	if (fd[1] < 0 || copy_to_user(usv, fd, sizeof(fd))) {
		fd_close(fd[0]);
		if (fd[1] >= 0)
			fd_close(fd[1]);
		return fd[1] < 0 ? fd[1] : -EFAULT;
	}
	return 0;
}
SYSCALL(NR_socketpair, sys_socketpair);

/* bind and connect: a call taking an address. */
static long addr_call(int fd, const void *uaddr, int32_t len,
		      int (*call)(struct socket *, const void *, size_t))
{
	uint8_t addr[SOCK_ADDR_MAX];
	struct socket *s;
	int err = sock_fd(fd, &s);

	if (!err)
		err = addr_in(uaddr, len, addr);
	return err ? err : call(s, addr, (size_t)len);
}

static long sys_bind(int fd, const void *uaddr, int32_t len)
{
	return addr_call(fd, uaddr, len, sock_bind);
}
SYSCALL(NR_bind, sys_bind);

static long sys_connect(int fd, const void *uaddr, int32_t len)
{
	return addr_call(fd, uaddr, len, sock_connect);
}
SYSCALL(NR_connect, sys_connect);

static long sys_listen(int fd, int backlog)
{
	struct socket *s;
	int err = sock_fd(fd, &s);

	return err ? err : sock_listen(s, backlog);
}
SYSCALL(NR_listen, sys_listen);

static long sys_accept4(int fd, void *uaddr, int32_t *ulen, uint32_t flags)
{
	uint8_t addr[SOCK_ADDR_MAX];
	struct socket *s;
	struct file *f;
	int err = sock_fd(fd, &s), nfd, len;

	if (!err)
		err = sock_accept(s, flags, &f);
	if (err)
		return err;
	if (uaddr) {
		len = sock_getname(sock_of(f), addr, true);
		err = len < 0 ? len : addr_out(addr, (size_t)len, uaddr, ulen);
		if (err) {
			vfs_close(f);
			return err;
		}
	}
	nfd = fd_install(f, flags & SOCK_CLOEXEC);
	return nfd;
}
SYSCALL(NR_accept4, sys_accept4);

static long sys_accept(int fd, void *uaddr, int32_t *ulen)
{
	return sys_accept4(fd, uaddr, ulen, 0);
}

static long name_call(int fd, void *uaddr, int32_t *ulen, bool peer)
{
	uint8_t addr[SOCK_ADDR_MAX];
	struct socket *s;
	int len = sock_fd(fd, &s);

	if (!len)
		len = sock_getname(s, addr, peer);
	return len < 0 ? len : addr_out(addr, (size_t)len, uaddr, ulen);
}

static long sys_getsockname(int fd, void *uaddr, int32_t *ulen)
{
	return name_call(fd, uaddr, ulen, false);
}
SYSCALL(NR_getsockname, sys_getsockname);

static long sys_getpeername(int fd, void *uaddr, int32_t *ulen)
{
	return name_call(fd, uaddr, ulen, true);
}
SYSCALL(NR_getpeername, sys_getpeername);

static long sys_shutdown(int fd, int how)
{
	struct socket *s;
	int err = sock_fd(fd, &s);

	return err ? err : sock_shutdown(s, how);
}
SYSCALL(NR_shutdown, sys_shutdown);

static long sys_setsockopt(int fd, int level, int name, const void *uval,
			   int32_t len)
{
	uint8_t val[16];
	struct socket *s;
	int err = sock_fd(fd, &s);

	if (err)
		return err;
	if (len < 0)
		return -EINVAL;
	if (copy_from_user(val, uval, MIN((size_t)len, sizeof(val))))
		return -EFAULT;
	return sock_setsockopt(s, level, name, val, (size_t)len);
}
SYSCALL(NR_setsockopt, sys_setsockopt);

static long sys_getsockopt(int fd, int level, int name, void *uval,
			   int32_t *ulen)
{
	uint8_t val[16];
	struct socket *s;
	int32_t len;
	size_t klen;
	int err = sock_fd(fd, &s);

	if (err)
		return err;
	if (get_user(len, ulen))
		return -EFAULT;
	if (len < 0)
		return -EINVAL;
	klen = (size_t)len;
	err = sock_getsockopt(s, level, name, val, &klen);
	if (err)
		return err;
	if (copy_to_user(uval, val, klen) || put_user((int32_t)klen, ulen))
		return -EFAULT;
	return 0;
}
SYSCALL(NR_getsockopt, sys_getsockopt);

/* ---- sending and receiving -------------------------------------------- */

/* Check and total iovecs: the byte count (at most MAX_RW_COUNT), or
 * -EINVAL (a negative length), -EFAULT. */
static long iov_check(struct msg_iovec *iov, unsigned int nr)
{
	size_t total = 0;

	for (unsigned int i = 0; i < nr; i++) {
		if (iov[i].len > 0x7fffffffu)
			return -EINVAL;
		if (!access_ok((void *)(uintptr_t)iov[i].base, iov[i].len))
			return -EFAULT;
		if (iov[i].len > MAX_RW_COUNT - total)
			iov[i].len = MAX_RW_COUNT - total;
		total += iov[i].len;
	}
	return (long)total;
}

/* A message's data iterator over the user's iovecs (*iov: a kmalloc'd
 * copy for the caller to free).  0 or -Exxx. */
static int iov_in(uint32_t uiov, uint32_t nr, struct msg_iovec **iov,
		  struct msg_iter *it)
{
	long total;

	*iov = NULL;
	if (nr > UIO_MAXIOV)
		return -EMSGSIZE;
	if (nr) {
		*iov = kmalloc(nr * sizeof(**iov));
		if (!*iov)
			return -ENOMEM;
		if (copy_from_user(*iov, (void *)uiov, nr * sizeof(**iov)))
			return -EFAULT;
	}
	total = iov_check(*iov, nr);
	if (total < 0)
		return (int)total;
	*it = (struct msg_iter){ .iov = *iov, .nr = nr, .left = (size_t)total };
	return 0;
}

/* One user buffer as a message's data. */
static int buf_in(void *ubuf, size_t len, struct msg_iovec *v,
		  struct msg_iter *it)
{
	v->base = (uint32_t)(uintptr_t)ubuf;
	v->len = MIN(len, MAX_RW_COUNT);
	if (!access_ok(ubuf, v->len))
		return -EFAULT;
	*it = (struct msg_iter){ .iov = v, .nr = 1, .left = v->len };
	return 0;
}

static long sys_sendto(int fd, void *ubuf, size_t len, uint32_t flags,
		       const void *uaddr, int32_t alen)
{
	uint8_t addr[SOCK_ADDR_MAX];
	struct msg_iovec v;
	struct sock_msg m = { .flags = flags };
	struct socket *s;
	int err = sock_fd(fd, &s);

	if (!err)
		err = buf_in(ubuf, len, &v, &m.data);
	if (!err && uaddr) {
		err = addr_in(uaddr, alen, addr);
		m.name = addr;
		m.namelen = (size_t)alen;
	}
	return err ? err : sock_sendmsg(s, &m);
}
SYSCALL(NR_sendto, sys_sendto);

static long sys_send(int fd, void *ubuf, size_t len, uint32_t flags)
{
	return sys_sendto(fd, ubuf, len, flags, NULL, 0);
}

static long sys_recvfrom(int fd, void *ubuf, size_t len, uint32_t flags,
			 void *uaddr, int32_t *ulen)
{
	uint8_t addr[SOCK_ADDR_MAX];
	struct msg_iovec v;
	struct sock_msg m = { .flags = flags, .name = uaddr ? addr : NULL };
	struct socket *s;
	long n = sock_fd(fd, &s);

	if (!n)
		n = buf_in(ubuf, len, &v, &m.data);
	if (!n)
		n = sock_recvmsg(s, &m);
	if (n >= 0 && uaddr) {
		int err = addr_out(addr, m.namelen, uaddr, ulen);

		if (err)
			return err;
	}
	return n;
}
SYSCALL(NR_recvfrom, sys_recvfrom);

static long sys_recv(int fd, void *ubuf, size_t len, uint32_t flags)
{
	return sys_recvfrom(fd, ubuf, len, flags, NULL, NULL);
}

/* A sendmsg's header into m (addr: its name buffer): 0 or -Exxx; the
 * caller frees *iov and m->control. */
static int msghdr_send_in(const struct user_msghdr *h, struct sock_msg *m,
			  uint8_t *addr, struct msg_iovec **iov)
{
	int err = iov_in(h->iov, h->iovlen, iov, &m->data);

	if (!err && h->name) {
		err = addr_in((void *)h->name, (int32_t)h->namelen, addr);
		m->name = addr;
		m->namelen = h->namelen;
	}
	if (err || !h->controllen)
		return err;
	if (h->controllen > OPTMEM_MAX)
		return -ENOBUFS;
	m->control = kmalloc(h->controllen);
	if (!m->control)
		return -ENOMEM;
	m->controllen = h->controllen;
	return copy_from_user(m->control, (void *)h->control, h->controllen) ?
	       -EFAULT : 0;
}

static long do_sendmsg(struct socket *s, struct user_msghdr *uh,
		       uint32_t flags)
{
	uint8_t addr[SOCK_ADDR_MAX];
	struct user_msghdr h;
	struct msg_iovec *iov = NULL;
	struct sock_msg m = { .flags = flags };
	long ret = copy_from_user(&h, uh, sizeof(h)) ? -EFAULT : 0;

	if (!ret)
		ret = msghdr_send_in(&h, &m, addr, &iov);
	if (!ret)
		ret = sock_sendmsg(s, &m);
	kfree(m.control);
	kfree(iov);
	return ret;
}

typedef long (*msg_fn)(struct socket *, struct user_msghdr *, uint32_t);

/* sendmsg and recvmsg: fn on the socket open as fd. */
static long msg_call(int fd, struct user_msghdr *uh, uint32_t flags,
		     msg_fn fn)
{
	struct socket *s;
	int err = sock_fd(fd, &s);

	return err ? err : fn(s, uh, flags);
}

static long sys_sendmsg(int fd, struct user_msghdr *uh, uint32_t flags)
{
	return msg_call(fd, uh, flags, do_sendmsg);
}
SYSCALL(NR_sendmsg, sys_sendmsg);

/* After a recvmsg: the name, control data and flags back into *uh. */
static int msghdr_recv_out(struct user_msghdr *uh, const struct user_msghdr *h,
			   const struct sock_msg *m, const uint8_t *addr)
{
	uint32_t flags = m->out_flags;
	uint32_t clen = (uint32_t)m->out_controllen;

	if (h->name && addr_out(addr, m->namelen, (void *)h->name,
				(int32_t *)&uh->namelen))
		return -EFAULT;
	if (clen && copy_to_user((void *)h->control, m->control, clen))
		return -EFAULT;
	if (put_user(clen, &uh->controllen) || put_user(flags, &uh->flags))
		return -EFAULT;
	return 0;
}

static long do_recvmsg(struct socket *s, struct user_msghdr *uh,
		       uint32_t flags)
{
	uint8_t addr[SOCK_ADDR_MAX];
	struct user_msghdr h;
	struct msg_iovec *iov = NULL;
	struct sock_msg m = { .flags = flags, .name = addr };
	long ret = copy_from_user(&h, uh, sizeof(h)) ? -EFAULT : 0;

	if (!ret)
		ret = iov_in(h.iov, h.iovlen, &iov, &m.data);
	if (!ret && h.controllen) {
		m.controllen = MIN(h.controllen, RECV_CONTROL_MAX);
		m.control = kmalloc(m.controllen);
		if (!m.control)
			ret = -ENOMEM;
	}
	if (!ret)
		ret = sock_recvmsg(s, &m);
	if (ret >= 0) {
		int err = msghdr_recv_out(uh, &h, &m, addr);

		if (err)
			ret = err;
	}
	kfree(m.control);
	kfree(iov);
	return ret;
}

static long sys_recvmsg(int fd, struct user_msghdr *uh, uint32_t flags)
{
	return msg_call(fd, uh, flags, do_recvmsg);
}
SYSCALL(NR_recvmsg, sys_recvmsg);

/*
 * sendmmsg and recvmmsg: fn on each header in turn, its result into the
 * header's msg_len, until one fails.  The count done, or the first error.
 * recvmmsg: MSG_WAITFORONE stops waiting after the first message, and
 * as Linux the deadline (clock_ns(), 0: none) is only looked at after
 * each message (it does not end a wait for one).
 */
static long mmsg_loop(int fd, struct user_mmsghdr *uvec, uint32_t vlen,
		      uint32_t flags, msg_fn fn, uint64_t deadline)
{
	struct socket *s;
	long n = sock_fd(fd, &s);
	uint32_t done = 0;

	if (n)
		return n;
	vlen = MIN(vlen, (uint32_t)UIO_MAXIOV);
	while (done < vlen) {
		n = fn(s, &uvec[done].hdr, flags & ~MSG_WAITFORONE);
		if (n >= 0 && put_user((uint32_t)n, &uvec[done].len))
			n = -EFAULT;
		if (n < 0)
			break;
		done++;
		if (fn == do_recvmsg && (flags & MSG_WAITFORONE))
			flags |= MSG_DONTWAIT;
		if (deadline && clock_ns() >= deadline)
			break;
	}
	return done ? (long)done : n;
}

static long sys_sendmmsg(int fd, struct user_mmsghdr *uvec, uint32_t vlen,
			 uint32_t flags)
{
	return mmsg_loop(fd, uvec, vlen, flags, do_sendmsg, 0);
}
SYSCALL(NR_sendmmsg, sys_sendmmsg);

/* recvmmsg's timeout, a struct timespec of 32-bit or (time64) 64-bit
 * fields at uts, as a deadline (0: none): 0, -EFAULT or -EINVAL. */
static int recvmmsg_deadline(const void *uts, bool time64, uint64_t *deadline)
{
	int64_t sec, nsec;
	int32_t ts32[2];
	int64_t ts64[2];

	*deadline = 0;
	if (!uts)
		return 0;
	if (time64 ? copy_from_user(ts64, uts, sizeof(ts64))
		   : copy_from_user(ts32, uts, sizeof(ts32)))
		return -EFAULT;
	sec = time64 ? ts64[0] : ts32[0];
	nsec = time64 ? (int32_t)ts64[1] : ts32[1];
	if (sec < 0 || nsec < 0 || nsec >= 1000000000)
		return -EINVAL;
	*deadline = clock_ns() + (uint64_t)sec * 1000000000u + (uint64_t)nsec;
	return 0;
}

static long sys_recvmmsg(int fd, struct user_mmsghdr *uvec, uint32_t vlen,
			 uint32_t flags, const void *uts)
{
	uint64_t deadline;
	int err = recvmmsg_deadline(uts, false, &deadline);

	return err ? err : mmsg_loop(fd, uvec, vlen, flags, do_recvmsg,
				     deadline);
}
SYSCALL(NR_recvmmsg, sys_recvmmsg);

static long sys_recvmmsg_time64(int fd, struct user_mmsghdr *uvec,
				uint32_t vlen, uint32_t flags, const void *uts)
{
	uint64_t deadline;
	int err = recvmmsg_deadline(uts, true, &deadline);

	return err ? err : mmsg_loop(fd, uvec, vlen, flags, do_recvmsg,
				     deadline);
}
SYSCALL(NR_recvmmsg_time64, sys_recvmmsg_time64);

/* ---- socketcall -------------------------------------------------------- */

typedef long (*socketcall_fn)(uint32_t, uint32_t, uint32_t, uint32_t,
			      uint32_t, uint32_t);

#define SC(fn)	((socketcall_fn)(void (*)(void))(fn))

/* By call number (1..20): the function and its count of arguments. */
static const struct {
	socketcall_fn fn;
	unsigned int nargs;
} socketcalls[] = {
	[1] = { SC(sys_socket), 3 },	[2] = { SC(sys_bind), 3 },
	[3] = { SC(sys_connect), 3 },	[4] = { SC(sys_listen), 2 },
	[5] = { SC(sys_accept), 3 },	[6] = { SC(sys_getsockname), 3 },
	[7] = { SC(sys_getpeername), 3 },	[8] = { SC(sys_socketpair), 4 },
	[9] = { SC(sys_send), 4 },	[10] = { SC(sys_recv), 4 },
	[11] = { SC(sys_sendto), 6 },	[12] = { SC(sys_recvfrom), 6 },
	[13] = { SC(sys_shutdown), 2 },	[14] = { SC(sys_setsockopt), 5 },
	[15] = { SC(sys_getsockopt), 5 },	[16] = { SC(sys_sendmsg), 3 },
	[17] = { SC(sys_recvmsg), 3 },	[18] = { SC(sys_accept4), 4 },
	[19] = { SC(sys_recvmmsg), 5 },	[20] = { SC(sys_sendmmsg), 4 },
};

static long sys_socketcall(uint32_t call, const uint32_t *uargs)
{
	uint32_t a[6] = { 0 };

	if (call < 1 || call >= sizeof(socketcalls) / sizeof(socketcalls[0]))
		return -EINVAL;
	if (copy_from_user(a, uargs, socketcalls[call].nargs * sizeof(a[0])))
		return -EFAULT;
	return socketcalls[call].fn(a[0], a[1], a[2], a[3], a[4], a[5]);
}
SYSCALL(NR_socketcall, sys_socketcall);
