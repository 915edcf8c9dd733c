/*
 * kmsg.c: /dev/kmsg (character device 1:11, as Linux), the kernel log one
 * record at a time.
 *
 * Every open file has its own cursor, starting at the oldest record kept.
 * A read gives one record in Linux's /dev/kmsg format (kernel/logfmt.c:
 * "6,42,1234567,-;text\n"), waits for one when there is none (-EAGAIN
 * with O_NONBLOCK), fails with -EINVAL when the buffer is too short for
 * it, and with -EPIPE, once, when the record the cursor was on has been
 * dropped from the ring (the cursor then moves to the oldest record).  A
 * write logs its bytes as one message (at most LOG_TEXT_MAX, else
 * -EINVAL): a leading "<N>" gives the level (N & 7) and, when N >> 3 is
 * not 0, the facility; otherwise the level is 4 (warning) and the
 * facility user, as Linux does, so that the kernel's own messages can be
 * told apart.  poll: readable when a record is waiting (with POLLERR and
 * POLLPRI when records were lost), as Linux.  Seeking is not supported:
 * the offset is ignored.
 *
 * Interface: none; the node is registered with devfs at INIT_FS.
 */
#include "fs/devfs/devfs.h"
#include "fs/poll.h"
#include "fs/stat.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/logbuf.h"
#include "kernel/mutex.h"
#include "kernel/printk.h"
#include "kernel/proc/signal.h"
#include "lib/string.h"
#include "mm/mm.h"

#define KMSG_TEXT_MAX		4096	/* a record of LOG_TEXT_MAX, escaped */
#define KMSG_DEFAULT_LEVEL	4

struct kmsg_user {
	struct mutex lock;
	struct log_cursor cur;
	struct log_record rec;
	char text[KMSG_TEXT_MAX];
};

static int kmsg_open(struct inode *inode, struct file *f)
{
	struct kmsg_user *u = kmalloc(sizeof(*u));

	if (!u)
		return -ENOMEM;
	u->lock = (struct mutex)MUTEX_INIT(u->lock);
	logbuf_cursor_first(&u->cur);
	f->private = u;
	return 0;
}

static int kmsg_release(struct inode *inode, struct file *f)
{
	kfree(f->private);
	return 0;
}

/* The record at u's cursor into u->rec, waiting for one unless f is
 * non-blocking: 0, -EPIPE (records lost), -EAGAIN, -ERESTARTSYS.  With
 * u->lock held before and after. */
static int kmsg_next_record(struct file *f, struct kmsg_user *u)
{
	uint64_t seq = u->cur.seq;

	while (logbuf_peek(&u->cur, &u->rec) == -EAGAIN) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		mutex_unlock(&u->lock);
		wait_event(&log_wait, logbuf_pending(&u->cur) || signal_check());
		mutex_lock(&u->lock);
		if (!logbuf_pending(&u->cur) && signal_check())
			return -ERESTARTSYS;
	}
	return u->rec.seq != seq ? -EPIPE : 0;
}

static ssize_t kmsg_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	struct kmsg_user *u = f->private;
	ssize_t n;

	mutex_lock(&u->lock);
	n = kmsg_next_record(f, u);
	if (n)
		goto out;
	n = (ssize_t)logfmt_kmsg(&u->rec, u->text, sizeof(u->text));
	logbuf_next(&u->cur);
	if ((size_t)n > len)
		n = -EINVAL;
	else
		memcpy(buf, u->text, (size_t)n);
out:
	mutex_unlock(&u->lock);
	return n;
}

/* Strip a "<N>" prefix from *text: sets *level and *facility. */
static void kmsg_prefix(const char **text, size_t *len, int *level,
			int *facility)
{
	const char *p = *text + 1, *end = *text + *len;
	unsigned int v = 0;

	if (*len < 3 || **text != '<')
		return;
	for (; p < end && *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (unsigned int)(*p - '0');
	if (p == end || *p != '>')
		return;
	*level = (int)(v & 7);
	if (v >> 3)
		*facility = (int)((v >> 3) & 0xff);
	*len -= (size_t)(p + 1 - *text);
	*text = p + 1;
}

static ssize_t kmsg_write(struct file *f, const void *buf, size_t len,
			  uint64_t *pos)
{
	const char *text = buf;
	size_t n = len;
	int level = KMSG_DEFAULT_LEVEL, facility = LOG_FAC_USER;

	if (len > LOG_TEXT_MAX)
		return -EINVAL;
	kmsg_prefix(&text, &n, &level, &facility);
	if (n && text[n - 1] == '\n')
		n--;
	printk_emit(facility, level, text, n);
	return (ssize_t)len;
}

static unsigned int kmsg_poll(struct file *f, struct poll_table *pt)
{
	struct kmsg_user *u = f->private;
	struct log_cursor c = u->cur;
	struct log_cursor first;

	poll_wait(f, &log_wait, pt);
	if (!logbuf_pending(&c))
		return 0;
	logbuf_cursor_first(&first);
	if (c.seq < first.seq)
		return POLLIN | POLLRDNORM | POLLERR | POLLPRI;
	return POLLIN | POLLRDNORM;
}

static const struct file_ops kmsg_fops = {
	.open = kmsg_open,
	.release = kmsg_release,
	.read = kmsg_read,
	.write = kmsg_write,
	.poll = kmsg_poll,
};

static int kmsg_init(void)
{
	return devfs_register_char("kmsg", 0644, MKDEV(1, 11), &kmsg_fops);
}
INITCALL(INIT_FS, kmsg_init);
