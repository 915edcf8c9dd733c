/*
 * file.c: open files.
 *
 * vfs_open_at() resolves or creates the file (a relative path from the
 * base directory it is given, an *at call's dirfd; vfs_open and base NULL:
 * from the cwd), checks the access mode against
 * the inode's permissions and makes a struct file whose ops are the
 * inode's (for a device node, the driver's, found by number; for a FIFO,
 * the pipe's).  Through a magic link (/proc/self/fd/N) it opens the
 * object the link holds again, a new file named as the old one.  A FIFO
 * open may then wait for the other end, after the
 * VFS lock is dropped (fifo_open_wait, fs/pipe.c).  The other
 * calls check the file's access mode and hand over to the file ops with
 * f->pos, or with the caller's own offset (vfs_pread, vfs_pwrite: the
 * open file's offset, which other threads and processes may share, is
 * left alone); O_APPEND writes go to the end of the file first, and writes
 * to regular files stop at RLIMIT_FSIZE (SIGXFSZ and -EFBIG past it) and,
 * by anyone but root, clear S_ISUID and S_ISGID (file_remove_privs).
 * vfs_ioctl answers the ioctls Linux answers for every file before the
 * driver sees them (FIONREAD on a regular file) and hands the rest over.
 *
 * O_TMPFILE makes the file with the directory's tmpfile op, without a
 * name ("DIR/#INO (deleted)" in /proc/<pid>/fd, as Linux shows it), which
 * linkat may give it later unless O_EXCL was set; a filesystem without the
 * op answers -EOPNOTSUPP.  vfs_open_inode opens an inode that has no
 * name (memfd_create's) under a name given for /proc.
 *
 * Interface: vfs_open, vfs_open_at, vfs_open_inode, vfs_close, vfs_read,
 * vfs_write, vfs_pread, vfs_pwrite, vfs_lseek, vfs_readdir, vfs_fsync,
 * vfs_ioctl.
 */
#include "drivers/block/blkdev.h"
#include "fs/epoll.h"
#include "fs/internal.h"
#include "lib/errno.h"
#include "kernel/proc/rlimit.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

/* Permission mask an open with flags needs. */
static int open_mask(unsigned int flags)
{
	int mask = 0;

	if ((flags & O_ACCMODE) != O_WRONLY)
		mask |= MAY_READ;
	if ((flags & O_ACCMODE) != O_RDONLY || (flags & O_TRUNC))
		mask |= MAY_WRITE;
	return mask;
}

static int open_create(struct inode *base, const char *path,
		       unsigned int flags, uint16_t mode, struct inode **out,
		       bool *created, struct file **via, unsigned int links);

/*
 * O_CREAT met the symbolic link link in dir: open or create what it
 * points to, as Linux does (a dangling link makes its target).  A magic
 * link is followed by the lookup as usual.  Takes link's reference.
 */
static int open_create_link(struct inode *base, const char *path,
			    struct inode *dir, struct inode *link,
			    unsigned int flags, uint16_t mode, struct inode **out,
			    bool *created, struct file **via, unsigned int links)
{
	char *body;
	int err;

	if (link->iops && link->iops->get_target) {
		iput(link);
		return namei_open(base, path, LOOKUP_FOLLOW, out, via);
	}
	body = namei_read_link(link);
	iput(link);
	if (IS_ERR(body))
		return PTR_ERR(body);
	err = links < SYMLOOP_MAX ? open_create(dir, body, flags, mode, out,
						created, via, links + 1)
				  : -ELOOP;
	kfree(body);
	return err;
}

/* O_CREAT: the existing file path (from base, NULL: the cwd) names, or a
 * new regular file; links counts the symbolic links followed so far. */
static int open_create(struct inode *base, const char *path,
		       unsigned int flags, uint16_t mode, struct inode **out,
		       bool *created, struct file **via, unsigned int links)
{
	char last[NAME_MAX + 1];
	struct inode *dir, *inode;
	bool trailing;
	int err = namei_parent_at(base, path, &dir, last, &trailing);

	if (err)
		return err;
	if (last_type(last) != LAST_NORM || trailing) {
		err = -EISDIR;
		goto out;
	}
	err = inode_permission(dir, MAY_EXEC);
	if (!err)
		err = lookup_raw(dir, last, &inode);
	if (err == -ENOENT) {
		err = may_create(dir);
		if (!err && (!dir->iops || !dir->iops->mknod))
			err = -EACCES;
		if (!err)
			err = dirop_mknod(dir, last, S_IFREG | (mode & 07777), 0,
					  out);
		*created = !err;
		goto out;
	}
	if (err)
		goto out;
	if (flags & O_EXCL) {
		iput(inode);
		err = -EEXIST;
	} else if (S_ISLNK(inode->mode) && !(flags & O_NOFOLLOW)) {
		err = open_create_link(base, path, dir, inode, flags, mode, out,
				       created, via, links);
	} else {
		*out = follow_mounts(inode);
	}
	/* As Linux: O_CREAT on an existing directory is -EISDIR. */
	if (!err && !*created && S_ISDIR((*out)->mode)) {
		iput(*out);
		*out = NULL;
		err = -EISDIR;
	}
out:
	iput(dir);
	return err;
}

/* May inode be opened with flags?  0 or -Exxx. */
static int open_check(struct inode *inode, unsigned int flags, bool created)
{
	const struct cred *cred = current_cred();
	int err;

	if ((flags & O_DIRECTORY) && !S_ISDIR(inode->mode))
		return -ENOTDIR;
	if (flags & O_PATH)
		return 0;		/* names the object, opens nothing */
	if (S_ISLNK(inode->mode))
		return -ELOOP;		/* O_NOFOLLOW on a link */
	if (S_ISSOCK(inode->mode))
		return -ENXIO;		/* sockets are not opened, as Linux */
	if (S_ISDIR(inode->mode) && (open_mask(flags) & MAY_WRITE))
		return -EISDIR;
	if ((S_ISCHR(inode->mode) || S_ISBLK(inode->mode)) &&
	    (inode->sb->flags & SB_NODEV))
		return -EACCES;		/* a nodev mount */
	if (created)
		return 0;
	err = inode_permission(inode, open_mask(flags));
	/* O_NOATIME: only for the owner or root, as Linux's may_open. */
	if (!err && (flags & O_NOATIME) && cred->uid != 0 &&
	    cred->uid != inode->uid)
		err = -EPERM;
	return err;
}

/*
 * Writers and running programs exclude each other, as Linux's
 * i_writecount: a regular file opened for writing counts one up, a file
 * exec opened (kept as long as a process runs it) one down; either is
 * refused with -ETXTBSY while the other holds the inode.  Under the VFS
 * lock.
 */
static bool opens_writer(const struct inode *inode, unsigned int flags)
{
	return S_ISREG(inode->mode) && !(flags & O_PATH) &&
	       (flags & O_ACCMODE) != O_RDONLY;
}

int file_deny_write(struct file *f)
{
	int err = 0;

	vfs_lock();
	if (f->inode->writecount > 0) {
		err = -ETXTBSY;
	} else if (!(f->fmode & FMODE_DENY_WRITE)) {
		f->inode->writecount--;
		f->fmode |= FMODE_DENY_WRITE;
	}
	vfs_unlock();
	return err;
}

/* A new file f opened with flags: count it as a writer if it is one. */
static void file_count_writer(struct file *f, unsigned int flags)
{
	if (opens_writer(f->inode, flags)) {
		f->inode->writecount++;
		f->fmode |= FMODE_WRITER;
	}
}

static void file_put_access(struct file *f)
{
	if (f->fmode & FMODE_WRITER)
		f->inode->writecount--;
	if (f->fmode & FMODE_DENY_WRITE)
		f->inode->writecount++;
}

static struct file *file_alloc(struct inode *inode, unsigned int flags)
{
	struct file *f = kzalloc(sizeof(*f));
	int err;

	if (!f)
		return ERR_PTR(-ENOMEM);
	f->inode = inode;
	f->flags = flags & ~(O_CREAT | O_EXCL | O_TRUNC);
	f->refcount = 1;
	if (flags & O_PATH)
		return f;		/* no file operations at all */
	f->fops = inode->fops;
	if (!f->fops && S_ISFIFO(inode->mode))
		f->fops = &pipe_fops;
	if (!f->fops && (S_ISCHR(inode->mode) || S_ISBLK(inode->mode))) {
		f->fops = device_fops(inode);
		if (!f->fops) {
			kfree(f);
			return ERR_PTR(-ENXIO);
		}
	}
	err = f->fops && f->fops->open ? f->fops->open(inode, f) : 0;
	if (err) {
		kfree(f);
		return ERR_PTR(err);
	}
	f->flags &= ~O_NOCTTY;		/* the open op (a tty) has seen it */
	return f;
}

/* O_TMPFILE: a new file without a name in the directory path names. */
static int open_tmpfile(struct inode *base, const char *path,
			unsigned int flags, uint16_t mode, struct inode **out)
{
	struct inode *dir;
	struct file *via = NULL;
	int err = namei_open(base, path, LOOKUP_FOLLOW, &dir, &via);

	if (via)
		vfs_close(via);
	if (err)
		return err;
	err = !S_ISDIR(dir->mode) ? -ENOTDIR : may_create(dir);
	if (!err && (!dir->iops || !dir->iops->tmpfile))
		err = -EOPNOTSUPP;
	if (!err)
		err = dir->iops->tmpfile(dir, S_IFREG | (mode & 07777), out);
	if (!err)
		(*out)->linkable = !(flags & O_EXCL);
	iput(dir);
	return err;
}

/* Record an O_TMPFILE's name as Linux shows it: "DIR/#INO". */
static void path_record_tmpfile(struct file *f, struct inode *base,
				const char *dir)
{
	size_t n = strlen(dir) + 16;
	char *path = kmalloc(n);

	if (!path)
		return;
	snprintf(path, n, "%s/#%u", dir, f->inode->ino);
	path_record(f, base, path);
	kfree(path);
}

/* Count f among its regular file's read-only opens (by 1 or -1), for
 * leases; the writers are counted by writecount (file_count_writer). */
static void reader_count(struct file *f, int by)
{
	f->inode->readers += (uint32_t)by;
	f->counted_reader = by > 0;
}

/* The file an open without O_CREAT names (namei_open), the VFS lock
 * dropped while the disk reads the metadata the lookup needs. */
static int open_lookup(struct inode *base, const char *path,
		       unsigned int flags, struct inode **out, struct file **via)
{
	struct meta_wait w = { 0 };
	int err;

	do {
		meta_arm(&w);
		err = namei_open(base, path,
				 flags & O_NOFOLLOW ? 0 : LOOKUP_FOLLOW, out, via);
	} while (meta_retry(&w, &err));
	return err;
}

/* The open under the VFS lock; *truncate: O_TRUNC asks to empty the
 * regular file it found (which vfs_open_at does after, under the inode's
 * lock first). */
static struct file *vfs_open_locked(struct inode *base, const char *path,
				    unsigned int flags, uint16_t mode,
				    bool *truncate)
{
	struct inode *inode;
	struct file *f, *via = NULL;
	bool created = false;
	int err;

	if (flags & O_PATH)
		flags &= O_PATH | O_DIRECTORY | O_NOFOLLOW;
	if (flags & __O_TMPFILE) {
		err = (flags & (O_TMPFILE | O_CREAT)) != O_TMPFILE ||
		      !(open_mask(flags) & MAY_WRITE) ? -EINVAL :
		      open_tmpfile(base, path, flags, mode, &inode);
		created = true;
		flags &= ~O_DIRECTORY;	/* it was the directory's */
	} else if (flags & O_CREAT)
		err = open_create(base, path, flags, mode, &inode, &created,
				  &via, 0);
	else
		err = open_lookup(base, path, flags, &inode, &via);
	if (err)
		return ERR_PTR(err);
	err = open_check(inode, flags, created);
	if (!err && opens_writer(inode, flags) && inode->writecount < 0)
		err = -ETXTBSY;
	*truncate = !err && (flags & O_TRUNC) && S_ISREG(inode->mode) &&
		    !created;
	f = err ? ERR_PTR(err) : file_alloc(inode, flags & ~__O_TMPFILE);
	if (IS_ERR(f)) {
		iput(inode);
	} else {
		file_count_writer(f, flags);
		if (S_ISREG(inode->mode) && !(flags & O_PATH) &&
		    (flags & O_ACCMODE) == O_RDONLY)
			reader_count(f, 1);
		if (flags & __O_TMPFILE)
			path_record_tmpfile(f, base, path);
		else if (via)
			path_copy(f, via);
		else
			path_record(f, base, path);
	}
	if (via)
		vfs_close(via);
	return f;
}

struct file *vfs_open_inode(struct inode *inode, unsigned int flags,
			    const char *path)
{
	struct file *f;

	vfs_lock();
	f = file_alloc(inode, flags);
	if (IS_ERR(f)) {
		iput(inode);
	} else {
		file_count_writer(f, flags);
		path_record(f, NULL, path);
	}
	vfs_unlock();
	return f;
}

struct file *vfs_open_at(struct inode *base, const char *path,
			 unsigned int flags, uint16_t mode)
{
	struct inode *dir = NULL;
	struct file *ret;
	bool truncate = false;
	int err;

	if ((flags & O_CREAT) && !(flags & __O_TMPFILE))
		dir = dir_lock_parent(base, path, false);
	vfs_lock();
	ret = vfs_open_locked(base, path, flags, mode, &truncate);
	vfs_unlock();
	dir_unlock(dir);
	if (IS_ERR(ret) || (flags & O_PATH))
		return ret;
	if (S_ISREG(ret->inode->mode))
		err = lease_break(ret);
	else if (S_ISFIFO(ret->inode->mode))
		err = fifo_open_wait(ret);
	else
		err = 0;
	if (!err && truncate)
		err = vfs_truncate_inode(ret->inode, 0);
	if (err) {
		vfs_close(ret);
		ret = ERR_PTR(err);
	}
	return ret;
}

struct file *vfs_open(const char *path, unsigned int flags, uint16_t mode)
{
	return vfs_open_at(NULL, path, flags, mode);
}

static int vfs_close_locked(struct file *f)
{
	int err = 0;

	if (!file_ref_put(f))
		return 0;
	epoll_file_closed(f);
	if (f->counted_reader)
		reader_count(f, -1);
	lease_file_closed(f);
	flock_release(f);
	vfs_plock_file_closed(f);
	file_put_access(f);
	if (f->fops && f->fops->release)
		err = f->fops->release(f->inode, f);
	path_forget(f);
	iput(f->inode);
	kfree(f);
	return err;
}

int vfs_close(struct file *f)
{
	int ret;

	vfs_lock();
	ret = vfs_close_locked(f);
	vfs_unlock();
	return ret;
}

/* Whether f may be read: 0, -EBADF (opened write-only) or -EISDIR. */
int vfs_read_allowed(const struct file *f)
{
	if ((f->flags & O_ACCMODE) == O_WRONLY)
		return -EBADF;
	return S_ISDIR(f->inode->mode) ? -EISDIR : 0;
}

/* Read up to len bytes at *pos, which advances past them; the file's
 * own offset is not used (pread: another thread or process sharing the
 * open file keeps its place).  The bytes read or -Exxx. */
ssize_t vfs_pread(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	int err = vfs_read_allowed(f);

	if (err)
		return err;
	if (!f->fops || !f->fops->read)
		return -EINVAL;
	return f->fops->read(f, buf, len, pos);
}

/* Write len bytes at *pos, which advances past them (O_APPEND puts them
 * at the end of a regular file, as Linux's pwrite does).  The bytes
 * written or -Exxx. */
ssize_t vfs_pwrite(struct file *f, const void *buf, size_t len,
		   uint64_t *pos)
{
	if ((f->flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	if (!f->fops || !f->fops->write)
		return -EINVAL;
	if ((f->flags & O_APPEND) && S_ISREG(f->inode->mode))
		*pos = f->inode->size;
	if (S_ISREG(f->inode->mode)) {
		int err = rlimit_fsize_check(*pos, &len);

		if (!err && len)
			err = file_remove_privs(f->inode);
		if (err)
			return err;
	}
	return f->fops->write(f, buf, len, pos);
}

/* read and write: at the file's offset, which they advance. */
ssize_t vfs_read(struct file *f, void *buf, size_t len)
{
	return vfs_pread(f, buf, len, &f->pos);
}

ssize_t vfs_write(struct file *f, const void *buf, size_t len)
{
	return vfs_pwrite(f, buf, len, &f->pos);
}

/* What SEEK_END counts from: the file's size, a block device's size. */
static uint64_t file_end(struct file *f)
{
	struct blkdev *dev;

	if (S_ISBLK(f->inode->mode) && (dev = blkdev_by_rdev(f->inode->rdev)))
		return dev->nr_sectors << SECTOR_SHIFT;
	return f->inode->size;
}

static int64_t vfs_lseek_locked(struct file *f, int64_t off, int whence)
{
	int64_t base;

	if (S_ISFIFO(f->inode->mode) || S_ISSOCK(f->inode->mode))
		return -ESPIPE;
	if (f->fops && f->fops->llseek)
		return f->fops->llseek(f, off, whence);
	switch (whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = (int64_t)f->pos;
		break;
	case SEEK_END:
		base = (int64_t)file_end(f);
		break;
	case SEEK_DATA:
	case SEEK_HOLE:
		base = vfs_seek_data(f, off, whence == SEEK_DATA);
		if (base >= 0)
			f->pos = (uint64_t)base;
		return base;
	default:
		return -EINVAL;
	}
	if ((off > 0 && base > INT64_MAX - off) || base + off < 0)
		return -EINVAL;
	f->pos = (uint64_t)(base + off);
	return (int64_t)f->pos;
}

int64_t noop_llseek(struct file *f, int64_t off, int whence)
{
	return (int64_t)f->pos;
}

int64_t vfs_lseek(struct file *f, int64_t off, int whence)
{
	int64_t ret;

	vfs_lock();
	ret = vfs_lseek_locked(f, off, whence);
	vfs_unlock();
	return ret;
}

static int vfs_readdir_locked(struct file *f, dir_emit_t emit, void *ctx)
{
	if (!S_ISDIR(f->inode->mode) || !f->fops || !f->fops->readdir)
		return -ENOTDIR;
	return f->fops->readdir(f, emit, ctx);
}

int vfs_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	struct meta_wait w = { 0 };
	int ret;

	/* A round that stopped at a block not cached goes on from f->pos,
	 * the entries it emitted kept. */
	vfs_lock();
	do {
		meta_arm(&w);
		ret = vfs_readdir_locked(f, emit, ctx);
	} while (meta_retry(&w, &ret));
	vfs_unlock();
	return ret;
}

static int vfs_fsync_locked(struct file *f)
{
	if (!f->fops || !f->fops->fsync)
		return 0;
	return f->fops->fsync(f);
}

/* A block-mapped file's data first, without the VFS lock across the
 * disk (flushdata.c), and its inode into its block (read without the
 * lock); then the file's fsync op, under the lock, writes what is left
 * and the inode; then, for a filesystem with a commit op,
 * the device's dirty metadata blocks, without the lock (buffer.h); last,
 * the wait for the file's pages another task was writing meanwhile. */
int vfs_fsync(struct file *f)
{
	struct super_block *sb = f->inode->sb;
	int data = 0, ret;

	if (f->inode->mapping.ops == &block_mapping_ops)
		data = file_writeback(f->inode);
	if (f->fops && f->fops->fsync)
		inode_writeback(f->inode);	/* the fsync op's error says */
	vfs_lock();
	ret = vfs_fsync_locked(f);
	vfs_unlock();
	if (!ret && f->fops && f->fops->fsync && sb->dev && sb->ops &&
	    sb->ops->commit)
		ret = bdev_writeback(sb->dev);
	pagecache_wait_writing(&f->inode->mapping);
	return data ? data : ret;
}

/*
 * FIONREAD on a regular file, as Linux: the size minus the offset, as an
 * int (negative past the end of the file).  0 or -EFAULT.
 */
static int file_fionread(struct file *f, uint32_t arg)
{
	int32_t left;

	vfs_lock();
	left = (int32_t)((int64_t)f->inode->size - (int64_t)f->pos);
	vfs_unlock();
	return copy_to_user((void *)arg, &left, sizeof(left)) ? -EFAULT : 0;
}

int vfs_ioctl(struct file *f, uint32_t cmd, uint32_t arg)
{
	if (cmd == FIONREAD && S_ISREG(f->inode->mode))
		return file_fionread(f, arg);
	if (!f->fops || !f->fops->ioctl)
		return -ENOTTY;
	return f->fops->ioctl(f, cmd, arg);
}
