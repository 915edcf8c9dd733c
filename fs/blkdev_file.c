/*
 * blkdev_file.c: reading and writing a block device node (/dev/ram0,
 * /dev/hda1): the device's bytes, from offset 0 to its size.
 *
 * Transfers go a page-sized window at a time through a bounce page with
 * blk_rw(); a write that covers a window partly reads it first.  (This
 * moves to the device's mapping in the page cache, bdev_mapping(), once
 * the buffer layer is there, so that it stays coherent with filesystem
 * metadata cached there.)
 *
 * Interface: blkdev_file_ops (used by device_fops() for S_IFBLK nodes).
 */
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "kernel/compiler.h"
#include "kernel/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

#define WINDOW_SECTORS	(PAGE_SIZE / SECTOR_SIZE)

static int blkfile_open(struct inode *inode, struct file *f)
{
	struct blkdev *dev = blkdev_by_rdev(inode->rdev);

	if (!dev)
		return -ENXIO;
	if (dev->read_only && (f->flags & O_ACCMODE) != O_RDONLY)
		return -EROFS;
	f->private = dev;
	return 0;
}

/* Move the window holding *pos: bytes moved, or -Exxx. */
static ssize_t blkfile_window(struct blkdev *dev, char *bounce, char *buf,
			      size_t len, uint64_t pos, enum blk_op op)
{
	uint64_t sector = ALIGN_DOWN(pos >> SECTOR_SHIFT, (uint64_t)WINDOW_SECTORS);
	uint32_t count = (uint32_t)MIN((uint64_t)WINDOW_SECTORS,
				       dev->nr_sectors - sector);
	size_t off = (size_t)(pos - (sector << SECTOR_SHIFT));
	size_t n = MIN(len, (size_t)count * SECTOR_SIZE - off);
	int err = 0;

	if (op == BLK_READ || off || n < (size_t)count * SECTOR_SIZE)
		err = blk_rw(dev, BLK_READ, sector, count, bounce);
	if (err)
		return err;
	if (op == BLK_READ) {
		memcpy(buf, bounce + off, n);
		return (ssize_t)n;
	}
	memcpy(bounce + off, buf, n);
	err = blk_rw(dev, BLK_WRITE, sector, count, bounce);
	return err ? err : (ssize_t)n;
}

static ssize_t blkfile_rw(struct file *f, char *buf, size_t len,
			  uint64_t *pos, enum blk_op op)
{
	struct blkdev *dev = f->private;
	uint64_t size = dev->nr_sectors << SECTOR_SHIFT;
	size_t done = 0;
	char *bounce;

	if (*pos >= size)
		return op == BLK_READ ? 0 : -ENOSPC;
	len = (size_t)MIN((uint64_t)len, size - *pos);
	bounce = kmalloc(PAGE_SIZE);
	if (!bounce)
		return -ENOMEM;
	while (done < len) {
		ssize_t n = blkfile_window(dev, bounce, buf + done, len - done,
					   *pos, op);
		if (n < 0) {
			kfree(bounce);
			return done ? (ssize_t)done : n;
		}
		done += (size_t)n;
		*pos += (uint64_t)n;
	}
	kfree(bounce);
	return (ssize_t)done;
}

static ssize_t blkfile_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	return blkfile_rw(f, buf, len, pos, BLK_READ);
}

static ssize_t blkfile_write(struct file *f, const void *buf, size_t len,
			     uint64_t *pos)
{
	return blkfile_rw(f, (char *)buf, len, pos, BLK_WRITE);
}

const struct file_ops blkdev_file_ops = {
	.open = blkfile_open,
	.read = blkfile_read,
	.write = blkfile_write,
};
