/*
 * ops.c: the namespace calls that are not rename: mkdir, mknod, symlink,
 * link, unlink, rmdir, readlink, truncate, stat and sync.
 *
 * Each resolves the parent directory of its last component (namei.c),
 * applies Linux's checks (permissions, ".", "..", trailing slashes, mount
 * points, file types) and calls the inode op.  Errors follow Linux:
 * creating over an existing name is -EEXIST, unlink of a directory
 * -EISDIR, rmdir of a mount point or a root -EBUSY, a hard link across
 * filesystems -EXDEV and to a directory -EPERM; a filesystem without the
 * op gives -EPERM.
 *
 * Truncation (do_truncate, shared with O_TRUNC) zeroes the tail of the
 * new last page (of the old one when the file grows), unmaps the pages beyond it from every address space
 * (vm_unmap_mapping: a later access there is a SIGBUS) and drops them
 * from the page cache before setattr frees the blocks; it unmaps once
 * more afterwards, for a fault that got its page before and mapped it
 * meanwhile.  Like a write, it clears S_ISUID and S_ISGID when the
 * caller is not root (setattr_should_drop_suidgid).
 *
 * A relative path starts at the base directory the *_at functions take
 * (an *at call's dirfd), or at the cwd for base NULL and for the
 * functions without _at.
 *
 * Interface: vfs_mkdir(_at), vfs_mknod(_at), vfs_symlink(_at), vfs_link,
 * vfs_link_at, vfs_unlink(_at), vfs_rmdir(_at), vfs_readlink(_at),
 * vfs_truncate, vfs_stat(_at), vfs_sync; do_truncate (internal.h).
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "kernel/proc/rlimit.h"
#include "lib/string.h"
#include "lib/compiler.h"
#include "mm/mm.h"
#include "mm/vm.h"

struct parent {
	struct inode *dir;
	char last[NAME_MAX + 1];
	bool trailing;
};

/* The parent of a name to create (relative to base, NULL: the cwd): 0,
 * or -EEXIST when it exists. */
static int create_parent(struct inode *base, const char *path,
			 struct parent *p)
{
	struct inode *old;
	int err = namei_parent_at(base, path, &p->dir, p->last, &p->trailing);

	if (err)
		return err;
	err = last_type(p->last) != LAST_NORM ? -EEXIST :
	      inode_permission(p->dir, MAY_EXEC);
	if (!err) {
		err = lookup_raw(p->dir, p->last, &old);
		if (!err) {
			iput(old);
			err = -EEXIST;
		} else if (err == -ENOENT) {
			err = may_create(p->dir);
		}
	}
	if (err)
		iput(p->dir);
	return err;
}

static int vfs_mkdir_locked(struct inode *base, const char *path,
			    uint16_t mode)
{
	struct parent p;
	struct inode *inode;
	int err = create_parent(base, path, &p);

	if (err)
		return err;
	err = dirop_mkdir(p.dir, p.last, S_IFDIR | (mode & 07777), &inode);
	if (!err)
		iput(inode);
	iput(p.dir);
	return err;
}

int vfs_mkdir_at(struct inode *base, const char *path, uint16_t mode)
{
	struct inode *dir = dir_lock_parent(base, path, false);
	int ret;

	vfs_lock();
	ret = vfs_mkdir_locked(base, path, mode);
	vfs_unlock();
	dir_unlock(dir);
	return ret;
}

int vfs_mkdir(const char *path, uint16_t mode)
{
	return vfs_mkdir_at(NULL, path, mode);
}

static int vfs_mknod_locked(struct inode *base, const char *path,
			    uint16_t mode, uint32_t rdev)
{
	struct parent p;
	struct inode *inode;
	int err;

	if (!(mode & S_IFMT))
		mode |= S_IFREG;
	if (S_ISDIR(mode) || S_ISLNK(mode))
		return -EINVAL;
	if ((S_ISCHR(mode) || S_ISBLK(mode)) && current_cred()->uid != 0)
		return -EPERM;
	err = create_parent(base, path, &p);
	if (err)
		return err;
	err = p.trailing ? -ENOENT :
	      dirop_mknod(p.dir, p.last, mode, rdev, &inode);
	if (!err)
		iput(inode);
	iput(p.dir);
	return err;
}

int vfs_mknod_at(struct inode *base, const char *path, uint16_t mode,
		 uint32_t rdev)
{
	struct inode *dir = dir_lock_parent(base, path, false);
	int ret;

	vfs_lock();
	ret = vfs_mknod_locked(base, path, mode, rdev);
	vfs_unlock();
	dir_unlock(dir);
	return ret;
}

int vfs_mknod(const char *path, uint16_t mode, uint32_t rdev)
{
	return vfs_mknod_at(NULL, path, mode, rdev);
}

static int vfs_symlink_locked(const char *target, struct inode *base,
			      const char *path)
{
	struct parent p;
	struct inode *inode;
	int err;

	if (!target[0])
		return -ENOENT;
	if (strnlen(target, PATH_MAX) == PATH_MAX)
		return -ENAMETOOLONG;
	err = create_parent(base, path, &p);
	if (err)
		return err;
	err = p.trailing ? -ENOENT :
	      dirop_symlink(p.dir, p.last, target, &inode);
	if (!err)
		iput(inode);
	iput(p.dir);
	return err;
}

int vfs_symlink_at(const char *target, struct inode *base, const char *path)
{
	struct inode *dir = dir_lock_parent(base, path, false);
	int ret;

	vfs_lock();
	ret = vfs_symlink_locked(target, base, path);
	vfs_unlock();
	dir_unlock(dir);
	return ret;
}

int vfs_symlink(const char *target, const char *path)
{
	return vfs_symlink_at(target, NULL, path);
}

static int vfs_link_locked(struct inode *old_base, const char *old_path,
			   struct inode *new_base, const char *new_path,
			   unsigned int flags)
{
	struct inode *old = NULL;
	struct parent p;
	int err = 0;

	if (old_path[0])	/* "": old_base itself (AT_EMPTY_PATH) */
		err = vfs_lookup_at(old_base, old_path, flags & LOOKUP_FOLLOW,
				    &old);
	else
		old = igrab(old_base);
	if (err)
		return err;
	err = S_ISDIR(old->mode) ? -EPERM :
	      old->nlink == 0 && !old->linkable ? -ENOENT :
	      create_parent(new_base, new_path, &p);
	if (err)
		goto out;
	err = p.trailing ? -ENOENT : p.dir->sb != old->sb ? -EXDEV :
	      dirop_link(p.dir, p.last, old);
	if (!err)
		old->linkable = false;
	iput(p.dir);
out:
	iput(old);
	return err;
}

int vfs_link_at(struct inode *old_base, const char *old_path,
		struct inode *new_base, const char *new_path, unsigned int flags)
{
	struct inode *dir = dir_lock_parent(new_base, new_path, false);
	int ret;

	vfs_lock();
	ret = vfs_link_locked(old_base, old_path, new_base, new_path, flags);
	vfs_unlock();
	dir_unlock(dir);
	return ret;
}

int vfs_link(const char *old_path, const char *new_path)
{
	return vfs_link_at(NULL, old_path, NULL, new_path, 0);
}

/* The entry (not followed) p->last names, which the caller may delete:
 * 0 or -Exxx.  p->dir's reference stays with the caller. */
static int remove_entry(struct parent *p, struct inode **victim)
{
	int err = inode_permission(p->dir, MAY_EXEC);

	if (!err)
		err = lookup_raw(p->dir, p->last, victim);
	if (!err) {
		err = may_delete(p->dir, *victim);
		if (err)
			iput(*victim);
	}
	return err;
}

static int vfs_unlink_locked(struct inode *base, const char *path)
{
	struct inode *victim;
	struct parent p;
	int err = namei_parent_at(base, path, &p.dir, p.last, &p.trailing);

	if (err)
		return err;
	err = last_type(p.last) != LAST_NORM ? -EISDIR :
	      remove_entry(&p, &victim);
	if (!err) {
		err = S_ISDIR(victim->mode) ? -EISDIR :
		      p.trailing ? -ENOTDIR : victim->mounted ? -EBUSY :
		      dirop_unlink(p.dir, p.last);
		iput(victim);
	}
	iput(p.dir);
	return err;
}

int vfs_unlink_at(struct inode *base, const char *path)
{
	struct inode *dir = dir_lock_parent(base, path, true);
	int ret;

	vfs_lock();
	ret = vfs_unlink_locked(base, path);
	vfs_unlock();
	dir_unlock(dir);
	return ret;
}

int vfs_unlink(const char *path)
{
	return vfs_unlink_at(NULL, path);
}

static int vfs_rmdir_locked(struct inode *base, const char *path)
{
	static const int dot_errors[] = {
		[LAST_NORM] = 0, [LAST_DOT] = -EINVAL,
		[LAST_DOTDOT] = -ENOTEMPTY, [LAST_ROOT] = -EBUSY,
	};
	struct inode *victim;
	struct parent p;
	int err = namei_parent_at(base, path, &p.dir, p.last, &p.trailing);

	if (err)
		return err;
	err = dot_errors[last_type(p.last)];
	if (!err)
		err = remove_entry(&p, &victim);
	if (!err) {
		err = !S_ISDIR(victim->mode) ? -ENOTDIR :
		      victim->mounted || victim == victim->sb->root ? -EBUSY :
		      dirop_rmdir(p.dir, p.last);
		iput(victim);
	}
	iput(p.dir);
	return err;
}

int vfs_rmdir_at(struct inode *base, const char *path)
{
	struct inode *dir = dir_lock_parent(base, path, false);
	int ret;

	vfs_lock();
	ret = vfs_rmdir_locked(base, path);
	vfs_unlock();
	dir_unlock(dir);
	return ret;
}

int vfs_rmdir(const char *path)
{
	return vfs_rmdir_at(NULL, path);
}

static ssize_t vfs_readlink_locked(struct inode *base, const char *path,
				   char *buf, size_t len)
{
	struct inode *inode;
	ssize_t n;
	int err = vfs_lookup_at(base, path, 0, &inode);

	if (err)
		return err;
	if (!S_ISLNK(inode->mode) || !inode->iops || !inode->iops->readlink ||
	    len == 0)
		n = -EINVAL;
	else
		n = inode->iops->readlink(inode, buf, len);
	iput(inode);
	return n;
}

ssize_t vfs_readlink_at(struct inode *base, const char *path, char *buf,
			size_t len)
{
	struct meta_wait w = { 0 };
	int ret;

	vfs_lock();
	do {
		meta_arm(&w);
		ret = (int)vfs_readlink_locked(base, path, buf, len);
	} while (meta_retry(&w, &ret));
	vfs_unlock();
	return ret;
}

ssize_t vfs_readlink(const char *path, char *buf, size_t len)
{
	return vfs_readlink_at(NULL, path, buf, len);
}

/* Zero the bytes of the page holding size that lie past it: the new
 * last page when the file shrinks; the old one when it grows, where a
 * shared mapping may have stored past the old end. */
static int zero_tail(struct inode *inode, uint64_t size)
{
	uint32_t off = (uint32_t)(size & (PAGE_SIZE - 1));
	struct page *pg;

	if (!off)
		return 0;
	pg = pagecache_read(&inode->mapping, (uint32_t)(size >> PAGE_SHIFT));
	if (IS_ERR(pg))
		return PTR_ERR(pg);
	memset((char *)page_address(pg) + off, 0, PAGE_SIZE - off);
	pagecache_mark_dirty(pg);
	pagecache_put(pg);
	return 0;
}

int do_truncate(struct inode *inode, uint64_t size)
{
	struct iattr attr = {
		.valid = ATTR_SIZE | ATTR_MTIME, .size = size,
		.mtime = vfs_now(),
	};
	uint32_t keep = (uint32_t)MIN((size + PAGE_SIZE - 1) >> PAGE_SHIFT,
				      (uint64_t)UINT32_MAX);
	bool shrink = size < inode->size;
	int err;

	if (!inode->iops || !inode->iops->setattr)
		return -EPERM;
	attr.valid |= setattr_should_drop_suidgid(inode);
	setattr_kill_privs(inode, &attr);
	err = rlimit_fsize_grow(inode->size, size);
	if (err)
		return err;
	if (size != inode->size && inode->mapping.ops) {
		err = zero_tail(inode, MIN(size, inode->size));
		if (err)
			return err;
	}
	if (shrink)
		vm_unmap_mapping(&inode->mapping, keep);
	if (shrink && inode->mapping.ops)
		pagecache_truncate(&inode->mapping, keep);
	err = inode->iops->setattr(inode, &attr);
	/* A fault that had a page before it went may have mapped it since. */
	if (shrink)
		vm_unmap_mapping(&inode->mapping, keep);
	return err;
}

int vfs_truncate_inode(struct inode *inode, uint64_t size)
{
	int err;

	if (size < inode->size)
		meta_prefetch_map(inode);	/* what the truncation frees */
	inode_lock(inode);
	vfs_lock();
	err = do_truncate(inode, size);
	vfs_unlock();
	inode_unlock(inode);
	return err;
}

/* truncate(2)'s checks, under the inode's lock and the VFS lock. */
static int truncate_allowed(struct inode *inode)
{
	int err = S_ISDIR(inode->mode) ? -EISDIR :
		  !S_ISREG(inode->mode) ? -EINVAL :
		  inode_permission(inode, MAY_WRITE);

	if (!err && inode->writecount < 0)
		err = -ETXTBSY;		/* a running program */
	return err;
}

int vfs_truncate(const char *path, uint64_t size)
{
	struct inode *inode;
	int err;

	err = vfs_lookup(path, LOOKUP_FOLLOW, &inode);
	if (err)
		return err;
	if (size < inode->size)
		meta_prefetch_map(inode);	/* what the truncation frees */
	inode_lock(inode);
	vfs_lock();
	err = truncate_allowed(inode);
	if (!err)
		err = do_truncate(inode, size);
	vfs_unlock();
	inode_unlock(inode);
	iput(inode);
	return err;
}

/* Fill *st from inode. */
void vfs_inode_stat(const struct inode *inode, struct kstat *st)
{
	*st = (struct kstat){
		.dev = inode->sb->dev_id, .ino = inode->ino,
		.mode = inode->mode, .nlink = inode->nlink,
		.uid = inode->uid, .gid = inode->gid, .rdev = inode->rdev,
		.size = inode->size, .blocks = inode->blocks,
		.blksize = inode->sb->block_size ? inode->sb->block_size :
						  PAGE_SIZE,
		.atime_sec = inode->atime.tv_sec,
		.atime_nsec = (uint32_t)inode->atime.tv_nsec,
		.mtime_sec = inode->mtime.tv_sec,
		.mtime_nsec = (uint32_t)inode->mtime.tv_nsec,
		.ctime_sec = inode->ctime.tv_sec,
		.ctime_nsec = (uint32_t)inode->ctime.tv_nsec,
	};
}

static int vfs_stat_locked(struct inode *base, const char *path, bool follow,
			   struct kstat *st)
{
	struct inode *inode;
	int err = vfs_lookup_at(base, path, follow ? LOOKUP_FOLLOW : 0, &inode);

	if (err)
		return err;
	vfs_inode_stat(inode, st);
	iput(inode);
	return 0;
}

int vfs_stat_at(struct inode *base, const char *path, bool follow,
		struct kstat *st)
{
	struct meta_wait w = { 0 };
	int ret;

	vfs_lock();
	do {
		meta_arm(&w);
		ret = vfs_stat_locked(base, path, follow, st);
	} while (meta_retry(&w, &ret));
	vfs_unlock();
	return ret;
}

int vfs_stat(const char *path, bool follow, struct kstat *st)
{
	return vfs_stat_at(NULL, path, follow, st);
}

/* Truncate or extend the open regular file f: 0, -EINVAL (not a regular
 * file or not open for writing), -EFBIG, -EIO... */
int vfs_ftruncate(struct file *f, uint64_t size)
{
	if (!S_ISREG(f->inode->mode) || (f->flags & O_ACCMODE) == O_RDONLY)
		return -EINVAL;
	return vfs_truncate_inode(f->inode, size);
}

#define SYNC_DEVS	16	/* devices written without the VFS lock */
#define SYNC_ROUNDS	16	/* rounds that read inode blocks unlocked */

/*
 * Under the VFS lock: every writable filesystem's file data left and
 * inodes into the caches (with f, the inode blocks not cached noted
 * there instead, inodes_sync_sb), and its superblock with its commit op
 * (its device, with a blkdev_get reference, into devs[] for the caller
 * to write without the lock, up to SYNC_DEVS) or written with its sync
 * op.
 */
static int vfs_sync_locked(struct blkdev **devs, unsigned int *ndevs,
			   struct sync_fetch *f)
{
	struct super_block *sb;
	int err = 0, e;

	list_for_each_entry(sb, &vfs_supers, mounts) {
		if (sb->flags & SB_RDONLY)
			continue;
		e = inodes_sync_sb(sb, f);
		if (sb->ops && sb->ops->commit && sb->dev &&
		    *ndevs < SYNC_DEVS && !blkdev_get(sb->dev)) {
			e = sb->ops->commit(sb) ?: e;
			devs[(*ndevs)++] = sb->dev;
		} else if (sb->ops && sb->ops->sync) {
			e = sb->ops->sync(sb) ?: e;
		}
		if (e && !err)
			err = e;
	}
	return err;
}

static void put_devs(struct blkdev **devs, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		blkdev_put(devs[i]);
}

/* Every writable filesystem to the disk, and the writes other tasks (the
 * flusher, fsync) have in flight waited for.  The inode table blocks the
 * inodes go into are read without the VFS lock: a round that met some
 * not cached reads them, then runs again (the last round reads what is
 * left under the lock). */
int vfs_sync(void)
{
	struct blkdev *devs[SYNC_DEVS];
	struct sync_fetch f;
	unsigned int n;
	int ret;

	for (int round = 1; ; round++) {
		f.n = 0;
		n = 0;
		vfs_lock();
		ret = vfs_sync_locked(devs, &n, round < SYNC_ROUNDS ? &f : NULL);
		vfs_unlock();
		if (!f.n)
			break;
		put_devs(devs, n);
		for (unsigned int i = 0; i < f.n; i++)
			meta_fetch(&f.w[i]);
	}
	for (unsigned int i = 0; i < n; i++) {
		int e = bdev_writeback(devs[i]);

		if (e && !ret)
			ret = e;
	}
	put_devs(devs, n);
	pagecache_wait_all_writing();	/* others' writes in flight */
	return ret;
}
