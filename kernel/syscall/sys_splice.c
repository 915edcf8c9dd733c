/*
 * sys_splice.c: splice (313), tee (315) and vmsplice (316): the
 * arguments checked and copied in Linux's order (fs/splice.c moves the
 * data): a zero length (splice: before the flags; tee: after), unknown
 * flags (-EINVAL), the descriptors (-EBADF), an offset for a pipe
 * (-ESPIPE), the offsets (-EFAULT, written back after); vmsplice's
 * iovec array (at most UIO_MAXIOV: -EINVAL; -EFAULT; a segment longer
 * than SSIZE_MAX: -EINVAL).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define NR_splice	313
#define NR_tee		315
#define NR_vmsplice	316

#define SPLICE_F_ALL	0x0fu
#define UIO_MAXIOV	1024

/* Copy a user offset in: 0 or -EFAULT (NULL: none, *off NULL). */
static int off_get(const int64_t *uoff, int64_t *k, int64_t **off)
{
	*off = NULL;
	if (!uoff)
		return 0;
	if (copy_from_user(k, uoff, sizeof(*k)))
		return -EFAULT;
	*off = k;
	return 0;
}

static long sys_splice(int fd_in, int64_t *uoff_in, int fd_out,
		       int64_t *uoff_out, size_t len, uint32_t flags)
{
	struct file *in, *out;
	int64_t kin, kout, *off_in, *off_out;
	long ret;

	if (!len)
		return 0;
	if (flags & ~SPLICE_F_ALL)
		return -EINVAL;
	in = fd_get(fd_in);
	out = in ? fd_get(fd_out) : NULL;
	if (!out)
		return -EBADF;
	if ((vfs_is_pipe(in) && uoff_in) || (vfs_is_pipe(out) && uoff_out))
		return -ESPIPE;
	if (off_get(uoff_out, &kout, &off_out) || off_get(uoff_in, &kin, &off_in))
		return -EFAULT;
	ret = vfs_splice(in, off_in, out, off_out, len, flags);
	if (ret < 0)
		return ret;
	if ((off_out && copy_to_user(uoff_out, off_out, sizeof(kout))) ||
	    (off_in && copy_to_user(uoff_in, off_in, sizeof(kin))))
		return -EFAULT;
	return ret;
}
SYSCALL(NR_splice, sys_splice);

static long sys_tee(int fd_in, int fd_out, size_t len, uint32_t flags)
{
	struct file *in, *out;

	if (flags & ~SPLICE_F_ALL)
		return -EINVAL;
	if (!len)
		return 0;
	in = fd_get(fd_in);
	out = in ? fd_get(fd_out) : NULL;
	if (!out)
		return -EBADF;
	return vfs_tee(in, out, len, flags);
}
SYSCALL(NR_tee, sys_tee);

struct iovec32 {
	uint32_t base, len;
};

/* The user's iovec array, checked: the total length, or -Exxx. */
static long iov_get(const struct iovec32 *uiov, uint32_t n,
		    struct kiovec *iov)
{
	uint64_t total = 0;

	for (uint32_t i = 0; i < n; i++) {
		struct iovec32 v;

		if (copy_from_user(&v, &uiov[i], sizeof(v)))
			return -EFAULT;
		if (v.len > INT32_MAX)
			return -EINVAL;
		iov[i] = (struct kiovec){ v.base, v.len };
		total += v.len;
	}
	return total > INT32_MAX ? INT32_MAX : (long)total;
}

static long sys_vmsplice(int fd, const struct iovec32 *uiov, uint32_t n,
			 uint32_t flags)
{
	struct kiovec *iov;
	struct file *f;
	long ret;

	if (flags & ~SPLICE_F_ALL)
		return -EINVAL;
	f = fd_get(fd);
	if (!f)
		return -EBADF;
	if (n > UIO_MAXIOV)
		return -EINVAL;
	iov = kmalloc(n ? n * sizeof(*iov) : 1);
	if (!iov)
		return -ENOMEM;
	ret = iov_get(uiov, n, iov);
	if (ret > 0)
		ret = vfs_vmsplice(f, iov, n, flags);
	kfree(iov);
	return ret;
}
SYSCALL(NR_vmsplice, sys_vmsplice);
