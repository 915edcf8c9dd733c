/*
 * dirlock.c: the directory's lock for the calls that change its entries
 * (create, mknod, mkdir, symlink, link, unlink, rmdir, rename, an open
 * with O_CREAT), and their reads done before the VFS lock is taken.
 *
 * Such a call first finds the directory its path's last component lies
 * in (a lookup that drops the VFS lock while the disk reads, metawait.c),
 * locks it (inode_lock: the directory's contents cannot change until the
 * call is done), and looks the last component up in it once, again
 * without the VFS lock across the disk: the directory's blocks (all of
 * them when the name is not there) and the inode it names are cached by
 * then, and for a removal (unlink, the name a rename replaces) the
 * indirect blocks of the file whose last link goes, which its eviction
 * frees.  The call proper then runs under the VFS lock as before, walking
 * its path again through the caches; its metadata reads, done already,
 * no longer hold every other task up.  Only the allocation bitmaps and
 * inode table blocks it has not seen yet are still read under the lock.
 *
 * The VFS lock still guards every structure; the directory's lock orders
 * the calls on one directory and keeps what was read valid.  Lock order:
 * directory locks (two for a rename, by address), then the inode lock of
 * a file (an O_TRUNC open), then the VFS lock (internal.h).  Called with
 * the VFS lock held (a nested call), it locks nothing and reads under
 * the lock as before.
 *
 * Interface (internal.h): dir_lock_parent, dir_lock_parents, dir_unlock.
 */
#include "fs/internal.h"
#include "lib/errno.h"

/* The directory of path's last component (a reference; armed lookup). */
static struct inode *parent_of(struct inode *base, const char *path,
			       char *last)
{
	struct meta_wait w = { 0 };
	struct inode *dir;
	bool trailing;
	int err;

	vfs_lock();
	do {
		meta_arm(&w);
		err = namei_parent_at(base, path, &dir, last, &trailing);
	} while (meta_retry(&w, &err));
	vfs_unlock();
	return err ? NULL : dir;
}

/* Look last up in dir (locked) to cache what the call will read; with
 * removes, the indirect blocks of the file its last link names. */
static void prefetch_name(struct inode *dir, const char *last, bool removes)
{
	struct meta_wait w = { 0 };
	struct inode *inode;
	int err;

	if (last_type(last) != LAST_NORM)
		return;
	vfs_lock();
	do {
		meta_arm(&w);
		err = lookup_raw(dir, last, &inode);
	} while (meta_retry(&w, &err));
	vfs_unlock();
	if (err)
		return;
	if (removes && S_ISREG(inode->mode) && inode->nlink == 1)
		meta_prefetch_map(inode);
	iput(inode);
}

struct inode *dir_lock_parent(struct inode *base, const char *path,
			      bool removes)
{
	char last[NAME_MAX + 1];
	struct inode *dir;

	if (vfs_lock_held())
		return NULL;
	dir = parent_of(base, path, last);
	if (!dir)
		return NULL;
	inode_lock(dir);
	prefetch_name(dir, last, removes);
	return dir;
}

void dir_lock_parents(struct inode *old_base, const char *old_path,
		      struct inode *new_base, const char *new_path,
		      struct inode **old_dir, struct inode **new_dir)
{
	char old_last[NAME_MAX + 1], new_last[NAME_MAX + 1];
	struct inode *a, *b;

	*old_dir = *new_dir = NULL;
	if (vfs_lock_held())
		return;
	a = parent_of(old_base, old_path, old_last);
	b = a ? parent_of(new_base, new_path, new_last) : NULL;
	if (!b) {
		iput(a);
		return;
	}
	if (a == b) {
		iput(b);
		inode_lock(a);
	} else {
		inode_lock(a < b ? a : b);
		inode_lock(a < b ? b : a);
		*new_dir = b;
	}
	*old_dir = a;
	prefetch_name(a, old_last, false);
	prefetch_name(b, new_last, true);	/* the name it replaces */
}

void dir_unlock(struct inode *dir)
{
	if (!dir)
		return;
	inode_unlock(dir);
	iput(dir);
}
