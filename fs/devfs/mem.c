/*
 * mem.c: the memory character devices of Linux's major 1: /dev/null
 * (reads end at once, writes vanish), /dev/zero (reads give zeros, writes
 * vanish) and /dev/full (reads give zeros, writes fail with -ENOSPC).
 * They have no poll op, so they are always readable and writable.
 * /dev/random and /dev/urandom, also major 1, are in random.c.
 *
 * Interface: none; the nodes are registered with devfs at INIT_FS.
 */
#include "fs/devfs/devfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "lib/string.h"

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

static int mem_devices_init(void)
{
	int err = devfs_register_char("null", 0666, MKDEV(1, 3), &null_fops);

	if (!err)
		err = devfs_register_char("zero", 0666, MKDEV(1, 5), &zero_fops);
	if (!err)
		err = devfs_register_char("full", 0666, MKDEV(1, 7), &full_fops);
	return err;
}
INITCALL(INIT_FS, mem_devices_init);
