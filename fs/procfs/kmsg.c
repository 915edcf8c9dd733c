/*
 * kmsg.c: /proc/kmsg, the kernel log read as syslog(2)'s READ does
 * (kernel/syslog.h): reading consumes the messages (one cursor shared
 * with syslog(2) and every opener), waits while there are none (-EAGAIN
 * with O_NONBLOCK), and is readable to poll when a message is waiting.
 * Only root may open it (mode 0400 and syslog's OPEN check).
 *
 * Interface: none; the file is registered with procfs at INIT_FS.
 */
#include "fs/poll.h"
#include "fs/procfs/procfs.h"
#include "fs/stat.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/logbuf.h"
#include "kernel/syslog.h"

/* Linux checks the opener at open and trusts the file afterwards. */
static int proc_kmsg_open(struct inode *inode, struct file *f)
{
	return (int)syslog_do(SYSLOG_ACTION_OPEN, NULL, 0, SYSLOG_FROM_PROC);
}

static int proc_kmsg_release(struct inode *inode, struct file *f)
{
	syslog_do(SYSLOG_ACTION_CLOSE, NULL, 0, SYSLOG_FROM_PROC);
	return 0;
}

static bool proc_kmsg_ready(void)
{
	return syslog_do(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0,
			 SYSLOG_FROM_PROC) > 0;
}

static ssize_t proc_kmsg_read(struct file *f, void *buf, size_t len,
			      uint64_t *pos)
{
	if ((f->flags & O_NONBLOCK) && !proc_kmsg_ready())
		return -EAGAIN;
	return syslog_do(SYSLOG_ACTION_READ, buf, (int)MIN(len, 0x7fffffffu),
			 SYSLOG_FROM_PROC);
}

static unsigned int proc_kmsg_poll(struct file *f, struct poll_table *pt)
{
	poll_wait(f, &log_wait, pt);
	return proc_kmsg_ready() ? POLLIN | POLLRDNORM : 0;
}

static const struct file_ops proc_kmsg_fops = {
	.open = proc_kmsg_open,
	.release = proc_kmsg_release,
	.read = proc_kmsg_read,
	.poll = proc_kmsg_poll,
};

static int proc_kmsg_init(void)
{
	return procfs_register_file("kmsg", 0400, &proc_kmsg_fops);
}
INITCALL(INIT_FS, proc_kmsg_init);
