/*
 * pipe.c: anonymous pipes.
 *
 * A pipe is a PIPE_SIZE-byte ring buffer (64 KiB, Linux's default)
 * shared by two open files, one
 * read end and one write end, on an unnamed FIFO inode of a private
 * ramfs instance (so the VFS's usual reference counting frees it).
 * Readers sleep while the pipe is empty and a writer exists, and get 0
 * (end of file) once every writer has gone; writers sleep while it is
 * full, and get -EPIPE and SIGPIPE once every reader has gone.  A write
 * of at most PIPE_BUF bytes goes in whole or not at all, so that writers
 * never interleave inside one (POSIX).  O_NONBLOCK
 * gives -EAGAIN instead of sleeping.  A signal ends the sleep with
 * -ERESTARTSYS (a write keeps what it has written).  The ring
 * changes with preemption off (one CPU; a lock comes with SMP).
 *
 * Interface (fs/vfs.h): vfs_pipe.
 */
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "lib/string.h"
#include "mm/mm.h"

#define PIPE_ORDER	4		/* 16 pages */
#define PIPE_SIZE	(PAGE_SIZE << PIPE_ORDER)
#define PIPE_BUF	4096u		/* atomic write size, as Linux */

struct pipe {
	struct wait_queue wq;		/* readers and writers wait here */
	uint8_t *buf;			/* PIPE_SIZE bytes */
	size_t head, count;		/* next byte to read; bytes held */
	unsigned int readers, writers;
};

static struct super_block *pipe_sb;

/* Copy up to len bytes out of the ring (preemption off). */
static size_t pipe_take(struct pipe *p, uint8_t *dst, size_t len)
{
	size_t n = MIN(len, p->count), first = MIN(n, PIPE_SIZE - p->head);

	memcpy(dst, p->buf + p->head, first);
	memcpy(dst + first, p->buf, n - first);
	p->head = (p->head + n) % PIPE_SIZE;
	p->count -= n;
	return n;
}

static size_t pipe_put(struct pipe *p, const uint8_t *src, size_t len)
{
	size_t tail = (p->head + p->count) % PIPE_SIZE;
	size_t n = MIN(len, PIPE_SIZE - p->count);
	size_t first = MIN(n, PIPE_SIZE - tail);

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
	wake_up(&p->wq);
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
		if (PIPE_SIZE - p->count < need && (f->flags & O_NONBLOCK))
			return done ? (ssize_t)done : -EAGAIN;
		wait_event(&p->wq, PIPE_SIZE - p->count >= need || !p->readers ||
			   signal_check());
		if (PIPE_SIZE - p->count < need && p->readers)
			return done ? (ssize_t)done : -ERESTARTSYS;
		preempt_disable();
		done += pipe_put(p, (const uint8_t *)buf + done, len - done);
		preempt_enable();
		wake_up(&p->wq);
	}
	return (ssize_t)done;
}

static void pipe_free(struct pipe *p)
{
	if (p->buf)
		page_free(virt_to_page(p->buf), PIPE_ORDER);
	kfree(p);
}

static int pipe_release(struct inode *inode, struct file *f)
{
	struct pipe *p = f->private;

	preempt_disable();
	if ((f->flags & O_ACCMODE) == O_RDONLY)
		p->readers--;
	else
		p->writers--;
	preempt_enable();
	wake_up(&p->wq);
	if (!p->readers && !p->writers)
		pipe_free(p);
	return 0;
}

static const struct file_ops pipe_fops = {
	.read = pipe_read,
	.write = pipe_write,
	.release = pipe_release,
};

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
	f->private = p;
	return f;
}

static struct inode *pipe_inode(void)
{
	struct inode *inode;

	if (!pipe_sb) {
		struct super_block *sb = vfs_kern_mount("ramfs", NULL, 0, NULL);

		if (IS_ERR(sb))
			return NULL;
		pipe_sb = sb;
	}
	inode = new_inode(pipe_sb);
	if (inode) {
		inode->mode = S_IFIFO | 0600;
		inode->nlink = 0;
		inode->fops = &pipe_fops;
	}
	return inode;
}

/*
 * A new pipe: files[0] its read end, files[1] its write end, both with
 * the extra flags (O_NONBLOCK).  Returns 0 or -ENOMEM / -ENFILE.
 */
int vfs_pipe(struct file *files[2], unsigned int flags)
{
	struct pipe *p = kzalloc(sizeof(*p));
	struct page *pg = p ? page_alloc(PIPE_ORDER) : NULL;
	struct inode *inode = pg ? pipe_inode() : NULL;

	if (p && pg)
		p->buf = page_address(pg);
	if (!inode) {
		if (p)
			pipe_free(p);
		return p && pg ? -ENFILE : -ENOMEM;
	}
	wait_queue_init(&p->wq);
	p->readers = p->writers = 1;
	files[0] = pipe_file(inode, p, O_RDONLY | flags);
	files[1] = pipe_file(inode, p, O_WRONLY | flags);
	iput(inode);			/* the files hold it now */
	if (files[0] && files[1])
		return 0;
	for (int i = 0; i < 2; i++) {
		if (files[i])
			iput(files[i]->inode);
		kfree(files[i]);
	}
	pipe_free(p);
	return -ENOMEM;
}
