/*
 * block.c: the block devices in sysfs, in the layout Linux had before
 * /sys/devices held them (and that mdev and lsblk-like scripts read):
 *   /sys/block/<disk>/        dev ("3:0"), size (512-byte sectors), ro,
 *                             removable, range (64), uevent (MAJOR,
 *                             MINOR, DEVNAME, DEVTYPE=disk)
 *   /sys/block/<disk>/<part>/ dev, size, start, partition, ro, uevent
 *                             (DEVTYPE=partition, PARTN)
 *   /sys/class/block/<name>   a link to either
 *   /sys/dev/block/<M>:<m>    a link to either
 * The tree is what the block layer has when sysfs is mounted.
 *
 * Interface (fs/sysfs/sysfs.h): sysfs_build_block.
 */
#include "fs/sysfs/sysfs.h"
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "lib/printf.h"

#define DISK_MINORS	64

/* The attributes and uevent of dev (a disk or a partition) in dir. */
static void block_attrs(struct inode *dir, const struct blkdev *dev)
{
	uint32_t rdev = blkdev_rdev(dev);

	sysfs_file(dir, "dev", "%u:%u\n", MAJOR(rdev), MINOR(rdev));
	sysfs_file(dir, "size", "%llu\n", (unsigned long long)dev->nr_sectors);
	sysfs_file(dir, "ro", "%d\n", dev->read_only);
	if (dev->parent) {
		sysfs_file(dir, "start", "%llu\n",
			   (unsigned long long)dev->start_sector);
		sysfs_file(dir, "partition", "%u\n", dev->partno);
		sysfs_file(dir, "uevent", "MAJOR=%u\nMINOR=%u\nDEVNAME=%s\n"
			   "DEVTYPE=partition\nPARTN=%u\n", MAJOR(rdev),
			   MINOR(rdev), dev->name, dev->partno);
	} else {
		sysfs_file(dir, "removable", "0\n");
		sysfs_file(dir, "range", "%u\n", DISK_MINORS);
		sysfs_file(dir, "uevent", "MAJOR=%u\nMINOR=%u\nDEVNAME=%s\n"
			   "DEVTYPE=disk\n", MAJOR(rdev), MINOR(rdev), dev->name);
	}
}

/* "block/<disk>" or "block/<disk>/<part>": where dev lives below /sys. */
static void block_path(const struct blkdev *dev, char *buf, size_t size)
{
	if (dev->parent)
		scnprintf(buf, size, "block/%s/%s", dev->parent->name,
			  dev->name);
	else
		scnprintf(buf, size, "block/%s", dev->name);
}

static void block_one(struct inode *root, const struct blkdev *dev,
		      struct inode *class_dir, struct inode *dev_dir)
{
	char path[2 * BLKDEV_NAME_MAX + 8], target[sizeof(path) + 8];
	char number[16];
	uint32_t rdev = blkdev_rdev(dev);
	struct inode *dir;

	block_path(dev, path, sizeof(path));
	dir = sysfs_dir(root, path);
	block_attrs(dir, dev);
	sysfs_dir_put(dir);
	scnprintf(target, sizeof(target), "../../%s", path);
	sysfs_link(class_dir, dev->name, target);
	scnprintf(number, sizeof(number), "%u:%u", MAJOR(rdev), MINOR(rdev));
	sysfs_link(dev_dir, number, target);
}

void sysfs_build_block(struct inode *root)
{
	struct inode *class_dir = sysfs_dir(root, "class/block");
	struct inode *dev_dir = sysfs_dir(root, "dev/block");
	struct blkdev *dev = NULL;

	sysfs_dir_put(sysfs_dir(root, "block"));
	while ((dev = blkdev_next(dev)) != NULL)
		block_one(root, dev, class_dir, dev_dir);
	sysfs_dir_put(class_dir);
	sysfs_dir_put(dev_dir);
}
