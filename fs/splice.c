/*
 * splice.c: splice, tee and vmsplice (Linux's), by copying through a
 * kernel buffer rather than by moving pages.
 *
 * splice moves up to len bytes from a pipe to a file, a file to a pipe,
 * or a pipe to another: data taken from a pipe leaves it (only what the
 * file took, when writing a file fails short), data read from a file
 * goes into the pipe's free room (what does not fit is read again next
 * time: the file's offset moves past what went in).  tee copies from
 * one pipe into another without taking.  A read from a pipe waits for
 * data and gives 0 once it is empty with no writer; a write waits for
 * room and gives -EPIPE (with SIGPIPE) with no reader; with
 * SPLICE_F_NONBLOCK, or a pipe end open O_NONBLOCK, -EAGAIN instead.
 * At most SPLICE_CHUNK bytes move per call, as a pipe holds at most that
 * by default.
 *
 * Checks and errors as Linux's do_splice and do_tee: -EBADF for a
 * descriptor without the access, -ESPIPE for an offset on a pipe,
 * -EINVAL for neither end a pipe, a pipe to itself, an O_APPEND output,
 * a negative offset.
 *
 * Interface (fs/vfs.h): vfs_is_pipe, vfs_splice, vfs_tee, vfs_vmsplice.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define SPLICE_F_NONBLOCK	0x02
#define SPLICE_CHUNK		(64u * 1024)

bool vfs_is_pipe(struct file *f)
{
	return pipe_of(f) != NULL;
}

static bool reads(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_WRONLY;
}

static bool writes(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_RDONLY;
}

/* A file to pipe op, from *pos. */
static ssize_t splice_file_to_pipe(struct file *in, uint64_t *pos,
				   struct pipe *op, size_t len, bool nb,
				   uint8_t *buf)
{
	ssize_t got;
	size_t put;
	int err = pipe_wait_room(op, nb);

	if (err)
		return err;
	got = vfs_pread(in, buf, len, pos);
	if (got <= 0)
		return got;
	put = pipe_move(NULL, op, buf, (size_t)got, false);
	*pos -= (uint64_t)got - put;	/* read again next time */
	return (ssize_t)put;
}

/* Pipe ip to a file, at *pos. */
static ssize_t splice_pipe_to_file(struct pipe *ip, struct file *out,
				   uint64_t *pos, size_t len, bool nb,
				   uint8_t *buf)
{
	ssize_t put;
	size_t n;
	int err = pipe_wait_data(ip, nb);

	if (err)
		return err < 0 ? err : 0;
	n = pipe_move(ip, NULL, buf, len, false);
	put = vfs_pwrite(out, buf, n, pos);
	if (put > 0)
		pipe_move(ip, NULL, buf, (size_t)put, true);
	return put;
}

/* Pipe to pipe: taking (splice) or not (tee). */
static ssize_t splice_pipes(struct pipe *ip, struct pipe *op, size_t len,
			    bool nb, bool consume, uint8_t *buf)
{
	int end = pipe_wait_data(ip, nb), err;

	if (end < 0)
		return end;
	err = pipe_wait_room(op, nb);	/* even at the end, as Linux */
	if (err)
		return err;
	return end ? 0 : (ssize_t)pipe_move(ip, op, buf, len, consume);
}

/* The offset a transfer uses: *off (checked) or f's own. */
static int splice_pos(struct file *f, int64_t *off, uint64_t **pos)
{
	if (!off) {
		*pos = &f->pos;
		return 0;
	}
	if (*off < 0)
		return -EINVAL;
	*pos = (uint64_t *)off;
	return 0;
}

static ssize_t splice_with(struct file *in, int64_t *off_in,
			   struct file *out, int64_t *off_out, size_t len,
			   bool nb, uint8_t *buf)
{
	struct pipe *ip = pipe_of(in), *op = pipe_of(out);
	uint64_t *pos;
	int err;

	if (ip && op) {
		if (ip == op)
			return -EINVAL;
		nb |= (in->flags | out->flags) & O_NONBLOCK;
		return splice_pipes(ip, op, len, nb, true, buf);
	}
	if (ip) {
		err = splice_pos(out, off_out, &pos);
		if (!err && (out->flags & O_APPEND))
			err = -EINVAL;
		return err ? err : splice_pipe_to_file(ip, out, pos, len,
					nb || (in->flags & O_NONBLOCK), buf);
	}
	if (op) {
		err = splice_pos(in, off_in, &pos);
		return err ? err : splice_file_to_pipe(in, pos, op, len,
					nb || (out->flags & O_NONBLOCK), buf);
	}
	return -EINVAL;
}

ssize_t vfs_splice(struct file *in, int64_t *off_in, struct file *out,
		   int64_t *off_out, size_t len, unsigned int flags)
{
	uint8_t *buf;
	ssize_t ret;

	if ((pipe_of(in) && off_in) || (pipe_of(out) && off_out))
		return -ESPIPE;
	if (!reads(in) || !writes(out))
		return -EBADF;
	len = len < SPLICE_CHUNK ? len : SPLICE_CHUNK;
	buf = kmalloc(len);
	if (!buf)
		return -ENOMEM;
	ret = splice_with(in, off_in, out, off_out, len,
			  flags & SPLICE_F_NONBLOCK, buf);
	kfree(buf);
	return ret;
}

ssize_t vfs_tee(struct file *in, struct file *out, size_t len,
		unsigned int flags)
{
	struct pipe *ip = pipe_of(in), *op = pipe_of(out);
	bool nb = (flags & SPLICE_F_NONBLOCK) ||
		  ((in->flags | out->flags) & O_NONBLOCK);
	uint8_t *buf;
	ssize_t ret;

	if (!reads(in) || !writes(out))
		return -EBADF;
	if (!ip || !op || ip == op)
		return -EINVAL;
	len = len < SPLICE_CHUNK ? len : SPLICE_CHUNK;
	buf = kmalloc(len);
	if (!buf)
		return -ENOMEM;
	ret = splice_pipes(ip, op, len, nb, false, buf);
	kfree(buf);
	return ret;
}

/* User memory into pipe p, segment by segment, as far as it has room. */
static ssize_t vmsplice_in(struct pipe *p, const struct kiovec *iov,
			   unsigned int n, uint8_t *buf)
{
	size_t done = 0;

	for (unsigned int i = 0; i < n; i++) {
		size_t len = MIN(iov[i].len, SPLICE_CHUNK), put;

		if (copy_from_user(buf, (const void *)iov[i].base, len))
			return done ? (ssize_t)done : -EFAULT;
		put = pipe_move(NULL, p, buf, len, false);
		done += put;
		if (put < iov[i].len)
			break;
	}
	return (ssize_t)done;
}

/* Pipe p into user memory, taking what it copies. */
static ssize_t vmsplice_out(struct pipe *p, const struct kiovec *iov,
			    unsigned int n, uint8_t *buf)
{
	size_t done = 0;

	for (unsigned int i = 0; i < n; i++) {
		size_t len = MIN(iov[i].len, SPLICE_CHUNK);
		size_t got = pipe_move(p, NULL, buf, len, false);

		if (copy_to_user((void *)iov[i].base, buf, got))
			return done ? (ssize_t)done : -EFAULT;
		pipe_move(p, NULL, buf, got, true);
		done += got;
		if (got < iov[i].len)
			break;
	}
	return (ssize_t)done;
}

ssize_t vfs_vmsplice(struct file *f, const struct kiovec *iov,
		     unsigned int n, unsigned int flags)
{
	struct pipe *p = pipe_of(f);
	bool nb = (flags & SPLICE_F_NONBLOCK) || (f->flags & O_NONBLOCK);
	uint8_t *buf;
	ssize_t ret;

	if (!p)
		return -EBADF;
	ret = writes(f) ? pipe_wait_room(p, nb) : pipe_wait_data(p, nb);
	if (ret)
		return ret < 0 ? ret : 0;
	buf = kmalloc(SPLICE_CHUNK);
	if (!buf)
		return -ENOMEM;
	ret = writes(f) ? vmsplice_in(p, iov, n, buf) :
			  vmsplice_out(p, iov, n, buf);
	kfree(buf);
	return ret;
}
