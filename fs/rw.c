/*
 * rw.c: reads and writes to and from user memory, for the read, write,
 * pread64, pwrite64, readv and writev calls.
 *
 * A file that reads into or writes from user memory itself
 * (file_ops.read_user, write_user: the page cache's files) is read or
 * written so, with vfs_pread's or vfs_pwrite's checks.  Otherwise
 * file ops take kernel buffers, so data goes through a bounce buffer of
 * IO_CHUNK bytes, copied from or to user memory with the uaccess
 * functions (-EFAULT).  A read stops at the first short chunk, and after
 * a full one when the file has nothing more at hand (io_more_now).  A
 * transfer of up to IO_SMALL bytes (a pipe's one-byte message, a short
 * line) uses a buffer on the stack instead: allocating and freeing a page
 * was a quarter of the instructions of a pipe round trip.  Sockets take
 * the user's buffer whole (sock_rw_user): a datagram is one message, and
 * a stream read returns what has come.  What was moved before an error
 * is returned; the error only when nothing was.
 *
 * Interface (vfs.h):
 *   vfs_read_user(f, ubuf, len, pos), vfs_write_user(f, ubuf, len, pos)
 *       len bytes at *pos (which advances; f->pos is left alone) or, pos
 *       NULL, at the file's offset: bytes moved or -Exxx
 *   vfs_pread_user(f, ubuf, len, pos), vfs_pwrite_user(...)
 *       pread64 and pwrite64 at offset pos: -EINVAL (negative), -ESPIPE
 *       (no regular file or block device), else as above
 *   vfs_readv_user(f, uiov, cnt), vfs_writev_user(f, uiov, cnt)
 *       readv and writev over cnt user iovecs (already checked against
 *       IOV_MAX), one at a time, stopping at a short one
 */
#include "fs/internal.h"
#include "fs/poll.h"
#include "fs/socket/socket.h"
#include "lib/errno.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define IO_CHUNK	4096u
#define IO_SMALL	128u

/* The bounce buffer for len bytes: small (IO_SMALL bytes, the caller's)
 * when len fits, else a kmalloc'd IO_CHUNK (NULL when out of memory).
 * io_buf_put(buf, small) frees what io_buf_get gave. */
static uint8_t *io_buf_get(size_t len, uint8_t *small)
{
	return len <= IO_SMALL ? small : kmalloc(IO_CHUNK);
}

static void io_buf_put(uint8_t *buf, uint8_t *small)
{
	if (buf != small)
		kfree(buf);
}

/*
 * Whether a read that filled a chunk goes on with the next: always for a
 * regular file or a block device, whose data is at hand; for a pipe, a
 * terminal or another device only while it has data now (its poll says
 * POLLIN; a file without poll is always ready), so that the read returns
 * what is there instead of waiting for more (a pipe holding exactly 4096
 * bytes read with 8192 would block).  Another reader may take the data
 * between the poll and the read: this one then waits as a read of an
 * empty pipe does.
 */
static bool io_more_now(struct file *f)
{
	if (S_ISREG(f->inode->mode) || S_ISBLK(f->inode->mode))
		return true;
	if (!f->fops || !f->fops->poll)
		return true;		/* always ready, as poll has it */
	return f->fops->poll(f, NULL) & POLLIN;
}

/* read(2) into user memory by the file itself, with vfs_pread's checks. */
static ssize_t read_user_direct(struct file *f, void *ubuf, size_t len,
				uint64_t *pos)
{
	int err = vfs_read_allowed(f);

	return err ? err : f->fops->read_user(f, ubuf, len, pos ? pos : &f->pos);
}

ssize_t vfs_read_user(struct file *f, void *ubuf, size_t len, uint64_t *pos)
{
	uint8_t small[IO_SMALL];
	uint8_t *buf, *dst = ubuf;
	size_t done = 0;
	ssize_t err;

	if (sock_of(f))
		return sock_rw_user(sock_of(f), ubuf, len, false);
	if (f->fops && f->fops->read_user)
		return read_user_direct(f, ubuf, len, pos);
	buf = io_buf_get(len, small);
	err = buf ? 0 : -ENOMEM;

	while (!err && done < len) {
		size_t n = len - done < IO_CHUNK ? len - done : IO_CHUNK;
		ssize_t got;

		if (user_writable(dst + done, n)) {
			err = -EFAULT;
			break;
		}
		got = pos ? vfs_pread(f, buf, n, pos) : vfs_read(f, buf, n);
		if (got < 0)
			err = got;
		else if (got && copy_to_user(dst + done, buf, (size_t)got))
			err = -EFAULT;
		if (err || got <= 0)
			break;
		done += (size_t)got;
		if ((size_t)got < n || !io_more_now(f))
			break;
	}
	io_buf_put(buf, small);
	return done ? (ssize_t)done : err;
}

/* write(2) from user memory by the file itself: vfs_pwrite's access
 * check; O_APPEND and the size limits are the file's (write_user). */
static ssize_t write_user_direct(struct file *f, const void *ubuf,
				 size_t len, uint64_t *pos)
{
	if ((f->flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	return f->fops->write_user(f, ubuf, len, pos ? pos : &f->pos);
}

ssize_t vfs_write_user(struct file *f, const void *ubuf, size_t len,
		       uint64_t *pos)
{
	uint8_t small[IO_SMALL];
	const uint8_t *src = ubuf;
	uint8_t *buf;
	size_t done = 0;
	ssize_t err;

	if (sock_of(f))
		return sock_rw_user(sock_of(f), (void *)ubuf, len, true);
	if (f->fops && f->fops->write_user)
		return write_user_direct(f, ubuf, len, pos);
	buf = io_buf_get(len, small);
	err = buf ? 0 : -ENOMEM;

	while (!err && done < len) {
		size_t n = len - done < IO_CHUNK ? len - done : IO_CHUNK;
		ssize_t put;

		if (copy_from_user(buf, src + done, n)) {
			err = -EFAULT;
			break;
		}
		put = pos ? vfs_pwrite(f, buf, n, pos) : vfs_write(f, buf, n);
		if (put < 0)
			err = put;
		if (put <= 0)
			break;
		done += (size_t)put;
		if ((size_t)put < n)
			break;
	}
	io_buf_put(buf, small);
	return done ? (ssize_t)done : err;
}

/* Whether f may be read or written at offset pos: 0, -EINVAL or -ESPIPE. */
static int positioned(struct file *f, uint64_t pos)
{
	if ((int64_t)pos < 0)
		return -EINVAL;
	if (!S_ISREG(f->inode->mode) && !S_ISBLK(f->inode->mode))
		return -ESPIPE;
	return 0;
}

ssize_t vfs_pread_user(struct file *f, void *ubuf, size_t len, uint64_t pos)
{
	int err = positioned(f, pos);

	return err ? err : vfs_read_user(f, ubuf, len, &pos);
}

ssize_t vfs_pwrite_user(struct file *f, const void *ubuf, size_t len,
			uint64_t pos)
{
	int err = positioned(f, pos);

	return err ? err : vfs_write_user(f, ubuf, len, &pos);
}

/* readv and writev: one iovec at a time (a struct kiovec is the user's
 * i386 struct iovec), stopping at a short one. */
static ssize_t iov_user(struct file *f, const void *uiov, int cnt, bool write)
{
	const struct kiovec *uv = uiov;
	ssize_t done = 0, n;
	struct kiovec v;

	for (int i = 0; i < cnt; i++) {
		if (copy_from_user(&v, uv + i, sizeof(v)))
			return done ? done : -EFAULT;
		if (!v.len)
			continue;
		n = write ? vfs_write_user(f, (const void *)v.base, v.len, NULL)
			  : vfs_read_user(f, (void *)v.base, v.len, NULL);
		if (n < 0)
			return done ? done : n;
		done += n;
		if ((size_t)n < v.len)
			break;
	}
	return done;
}

ssize_t vfs_readv_user(struct file *f, const void *uiov, int cnt)
{
	return iov_user(f, uiov, cnt, false);
}

ssize_t vfs_writev_user(struct file *f, const void *uiov, int cnt)
{
	return iov_user(f, uiov, cnt, true);
}
