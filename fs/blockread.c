/*
 * blockread.c: read(2) of a block-mapped file (generic_file_read_user),
 * without holding the VFS lock while the disk works, nor while it reads
 * the indirect blocks that map the file (fs/metawait.c).
 *
 * Each round takes up to READ_BATCH pages of the file.  Under the VFS
 * lock it finds them in the page cache; the ones not there yet (and the
 * read-ahead after them, when reads are sequential) are inserted locked,
 * and their disk blocks are mapped (inode_ops.get_block, which reads
 * metadata).  Then the lock is dropped: the data is read, the pages are
 * published (pagecache_read_done) and copied to user memory, while other
 * tasks open, stat, read and write other files.  A task that wants one of
 * those pages meanwhile waits for its page lock, never reads it twice.
 *
 * The lock order: the VFS lock, then page locks.  A task holding the
 * page locks of a read does not take the VFS lock again before it has
 * published those pages, so a task that waits for a page lock while
 * holding the VFS lock (a write, a fault) always sees it released.
 *
 * A truncate may free the blocks mapped for a read while the read waits
 * for the disk, and another file may take them and write them: the
 * mapping's blocks_seq (bumped by pagecache_truncate) is read after the
 * disk's answer, and a round that saw it change throws its pages away
 * and starts again.  The pages the truncate covered have left the cache
 * already, so nothing the read saw stays visible.
 *
 * Interface: generic_file_read_user and generic_file_read (the same into
 * kernel memory) (vfs.h); file_read_page (internal.h),
 * one page read the same way, for mmap faults and for the partial pages
 * of a write.
 */
#include "fs/buffer.h"
#include "fs/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define READ_BATCH	16	/* pages a read takes per round */
#define READ_AHEAD_MAX	32	/* pagecache_ra_window's largest */

struct read_round {
	struct inode *inode;
	struct page *pgs[READ_BATCH];	/* the caller's, in file order */
	size_t lens[READ_BATCH];	/* bytes of each to copy */
	int n;
	/* The pages this round reads itself, locked, by index: some of
	 * pgs[] and the read-ahead after them. */
	struct page *fresh[READ_BATCH + READ_AHEAD_MAX];
	int nfresh, nahead;		/* nahead: the last ones, not in pgs */
	uint32_t *map;			/* their blocks, per page */
	uint32_t seq;			/* blocks_seq when mapped */
	struct meta_wait meta;		/* the caller's rounds (metawait.c) */
};

static uint32_t blocks_per_page(const struct inode *inode)
{
	return PAGE_SIZE / inode->sb->block_size;
}

/* Add the read-ahead after index, up to the first page already there. */
static void round_read_ahead(struct read_round *r, uint32_t index,
			     uint32_t ahead)
{
	struct address_space *m = &r->inode->mapping;

	for (uint32_t i = 1; i <= ahead && r->nahead < READ_AHEAD_MAX; i++) {
		bool fresh;
		struct page *pg = pagecache_get_for_read(m, index + i, &fresh);

		if (IS_ERR(pg))
			break;
		if (!fresh) {
			pagecache_put(pg);
			break;
		}
		r->fresh[r->nfresh++] = pg;
		r->nahead++;
	}
}

/* Under the VFS lock: the round's pages from pos on, for want bytes.
 * Returns 0, or the first page's error when there is no page. */
static int round_collect(struct read_round *r, uint64_t pos, size_t want)
{
	struct inode *inode = r->inode;
	uint32_t end = size_pages(inode), ahead = 0;
	bool last_fresh = false;

	while (r->n < READ_BATCH && want && pos < inode->size) {
		uint32_t off = (uint32_t)(pos & (PAGE_SIZE - 1));
		size_t len = (size_t)MIN((uint64_t)MIN(want,
					 (size_t)(PAGE_SIZE - off)),
					 inode->size - pos);
		uint32_t index = (uint32_t)(pos >> PAGE_SHIFT);
		struct page *pg = pagecache_get_for_read(&inode->mapping,
							 index, &last_fresh);

		if (IS_ERR(pg))
			return r->n ? 0 : (int)PTR_ERR(pg);
		ahead = pagecache_ra_window(&inode->mapping, index, end);
		if (last_fresh)
			r->fresh[r->nfresh++] = pg;
		r->pgs[r->n] = pg;
		r->lens[r->n++] = len;
		pos += len;
		want -= len;
	}
	if (last_fresh && ahead)
		round_read_ahead(r, r->pgs[r->n - 1]->index, ahead);
	return 0;
}

/* Under the VFS lock: the disk blocks of the fresh pages. */
static int round_map(struct read_round *r)
{
	uint32_t per = blocks_per_page(r->inode);
	int err = 0;

	r->map = kmalloc((size_t)r->nfresh * per * sizeof(*r->map));
	if (!r->map)
		return -ENOMEM;
	r->seq = READ_ONCE(r->inode->mapping.blocks_seq);
	meta_arm(&r->meta);
	for (int i = 0; i < r->nfresh && !err; i++)
		err = map_blocks(r->inode, r->fresh[i]->index, 1,
				 r->map + (size_t)i * per);
	meta_disarm(&r->meta);
	return err;
}

/* Without the VFS lock: read the fresh pages, runs of consecutive ones
 * at a time, and publish each (its error, or -EAGAIN when a truncate
 * came meanwhile).  Returns the first error. */
static int round_io(struct read_round *r, int err)
{
	uint32_t per = blocks_per_page(r->inode);
	int first_err = err;

	for (int i = 0, j; i < r->nfresh; i = j) {
		int e = err;

		for (j = i + 1; j < r->nfresh &&
		     r->fresh[j]->index == r->fresh[j - 1]->index + 1; j++)
			;
		if (!e)
			e = pages_io(r->inode, r->fresh + i, (unsigned int)(j - i),
				     r->map + (size_t)i * per, UINT32_MAX,
				     BLK_READ);
		if (!e && READ_ONCE(r->inode->mapping.blocks_seq) != r->seq)
			e = -EAGAIN;
		for (int k = i; k < j; k++)
			pagecache_read_done(r->fresh[k], e);
		if (e && !first_err)
			first_err = e;
	}
	for (int k = r->nfresh - r->nahead; k < r->nfresh; k++)
		pagecache_put(r->fresh[k]);
	kfree(r->map);
	return first_err;
}

/* Drop the round's pages from the first one not uptodate on: how many
 * are left. */
static int round_trim(struct read_round *r)
{
	int n = 0;

	while (n < r->n && (r->pgs[n]->flags & PAGE_FLAG_UPTODATE))
		n++;
	for (int i = n; i < r->n; i++)
		pagecache_put(r->pgs[i]);
	return r->n = n;
}

/*
 * Up to READ_BATCH pages of f for want bytes from pos on, with references
 * in r->pgs and the bytes to copy in r->lens; stops at the end of the file
 * or at a page that could not be read.  Returns how many, 0 at the end of
 * the file, or the first page's error (-EAGAIN: start again).
 */
static int read_round(struct file *f, uint64_t pos, size_t want,
		      struct read_round *r)
{
	int err;

	r->inode = f->inode;
	r->n = r->nfresh = r->nahead = 0;
	r->map = NULL;
	vfs_lock();
	err = round_collect(r, pos, want);
	if (!err && r->nfresh)
		err = round_map(r);
	vfs_unlock();
	if (r->nfresh)
		err = round_io(r, err);
	/* An indirect block not cached: read it, then start again. */
	if (err == -EMETAWAIT)
		err = meta_fetch(&r->meta) ?: -EAGAIN;
	if (round_trim(r))
		return r->n;
	return err;
}

/* Read len bytes at *pos into buf, user memory (user) or the kernel's. */
static ssize_t read_rounds(struct file *f, void *buf, size_t len,
			   uint64_t *pos, bool user)
{
	struct read_round round, *r = &round;	/* ~350 bytes */
	size_t done = 0;
	int err = 0;

	r->meta = (struct meta_wait){ 0 };
	while (done < len && !err) {
		int n = read_round(f, *pos, len - done, r);

		if (n == -EAGAIN)
			continue;
		if (n <= 0) {
			err = n;
			break;
		}
		for (int i = 0; i < n; i++) {
			char *from = (char *)page_address(r->pgs[i]) +
				     (*pos & (PAGE_SIZE - 1));

			if (!err && user)
				err = copy_to_user((char *)buf + done, from,
						   r->lens[i]);
			else if (!err)
				memcpy((char *)buf + done, from, r->lens[i]);
			pagecache_put(r->pgs[i]);
			if (!err) {
				done += r->lens[i];
				*pos += r->lens[i];
			}
		}
	}
	return done ? (ssize_t)done : err;
}

ssize_t generic_file_read_user(struct file *f, void *ubuf, size_t len,
			       uint64_t *pos)
{
	return read_rounds(f, ubuf, len, pos, true);
}

ssize_t generic_file_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	return read_rounds(f, buf, len, pos, false);
}

struct page *file_read_page(struct file *f, uint32_t index)
{
	struct read_round round;
	int n;

	round.meta = (struct meta_wait){ 0 };
	do
		n = read_round(f, (uint64_t)index << PAGE_SHIFT, PAGE_SIZE,
			       &round);
	while (n == -EAGAIN);
	if (n <= 0)
		return ERR_PTR(n ? n : -EIO);
	return round.pgs[0];	/* the only one: a page's bytes were asked */
}
