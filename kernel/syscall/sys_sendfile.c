/*
 * sys_sendfile.c: sendfile and sendfile64, a copy from one descriptor to
 * another inside the kernel (busybox's cp and cat use it).
 *
 * As Linux: in_fd must be open for reading (-EBADF) and be a regular file
 * or a block device (-EINVAL; -ESPIPE when an offset is given for another
 * kind), out_fd open for writing (-EBADF) and not O_APPEND (-EINVAL).  With
 * an offset pointer the copy reads from *offset, leaves in_fd's position
 * alone and advances *offset past the last byte read; without, it reads
 * at in_fd's position and advances it.  A negative offset is -EINVAL.  The
 * copy goes through a kernel buffer, SENDFILE_CHUNK bytes at a time, and
 * stops at the end of the input or at a short write (the input is then
 * rewound to the first byte not written).  Returns the bytes copied, or
 * the error when none were.  sendfile's offset is 32 bits: a copy that
 * would pass 2 GiB - 1 is cut there, and -EOVERFLOW when it starts there.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define SENDFILE_CHUNK	4096u
#define MAX_RW_COUNT	0x7ffff000u		/* Linux's cap on one transfer */
#define MAX_NON_LFS	0x7fffffffll		/* sendfile's 32-bit offsets */
#define MAX_LFS		0x7fffffffffffffffll

static bool seekable(const struct file *f)
{
	return S_ISREG(f->inode->mode) || S_ISBLK(f->inode->mode);
}

/* Copy up to count bytes from in, at *pos (which advances past them), to
 * out: the bytes written, or an error if none were. */
static long sendfile_copy(struct file *in, struct file *out, size_t count,
			  uint64_t *pos)
{
	uint8_t *buf = kmalloc(SENDFILE_CHUNK);
	size_t done = 0;
	long err = buf ? 0 : -ENOMEM;

	while (!err && done < count) {
		size_t n = count - done < SENDFILE_CHUNK ? count - done :
			   SENDFILE_CHUNK;
		ssize_t got = vfs_pread(in, buf, n, pos), put;

		if (got <= 0) {
			err = got;
			break;
		}
		put = vfs_write(out, buf, (size_t)got);
		if (put < 0)
			err = put;
		if (put < got)		/* give back what was not written */
			*pos -= (uint64_t)(got - (put < 0 ? 0 : put));
		if (put <= 0)
			break;
		done += (size_t)put;
		if (put < got || (size_t)got < n)
			break;
	}
	kfree(buf);
	return done ? (long)done : err;
}

/* The checks, in Linux's order, then the copy.  pos: the offset (NULL:
 * in_fd's position); max: the largest offset the call can express. */
static long do_sendfile(int out_fd, int in_fd, int64_t *pos, size_t count,
			int64_t max)
{
	struct file *in = fd_get(in_fd), *out = fd_get(out_fd);
	uint64_t off;
	int64_t start;
	long ret;

	if (!in || (in->flags & O_ACCMODE) == O_WRONLY)
		return -EBADF;
	if (pos && !seekable(in))
		return -ESPIPE;
	if (pos && *pos < 0)
		return -EINVAL;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	if (!out || (out->flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	start = pos ? *pos : (int64_t)in->pos;
	if (start >= max)
		return count ? -EOVERFLOW : 0;
	if ((int64_t)count > max - start)
		count = (size_t)(max - start);
	if ((out->flags & O_APPEND) || !seekable(in))
		return -EINVAL;
	if (!pos)
		return count ? sendfile_copy(in, out, count, &in->pos) : 0;
	off = (uint64_t)start;		/* in's own offset is left alone */
	ret = count ? sendfile_copy(in, out, count, &off) : 0;
	*pos = (int64_t)off;
	return ret;
}

static long sys_sendfile64(int out_fd, int in_fd, int64_t *uoffset,
			   size_t count)
{
	int64_t pos;
	long ret;

	if (uoffset && copy_from_user(&pos, uoffset, sizeof(pos)))
		return -EFAULT;
	ret = do_sendfile(out_fd, in_fd, uoffset ? &pos : NULL, count, MAX_LFS);
	if (uoffset && copy_to_user(uoffset, &pos, sizeof(pos)))
		return -EFAULT;
	return ret;
}
SYSCALL(NR_sendfile64, sys_sendfile64);

static long sys_sendfile(int out_fd, int in_fd, int32_t *uoffset,
			 size_t count)
{
	int32_t off32;
	int64_t pos;
	long ret;

	if (uoffset && copy_from_user(&off32, uoffset, sizeof(off32)))
		return -EFAULT;
	pos = off32;
	ret = do_sendfile(out_fd, in_fd, uoffset ? &pos : NULL, count,
			  MAX_NON_LFS);
	off32 = (int32_t)pos;
	if (uoffset && copy_to_user(uoffset, &off32, sizeof(off32)))
		return -EFAULT;
	return ret;
}
SYSCALL(NR_sendfile, sys_sendfile);
