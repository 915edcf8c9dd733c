/*
 * blkdev_file.c: reading and writing a block device node (/dev/ram0,
 * /dev/hda1): the device's bytes, from offset 0 to its size.
 *
 * Transfers go through the device's own mapping in the page cache
 * (bdev_mapping), the one filesystem metadata is read through, so both
 * stay coherent.  A write marks only the sectors it touched dirty (the
 * buffer layer's per-sector tracking), so that write-back never puts a
 * stale copy of the page's other sectors on the disk.  fsync writes the
 * device's dirty pages back.
 *
 * Interface: blkdev_file_ops (used by device_fops() for S_IFBLK nodes).
 */
#include "drivers/block/blkdev.h"
#include "fs/buffer.h"
#include "fs/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

static int blkfile_open(struct inode *inode, struct file *f)
{
	struct blkdev *dev = blkdev_by_rdev(inode->rdev);

	int err;

	if (!dev)
		return -ENXIO;
	if (dev->read_only && (f->flags & O_ACCMODE) != O_RDONLY)
		return -EROFS;
	err = blkdev_get(dev);
	if (err)
		return err;
	if (!bdev_mapping(dev)) {
		blkdev_put(dev);
		return -ENOMEM;
	}
	f->private = dev;
	return 0;
}

static int blkfile_release(struct inode *inode, struct file *f)
{
	blkdev_put(f->private);
	return 0;
}

/* Sectors [off, off + n) of a page as a dirty_sectors mask. */
static uint8_t sector_mask(uint32_t off, size_t n)
{
	uint32_t first = off / SECTOR_SIZE;
	uint32_t last = (uint32_t)(off + n - 1) / SECTOR_SIZE;

	return (uint8_t)(((1u << (last - first + 1)) - 1) << first);
}

/* Move up to len bytes at *pos within one page: bytes moved or -Exxx. */
static ssize_t blkfile_page(struct blkdev *dev, char *buf, size_t len,
			    uint64_t pos, uint32_t end_index, bool write)
{
	struct address_space *m = bdev_mapping(dev);
	uint32_t off = (uint32_t)(pos & (PAGE_SIZE - 1));
	size_t n = MIN(len, (size_t)(PAGE_SIZE - off));
	struct page *pg = pagecache_read_ahead(m, (uint32_t)(pos >> PAGE_SHIFT),
					       end_index);

	if (IS_ERR(pg))
		return PTR_ERR(pg);
	if (write) {
		memcpy((char *)page_address(pg) + off, buf, n);
		if (!(pg->flags & PAGE_FLAG_DIRTY))
			pg->dirty_sectors = 0;
		pg->dirty_sectors |= sector_mask(off, n);
		pagecache_mark_dirty(pg);
	} else {
		memcpy(buf, (char *)page_address(pg) + off, n);
	}
	pagecache_put(pg);
	return (ssize_t)n;
}

static ssize_t blkfile_rw(struct file *f, char *buf, size_t len,
			  uint64_t *pos, bool write)
{
	struct blkdev *dev = f->private;
	uint64_t size = dev->nr_sectors << SECTOR_SHIFT;
	uint32_t end_index = (uint32_t)((size + PAGE_SIZE - 1) >> PAGE_SHIFT);
	size_t done = 0;

	if (*pos >= size)
		return write && len ? -ENOSPC : 0;
	len = (size_t)MIN((uint64_t)len, size - *pos);
	while (done < len) {
		ssize_t n = blkfile_page(dev, buf + done, len - done, *pos,
					 end_index, write);

		if (n < 0)
			return done ? (ssize_t)done : n;
		done += (size_t)n;
		*pos += (uint64_t)n;
	}
	return (ssize_t)done;
}

static ssize_t blkfile_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	return blkfile_rw(f, buf, len, pos, false);
}

static ssize_t blkfile_write(struct file *f, const void *buf, size_t len,
			     uint64_t *pos)
{
	return blkfile_rw(f, (char *)buf, len, pos, true);
}

static int blkfile_fsync(struct file *f)
{
	return bdev_sync(f->private);
}

const struct file_ops blkdev_file_ops = {
	.open = blkfile_open,
	.release = blkfile_release,
	.read = blkfile_read,
	.write = blkfile_write,
	.fsync = blkfile_fsync,
};
