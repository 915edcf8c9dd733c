/*
 * flushdata.c: writing file data back without holding the VFS lock while
 * the disk works, for the flusher, sync(2) and fsync(2).
 *
 * file_writeback writes the dirty pages of a block-mapped file a run at a
 * time: under the VFS lock it takes the run (pagecache_dirty_run: clean,
 * locked, write-protected) and maps its blocks (block_write_prepare: the
 * filesystem's metadata is the VFS lock's); then it drops the lock for the
 * write, and other processes open, read and write meanwhile.  A truncation
 * waits for the run's page locks before it frees blocks behind them
 * (pagecache_truncate), so no block is written after it was freed; a
 * write or a store into one of the pages meanwhile dirties it again.
 *
 * flush_file_data does it for every such file with dirty pages, in
 * batches, with a reference on each; what it leaves (files dirtied again
 * and again) the locked sync after it writes.
 *
 * Lock order: the VFS lock, then page locks, taken under it and released
 * without it.
 *
 * Interface: file_writeback (internal.h), flush_file_data (vfs.h).
 */
#include "fs/internal.h"
#include "lib/compiler.h"

#define FLUSH_BATCH	32	/* files per batch */
#define FLUSH_BATCHES	64	/* batches per call at most */

int file_writeback(struct inode *inode)
{
	struct address_space *m = &inode->mapping;
	struct list_head failed = LIST_HEAD_INIT(failed);
	struct page *run[PC_WRITE_RUN_MAX];
	uint32_t map[WRITE_RUN_BLOCKS], limit = 0;
	int err = 0;

	for (;;) {
		unsigned int n;
		int e = 0;

		vfs_lock();
		n = pagecache_dirty_run(m, run);
		if (n)
			e = block_write_prepare(inode, run, n, map, &limit);
		vfs_unlock();
		if (!n)
			break;
		if (!e)
			e = pages_io(inode, run, n, map, limit, BLK_WRITE);
		pagecache_run_written(m, run, n, e, &failed);
		if (e && !err)
			err = e;
	}
	pagecache_failed_back(m, &failed, err);
	return err;
}

/* Under the VFS lock: up to FLUSH_BATCH block-mapped files with dirty
 * pages, on writable filesystems, each with a reference. */
static unsigned int dirty_files(struct inode **batch)
{
	struct super_block *sb;
	struct inode *inode;
	unsigned int n = 0;

	list_for_each_entry(sb, &vfs_supers, mounts) {
		if (sb->flags & SB_RDONLY)
			continue;
		list_for_each_entry(inode, &sb->inodes, sb_link) {
			if (inode->mapping.ops != &block_mapping_ops ||
			    list_empty(&inode->mapping.dirty))
				continue;
			batch[n++] = igrab(inode);
			if (n == FLUSH_BATCH)
				return n;
		}
	}
	return n;
}

int flush_file_data(void)
{
	struct inode *batch[FLUSH_BATCH];
	int err = 0;

	for (int round = 0; round < FLUSH_BATCHES; round++) {
		unsigned int n;

		vfs_lock();
		n = dirty_files(batch);
		vfs_unlock();
		if (!n)
			break;
		for (unsigned int i = 0; i < n; i++) {
			int e = file_writeback(batch[i]);

			if (e && !err)
				err = e;
			iput(batch[i]);
		}
	}
	return err;
}
