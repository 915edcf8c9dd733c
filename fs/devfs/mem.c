/*
 * mem.c: the memory character devices of Linux's major 1: /dev/null
 * (reads end at once, writes vanish), /dev/zero (reads give zeros, writes
 * vanish), /dev/full (reads give zeros, writes fail with -ENOSPC), and
 * /dev/random and /dev/urandom (reads give get_random_bytes(), the
 * stop-gap generator of kernel/random.h, never blocking, as Linux's do
 * once seeded; writes are accepted and, with no entropy pool to mix them
 * into yet, vanish).  poll: /dev/random is readable and never writable
 * (Linux's once its generator is seeded); the others have no poll op, so
 * they are always readable and writable.
 *
 * Interface: none; the nodes are registered with devfs at INIT_FS.
 */
#include "fs/devfs/devfs.h"
#include "fs/poll.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/random.h"
#include "lib/string.h"

#define RANDOM_PIECE	256

static ssize_t null_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	return 0;
}

static ssize_t sink_write(struct file *f, const void *buf, size_t len,
			  uint64_t *pos)
{
	return (ssize_t)len;
}

static ssize_t zero_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	memset(buf, 0, len);
	return (ssize_t)len;
}

static ssize_t full_write(struct file *f, const void *buf, size_t len,
			  uint64_t *pos)
{
	return -ENOSPC;
}

/* In pieces: the generator keeps interrupts off while it runs. */
static ssize_t random_read(struct file *f, void *buf, size_t len,
			   uint64_t *pos)
{
	for (size_t done = 0; done < len; done += RANDOM_PIECE)
		get_random_bytes((uint8_t *)buf + done,
				 len - done < RANDOM_PIECE ? len - done :
				 RANDOM_PIECE);
	return (ssize_t)len;
}

static const struct file_ops null_fops = {
	.read = null_read,
	.write = sink_write,
};

static const struct file_ops zero_fops = {
	.read = zero_read,
	.write = sink_write,
};

static const struct file_ops full_fops = {
	.read = zero_read,
	.write = full_write,
};

static unsigned int random_poll(struct file *f, struct poll_table *pt)
{
	return POLLIN | POLLRDNORM;
}

static const struct file_ops random_fops = {
	.read = random_read,
	.write = sink_write,
	.poll = random_poll,
};

static const struct file_ops urandom_fops = {
	.read = random_read,
	.write = sink_write,
};

static int mem_devices_init(void)
{
	int err = devfs_register_char("null", 0666, MKDEV(1, 3), &null_fops);

	if (!err)
		err = devfs_register_char("zero", 0666, MKDEV(1, 5), &zero_fops);
	if (!err)
		err = devfs_register_char("full", 0666, MKDEV(1, 7), &full_fops);
	if (!err)
		err = devfs_register_char("random", 0666, MKDEV(1, 8),
					  &random_fops);
	if (!err)
		err = devfs_register_char("urandom", 0666, MKDEV(1, 9),
					  &urandom_fops);
	return err;
}
INITCALL(INIT_FS, mem_devices_init);
