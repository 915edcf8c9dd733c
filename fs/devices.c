/*
 * devices.c: device numbers and the file operations of device nodes.
 *
 * Block devices get Linux's numbers from their names: ramN is 1:N, hda..
 * hdd and their partitions are 3:0.. and 22:0.. (64 minors per disk);
 * any other device gets 254:<its position in the device list>.  Character
 * devices are registered here by number with their file ops (devfs does
 * it for its nodes), so that a device node on any filesystem (an ext2
 * /dev/null) opens the driver.  Filesystems without a device get an
 * anonymous st_dev, 0:N, as Linux does.
 *
 * Interface (internal.h): blkdev_rdev, blkdev_by_rdev, chrdev_register,
 * device_fops, anon_dev_alloc.
 */
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "lib/errno.h"
#include "lib/string.h"

#define CHRDEV_MAX	64

struct chrdev {
	uint32_t rdev;
	const struct file_ops *fops;
};

static struct chrdev chrdevs[CHRDEV_MAX];
static unsigned int nr_chrdevs;
static uint32_t next_anon = 1;

/* Parse the decimal number at s ("" is 0); -1 if not a number. */
static int name_number(const char *s)
{
	int n = 0;

	for (; *s; s++) {
		if (*s < '0' || *s > '9' || n > 255)
			return -1;
		n = n * 10 + (*s - '0');
	}
	return n;
}

static uint32_t blkdev_position(const struct blkdev *dev)
{
	uint32_t i = 0;

	for (struct blkdev *d = blkdev_next(NULL); d && d != dev;
	     d = blkdev_next(d))
		i++;
	return i;
}

uint32_t blkdev_rdev(const struct blkdev *dev)
{
	const char *n = dev->name;
	int num;

	if (strncmp(n, "ram", 3) == 0 && (num = name_number(n + 3)) >= 0 &&
	    n[3])
		return MKDEV(1, num);
	if (n[0] == 'h' && n[1] == 'd' && n[2] >= 'a' && n[2] <= 'd' &&
	    (num = name_number(n + 3)) >= 0 && num < 64)
		return MKDEV(n[2] <= 'b' ? 3 : 22, (n[2] - 'a') % 2 * 64 + num);
	return MKDEV(254, blkdev_position(dev));
}

struct blkdev *blkdev_by_rdev(uint32_t rdev)
{
	for (struct blkdev *d = blkdev_next(NULL); d; d = blkdev_next(d))
		if (blkdev_rdev(d) == rdev)
			return d;
	return NULL;
}

int chrdev_register(uint32_t rdev, const struct file_ops *fops)
{
	for (unsigned int i = 0; i < nr_chrdevs; i++)
		if (chrdevs[i].rdev == rdev)
			return -EEXIST;
	if (nr_chrdevs == CHRDEV_MAX)
		return -ENOSPC;
	chrdevs[nr_chrdevs++] = (struct chrdev){ .rdev = rdev, .fops = fops };
	return 0;
}

const struct file_ops *device_fops(const struct inode *inode)
{
	if (S_ISBLK(inode->mode))
		return blkdev_by_rdev(inode->rdev) ? &blkdev_file_ops : NULL;
	if (!S_ISCHR(inode->mode))
		return NULL;
	for (unsigned int i = 0; i < nr_chrdevs; i++)
		if (chrdevs[i].rdev == inode->rdev)
			return chrdevs[i].fops;
	return NULL;
}

uint32_t anon_dev_alloc(void)
{
	return MKDEV(0, next_anon++ & 0xff);
}
