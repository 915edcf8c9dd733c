/*
 * eventfd.c: event counters as files (Linux's eventfd).
 *
 * An eventfd holds a 64-bit counter.  A write of an 8-byte value adds it
 * (all-ones is refused with -EINVAL); it sleeps while the sum would pass
 * 2^64 - 2 (-EAGAIN with O_NONBLOCK).  An 8-byte read sleeps while the
 * counter is 0 (-EAGAIN with O_NONBLOCK), then returns it and sets it to
 * 0, or with EFD_SEMAPHORE returns 1 and takes 1 off.  Buffers shorter
 * than 8 bytes give -EINVAL.  poll: readable when the counter is not 0,
 * writable while 1 more fits.  A signal ends a sleep with -ERESTARTSYS.
 * The counter changes with preemption off (one CPU).
 *
 * Interface (fs/vfs.h): eventfd_file.
 */
#include "fs/internal.h"
#include "fs/poll.h"
#include "lib/errno.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "lib/string.h"
#include "mm/mm.h"

#define EVENTFD_MAX	0xfffffffffffffffeull

struct eventfd {
	struct wait_queue wq;
	uint64_t count;
	bool semaphore;
};

/* Take from the counter if it is not 0: true and what was taken. */
static bool eventfd_take(struct eventfd *e, uint64_t *v)
{
	bool took = false;

	preempt_disable();
	if (e->count) {
		*v = e->semaphore ? 1 : e->count;
		e->count -= *v;
		took = true;
	}
	preempt_enable();
	return took;
}

/* Add v to the counter if it fits: true when it did. */
static bool eventfd_add(struct eventfd *e, uint64_t v)
{
	bool added = false;

	preempt_disable();
	if (EVENTFD_MAX - e->count >= v) {
		e->count += v;
		added = true;
	}
	preempt_enable();
	return added;
}

static ssize_t eventfd_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	struct eventfd *e = f->private;
	uint64_t v;

	if (len < sizeof(v))
		return -EINVAL;
	while (!eventfd_take(e, &v)) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		wait_event(&e->wq, e->count || signal_check());
		if (signal_check())
			return -ERESTARTSYS;
	}
	wake_up(&e->wq);
	memcpy(buf, &v, sizeof(v));
	return sizeof(v);
}

static ssize_t eventfd_write(struct file *f, const void *buf, size_t len,
			     uint64_t *pos)
{
	struct eventfd *e = f->private;
	uint64_t v;

	if (len < sizeof(v))
		return -EINVAL;
	memcpy(&v, buf, sizeof(v));
	if (v == UINT64_MAX)
		return -EINVAL;
	while (!eventfd_add(e, v)) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		wait_event(&e->wq, EVENTFD_MAX - e->count >= v ||
			   signal_check());
		if (signal_check())
			return -ERESTARTSYS;
	}
	wake_up(&e->wq);
	return sizeof(v);
}

static unsigned int eventfd_poll(struct file *f, struct poll_table *pt)
{
	struct eventfd *e = f->private;
	unsigned int mask = 0;

	poll_wait(f, &e->wq, pt);
	if (e->count)
		mask |= POLLIN | POLLRDNORM;
	if (e->count < EVENTFD_MAX)
		mask |= POLLOUT | POLLWRNORM;
	return mask;
}

static int eventfd_release(struct inode *inode, struct file *f)
{
	kfree(f->private);
	return 0;
}

static const struct file_ops eventfd_fops = {
	.read = eventfd_read,
	.write = eventfd_write,
	.poll = eventfd_poll,
	.release = eventfd_release,
};

struct file *eventfd_file(uint32_t initval, bool semaphore, bool nonblock)
{
	struct eventfd *e = kzalloc(sizeof(*e));
	struct file *f;

	if (!e)
		return NULL;
	wait_queue_init(&e->wq);
	e->count = initval;
	e->semaphore = semaphore;
	f = anon_file("eventfd", &eventfd_fops, e,
		      O_RDWR | (nonblock ? O_NONBLOCK : 0));
	if (!f)
		kfree(e);
	return f;
}
