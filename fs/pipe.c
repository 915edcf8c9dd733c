/*
 * pipe.c: pipes and named FIFOs.
 *
 * A pipe is a PIPE_SIZE-byte ring buffer (64 KiB, Linux's default)
 * shared by open files that read it, write it, or both (a FIFO opened
 * O_RDWR).  An anonymous pipe (vfs_pipe) has one read end and one write
 * end on a nameless FIFO inode (anon_inode_new, fs/anon.c: so the VFS's
 * usual reference counting frees it).  A named FIFO (any filesystem's
 * S_IFIFO inode) gets its pipe at its first open, in inode->pipe, shared
 * by every opener; it is freed, with what it held, when the last one
 * closes (nothing goes to the disk).
 *
 * Readers sleep while the pipe is empty and a writer exists, and get 0
 * (end of file) once every writer has gone; writers sleep while it is
 * full, and get -EPIPE and SIGPIPE once every reader has gone.  A write
 * of at most PIPE_BUF bytes goes in whole or not at all, so that writers
 * never interleave inside one (POSIX).  O_NONBLOCK gives -EAGAIN instead
 * of sleeping.  A signal ends the sleep with -ERESTARTSYS (a write keeps
 * what it has written).  The ring and the counts change with preemption
 * off (one CPU; a lock comes with SMP); opens and releases also hold the
 * VFS lock.
 *
 * poll: readable with data, POLLHUP once the writers have gone (for a
 * reader that has seen a writer: f->version is the count of writer opens
 * when it opened with none, so a FIFO opened O_RDONLY | O_NONBLOCK before
 * any writer is not hung up, as Linux); writable with room for PIPE_BUF
 * bytes, POLLERR with no reader.  ioctl FIONREAD answers the bytes held.
 *
 * Opening a FIFO (Linux's rules): O_RDWR never waits; O_RDONLY waits for
 * a writer, O_WRONLY for a reader, unless O_NONBLOCK (then O_WRONLY with
 * no reader fails with -ENXIO).  An anonymous pipe reopened through
 * /proc/<pid>/fd/N never waits nor fails (its other end may be gone: the
 * open sees end of file or EPIPE as the first ends do).  The open op only counts the new end, with
 * the VFS lock held; vfs_open() then calls fifo_open_wait() without the
 * lock, which sleeps until the count of partner opens moves past the one
 * seen at open (f->version), so a partner that opened and closed at once
 * still counts.
 *
 * fcntl F_GETPIPE_SZ / F_SETPIPE_SZ (pipe_size_ctl): the capacity, and
 * a new one as Linux rounds it (a page at least, a power of two; above
 * 1 MiB for root only; -EBUSY when the pipe holds more).  Sizes whose
 * block the buddy allocator cannot give (above 4 MiB) get -ENOMEM.
 *
 * For splice, tee and vmsplice (fs/splice.c), pipe_of tells a pipe's
 * file, pipe_wait_data and pipe_wait_room wait as a read and a write do
 * (with the caller's non-blocking choice), and pipe_move copies bytes
 * out of one pipe (consuming them or not), into one, or both.
 *
 * Interface: vfs_pipe, pipe_size_ctl (fs/vfs.h); pipe_fops,
 * fifo_open_wait, pipe_of, pipe_wait_data, pipe_wait_room, pipe_move
 * (fs/internal.h).
 */
#include "fs/internal.h"
#include "fs/poll.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define PIPE_ORDER	4		/* 16 pages */
#define PIPE_SIZE	(PAGE_SIZE << PIPE_ORDER)
#define PIPE_BUF	4096u		/* atomic write size, as Linux */
#define PIPE_MAX_SIZE	(1u << 20)	/* Linux's pipe-max-size, for users */

struct pipe {
	struct wait_queue wq;		/* readers, writers, openers, pollers */
	uint8_t *buf;			/* size bytes, a block of order pages */
	size_t size, head, count;	/* capacity; next byte to read; held */
	unsigned int order;
	unsigned int readers, writers;	/* open ends */
	uint32_t r_opens, w_opens;	/* ends ever opened, for open waits */
	struct inode *inode;		/* whose ->pipe this is */
};


/* Copy up to len bytes out of the ring (preemption off). */
static size_t pipe_take(struct pipe *p, uint8_t *dst, size_t len)
{
	size_t n = MIN(len, p->count), first = MIN(n, p->size - p->head);

	memcpy(dst, p->buf + p->head, first);
	memcpy(dst + first, p->buf, n - first);
	p->head = (p->head + n) % p->size;
	p->count -= n;
	return n;
}

static size_t pipe_put(struct pipe *p, const uint8_t *src, size_t len)
{
	size_t tail = (p->head + p->count) % p->size;
	size_t n = MIN(len, p->size - p->count);
	size_t first = MIN(n, p->size - tail);

	memcpy(p->buf + tail, src, first);
	memcpy(p->buf, src + first, n - first);
	p->count += n;
	return n;
}

/* Writing with no reader left: SIGPIPE for the writer, and -EPIPE. */
static ssize_t pipe_broken(void)
{
	struct proc *p = proc_current();

	if (p)
		signal_send(p, SIGPIPE, NULL);
	return -EPIPE;
}

static ssize_t pipe_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	struct pipe *p = f->private;
	size_t n;

	if (!len)
		return 0;
	if (!p->count && p->writers && (f->flags & O_NONBLOCK))
		return -EAGAIN;
	wait_event(&p->wq, p->count || !p->writers || signal_check());
	if (!p->count && p->writers)
		return -ERESTARTSYS;
	preempt_disable();
	n = pipe_take(p, buf, len);
	preempt_enable();
	wake_up_poll(&p->wq, POLLOUT | POLLWRNORM);
	return (ssize_t)n;
}

static ssize_t pipe_write(struct file *f, const void *buf, size_t len,
			  uint64_t *pos)
{
	struct pipe *p = f->private;
	/* Room needed before copying: all of a small write, else a byte. */
	size_t done = 0, need = len <= PIPE_BUF ? len : 1;

	while (done < len) {
		if (!p->readers)
			return done ? (ssize_t)done : pipe_broken();
		if (p->size - p->count < need && (f->flags & O_NONBLOCK))
			return done ? (ssize_t)done : -EAGAIN;
		wait_event(&p->wq, p->size - p->count >= need || !p->readers ||
			   signal_check());
		if (p->size - p->count < need && p->readers)
			return done ? (ssize_t)done : -ERESTARTSYS;
		preempt_disable();
		done += pipe_put(p, (const uint8_t *)buf + done, len - done);
		preempt_enable();
		wake_up_poll(&p->wq, POLLIN | POLLRDNORM);
	}
	return (ssize_t)done;
}

static bool file_reads(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_WRONLY;
}

static bool file_writes(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_RDONLY;
}

static unsigned int pipe_poll(struct file *f, struct poll_table *pt)
{
	struct pipe *p = f->private;
	unsigned int mask = 0;

	poll_wait(f, &p->wq, pt);
	if (file_reads(f)) {
		if (p->count)
			mask |= POLLIN | POLLRDNORM;
		if (!p->writers && f->version != p->w_opens)
			mask |= POLLHUP;
	}
	if (file_writes(f)) {
		if (p->size - p->count >= PIPE_BUF)
			mask |= POLLOUT | POLLWRNORM;
		if (!p->readers)
			mask |= POLLERR;
	}
	return mask;
}

/* Linux's round_pipe_size: a page at least, else the next power of two;
 * 0 past 2 GiB. */
static uint32_t pipe_round_size(uint32_t size)
{
	uint32_t r = PAGE_SIZE;

	if (size > (1u << 31))
		return 0;
	while (r < size)
		r <<= 1;
	return r;
}

/* Move the ring into a new block of order pages, size bytes: 0, -EBUSY
 * (it holds more), -ENOMEM. */
static int pipe_resize(struct pipe *p, uint32_t size, unsigned int order)
{
	struct page *pg = order < PAGE_MAX_ORDER ? page_alloc(order) : NULL;
	uint8_t *old, *buf = pg ? page_address(pg) : NULL;
	unsigned int old_order;
	size_t first;

	if (!buf)
		return -ENOMEM;
	preempt_disable();
	if (p->count > size) {
		preempt_enable();
		page_free(pg, order);
		return -EBUSY;
	}
	first = MIN(p->count, p->size - p->head);
	memcpy(buf, p->buf + p->head, first);
	memcpy(buf + first, p->buf, p->count - first);
	old = p->buf;
	old_order = p->order;
	p->buf = buf;
	p->head = 0;
	p->size = size;
	p->order = order;
	preempt_enable();
	page_free(virt_to_page(old), old_order);
	wake_up(&p->wq);		/* writers may have room now */
	return 0;
}

long pipe_size_ctl(struct file *f, bool set, uint32_t size)
{
	struct pipe *p = f->inode->pipe;
	unsigned int order = 0;
	int err;

	if (!p || f->private != p)
		return -EBADF;
	if (!set)
		return (long)p->size;
	size = pipe_round_size(size);
	if (!size)
		return -EINVAL;
	if (size > PIPE_MAX_SIZE && proc_current()->euid != 0)
		return -EPERM;
	while ((PAGE_SIZE << order) < size)
		order++;
	err = pipe_resize(p, size, order);
	return err ? err : (long)size;
}

/* A pipe with no end open yet: NULL when out of memory. */
static struct pipe *pipe_alloc(void)
{
	struct pipe *p = kzalloc(sizeof(*p));
	struct page *pg = p ? page_alloc(PIPE_ORDER) : NULL;

	if (!pg) {
		kfree(p);
		return NULL;
	}
	p->buf = page_address(pg);
	p->size = PIPE_SIZE;
	p->order = PIPE_ORDER;
	wait_queue_init(&p->wq);
	return p;
}

static void pipe_free(struct pipe *p)
{
	page_free(virt_to_page(p->buf), p->order);
	kfree(p);
}

/* Count f as a new end of p (preemption off). */
static void pipe_attach(struct pipe *p, struct file *f)
{
	f->private = p;
	if (file_reads(f)) {
		p->readers++;
		p->r_opens++;
	}
	if (file_writes(f)) {
		p->writers++;
		p->w_opens++;
	}
}

/* An anonymous pipe's inode (reopened through /proc/<pid>/fd/N)? */
static bool pipe_is_anonymous(const struct inode *inode)
{
	return anon_inode_is(inode);
}

/* The open op of FIFOs (the VFS lock held): count the new end.  Returns
 * 0, -ENXIO (O_WRONLY | O_NONBLOCK, no reader), -EINVAL, -ENOMEM. */
static int fifo_open(struct inode *inode, struct file *f)
{
	struct pipe *p = inode->pipe;
	unsigned int mode = f->flags & O_ACCMODE;

	if (mode == O_ACCMODE)
		return -EINVAL;
	if (mode == O_WRONLY && (f->flags & O_NONBLOCK) && !(p && p->readers) &&
	    !pipe_is_anonymous(inode))
		return -ENXIO;
	if (!p) {
		p = pipe_alloc();
		if (!p)
			return -ENOMEM;
		p->inode = inode;
		inode->pipe = p;
	}
	preempt_disable();
	pipe_attach(p, f);
	/* No partner yet: what its count of opens must move past. */
	if (mode == O_RDONLY && !p->writers)
		f->version = p->w_opens;
	else if (mode == O_WRONLY && !p->readers)
		f->version = p->r_opens;
	preempt_enable();
	wake_up(&p->wq);
	return 0;
}

/*
 * After vfs_open() dropped the VFS lock: for a FIFO end opened without
 * O_NONBLOCK with no partner, sleep until one has opened.  Returns 0 or
 * -ERESTARTSYS (a signal; the caller closes f).
 */
int fifo_open_wait(struct file *f)
{
	struct pipe *p = f->private;
	unsigned int mode = f->flags & O_ACCMODE;
	volatile uint32_t *partner_opens;

	if (!S_ISFIFO(f->inode->mode) || f->fops != &pipe_fops ||
	    mode == O_RDWR || (f->flags & O_NONBLOCK) ||
	    pipe_is_anonymous(f->inode))
		return 0;
	partner_opens = mode == O_RDONLY ? &p->w_opens : &p->r_opens;
	wait_event(&p->wq, *partner_opens != f->version || signal_check());
	return *partner_opens != f->version ? 0 : -ERESTARTSYS;
}

static int pipe_release(struct inode *inode, struct file *f)
{
	struct pipe *p = f->private;
	bool last;

	preempt_disable();
	if (file_reads(f))
		p->readers--;
	if (file_writes(f))
		p->writers--;
	last = !p->readers && !p->writers;
	if (last)
		p->inode->pipe = NULL;
	preempt_enable();
	wake_up(&p->wq);
	if (last)
		pipe_free(p);
	return 0;
}

/* FIONREAD: the bytes the pipe holds, as an int; other commands -ENOTTY. */
static int pipe_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct pipe *p = f->private;
	int32_t held;

	if (cmd != FIONREAD)
		return -ENOTTY;
	held = (int32_t)p->count;
	return copy_to_user((void *)arg, &held, sizeof(held)) ? -EFAULT : 0;
}

const struct file_ops pipe_fops = {
	.open = fifo_open,
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
	.ioctl = pipe_ioctl,
	.release = pipe_release,
};

struct pipe *pipe_of(struct file *f)
{
	return f->fops == &pipe_fops ? f->private : NULL;
}

int pipe_wait_data(struct pipe *p, bool nonblock)
{
	if (!p->count && p->writers && nonblock)
		return -EAGAIN;
	wait_event(&p->wq, p->count || !p->writers || signal_check());
	if (p->count)
		return 0;
	return p->writers ? -ERESTARTSYS : 1;
}

int pipe_wait_room(struct pipe *p, bool nonblock)
{
	for (;;) {
		if (!p->readers)
			return (int)pipe_broken();
		if (p->count < p->size)
			return 0;
		if (nonblock)
			return -EAGAIN;
		wait_event(&p->wq, p->count < p->size || !p->readers ||
			   signal_check());
		if (p->count == p->size && p->readers)
			return -ERESTARTSYS;
	}
}

/* Copy up to len bytes from the front of p into dst without taking them
 * (preemption off). */
static size_t pipe_peek(struct pipe *p, uint8_t *dst, size_t len)
{
	size_t head = p->head, count = p->count, n = pipe_take(p, dst, len);

	p->head = head;
	p->count = count;
	return n;
}

size_t pipe_move(struct pipe *from, struct pipe *to, void *buf, size_t len,
		 bool consume)
{
	size_t n = len;

	preempt_disable();
	if (to)
		n = MIN(n, to->size - to->count);
	if (from)
		n = consume ? pipe_take(from, buf, n) : pipe_peek(from, buf, n);
	if (to)
		n = pipe_put(to, buf, n);
	preempt_enable();
	if (from && consume && n)
		wake_up_poll(&from->wq, POLLOUT | POLLWRNORM);
	if (to && n)
		wake_up_poll(&to->wq, POLLIN | POLLRDNORM);
	return n;
}

static struct file *pipe_file(struct inode *inode, struct pipe *p,
			      unsigned int flags)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return NULL;
	f->inode = igrab(inode);
	f->fops = &pipe_fops;
	f->flags = flags;
	f->refcount = 1;
	pipe_attach(p, f);
	return f;
}

static struct inode *pipe_inode(void)
{
	struct inode *inode = anon_inode_new(S_IFIFO | 0600);	/* as Linux */

	if (inode)
		inode->fops = &pipe_fops;
	return inode;
}

/*
 * A new pipe: files[0] its read end, files[1] its write end, both with
 * the extra flags (O_NONBLOCK).  Returns 0 or -ENOMEM / -ENFILE.
 */
int vfs_pipe(struct file *files[2], unsigned int flags)
{
	struct pipe *p = pipe_alloc();
	struct inode *inode = p ? pipe_inode() : NULL;

	if (!inode) {
		if (p)
			pipe_free(p);
		return p ? -ENFILE : -ENOMEM;
	}
	p->inode = inode;
	inode->pipe = p;
	files[0] = pipe_file(inode, p, O_RDONLY | flags);
	files[1] = pipe_file(inode, p, O_WRONLY | flags);
	if (files[0] && files[1]) {
		iput(inode);		/* the files hold it now */
		return 0;
	}
	inode->pipe = NULL;
	for (int i = 0; i < 2; i++) {
		if (files[i])
			iput(files[i]->inode);
		kfree(files[i]);
	}
	iput(inode);
	pipe_free(p);
	return -ENOMEM;
}
