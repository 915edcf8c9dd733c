/*
 * metawait.c: read-only VFS operations that do not hold the VFS lock
 * while the disk reads the metadata they need (issue 14).
 *
 * A path lookup, a getdents or a read's block mapping runs "armed": a
 * bread() of a block the cache does not hold fails with -EMETAWAIT
 * instead of waiting for the disk, noting the block in the task's
 * meta_wait (fs/buffer.c).  The operation unwinds as from any error;
 * having changed nothing, it can be run again.  meta_retry then drops the
 * VFS lock, reads the block into the cache, takes the lock again and has
 * the caller run the operation once more, which finds the block cached
 * (or meets the next one).  While one task waits for the disk, every
 * other may take the VFS lock.
 *
 * It arms only where the caller's vfs_lock() is the outermost one: an
 * operation nested in another, whose state the lock protects, reads
 * under the lock as before (or, nested in an armed one, hands the
 * -EMETAWAIT up to it).  After META_WAITS_MAX rounds, or when a read
 * failed, the next round runs unarmed and meets the block (and its
 * error) under the lock itself.  Whatever writes (an inode evicted by the
 * last iput, fs/inode.c) runs unarmed, with meta_pause.
 *
 * meta_prefetch_map reads a file's indirect blocks that way before a
 * truncation (or the unlink of its last link) frees them under the lock.
 *
 * Interface (internal.h): meta_arm, meta_retry, meta_disarm, meta_fetch,
 * meta_pause, meta_resume, meta_prefetch_map.
 */
#include "fs/buffer.h"
#include "fs/internal.h"
#include "kernel/sched/task.h"
#include "lib/errno.h"

#define META_WAITS_MAX	64

void meta_arm(struct meta_wait *w)
{
	if (w->waits < META_WAITS_MAX && vfs_lock_outermost())
		current->meta_wait = w;
}

void meta_disarm(struct meta_wait *w)
{
	if (current->meta_wait == w)
		current->meta_wait = NULL;
}

int meta_fetch(struct meta_wait *w)
{
	int err = bprefetch(w->dev, w->block, w->bsize);

	w->waits = err ? META_WAITS_MAX : w->waits + 1;
	return err;
}

bool meta_retry(struct meta_wait *w, int *err)
{
	if (current->meta_wait != w)
		return false;		/* not armed here: an outer op was */
	current->meta_wait = NULL;
	if (*err != -EMETAWAIT)
		return false;
	vfs_unlock();
	meta_fetch(w);
	vfs_lock();
	return true;
}

struct meta_wait *meta_pause(void)
{
	struct meta_wait *w = current->meta_wait;

	current->meta_wait = NULL;
	return w;
}

void meta_resume(struct meta_wait *w)
{
	current->meta_wait = w;
}

void meta_prefetch_map(struct inode *inode)
{
	struct meta_wait w = { 0 };
	int err;

	if (!inode->iops || !inode->iops->prefetch_map || vfs_lock_held())
		return;
	vfs_lock();
	do {
		meta_arm(&w);
		err = inode->iops->prefetch_map(inode);
	} while (meta_retry(&w, &err));
	vfs_unlock();
}
