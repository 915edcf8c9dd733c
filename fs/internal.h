/*
 * internal.h: what the VFS's own files share and nothing else uses.
 *
 * - super.c: the list of every live superblock (vfs_supers), the fs type
 *   registry, making and killing superblocks;
 * - inode.c: syncing and dropping the inodes of a superblock, busy checks;
 * - names.c: the name cache; dirops.c: the ops that change names;
 * - namei.c: the parent lookup with the trailing-slash flag, a raw child
 *   lookup that does not cross mount points, mount crossing;
 * - perm.c: the create and delete permission rules;
 * - devices.c: device numbers and the file ops of device nodes;
 * - blkdev_file.c: reading and writing block device nodes;
 * - pipe.c: the file ops of pipes and FIFOs, the wait of a FIFO open;
 * - blockmap.c: block mapping and I/O for blockread.c, blockwrite.c and
 *   flushdata.c (write-back without the VFS lock across the disk);
 * - ops.c: truncation;
 * - lock.c: the VFS lock; metawait.c: read-only operations that drop it
 *   while the disk reads their metadata; dirlock.c: the directory's lock
 *   of the calls that change its entries, and their reads before the
 *   VFS lock.
 */
#ifndef FS_INTERNAL_H
#define FS_INTERNAL_H

#include "drivers/block/blkdev.h"
#include "fs/buffer.h"
#include "fs/vfs.h"

struct blkdev;

/*
 * lock.c: one sleeping lock for the VFS and its filesystems' structures,
 * taken at every entry point (vfs_*, iget/iput, generic_file_*), recursive
 * so that those may call each other: ext2 and the VFS were written for one
 * thread, and a task preempted half-way through an update must not let
 * another see it.  It is not held while file data moves to or from the
 * disk or user memory: read(2) and mmap faults (blockread.c), write(2)
 * (blockwrite.c) and write-back by the flusher, sync and fsync
 * (flushdata.c) drop it for that.  Nor is it held while metadata is
 * read by a path lookup, getdents or the block mapping of read(2) and
 * mmap faults (metawait.c), nor while a call that changes a directory
 * reads it and the inode it names (dirlock.c), nor while sync and fsync
 * read the inode table blocks the inodes go into (vfs_sync's rounds,
 * inode_writeback) and write the metadata blocks (the filesystem's
 * commit op, then bdev_writeback), nor while a truncation or an unlink
 * reads the indirect blocks it will free (meta_prefetch_map).  Still
 * read under it: the allocation bitmaps of a group not used yet.
 *
 * The locks, in the order they are taken: a directory's lock (inode_lock:
 * the calls that change its entries, dirlock.c; two by address for a
 * rename), an inode's lock (inode_lock: writes and size changes of that
 * file), an mm's lock (a page fault, a write's copy from user memory
 * among them), the VFS lock, page locks (mm/pagecache.c).  Booted with
 * "lockdep", kernel/lockdep.c checks it.
 */
/* fs/lease.c: an open's break of the leases in its way (0, -EAGAIN with
 * O_NONBLOCK, -ERESTARTSYS; sleeps, VFS lock not held); the last close
 * of f. */
int lease_break(struct file *f);
void lease_file_closed(struct file *f);
/* fs/space.c: lseek's SEEK_DATA (want_data) or SEEK_HOLE from off: the
 * offset found, -ENXIO at or past the end, -EIO. */
int64_t vfs_seek_data(struct file *f, int64_t off, bool want_data);
void vfs_lock(void);
void vfs_unlock(void);
bool vfs_trylock(void);	/* without sleeping: whether it is ours */
/* Whether the caller holds the VFS lock once (not nested), at all. */
bool vfs_lock_outermost(void);
bool vfs_lock_held(void);

/*
 * dirlock.c: for a call that changes the entries of the directory path's
 * last component lies in (from base, NULL: the cwd): that directory,
 * referenced and locked, what the call will read of it cached (without
 * the VFS lock across the disk; with removes, the indirect blocks of a
 * regular file it names with its last link too, which the removal will
 * free); NULL when it cannot be found or the caller holds the VFS lock
 * (the call then runs as before).  The caller
 * takes the VFS lock after, runs the call, drops it, then dir_unlock.
 * dir_lock_parents does the same for a rename's two directories (the
 * second NULL when they are one).
 */
struct inode *dir_lock_parent(struct inode *base, const char *path,
			      bool removes);
void dir_lock_parents(struct inode *old_base, const char *old_path,
		      struct inode *new_base, const char *new_path,
		      struct inode **old_dir, struct inode **new_dir);
void dir_unlock(struct inode *dir);

/*
 * metawait.c: a read-only operation under the VFS lock that drops it
 * while the disk reads a metadata block it needs:
 *
 *	struct meta_wait w = { 0 };
 *	vfs_lock();
 *	do {
 *		meta_arm(&w);
 *		err = op(...);		(no effect when it fails)
 *	} while (meta_retry(&w, &err));
 *	vfs_unlock();
 *
 * meta_arm arms the task (unless the lock is nested or enough rounds
 * were run); meta_retry, if w armed it, disarms it, and on -EMETAWAIT
 * drops the lock, reads the block, takes the lock again and returns true.
 * One that cannot take the lock again at that point (it holds page
 * locks) calls meta_disarm, unwinds, then meta_fetch(w) without the
 * lock: 0 or the read's error.  meta_pause/meta_resume disarm the task around what
 * writes (eviction) and put back what was armed.
 */
void meta_arm(struct meta_wait *w);
bool meta_retry(struct meta_wait *w, int *err);
void meta_disarm(struct meta_wait *w);
int meta_fetch(struct meta_wait *w);
struct meta_wait *meta_pause(void);
void meta_resume(struct meta_wait *w);
/* Read inode's indirect blocks (inode_ops.prefetch_map) that way, the
 * VFS lock not held by the caller (else nothing is done). */
void meta_prefetch_map(struct inode *inode);
/* file.c: 0, -EBADF (opened write-only) or -EISDIR. */
int vfs_read_allowed(const struct file *f);

/* super.c */
extern struct list_head vfs_supers;	/* every superblock, mount order */
const struct fs_type *fs_type_find(const char *name);
const struct fs_type *fs_type_next(const struct fs_type *prev);
struct super_block *sb_create(const struct fs_type *type, const char *dev,
			      unsigned int flags, const char *options);
int sb_destroy(struct super_block *sb);	/* 0 or -EBUSY */

/* mount.c: destroy sb if it was detached (MNT_DETACH) and is unused. */
void sb_release_detached(struct super_block *sb);

/* inode.c */
bool sb_busy(struct super_block *sb);
/* Write back the file data and inodes of sb (VFS lock held): 0 or the
 * first error.  With f, and the VFS lock held once, an inode whose block
 * is not cached is left dirty and the block noted in f (up to
 * SYNC_FETCH_MAX; past that the inodes are left for the next round), for
 * the caller to read without the lock and run it again (vfs_sync). */
/* inode.c: write a dirty inode into its block (taking the VFS lock; the
 * block read without it when not cached): 0 or -Exxx. */
int inode_writeback(struct inode *inode);
#define SYNC_FETCH_MAX	16
struct sync_fetch {
	struct meta_wait w[SYNC_FETCH_MAX];
	unsigned int n;
};
int inodes_sync_sb(struct super_block *sb, struct sync_fetch *f);
void inodes_drop_sb(struct super_block *sb, bool write_back);

/* names.c: the name cache.  names_lookup answers as inode_ops.lookup
 * does; the others tell it what changed (see names.c). */
struct names_stats {
	uint32_t entries, max;
	uint64_t hits, misses, fills, evicted;
};
int names_lookup(struct inode *dir, const char *name, uint32_t *ino);
void names_added(struct inode *dir, const char *name, uint32_t ino);
void names_removed(struct inode *dir, const char *name);
void names_forget(struct inode *dir, const char *name);
void names_drop_dir(struct inode *dir);
void names_stats(struct names_stats *out);
/* Bound the cache to max entries (0: the default, one per 2 KiB of
 * memory), evicting what is over: the old bound. */
uint32_t names_set_max(uint32_t max);
/* Free the n least recently used entries: how many there were. */
size_t names_shrink(size_t n);

/* dirops.c: the inode ops that add and remove names, keeping the name
 * cache right; -EPERM when the filesystem has no such op. */
int dirop_mknod(struct inode *dir, const char *name, uint16_t mode,
		uint32_t rdev, struct inode **out);
int dirop_mkdir(struct inode *dir, const char *name, uint16_t mode,
		struct inode **out);
int dirop_symlink(struct inode *dir, const char *name, const char *target,
		  struct inode **out);
int dirop_link(struct inode *dir, const char *name, struct inode *target);
int dirop_unlink(struct inode *dir, const char *name);
int dirop_rmdir(struct inode *dir, const char *name);
int dirop_rename(struct inode *old_dir, const char *old_name,
		 struct inode *new_dir, const char *new_name,
		 struct inode *moved);

/* namei.c */
int namei_parent(const char *path, struct inode **dir, char *last,
		 bool *trailing);
/* The same with a relative path starting at base (NULL: the cwd). */
int namei_parent_at(struct inode *base, const char *path, struct inode **dir,
		    char *last, bool *trailing);
/* vfs_lookup_at(base, path, flags) for vfs_open: *via gets the open file
 * the last component reached through a magic link (a reference), or NULL. */
int namei_open(struct inode *base, const char *path, unsigned int flags,
	       struct inode **out, struct file **via);
/* The text of a symbolic link (kmalloc'd) or ERR_PTR(-Exxx). */
char *namei_read_link(struct inode *link);
/* Child name of dir, not following a mount or a symlink: 0 or -Exxx. */
int lookup_raw(struct inode *dir, const char *name, struct inode **out);
/* The root of what is mounted on inode, if anything (reference passed). */
struct inode *follow_mounts(struct inode *inode);
/* Type of the last component: a normal name, ".", ".." or "" (root). */
enum last_type { LAST_NORM, LAST_DOT, LAST_DOTDOT, LAST_ROOT };
enum last_type last_type(const char *last);

/* file.c: an open file (flags as open's) on inode, whose reference it
 * takes, named path in /proc; ERR_PTR on failure (the reference is
 * dropped then). */
struct file *vfs_open_inode(struct inode *inode, unsigned int flags,
			    const char *path);

/* perm.c */
int may_create(struct inode *dir);
int may_delete(struct inode *dir, struct inode *victim);

/* devices.c */
uint32_t blkdev_rdev(const struct blkdev *dev);
struct blkdev *blkdev_by_rdev(uint32_t rdev);
const struct file_ops *device_fops(const struct inode *inode);
int chrdev_register(uint32_t rdev, const struct file_ops *fops);
uint32_t anon_dev_alloc(void);

/* blkdev_file.c */
extern const struct file_ops blkdev_file_ops;

/* pipe.c: the ops of every FIFO inode (named or not); after the open,
 * without the VFS lock, wait for the other end: 0 or -ERESTARTSYS. */
extern const struct file_ops pipe_fops;
int fifo_open_wait(struct file *f);
/* For splice (fs/pipe.c): f's pipe, NULL for any other file.  Wait for
 * data: 0, 1 (empty, no writer: the end), -EAGAIN (nonblock),
 * -ERESTARTSYS.  Wait for room: 0, -EPIPE (no reader: SIGPIPE too),
 * -EAGAIN, -ERESTARTSYS.  Move up to len bytes out of from (taking them
 * with consume) and into to, through buf (len bytes); either may be NULL
 * (buf is then the source or the destination); the bytes moved. */
struct pipe *pipe_of(struct file *f);
int pipe_wait_data(struct pipe *p, bool nonblock);
int pipe_wait_room(struct pipe *p, bool nonblock);
size_t pipe_move(struct pipe *from, struct pipe *to, void *buf, size_t len,
		 bool consume);

/* path.c: what vfs_open and vfs_close tell vfs_file_path. */
void path_record(struct file *f, struct inode *base, const char *path);
/* f was opened through a magic link to via: name it as via is named. */
void path_copy(struct file *f, const struct file *via);
void path_forget(struct file *f);

/* blockread.c: page index of f, read as read(2) reads it (the VFS lock
 * not held across the disk; the caller must not hold it), with a
 * reference; ERR_PTR(-EIO) past the end of the file. */
struct page *file_read_page(struct file *f, uint32_t index);

/* blockmap.c: allocate the blocks under bytes [pos, pos + n) of inode
 * (VFS lock held): 0 or -Exxx. */
int alloc_blocks(struct inode *inode, uint64_t pos, size_t n);
/* blockmap.c, for blockread.c: the pages inode's size covers (the last
 * one partly); the disk blocks of npages pages of inode
 * from index on (map[i]: the i-th block's, 0 for a hole); read or write
 * them, holes zeroed on a read, blocks at or past limit skipped, each run
 * of consecutive blocks in one request.  0 or -Exxx. */
uint32_t size_pages(const struct inode *inode);
int map_blocks(struct inode *inode, uint32_t index, unsigned int npages,
	       uint32_t *map);
int pages_io(struct inode *inode, struct page **pgs, unsigned int npages,
	     const uint32_t *map, uint32_t limit, enum blk_op op);
/* blockmap.c: under the VFS lock, the blocks of a write-back run of n
 * consecutive pages (map: up to WRITE_RUN_BLOCKS), their bytes past the
 * end of the file zeroed, and in *limit the blocks from the first page's
 * on that lie inside the file, for pages_io.  0 or -Exxx. */
#define WRITE_RUN_BLOCKS	(PC_WRITE_RUN_MAX * (PAGE_SIZE / SECTOR_SIZE))
int block_write_prepare(struct inode *inode, struct page **pgs,
			unsigned int n, uint32_t *map, uint32_t *limit);
/* flushdata.c: write back the dirty pages of inode (block_mapping_ops;
 * a reference held, the VFS lock not), without the VFS lock while the
 * disk works: 0 or the first error. */
int file_writeback(struct inode *inode);

/* ops.c: change inode's size, under the VFS lock and the inode's lock
 * (do_truncate), or taking both (vfs_truncate_inode): 0 or -Exxx. */
int do_truncate(struct inode *inode, uint64_t size);
int vfs_truncate_inode(struct inode *inode, uint64_t size);

/* fs/anon.c: a nameless inode of mode (no link, on a private ramfs), or
 * NULL; whether an inode is one. */
struct inode *anon_inode_new(uint16_t mode);
bool anon_inode_is(const struct inode *inode);

/* fs/flock.c: drop the flock(2) lock of f, closed for the last time. */
void flock_release(struct file *f);

#endif
