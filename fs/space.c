/*
 * space.c: where a file has its data: fallocate's checks, and lseek's
 * SEEK_DATA and SEEK_HOLE.
 *
 * vfs_fallocate checks mode, the descriptor and the file as Linux's
 * vfs_fallocate does, in its order (-EOPNOTSUPP for unknown or
 * contradictory modes, -EINVAL for exclusive ones used with others,
 * -EBADF without write access, -ESPIPE, -EISDIR, -ENODEV for other
 * files, -EFBIG past the filesystem's largest size); then, since no
 * filesystem here allocates ahead (Linux's ext2 and ramfs do not either),
 * the answer is -EOPNOTSUPP.
 *
 * vfs_seek_data finds data or a hole at or after an offset: -ENXIO at or
 * past the end; in a regular file whose blocks the filesystem maps
 * (inode_ops.get_block: ext2) the holes are the unmapped blocks, and a
 * hole is always found at the end; elsewhere the whole file is data and
 * the only hole is at its end (Linux's generic answer).
 *
 * Interface (fs/vfs.h): vfs_fallocate; (fs/internal.h) vfs_seek_data.
 */
#include "fs/internal.h"
#include "lib/errno.h"

#define FALLOC_FL_KEEP_SIZE		0x01
#define FALLOC_FL_PUNCH_HOLE		0x02
#define FALLOC_FL_NO_HIDE_STALE		0x04
#define FALLOC_FL_COLLAPSE_RANGE	0x08
#define FALLOC_FL_ZERO_RANGE		0x10
#define FALLOC_FL_INSERT_RANGE		0x20
#define FALLOC_FL_UNSHARE_RANGE		0x40
#define FALLOC_FL_SUPPORTED		0x7f

/* The checks on mode alone: 0, -EOPNOTSUPP, -EINVAL. */
static int falloc_mode_check(uint32_t mode)
{
	uint32_t punch_zero = FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE;

	if (mode & ~FALLOC_FL_SUPPORTED)
		return -EOPNOTSUPP;
	if ((mode & punch_zero) == punch_zero)
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_PUNCH_HOLE) && !(mode & FALLOC_FL_KEEP_SIZE))
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_COLLAPSE_RANGE) &&
	    (mode & ~FALLOC_FL_COLLAPSE_RANGE))
		return -EINVAL;
	if ((mode & FALLOC_FL_INSERT_RANGE) &&
	    (mode & ~FALLOC_FL_INSERT_RANGE))
		return -EINVAL;
	if ((mode & FALLOC_FL_UNSHARE_RANGE) &&
	    (mode & ~(FALLOC_FL_UNSHARE_RANGE | FALLOC_FL_KEEP_SIZE)))
		return -EINVAL;
	return 0;
}

int vfs_fallocate(struct file *f, uint32_t mode, int64_t offset,
		  int64_t len)
{
	struct inode *inode = f->inode;
	uint64_t max = inode->sb->max_bytes;
	int err;

	if (offset < 0 || len <= 0)
		return -EINVAL;
	err = falloc_mode_check(mode);
	if (err)
		return err;
	if ((f->flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	if (S_ISFIFO(inode->mode))
		return -ESPIPE;
	if (S_ISDIR(inode->mode))
		return -EISDIR;
	if (!S_ISREG(inode->mode) && !S_ISBLK(inode->mode))
		return -ENODEV;
	if (offset > INT64_MAX - len ||
	    (max && (uint64_t)(offset + len) > max))
		return -EFBIG;
	return -EOPNOTSUPP;		/* no filesystem here allocates ahead */
}

/* The first block from fblock on that is data (want_data) or a hole,
 * below last; last when there is none.  0 or -Exxx in *err. */
static uint32_t seek_block(struct inode *inode, uint32_t fblock,
			   uint32_t last, bool want_data, int *err)
{
	for (; fblock < last; fblock++) {
		uint32_t dblock = 0;

		*err = inode->iops->get_block(inode, fblock, false, &dblock);
		if (*err)
			return last;
		if ((dblock != 0) == want_data)
			return fblock;
	}
	return last;
}

int64_t vfs_seek_data(struct file *f, int64_t off, bool want_data)
{
	struct inode *inode = f->inode;
	uint64_t size = inode->size, bs = inode->sb->block_size, pos;
	uint32_t last, b;
	int err = 0;

	if (off < 0 || (uint64_t)off >= size)
		return -ENXIO;
	if (!S_ISREG(inode->mode) || !inode->iops ||
	    !inode->iops->get_block || !bs)
		return want_data ? off : (int64_t)size;
	last = (uint32_t)((size + bs - 1) / bs);
	b = seek_block(inode, (uint32_t)((uint64_t)off / bs), last,
		       want_data, &err);
	if (err)
		return err;
	if (b == last)
		return want_data ? -ENXIO : (int64_t)size;
	pos = (uint64_t)b * bs;
	return (int64_t)(pos > (uint64_t)off ? pos : (uint64_t)off);
}
