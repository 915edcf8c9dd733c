/*
 * file.c: ramfs file data and attributes.
 *
 * A regular file's bytes are in whole pages held by the inode (pinned: no
 * write-back, no reclaim), indexed by page number; a missing page is a
 * hole and reads as zeros.  Writes allocate pages (-ENOSPC when memory is
 * out, -EFBIG past RAMFS_MAX_PAGES); truncation frees the pages past the
 * new size and zeroes the tail of the last one.
 *
 * mmap maps those pages themselves (ramfs_map_page allocates a hole's
 * page): they carry PAGE_FLAG_FILE, and the inode holds one reference to
 * each, user mappings one more each, so a page leaves memory with its
 * last user.  Truncation clears the flag of the pages it drops (the VFS
 * has unmapped them), which tells a fault that raced with it to retry.
 *
 * Interface: ramfs_file_iops, ramfs_file_fops, ramfs_link_iops,
 * ramfs_special_iops, ramfs_free_pages, ramfs_setattr (ramfs.h).
 */
#include "fs/ramfs/ramfs.h"
#include "fs/internal.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

void ramfs_free_pages(struct ramfs_inode *ri, uint32_t from)
{
	for (uint32_t i = from; i < ri->npages; i++) {
		if (ri->pages[i]) {
			ri->pages[i]->flags &= ~PAGE_FLAG_FILE;
			page_put(ri->pages[i]);
			ri->pages[i] = NULL;
			ri->vfs.blocks -= PAGE_SIZE / 512;
		}
	}
}

/* Make room for page index: 0, -EFBIG or -ENOSPC. */
static int grow_slots(struct ramfs_inode *ri, uint32_t index)
{
	uint32_t n = ri->npages ? ri->npages : 8;
	struct page **slots;

	if (index >= RAMFS_MAX_PAGES)
		return -EFBIG;
	if (index < ri->npages)
		return 0;
	while (n <= index)
		n *= 2;
	slots = kzalloc(n * sizeof(*slots));
	if (!slots)
		return -ENOSPC;
	if (ri->pages)
		memcpy(slots, ri->pages, ri->npages * sizeof(*slots));
	kfree(ri->pages);
	ri->pages = slots;
	ri->npages = n;
	return 0;
}

/* The data page at index, allocated (zeroed) if missing, or NULL. */
static char *page_for_write(struct ramfs_inode *ri, uint32_t index, int *err)
{
	struct page *pg;

	*err = grow_slots(ri, index);
	if (*err)
		return NULL;
	if (!ri->pages[index]) {
		pg = page_alloc_user(0);
		if (!pg) {
			*err = -ENOSPC;
			return NULL;
		}
		memset(page_address(pg), 0, PAGE_SIZE);
		pg->flags |= PAGE_FLAG_FILE;
		ri->pages[index] = pg;
		ri->vfs.blocks += PAGE_SIZE / 512;
	}
	return page_address(ri->pages[index]);
}

static ssize_t ramfs_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	struct ramfs_inode *ri = RAMFS_I(f->inode);
	size_t done = 0;

	if (*pos >= ri->vfs.size)
		return 0;
	len = (size_t)MIN((uint64_t)len, ri->vfs.size - *pos);
	while (done < len) {
		uint32_t index = (uint32_t)(*pos >> PAGE_SHIFT);
		uint32_t off = (uint32_t)(*pos & (PAGE_SIZE - 1));
		size_t n = MIN(len - done, (size_t)(PAGE_SIZE - off));

		if (index < ri->npages && ri->pages[index])
			memcpy((char *)buf + done,
			       (char *)page_address(ri->pages[index]) + off, n);
		else
			memset((char *)buf + done, 0, n);
		done += n;
		*pos += n;
	}
	return (ssize_t)done;
}

static ssize_t ramfs_write(struct file *f, const void *buf, size_t len,
			   uint64_t *pos)
{
	struct ramfs_inode *ri = RAMFS_I(f->inode);
	size_t done = 0;
	int err = 0;

	if (f->flags & O_APPEND)
		*pos = ri->vfs.size;
	while (done < len) {
		uint32_t off = (uint32_t)(*pos & (PAGE_SIZE - 1));
		size_t n = MIN(len - done, (size_t)(PAGE_SIZE - off));
		char *p = *pos >> PAGE_SHIFT >= RAMFS_MAX_PAGES ? NULL :
			  page_for_write(ri, (uint32_t)(*pos >> PAGE_SHIFT), &err);

		if (!p) {
			err = err ? err : -EFBIG;
			break;
		}
		memcpy(p + off, (const char *)buf + done, n);
		done += n;
		*pos += n;
		if (*pos > ri->vfs.size)
			ri->vfs.size = *pos;
	}
	if (done)
		ri->vfs.mtime = ri->vfs.ctime = vfs_now();
	return done ? (ssize_t)done : err;
}

/* Cut or extend the file to size, zeroing the last page's bytes past
 * the smaller of the two sizes. */
static void ramfs_resize(struct ramfs_inode *ri, uint64_t size)
{
	uint32_t keep = (uint32_t)MIN((size + PAGE_SIZE - 1) >> PAGE_SHIFT,
				      (uint64_t)RAMFS_MAX_PAGES);
	uint64_t edge = MIN(size, ri->vfs.size);
	uint32_t off = (uint32_t)(edge & (PAGE_SIZE - 1));
	uint32_t last = (uint32_t)(edge >> PAGE_SHIFT);

	if (size < ri->vfs.size)
		ramfs_free_pages(ri, keep);
	/* Past the old end, a shared mapping may have stored: zero it. */
	if (off && last < ri->npages && ri->pages[last])
		memset((char *)page_address(ri->pages[last]) + off, 0,
		       PAGE_SIZE - off);
	ri->vfs.size = size;
}

int ramfs_setattr(struct inode *inode, const struct iattr *attr)
{
	if ((attr->valid & ATTR_SIZE) && !S_ISREG(inode->mode))
		return -EINVAL;
	if ((attr->valid & ATTR_SIZE) &&
	    attr->size > (uint64_t)RAMFS_MAX_PAGES * PAGE_SIZE)
		return -EFBIG;
	if (attr->valid & ATTR_SIZE)
		ramfs_resize(RAMFS_I(inode), attr->size);
	setattr_copy(inode, attr);
	inode->ctime = vfs_now();
	return 0;
}

/* file_ops.map_page: the page of index (a hole gets one), with a
 * reference; ERR_PTR(-EIO) at or past the end of the file. */
static struct page *ramfs_map_page(struct file *f, uint32_t index)
{
	struct ramfs_inode *ri = RAMFS_I(f->inode);
	struct page *pg = ERR_PTR(-EIO);
	int err;

	vfs_lock();
	if ((uint64_t)index << PAGE_SHIFT < ri->vfs.size) {
		pg = page_for_write(ri, index, &err) ? ri->pages[index] :
		     ERR_PTR(err == -ENOSPC ? -ENOMEM : err);
		if (!IS_ERR(pg))
			page_get(pg);
	}
	vfs_unlock();
	return pg;
}

static ssize_t ramfs_readlink(struct inode *inode, char *buf, size_t len)
{
	size_t n = MIN(len, (size_t)inode->size);

	memcpy(buf, RAMFS_I(inode)->target, n);
	return (ssize_t)n;
}

const struct inode_ops ramfs_file_iops = {
	.setattr = ramfs_setattr,
};

const struct inode_ops ramfs_link_iops = {
	.readlink = ramfs_readlink,
	.setattr = ramfs_setattr,
};

const struct inode_ops ramfs_special_iops = {
	.setattr = ramfs_setattr,
};

const struct file_ops ramfs_file_fops = {
	.read = ramfs_read,
	.write = ramfs_write,
	.map_page = ramfs_map_page,
};
