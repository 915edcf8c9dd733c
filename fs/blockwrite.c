/*
 * blockwrite.c: write(2) of a block-mapped file (generic_file_write_user,
 * from user memory; generic_file_write, from a kernel buffer), without
 * holding the VFS lock while the disk works or while user memory is read.
 *
 * A write holds the inode's lock (inode_lock) from start to end: another
 * write, an O_APPEND's look at the size, or a truncation of the same file
 * waits, while every other file stays open to everyone.  For each page:
 *   - when the write covers only part of a page that holds data, the
 *     page is read first as read(2) reads it (file_read_page: the VFS
 *     lock is dropped for the disk);
 *   - under the VFS lock, the blocks the write covers are allocated (a
 *     full disk fails the write there with -ENOSPC, or a short count),
 *     and a page the write covers whole, or that lies past the end of the
 *     file, is taken from the cache zeroed, without reading it;
 *   - the bytes are copied into the page with no lock but the inode's
 *     (a fault on the user buffer may need the VFS lock);
 *   - under the VFS lock again, the page is dirtied and the size grows.
 * A read meanwhile sees the page's old or new bytes, as on Linux.  A copy
 * that faults ends the write (the bytes before the page count); the page,
 * which it may have changed in part, is dirtied all the same so that the
 * cache and the disk agree, except a page of the file that was zeroed
 * rather than read (the write was to cover it whole): that one is marked
 * stale, to be read from the disk again, so that no zeros replace data.
 * A write that failed gives back the blocks it allocated past the end of
 * the file.
 *
 * Lock order: the inode lock, then the VFS lock, then page locks.
 *
 * Interface: generic_file_write, generic_file_write_user (vfs.h).
 */
#include "fs/internal.h"
#include "kernel/proc/rlimit.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

/* Whether page index of inode has a block on the disk (not all holes):
 * what a cached copy of it must not replace with zeros.  VFS lock held;
 * an error counts as data. */
static bool page_has_blocks(struct inode *inode, uint32_t index)
{
	uint32_t map[PAGE_SIZE / SECTOR_SIZE];
	uint32_t per = PAGE_SIZE / inode->sb->block_size;

	if (!inode->iops || !inode->iops->get_block)
		return false;
	if (map_blocks(inode, index, 1, map))
		return true;
	for (uint32_t i = 0; i < per; i++)
		if (map[i])
			return true;
	return false;
}

/*
 * The page for n bytes at pos (off into the page), with its blocks
 * allocated and its contents up to date, or ERR_PTR.  Takes the VFS lock;
 * reads without it.  *allocated: blocks may have been allocated; *zeroed:
 * the page was not in the cache and stands zeroed for data the file has
 * on the disk (the write covers it whole), so that it must be read after
 * all if the copy fails (zeros for holes are right).
 */
static struct page *write_page_get(struct file *f, uint64_t pos,
				   uint32_t off, size_t n, bool *allocated,
				   bool *zeroed)
{
	struct inode *inode = f->inode;
	uint32_t index = (uint32_t)(pos >> PAGE_SHIFT);
	struct page *pg = NULL;
	bool had_data;
	int err;

	if (n < PAGE_SIZE && pos - off < inode->size) {
		pg = file_read_page(f, index);
		if (IS_ERR(pg))
			return pg;
	}
	vfs_lock();
	had_data = !pg && pos - off < inode->size && page_has_blocks(inode,
								     index);
	*allocated = true;
	err = alloc_blocks(inode, pos, n);
	if (!err && !pg) {
		pg = pagecache_grab(&inode->mapping, index);
		if (!IS_ERR(pg) && !(pg->flags & PAGE_FLAG_UPTODATE)) {
			memset(page_address(pg), 0, PAGE_SIZE);
			pagecache_mark_uptodate(pg);
			*zeroed = had_data;
		}
	}
	vfs_unlock();
	if (err && pg)
		pagecache_put(pg);
	return err ? ERR_PTR(err) : pg;
}

/* The copy into pg is over (end: where the file now ends at least, 0
 * when the copy failed; stale: a failed copy into a zeroed page, which
 * must be read again rather than written). */
static void write_page_done(struct inode *inode, struct page *pg,
			    uint64_t end, bool stale)
{
	vfs_lock();
	if (stale)
		pagecache_mark_stale(pg);
	else
		pagecache_mark_dirty(pg);
	if (end > inode->size)
		inode->size = end;
	vfs_unlock();
	pagecache_put(pg);
}

/* A write that failed may have allocated blocks past the end of the file
 * (for a page it never filled): give them back, as a truncate to the
 * current size does. */
static void write_failed(struct inode *inode, uint64_t end)
{
	struct iattr attr = { .valid = ATTR_SIZE, .size = inode->size };

	vfs_lock();
	if (end > inode->size && inode->iops && inode->iops->setattr &&
	    inode->iops->get_block)
		inode->iops->setattr(inode, &attr);
	vfs_unlock();
}

static int copy_in(void *dst, const void *src, size_t n, bool user)
{
	if (user)
		return copy_from_user(dst, src, n);
	memcpy(dst, src, n);
	return 0;
}

/* The page loop; the inode lock held. */
static ssize_t write_pages(struct file *f, const char *buf, size_t len,
			   uint64_t *pos, bool user)
{
	struct inode *inode = f->inode;
	size_t done = 0;
	int err = 0;

	while (done < len) {
		uint32_t off = (uint32_t)(*pos & (PAGE_SIZE - 1));
		size_t n = MIN(len - done, (size_t)(PAGE_SIZE - off));
		bool allocated = false, zeroed = false;
		struct page *pg = write_page_get(f, *pos, off, n, &allocated,
						 &zeroed);

		if (IS_ERR(pg))
			err = PTR_ERR(pg);
		else
			err = copy_in((char *)page_address(pg) + off,
				      buf + done, n, user);
		if (!IS_ERR(pg))
			write_page_done(inode, pg, err ? 0 : *pos + n,
					err && zeroed);
		if (err) {
			if (allocated)
				write_failed(inode, *pos + n);
			break;
		}
		done += n;
		*pos += n;
	}
	if (done) {
		vfs_lock();
		inode->mtime = inode->ctime = vfs_now();
		inode_mark_dirty(inode);
		vfs_unlock();
	}
	return done ? (ssize_t)done : err;
}

/* Where the write goes and how much of it the limits let through:
 * 0 or -Exxx (-EFBIG, SIGXFSZ by rlimit_fsize_check). */
static int write_bounds(struct file *f, uint64_t *pos, size_t *len)
{
	struct inode *inode = f->inode;
	uint64_t max = inode->sb->max_bytes;
	int err;

	if (f->flags & O_APPEND)
		*pos = inode->size;
	if (max && *pos >= max)
		return -EFBIG;
	if (max && *len > max - *pos)
		*len = (size_t)(max - *pos);
	err = rlimit_fsize_check(*pos, len);
	if (!err && *len)
		err = file_remove_privs(inode);
	return err;
}

static ssize_t write_locked_inode(struct file *f, const void *buf,
				  size_t len, uint64_t *pos, bool user)
{
	struct inode *inode = f->inode;
	ssize_t ret;

	inode_lock(inode);
	ret = write_bounds(f, pos, &len);
	if (!ret && len)
		ret = write_pages(f, buf, len, pos, user);
	inode_unlock(inode);
	return ret;
}

ssize_t generic_file_write(struct file *f, const void *buf, size_t len,
			   uint64_t *pos)
{
	return write_locked_inode(f, buf, len, pos, false);
}

ssize_t generic_file_write_user(struct file *f, const void *ubuf,
				size_t len, uint64_t *pos)
{
	return write_locked_inode(f, ubuf, len, pos, true);
}
