/*
 * vfs.h: the virtual filesystem: superblocks, inodes, open files, path
 * lookup and mounts, with const ops tables for filesystems, inodes and
 * files.
 *
 * Objects:
 * - struct fs_type: a filesystem driver ("ext2", "devtmpfs", "proc"),
 *   registered with vfs_register_fs(); its mount() fills a super_block.
 * - struct super_block: one mounted filesystem; sb->root is its root inode.
 * - struct inode: one file.  The filesystem allocates it (super_ops
 *   alloc_inode, so it can embed it in a bigger struct) and fills it in
 *   read_inode.  Inodes are cached by (sb, ino) and counted: iget/iput.
 *   When the last reference goes and nlink is 0, evict_inode frees it on
 *   disk.  A regular file's data lives in the page cache under
 *   inode->mapping.
 * - struct file: an open file: an inode, an offset, open flags.
 *
 * A filesystem makes a new inode with new_inode(sb) (or its alloc_inode
 * directly), fills it in and calls inode_hash_insert().  The VFS sets
 * inode->mapping up with no ops and the inode as host; a filesystem whose
 * files live in the page cache sets mapping.ops (e.g. block_mapping_ops)
 * in read_inode and when it creates a file.  Device nodes with no fops get
 * the driver's, found by rdev (vfs_open).
 *
 * Names passed to inode ops are single, NUL-terminated path components
 * (no '/', not "." or "..", at most NAME_MAX bytes): the VFS checks that.
 * The one exception is lookup(), which is also asked for ".." (the VFS
 * keeps no parent pointers): it returns the parent directory's inode
 * number, and for the filesystem's root directory its own.
 * Inode ops that create return the new inode with a reference in *out.
 * All functions return 0 or -Exxx (pointers: NULL or ERR_PTR).
 *
 * Buffers given to file ops are kernel addresses.
 *
 * Interface (fs/vfs*.c): vfs_register_fs, vfs_mount, vfs_umount,
 * vfs_lookup, vfs_open, vfs_close, file_ref_get, file_ref_put, vfs_read,
 * vfs_write, vfs_pread, vfs_pwrite, vfs_lseek, vfs_ioctl, vfs_readdir,
 * vfs_mkdir, vfs_mknod, vfs_unlink, vfs_rmdir, vfs_link, vfs_symlink,
 * vfs_readlink, vfs_rename, vfs_truncate, vfs_stat,
 * vfs_sync, vfs_statfs, vfs_setattr, vfs_dir_path, vfs_getcwd,
 * vfs_lookup_at, vfs_link_at, vfs_rename_at, iget, iput, igrab,
 * new_inode, inode_hash_insert,
 * inode_mark_dirty, inode_permission, vfs_kern_mount, vfs_kern_umount,
 * vfs_set_root, vfs_root, vfs_cwd, vfs_mounts_show, inode_init_owner,
 * generic_file_read, generic_file_write, generic_file_fsync,
 * generic_file_map_page, generic_file_page_mkwrite, block_mapping_ops (page cache ops for filesystems on a block device
 * that implement inode_ops.get_block).
 */
#ifndef FS_VFS_H
#define FS_VFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "fs/stat.h"
#include "kernel/cred.h"
#include "kernel/mutex.h"
#include "lib/hash.h"
#include "lib/list.h"
#include "mm/pagecache.h"

#define NAME_MAX	255
#define PATH_MAX	4096
#define SYMLOOP_MAX	40	/* symbolic links followed in one lookup */

struct blkdev;
struct file;
struct inode;
struct pipe;
struct poll_table;
struct super_block;

typedef long ssize_t;

struct timespec64 {
	int64_t tv_sec;
	long tv_nsec;
};

/* ---- filesystems and superblocks ------------------------------------- */

#define SB_RDONLY	0x1	/* as MS_RDONLY */
#define SB_NOSUID	0x2	/* MS_NOSUID: set-id bits ignored by exec */
#define SB_NODEV	0x4	/* MS_NODEV: device nodes cannot be opened */
#define SB_NOEXEC	0x8	/* MS_NOEXEC: nothing can be executed */

struct kstatfs {
	uint32_t type;		/* magic, e.g. 0xEF53 */
	uint32_t block_size;
	uint64_t blocks, blocks_free, blocks_avail;
	uint64_t files, files_free;
	uint32_t name_max;
	uint32_t flags;		/* SB_RDONLY, SB_NOSUID, SB_NODEV, SB_NOEXEC */
	uint32_t fsid[2];	/* ext2: from its UUID, as Linux; else 0 */
};

struct super_ops {
	struct inode *(*alloc_inode)(struct super_block *sb);	/* zeroed */
	void (*destroy_inode)(struct inode *inode);
	/* Fill inode (inode->ino set) from the disk. */
	int (*read_inode)(struct inode *inode);
	/* Write the inode's fields back (to the cache). */
	int (*write_inode)(struct inode *inode);
	/* Last reference gone with nlink 0: free its blocks and the inode. */
	void (*evict_inode)(struct inode *inode);
	/* Write back superblock and metadata (not file data). */
	int (*sync)(struct super_block *sb);
	/* Optional: what sync writes, put into the device's buffers
	 * (fs/buffer.h) only; sync(2) and fsync(2) call it under the VFS
	 * lock, then write sb->dev's dirty blocks without the lock. */
	int (*commit)(struct super_block *sb);
	void (*put_super)(struct super_block *sb);
	int (*statfs)(struct super_block *sb, struct kstatfs *st);
	/* MS_REMOUNT: switch between read-only and read-write (flags: the
	 * new SB_* flags; sb->flags still the old ones).  NULL: the VFS
	 * just changes sb->flags. */
	int (*remount)(struct super_block *sb, unsigned int flags);
	/* Last reference gone: true to free the inode now (procfs) rather
	 * than keep it cached while it has links. */
	bool (*drop_inode)(struct inode *inode);
};

struct super_block {
	const struct super_ops *ops;
	const struct fs_type *type;
	struct blkdev *dev;		/* NULL for devfs and procfs */
	uint32_t dev_id;		/* st_dev: major << 8 | minor */
	unsigned int flags;		/* SB_* */
	uint32_t block_size;
	uint32_t magic;
	uint64_t max_bytes;		/* largest file size; 0: no limit */
	struct inode *root;
	void *fs_info;			/* the filesystem's own */
	struct list_head inodes;	/* every cached inode of this sb */
	struct inode *covered;		/* the directory it is mounted on */
	struct list_head mounts;	/* in the mount table */
	char dev_name[32];		/* as given to mount */
	char mount_path[128];		/* for /proc/mounts */
	bool detached;			/* umount MNT_DETACH: gone from the
					 * tree, destroyed once unused */
	bool expiry_mark;		/* umount MNT_EXPIRE asked once */
};

struct fs_type {
	const char *name;
	bool needs_dev;			/* mounts a block device */
	/* Names change only through the inode ops, so the VFS may cache
	 * lookups (fs/names.c); not for procfs, whose names come and go. */
	bool cache_names;
	/* Fill sb (dev, flags set) and sb->root: 0 or -Exxx. */
	int (*mount)(struct super_block *sb, const char *options);
	struct fs_type *next;
};

int vfs_register_fs(struct fs_type *type);
/* Whether the type called name exists and mounts a block device. */
bool vfs_fs_type_needs_dev(const char *name);

/* ---- inodes ----------------------------------------------------------- */

/* Called for each directory entry by readdir and iterate; returns false
 * to stop (buffer full). */
typedef bool (*dir_emit_t)(void *ctx, const char *name, size_t len,
			   uint32_t ino, unsigned int dtype);

/* A directory in the name cache: names it lacks may be there (partial),
 * are known absent (complete), are being read (filling), or it has too
 * many to read at once (too big). */
enum names_state { NAMES_PARTIAL, NAMES_COMPLETE, NAMES_FILLING,
		   NAMES_TOO_BIG };

struct iattr {
	unsigned int valid;		/* ATTR_* */
	uint16_t mode;
	uint32_t uid, gid;
	uint64_t size;
	struct timespec64 atime, mtime;
};
#define ATTR_MODE	0x01
#define ATTR_UID	0x02
#define ATTR_GID	0x04
#define ATTR_SIZE	0x08
#define ATTR_ATIME	0x10
#define ATTR_MTIME	0x20
/* For vfs_setattr only (filesystems never see them): clear S_ISUID, or
 * S_ISGID, when set (chown; they become ATTR_MODE); the times are given
 * explicitly (needs ownership); both times are now (needs ownership or
 * write permission). */
#define ATTR_KILL_SUID	0x40
#define ATTR_KILL_SGID	0x80
#define ATTR_TIMES_SET	0x100
#define ATTR_TOUCH	0x200

/*
 * The ops that add a name (mknod, mkdir, symlink, link, and rename when
 * new_name is absent) are called only after the VFS found the name
 * absent, under the VFS lock that keeps it so: as Linux's VFS, which
 * hands them a negative dentry, it need not be searched for again.
 */
struct inode_ops {
	/* Inode number of name in dir, or -ENOENT. */
	int (*lookup)(struct inode *dir, const char *name, uint32_t *ino);
	/* Every name of dir ("." and ".." too) through emit, until it
	 * returns false: 0 or -Exxx.  Optional: with it the name cache reads
	 * a directory's names at once. */
	int (*iterate)(struct inode *dir, dir_emit_t emit, void *ctx);
	/* Regular file, device node, fifo or socket (by mode). */
	int (*mknod)(struct inode *dir, const char *name, uint16_t mode,
		     uint32_t rdev, struct inode **out);
	int (*mkdir)(struct inode *dir, const char *name, uint16_t mode,
		     struct inode **out);
	int (*symlink)(struct inode *dir, const char *name, const char *target,
		       struct inode **out);
	int (*link)(struct inode *dir, const char *name, struct inode *target);
	/* A regular file of mode in dir's filesystem with no name and no
	 * link (O_TMPFILE, memfd_create), one reference: 0 or -Exxx. */
	int (*tmpfile)(struct inode *dir, uint16_t mode, struct inode **out);
	int (*unlink)(struct inode *dir, const char *name);
	int (*rmdir)(struct inode *dir, const char *name);	/* -ENOTEMPTY */
	/* Replaces an existing new_name (the VFS checked the types). */
	int (*rename)(struct inode *old_dir, const char *old_name,
		      struct inode *new_dir, const char *new_name);
	/* Copy the target into buf (not NUL-terminated); returns its length. */
	ssize_t (*readlink)(struct inode *inode, char *buf, size_t len);
	/* A "magic" link (procfs's fd/N, exe, cwd, root): following it
	 * reaches *target (a reference) itself, not what its text names;
	 * *file gets the open file it names, if any (a reference), or NULL.
	 * 0 or -Exxx.  readlink still gives the text. */
	int (*get_target)(struct inode *link, struct inode **target,
			  struct file **file);
	/* The filesystem's own access rule, asked instead of the mode bits'
	 * (generic_permission, which it may call): 0 or -EACCES (mask:
	 * MAY_*).  procfs: a process's own fd/, /proc/sys/. */
	int (*permission)(struct inode *inode, int mask);
	/* Change attributes; ATTR_SIZE truncates or extends, freeing blocks
	 * (the VFS has already zeroed the tail of the new last page and
	 * dropped the cached pages past it). */
	int (*setattr)(struct inode *inode, const struct iattr *attr);
	/* Disk block holding file block fblock (0: a hole); with create,
	 * allocate it (zeroed) if missing.  For block_mapping_ops. */
	int (*get_block)(struct inode *inode, uint32_t fblock, bool create,
			 uint32_t *dblock);
	/* Optional: read the blocks that map the file's blocks (indirect
	 * blocks) into the cache, changing nothing; run armed
	 * (fs/metawait.c) before a truncation or an unlink frees them. */
	int (*prefetch_map)(struct inode *inode);
};

struct inode {
	struct super_block *sb;
	uint32_t ino;
	uint16_t mode;			/* S_IF* | permissions */
	uint32_t nlink;
	uint32_t uid, gid;
	uint64_t size;
	uint64_t blocks;		/* 512-byte units allocated */
	uint32_t rdev;			/* device nodes */
	struct timespec64 atime, mtime, ctime;
	const struct inode_ops *iops;
	const struct file_ops *fops;
	struct address_space mapping;	/* file data in the page cache */
	void *private;			/* devfs, procfs: the node's data */

	/* Owned by the VFS. */
	uint32_t refcount;
	int32_t writecount;		/* > 0: writers; < 0: being run */
	bool dirty;
	struct hlist_node hash;		/* inode cache, by (sb, ino) */
	struct list_head sb_link;	/* sb->inodes */
	struct super_block *mounted;	/* a filesystem mounted here */
	struct pipe *pipe;		/* a FIFO's, while it is open */
	/* Made with no link by O_TMPFILE without O_EXCL: linkat may give it
	 * a name (other inodes without links may not: -ENOENT). */
	bool linkable;
	/* Regular files: read-only opens (the writers are writecount's),
	 * and the leases on it (fs/lease.c). */
	uint32_t readers;
	struct lease *leases;
	/* Directories: their entries in the name cache (fs/names.c). */
	struct list_head names;
	uint32_t nr_names;
	enum names_state names_state;
	/* The inode's sleeping lock (inode_lock): held by a write for its
	 * whole length and by a change of size, so that writes, O_APPEND's
	 * end and truncation do not interleave while the write copies from
	 * user memory without the VFS lock.  Taken before the VFS lock,
	 * never while holding it. */
	struct mutex lock;
};

static inline void inode_lock(struct inode *inode)
{
	mutex_lock(&inode->lock);
}

static inline void inode_unlock(struct inode *inode)
{
	mutex_unlock(&inode->lock);
}

/* Cached inode ino of sb, read if needed; ERR_PTR on failure. */
/* Opens of a regular file for writing (none while it is being run). */
static inline uint32_t inode_writers(const struct inode *inode)
{
	return inode->writecount > 0 ? (uint32_t)inode->writecount : 0;
}

struct inode *iget(struct super_block *sb, uint32_t ino);
struct inode *igrab(struct inode *inode);	/* one more reference */
void iput(struct inode *inode);
void inode_mark_dirty(struct inode *inode);
/* A fresh inode of sb (alloc_inode, VFS fields set up, refcount 1, not
 * yet hashed): NULL when out of memory. */
struct inode *new_inode(struct super_block *sb);
/* Insert a new inode (from a create op; sb and ino set) into the cache:
 * refcount 1. */
void inode_hash_insert(struct inode *inode);
/* Owner of a new inode as Linux sets it: uid and gid from the caller's
 * credentials, gid (and S_ISGID for a directory) from a set-group-ID dir;
 * mode is stored as given, except that a new file's S_ISGID is dropped
 * there when the caller is neither in dir's group nor root.  Every
 * filesystem's create path uses it. */
void inode_init_owner(struct inode *inode, struct inode *dir, uint16_t mode);
/* For setattr ops: copy mode, owner and times (not the size) into inode. */
void setattr_copy(struct inode *inode, const struct iattr *attr);
/* ATTR_KILL_SGID when a change of inode (chown, write) by the caller
 * must clear its S_ISGID, else 0; with ATTR_KILL_SUID as well, what a
 * write or truncate by the caller must clear (0 for root and for
 * anything but a regular file). */
unsigned int setattr_should_drop_sgid(const struct inode *inode);
unsigned int setattr_should_drop_suidgid(const struct inode *inode);
/* Turn attr's ATTR_KILL_* bits into ATTR_MODE, for the bits inode has. */
void setattr_kill_privs(const struct inode *inode, struct iattr *attr);
/* Clear S_ISUID/S_ISGID before the caller writes to inode, as
 * setattr_should_drop_suidgid says: 0 or -Exxx.  Takes the VFS lock. */
int file_remove_privs(struct inode *inode);
struct timespec64 vfs_now(void);

/* May the current user access inode as mask (MAY_*)? 0 or -EACCES. */
#define MAY_EXEC	1
#define MAY_WRITE	2
#define MAY_READ	4
int inode_permission(struct inode *inode, int mask);
int generic_permission(const struct inode *inode, int mask);

/* ---- open files ------------------------------------------------------- */

#define FIONREAD	0x541B	/* ioctl: bytes that a read can take */

struct file_ops {
	int (*open)(struct inode *inode, struct file *f);
	int (*release)(struct inode *inode, struct file *f);
	ssize_t (*read)(struct file *f, void *buf, size_t len, uint64_t *pos);
	ssize_t (*write)(struct file *f, const void *buf, size_t len,
			 uint64_t *pos);
	/* Optional: read with ubuf in user memory, copied straight from the
	 * file's pages with the fault-safe copy and without the VFS lock
	 * held (a fault may need it): read(2) then needs no bounce buffer.
	 * Bytes read, or -Exxx (-EFAULT when none could be copied). */
	ssize_t (*read_user)(struct file *f, void *ubuf, size_t len,
			     uint64_t *pos);
	/* Optional: the same for write(2), from user memory, called with
	 * vfs_pwrite's checks done but O_APPEND and the size limits left to
	 * it (under its own lock). */
	ssize_t (*write_user)(struct file *f, const void *ubuf, size_t len,
			      uint64_t *pos);
	/* Emit entries from f->pos on, advancing f->pos past each emitted. */
	int (*readdir)(struct file *f, dir_emit_t emit, void *ctx);
	int (*ioctl)(struct file *f, unsigned int cmd, unsigned long arg);
	int (*fsync)(struct file *f);
	/*
	 * mmap: the page holding page index of the file, up to date, with
	 * one reference for the caller (a page-cache page, or one the
	 * filesystem keeps itself and marks PAGE_FLAG_FILE); ERR_PTR(-EIO)
	 * at or past the end of the file.  NULL op: the file cannot be
	 * mapped (-ENODEV).
	 */
	struct page *(*map_page)(struct file *f, uint32_t index);
	/* Optional, for mapping a fault's neighbours (fault-around): the
	 * page of index if it is at hand, inside the file and up to date,
	 * with a reference; otherwise NULL.  Never reads, sleeps or takes
	 * the VFS lock. */
	struct page *(*peek_page)(struct file *f, uint32_t index);
	/* Optional: a shared mapping is about to store into page index:
	 * give it its disk blocks.  0, -ENOSPC, -EIO (past the end). */
	int (*page_mkwrite)(struct file *f, uint32_t index);
	/* The POLL* events f is ready for, after poll_wait() on the queues
	 * that announce changes (fs/poll.h); must not sleep.  NULL: always
	 * readable and writable. */
	unsigned int (*poll)(struct file *f, struct poll_table *pt);
	/* Optional: lseek's own rule (noop_llseek: the offset stays where
	 * it is and is returned, as Linux's devices that ignore it); NULL:
	 * the VFS's, for every file. */
	int64_t (*llseek)(struct file *f, int64_t off, int whence);
};

int64_t noop_llseek(struct file *f, int64_t off, int whence);

/* struct file's fmode: what the open file holds on its inode. */
#define FMODE_WRITER		0x1	/* counts in writecount */
#define FMODE_DENY_WRITE	0x2	/* a program being run: no writers */

struct file {
	struct inode *inode;
	const struct file_ops *fops;
	unsigned int flags;		/* O_* */
	unsigned int fmode;		/* FMODE_*, below */
	uint64_t pos;
	uint32_t refcount;		/* file_ref_get, file_ref_put only */
	void *private;
	uint32_t version;		/* pipes: see fs/pipe.c */
	/* How vfs_open found it, for vfs_file_path (fs/path.c): the path
	 * as given (kmalloc) and, for a relative one, the directory it
	 * started from (a reference).  NULL for pipes. */
	char *path;
	struct inode *path_base;
	struct epitem *epoll_items;	/* epolls watching it (fs/epoll.c) */
	bool counted_reader;		/* in inode->readers */
	/* fcntl F_SETOWN/F_SETOWN_EX: who SIGIO would go to (F_OWNER_*
	 * and a tid, pid or process group; 0: nobody). */
	int owner_type;
	int owner_pid;
};

#define F_OWNER_TID	0
#define F_OWNER_PID	1
#define F_OWNER_PGRP	2

/*
 * A file's references: its descriptor slots (shared by dup and by
 * clone's copies of the table), VMAs mapping it, poll entries and the
 * references fd_get lends a call.  Threads of one process change them
 * without a common lock, so every change is one atomic operation, and
 * through these two only.  file_ref_get takes one more (the caller holds
 * one already) and returns f; file_ref_put drops one and returns whether
 * it was the last, whose owner then releases the file: only vfs_close
 * does, everyone else gives references back with vfs_close.
 */
static inline struct file *file_ref_get(struct file *f)
{
	__atomic_add_fetch(&f->refcount, 1, __ATOMIC_RELAXED);
	return f;
}

static inline bool file_ref_put(struct file *f)
{
	return __atomic_sub_fetch(&f->refcount, 1, __ATOMIC_ACQ_REL) == 0;
}

/* ---- the calls -------------------------------------------------------- */

/* The credentials of kernel threads (root); processes have their own
 * (kernel/cred.h: current_cred). */
extern struct cred vfs_cred;

#define LOOKUP_FOLLOW	0x1	/* follow a symbolic link in the last part */
#define LOOKUP_PARENT	0x2	/* stop at the parent of the last part */

/*
 * The inode path names, with a reference: 0 or -Exxx.  Relative paths
 * start at the current directory (vfs_cwd()).
 */
int vfs_lookup(const char *path, unsigned int flags, struct inode **out);
/* The same with a relative path starting at base (NULL: the cwd). */
int vfs_lookup_at(struct inode *base, const char *path, unsigned int flags,
		  struct inode **out);
/* The parent directory (with a reference) and the last component of path
 * (last has room for NAME_MAX + 1 bytes; "" for "/", may be "." or ".."). */
int vfs_lookup_parent(const char *path, struct inode **dir, char *last);

int vfs_mount(const char *dev, const char *path, const char *fstype,
	      unsigned int flags, const char *options);
int vfs_umount(const char *path);
/* umount2's flags (Linux's values). */
#define MNT_FORCE		0x1
#define MNT_DETACH		0x2
#define MNT_EXPIRE		0x4
#define UMOUNT_NOFOLLOW		0x8
/* Unmount what is mounted at path: 0, -EINVAL (not a mount point),
 * -EBUSY (in use, or the root), -EAGAIN (MNT_EXPIRE's first call);
 * MNT_DETACH takes it out of the tree now and frees it once unused. */
int vfs_umount2(const char *path, unsigned int flags);
/* Change the SB_* flags of the filesystem mounted at path (its root):
 * 0, -EINVAL (not a mount point), -EROFS, -Exxx from the filesystem. */
int vfs_remount(const char *path, unsigned int flags);
/* The block device node path names: its name ("/dev/hda1") into name
 * (32 bytes): 0, -ENOTBLK (not a block device), -ENXIO, lookup errors. */
int vfs_blkdev_name(const char *path, char *name);
/* A filesystem mounted nowhere (for tests and internal users):
 * ERR_PTR on failure.  vfs_kern_umount: 0 or -EBUSY. */
struct super_block *vfs_kern_mount(const char *fstype, const char *dev,
				   unsigned int flags, const char *options);
int vfs_kern_umount(struct super_block *sb);
/*
 * The root and the working directory of path lookup: the current
 * process's when a process is running, else the kernel's pair.  vfs_set_root()
 * makes dir (whose reference it takes) the root and the current
 * directory and returns the previous root (whose reference the caller
 * now owns; NULL if there was none).
 */
struct inode *vfs_set_root(struct inode *dir);
struct inode *vfs_root(void);			/* no reference taken */
struct inode *vfs_cwd(void);			/* no reference taken */
void vfs_dir_replace(struct inode **slot, struct inode *dir);
struct inode *vfs_dir_grab(struct inode *const *slot);
/* The mount table in /proc/mounts format, as snprintf: returns the length
 * the whole table needs (>= size: truncated). */
size_t vfs_mounts_show(char *buf, size_t size);
/* Mount the root filesystem from dev_name ("/dev/ram0"): 0 or -Exxx. */
int vfs_mount_root(const char *dev_name, const char *fstype, unsigned int flags);

/* An open file, or ERR_PTR(-Exxx).  Opening a FIFO without O_NONBLOCK
 * waits (without the VFS lock) for the other end: -ERESTARTSYS when a
 * signal comes first; O_WRONLY | O_NONBLOCK with no reader: -ENXIO. */
struct file *vfs_open(const char *path, unsigned int flags, uint16_t mode);
/* The same with a relative path starting at base (NULL: the cwd). */
struct file *vfs_open_at(struct inode *base, const char *path,
			 unsigned int flags, uint16_t mode);
int vfs_close(struct file *f);
/* exec: no one may write f's file while f is open (Linux's
 * deny_write_access): 0, or -ETXTBSY when it is open for writing. */
int file_deny_write(struct file *f);
ssize_t vfs_read(struct file *f, void *buf, size_t len);
ssize_t vfs_write(struct file *f, const void *buf, size_t len);
/* pread and pwrite: at *pos, which advances; f->pos is left alone. */
ssize_t vfs_pread(struct file *f, void *buf, size_t len, uint64_t *pos);
ssize_t vfs_pwrite(struct file *f, const void *buf, size_t len,
		   uint64_t *pos);
int64_t vfs_lseek(struct file *f, int64_t off, int whence);
/* fs/rw.c: the same from and to user memory (-EFAULT), through a bounce
 * buffer: at *pos (pos NULL: the file's offset); pread and pwrite at pos
 * (-EINVAL when negative, -ESPIPE unless a regular file or a block
 * device); readv and writev over cnt user iovecs. */
ssize_t vfs_read_user(struct file *f, void *ubuf, size_t len, uint64_t *pos);
ssize_t vfs_write_user(struct file *f, const void *ubuf, size_t len,
		       uint64_t *pos);
ssize_t vfs_pread_user(struct file *f, void *ubuf, size_t len, uint64_t pos);
ssize_t vfs_pwrite_user(struct file *f, const void *ubuf, size_t len,
			uint64_t pos);
ssize_t vfs_readv_user(struct file *f, const void *uiov, int cnt);
ssize_t vfs_writev_user(struct file *f, const void *uiov, int cnt);
/* fs/splice.c: splice (offsets NULL: the files' own), tee, vmsplice
 * (iov: n user segments, already checked): bytes moved or -Exxx. */
struct kiovec {
	uintptr_t base;
	size_t len;
};
bool vfs_is_pipe(struct file *f);	/* a pipe's or a FIFO's end */
ssize_t vfs_splice(struct file *in, int64_t *off_in, struct file *out,
		   int64_t *off_out, size_t len, unsigned int flags);
ssize_t vfs_tee(struct file *in, struct file *out, size_t len,
		unsigned int flags);
ssize_t vfs_vmsplice(struct file *f, const struct kiovec *iov,
		     unsigned int n, unsigned int flags);
/* fs/lease.c: F_SETLEASE (F_RDLCK, F_WRLCK, F_UNLCK: 0, -EAGAIN,
 * -EACCES, -EINVAL), F_GETLEASE (the type f holds, as the holder sees
 * it while it is being broken). */
int vfs_setlease(struct file *f, int type);
int vfs_getlease(struct file *f);
/* fallocate (fs/space.c): Linux's checks, then -EOPNOTSUPP. */
int vfs_fallocate(struct file *f, uint32_t mode, int64_t offset,
		  int64_t len);
int vfs_readdir(struct file *f, dir_emit_t emit, void *ctx);
int vfs_fsync(struct file *f);
/* ioctl cmd with its argument arg (a user address for most commands):
 * FIONREAD on a regular file is answered here, the rest by the file's
 * ops (-ENOTTY without an ioctl op).  0, a value, or -Exxx. */
int vfs_ioctl(struct file *f, uint32_t cmd, uint32_t arg);
/* fs/pipe.c: a new pipe, files[0] to read, files[1] to write. */
int vfs_pipe(struct file *files[2], unsigned int flags);

/* The namespace calls (fs/ops.c, fs/rename.c).  The *_at forms start a
 * relative path at base (an *at call's dirfd; NULL: the cwd), the others
 * at the cwd. */
int vfs_mkdir(const char *path, uint16_t mode);
int vfs_mkdir_at(struct inode *base, const char *path, uint16_t mode);
int vfs_mknod(const char *path, uint16_t mode, uint32_t rdev);
int vfs_mknod_at(struct inode *base, const char *path, uint16_t mode,
		 uint32_t rdev);
int vfs_unlink(const char *path);
int vfs_unlink_at(struct inode *base, const char *path);
int vfs_rmdir(const char *path);
int vfs_rmdir_at(struct inode *base, const char *path);
int vfs_link(const char *old_path, const char *new_path);
/* Relative paths start at old_base and new_base (NULL: the cwd); flags
 * LOOKUP_FOLLOW follows a symbolic link old_path names. */
int vfs_link_at(struct inode *old_base, const char *old_path,
		struct inode *new_base, const char *new_path,
		unsigned int flags);
int vfs_symlink(const char *target, const char *path);
int vfs_symlink_at(const char *target, struct inode *base, const char *path);
ssize_t vfs_readlink(const char *path, char *buf, size_t len);
ssize_t vfs_readlink_at(struct inode *base, const char *path, char *buf,
			size_t len);
int vfs_rename(const char *old_path, const char *new_path);
int vfs_rename_at(struct inode *old_base, const char *old_path,
		  struct inode *new_base, const char *new_path);
int vfs_truncate(const char *path, uint64_t size);
int vfs_stat(const char *path, bool follow, struct kstat *st);
int vfs_stat_at(struct inode *base, const char *path, bool follow,
		struct kstat *st);
void vfs_inode_stat(const struct inode *inode, struct kstat *st);
int vfs_ftruncate(struct file *f, uint64_t size);
int vfs_statfs(const char *path, struct kstatfs *st);
int vfs_fstatfs(struct file *f, struct kstatfs *st);
/* fs/attr.c: change inode's attributes (the owner or root only): 0,
 * -EPERM, -EROFS.  The path of directory dir (of the cwd) into buf: its
 * length with the NUL, or -ERANGE, -ENOENT (removed), -ENAMETOOLONG. */
int vfs_setattr(struct inode *inode, const struct iattr *attr);
long vfs_dir_path(struct inode *dir, char *buf, size_t size);
long vfs_getcwd(char *buf, size_t size);
/* fs/pipe.c: fcntl's F_GETPIPE_SZ (set false) and F_SETPIPE_SZ: the
 * pipe's capacity in bytes, or -EBADF (f is no pipe), -EINVAL, -EPERM,
 * -EBUSY, -ENOMEM. */
long pipe_size_ctl(struct file *f, bool set, uint32_t size);

/* fs/anon.c: an open file (refcount 1) on a new nameless inode (mode
 * 0600, no type) with fops, private and O_* flags, for a kernel object
 * handed out as a descriptor; NULL when out of memory.  name is what its
 * /proc/<pid>/fd link shows ("anon_inode:[name]"; a string constant). */
struct file *anon_file(const char *name, const struct file_ops *fops,
		       void *private, unsigned int flags);
/* The name given to anon_file for inode, NULL for any other inode. */
const char *anon_file_name(const struct inode *inode);
/* fs/memfd.c: memfd_create's file named name (at most MEMFD_NAME_MAX
 * bytes), open O_RDWR: a file or ERR_PTR(-ENOMEM).  memfd_seals:
 * fcntl's F_GET_SEALS (add false) and F_ADD_SEALS for f: memfds made
 * without MFD_ALLOW_SEALING (the only kind) are sealed with F_SEAL_SEAL;
 * other files are -EINVAL. */
#define MEMFD_NAME_MAX	249
#define F_SEAL_SEAL	0x0001
struct file *memfd_file(const char *name);
long memfd_seals(struct file *f, bool add, uint32_t seals);
/* fs/flock.c: flock(2) on open file f: op LOCK_SH, LOCK_EX or LOCK_UN,
 * with LOCK_NB: 0, -EINVAL, -EAGAIN (EWOULDBLOCK: LOCK_NB), -ERESTARTSYS (a
 * signal while waiting), -ENOMEM. */
#define LOCK_SH		1
#define LOCK_EX		2
#define LOCK_NB		4
#define LOCK_UN		8
int vfs_flock(struct file *f, int op);

/* fs/posixlock.c: byte-range record locks (fcntl's F_SETLK family and
 * the F_OFD_* ones).  owner: the descriptor table for POSIX locks (pid:
 * its process's, shown by F_GETLK), the struct file for OFD locks (pid
 * -1).  end is inclusive; PLOCK_EOF: to the end of the file. */
#define PLOCK_READ	0
#define PLOCK_WRITE	1
#define PLOCK_UNLOCK	2
#define PLOCK_EOF	UINT64_MAX
struct vfs_plock {
	int type;			/* PLOCK_* */
	uint64_t start, end;
};
/* Set or remove a lock: 0, -EAGAIN (a conflict, !wait), -EDEADLK,
 * -ERESTARTSYS (a signal while waiting), -ENOLCK (no memory). */
int vfs_plock_set(struct file *f, const void *owner, int pid,
		  const struct vfs_plock *lk, bool wait);
/* The first lock of another owner that would block lk, into lk and *pid;
 * lk->type PLOCK_UNLOCK when there is none.  0. */
int vfs_plock_get(struct file *f, const void *owner, struct vfs_plock *lk,
		  int *pid);
/* A descriptor of f closed by owner (a table): its POSIX locks on f's
 * inode go.  vfs_plock_file_closed: f's last close (its OFD locks go). */
void vfs_plock_close(struct file *f, const void *owner);
void vfs_plock_file_closed(struct file *f);
/* A descriptor table freed: every POSIX lock it still owns goes. */
void vfs_plock_owner_gone(const void *owner);

/* fs/eventfd.c: a new eventfd (counter initval; EFD_SEMAPHORE reads;
 * O_NONBLOCK), or NULL when out of memory. */
struct file *eventfd_file(uint32_t initval, bool semaphore, bool nonblock);

/* fs/timerfd.c: a new timerfd on clockid (NULL and *err -EINVAL or
 * -ENOMEM); arm it (value in ns from now, or abstime a time on its
 * clock; 0 disarms), with the old setting returned; read its setting.
 * -EINVAL for a file that is not a timerfd. */
struct file *timerfd_file(int clockid, bool nonblock, int *err);
int timerfd_set(struct file *f, bool abstime, uint64_t value,
		uint64_t interval, uint64_t *old_value, uint64_t *old_interval);
int timerfd_get(struct file *f, uint64_t *value, uint64_t *interval);

/* fs/signalfd.c: a new signalfd for the signals of mask (NULL when out
 * of memory); a new mask for one (-EINVAL if f is not a signalfd). */
struct file *signalfd_file(uint64_t mask, bool nonblock);
int signalfd_set_mask(struct file *f, uint64_t mask);

/* fs/path.c: the absolute path of open file f (for /proc): its length
 * with the NUL, or -ENAMETOOLONG, -ENOENT, -ENOMEM.  Pipes are
 * "pipe:[ino]". */
long vfs_file_path(struct file *f, char *buf, size_t size);
int vfs_sync(void);			/* every mounted filesystem */
/* fs/flushdata.c: write back the data of files on block devices without
 * the VFS lock across the disk (before vfs_sync, which then has little
 * left): 0 or the first error. */
int flush_file_data(void);

/* fs/flusher.c: the kernel thread that writes everything dirty back every
 * period (5 s from boot; not started in the test kernel). */
int flusher_start(uint64_t period_ns);
void flusher_stop(void);
extern volatile unsigned long flusher_passes;

/* ---- helpers for filesystems ----------------------------------------- */

/* read/write through inode->mapping; write extends size.  The _user
 * ones are file_ops.read_user and write_user (fs/blockread.c,
 * fs/blockwrite.c). */
ssize_t generic_file_read(struct file *f, void *buf, size_t len, uint64_t *pos);
ssize_t generic_file_write(struct file *f, const void *buf, size_t len,
			   uint64_t *pos);
ssize_t generic_file_read_user(struct file *f, void *ubuf, size_t len,
			       uint64_t *pos);
ssize_t generic_file_write_user(struct file *f, const void *ubuf,
				size_t len, uint64_t *pos);
int generic_file_fsync(struct file *f);
/* mmap of a file in inode->mapping (file_ops.map_page, page_mkwrite). */
struct page *generic_file_map_page(struct file *f, uint32_t index);
struct page *generic_file_peek_page(struct file *f, uint32_t index);
int generic_file_page_mkwrite(struct file *f, uint32_t index);
/*
 * Page cache ops for files of a block-device filesystem, built on
 * inode_ops.get_block.  Holes read as zeros.  generic_file_write allocates
 * the blocks a write covers (get_block with create) before copying, so a
 * full disk fails the write with -ENOSPC; writepage then only writes the
 * blocks that are mapped.
 */
extern const struct address_space_ops block_mapping_ops;

#endif
