/*
 * rename.c: vfs_rename with Linux's rules.
 *
 * Both names must be plain names ("." and ".." and "/" give -EBUSY) on
 * the same filesystem (-EXDEV).  Renaming a name onto another link of the
 * same inode does nothing.  A directory may replace only a directory
 * (-ENOTDIR), which the filesystem checks is empty (-ENOTEMPTY); a
 * non-directory may not replace a directory (-EISDIR).  A directory may
 * not move into its own subtree (-EINVAL), checked by walking up from the
 * new parent through "..".  Mount points and roots cannot be renamed
 * (-EBUSY).  Permissions are those of deleting the old entry and of
 * creating (or deleting) the new one, plus write permission on a
 * directory that changes parent (its ".." changes).
 *
 * Interface: vfs_rename, vfs_rename_at.
 */
#include "fs/internal.h"
#include "lib/errno.h"

struct rename_end {
	struct inode *dir;
	char last[NAME_MAX + 1];
	bool trailing;
	struct inode *inode;		/* NULL when the name does not exist */
};

/* True when dir is anc or lies under it (same filesystem). */
static int is_under(struct inode *dir, struct inode *anc, bool *under)
{
	struct inode *cur = igrab(dir), *parent;
	int err = 0;

	*under = false;
	while (!err && cur != cur->sb->root) {
		if (cur == anc) {
			*under = true;
			break;
		}
		err = lookup_raw(cur, "..", &parent);
		if (!err) {
			iput(cur);
			cur = parent;
		}
	}
	*under = *under || cur == anc;
	iput(cur);
	return err;
}

/* Resolve one end, relative to base: its parent, and the entry if any. */
static int rename_end_get(struct inode *base, const char *path,
			  struct rename_end *e)
{
	int err = namei_parent_at(base, path, &e->dir, e->last, &e->trailing);

	e->inode = NULL;
	if (err)
		return err;
	err = last_type(e->last) != LAST_NORM ? -EBUSY :
	      inode_permission(e->dir, MAY_EXEC);
	if (!err) {
		err = lookup_raw(e->dir, e->last, &e->inode);
		if (err == -ENOENT)
			err = 0;
	}
	if (err)
		iput(e->dir);
	return err;
}

static void rename_end_put(struct rename_end *e)
{
	iput(e->inode);
	iput(e->dir);
}

/* The type and permission checks once both ends are known. */
static int rename_check(struct rename_end *o, struct rename_end *n)
{
	struct inode *src = o->inode, *dst = n->inode;
	bool isdir = S_ISDIR(src->mode), under;
	int err;

	if (dst && S_ISDIR(dst->mode) != isdir)
		return isdir ? -ENOTDIR : -EISDIR;
	if (src->mounted || src == src->sb->root ||
	    (dst && (dst->mounted || dst == dst->sb->root)))
		return -EBUSY;
	err = may_delete(o->dir, src);
	if (!err)
		err = dst ? may_delete(n->dir, dst) : may_create(n->dir);
	if (!err && isdir && o->dir != n->dir)
		err = inode_permission(src, MAY_WRITE);
	if (!err && isdir && o->dir != n->dir) {
		err = is_under(n->dir, src, &under);
		if (!err && under)
			err = -EINVAL;
	}
	return err;
}

static int vfs_rename_locked(struct inode *old_base, const char *old_path,
			     struct inode *new_base, const char *new_path)
{
	struct rename_end o, n;
	int err = rename_end_get(old_base, old_path, &o);

	if (err)
		return err;
	err = rename_end_get(new_base, new_path, &n);
	if (err) {
		rename_end_put(&o);
		return err;
	}
	if (!o.inode)
		err = -ENOENT;
	else if (o.dir->sb != n.dir->sb)
		err = -EXDEV;
	else if (!S_ISDIR(o.inode->mode) && (o.trailing || n.trailing))
		err = -ENOTDIR;
	else if (o.inode != n.inode)
		err = rename_check(&o, &n);
	if (!err && o.inode != n.inode)
		err = dirop_rename(o.dir, o.last, n.dir, n.last, o.inode);
	rename_end_put(&n);
	rename_end_put(&o);
	return err;
}

int vfs_rename_at(struct inode *old_base, const char *old_path,
		  struct inode *new_base, const char *new_path)
{
	struct inode *old_dir, *new_dir;
	int ret;

	dir_lock_parents(old_base, old_path, new_base, new_path, &old_dir,
			 &new_dir);
	vfs_lock();
	ret = vfs_rename_locked(old_base, old_path, new_base, new_path);
	vfs_unlock();
	dir_unlock(new_dir);
	dir_unlock(old_dir);
	return ret;
}

int vfs_rename(const char *old_path, const char *new_path)
{
	return vfs_rename_at(NULL, old_path, NULL, new_path);
}
