/*
 * namei.c: the directory inode operations: lookup, and everything that
 * creates, links, removes or renames a name.
 *
 * A new file gets an inode number near its parent (ialloc.c), an
 * in-memory inode inserted into the VFS cache, then its directory entry.
 * If a later step fails, its link count goes back to 0 and the last iput
 * frees it (ext2_evict_inode), so nothing leaks.  Link counts: a
 * directory has 2 plus one per subdirectory (whose ".." points at it).
 *
 * Interface: ext2_dir_iops, ext2_create_inode, ext2_discard_inode,
 * ext2_name_new.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/string.h"

/* Checks common to every operation that adds name to dir. */
int ext2_may_add(struct inode *dir, const char *name)
{
	if (EXT2_SB(dir->sb)->rdonly)
		return -EROFS;
	if (strlen(name) > NAME_MAX)
		return -ENAMETOOLONG;
	if (dir->nlink == 0)
		return -ENOENT;		/* removed while in use */
	return 0;
}

/*
 * A new inode of mode under dir, with one reference and nlink links
 * (not yet named anywhere): 0 or -Exxx.
 */
int ext2_create_inode(struct inode *dir, uint16_t mode, uint32_t nlink,
			     struct inode **out)
{
	struct inode *inode;
	uint32_t ino;
	int err = ext2_new_inode(dir, S_ISDIR(mode), &ino);

	if (err)
		return err;
	inode = ext2_new_vfs_inode(dir->sb, dir, ino, mode);
	if (IS_ERR(inode)) {
		ext2_free_inode(dir->sb, ino, S_ISDIR(mode));
		return (int)PTR_ERR(inode);
	}
	inode->nlink = nlink;
	inode_hash_insert(inode);
	inode_mark_dirty(inode);
	*out = inode;
	return 0;
}

/* Undo ext2_create_inode after a failure: the last iput frees it. */
void ext2_discard_inode(struct inode *inode)
{
	inode->nlink = 0;
	inode_mark_dirty(inode);
	iput(inode);
}

/* Name inode as name in dir, or discard it: 0 with *out set, or -Exxx. */
int ext2_name_new(struct inode *dir, const char *name,
			 struct inode *inode, struct inode **out)
{
	int err = ext2_add_entry(dir, name, inode);

	if (err) {
		ext2_discard_inode(inode);
		return err;
	}
	*out = inode;
	return 0;
}

static int ext2_mknod(struct inode *dir, const char *name, uint16_t mode,
		      uint32_t rdev, struct inode **out)
{
	struct inode *inode;
	int err = ext2_may_add(dir, name);

	if (err)
		return err;
	if (!S_ISREG(mode) && !S_ISCHR(mode) && !S_ISBLK(mode) &&
	    !S_ISFIFO(mode) && !S_ISSOCK(mode))
		return -EINVAL;
	err = ext2_create_inode(dir, mode, 1, &inode);
	if (err)
		return err;
	if (S_ISCHR(mode) || S_ISBLK(mode))
		inode->rdev = rdev;
	return ext2_name_new(dir, name, inode, out);
}

static int ext2_mkdir(struct inode *dir, const char *name, uint16_t mode,
		      struct inode **out)
{
	struct inode *inode;
	int err = ext2_may_add(dir, name);

	if (err)
		return err;
	if (dir->nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	err = ext2_create_inode(dir, S_IFDIR | (mode & 07777), 2, &inode);
	if (err)
		return err;
	err = ext2_make_empty(inode, dir);
	if (err) {
		ext2_discard_inode(inode);
		return err;
	}
	err = ext2_name_new(dir, name, inode, out);
	if (!err) {
		dir->nlink++;
		inode_mark_dirty(dir);
	}
	return err;
}

static int ext2_link(struct inode *dir, const char *name, struct inode *target)
{
	int err = ext2_may_add(dir, name);

	if (err)
		return err;
	if (S_ISDIR(target->mode))
		return -EPERM;
	if (target->nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	err = ext2_add_entry(dir, name, target);
	if (err)
		return err;
	target->nlink++;
	ext2_touch(target, false);
	return 0;
}

/* The inode named name in dir, referenced: 0 or -Exxx. */
static int ext2_get_named(struct inode *dir, const char *name,
			  struct inode **out)
{
	uint32_t ino;
	int err = ext2_find_entry(dir, name, &ino);

	if (err)
		return err;
	*out = iget(dir->sb, ino);
	return IS_ERR(*out) ? (int)PTR_ERR(*out) : 0;
}

static int ext2_unlink(struct inode *dir, const char *name)
{
	struct inode *inode;
	int err;

	if (EXT2_SB(dir->sb)->rdonly)
		return -EROFS;
	err = ext2_get_named(dir, name, &inode);
	if (err)
		return err;
	if (S_ISDIR(inode->mode))
		err = -EISDIR;
	else if (inode->nlink == 0)
		err = EXT2_CORRUPT(dir->sb, "inode %u has no links", inode->ino);
	else
		err = ext2_delete_entry(dir, name);
	if (!err) {
		inode->nlink--;
		ext2_touch(inode, false);
	}
	iput(inode);
	return err;
}

static int ext2_rmdir(struct inode *dir, const char *name)
{
	struct inode *inode;
	int err;

	if (EXT2_SB(dir->sb)->rdonly)
		return -EROFS;
	err = ext2_get_named(dir, name, &inode);
	if (err)
		return err;
	if (!S_ISDIR(inode->mode))
		err = -ENOTDIR;
	else
		err = ext2_dir_is_empty(inode);
	if (err == 0)
		err = -ENOTEMPTY;
	else if (err == 1)
		err = ext2_delete_entry(dir, name);
	if (!err) {
		inode->nlink = 0;
		ext2_touch(inode, false);
		if (dir->nlink > 2)
			dir->nlink--;
		inode_mark_dirty(dir);
	}
	iput(inode);
	return err;
}

/* Is directory anc dir itself or above it?  1, 0 or -Exxx. */
static int ext2_is_ancestor(struct inode *anc, struct inode *dir)
{
	uint32_t ino = dir->ino;

	for (int depth = 0; depth < 4096; depth++) {
		struct inode *cur;
		int err;

		if (ino == anc->ino)
			return 1;
		if (ino == EXT2_ROOT_INO)
			return 0;
		cur = iget(dir->sb, ino);
		if (IS_ERR(cur))
			return (int)PTR_ERR(cur);
		err = S_ISDIR(cur->mode) ? ext2_find_entry(cur, "..", &ino)
					 : -ENOTDIR;
		iput(cur);
		if (err)
			return err;
	}
	return EXT2_CORRUPT(dir->sb, "directory %u: '..' loop", dir->ino);
}

/* May old replace target (NULL: none) when moving from odir to ndir? */
static int ext2_rename_check(struct inode *old, struct inode *target,
			     struct inode *odir, struct inode *ndir)
{
	bool is_dir = S_ISDIR(old->mode);
	int err;

	if (target && is_dir != S_ISDIR(target->mode))
		return is_dir ? -ENOTDIR : -EISDIR;
	if (target && is_dir) {
		err = ext2_dir_is_empty(target);
		if (err <= 0)
			return err ? err : -ENOTEMPTY;
	}
	if (!is_dir || odir == ndir)
		return 0;
	if (!target && ndir->nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	err = ext2_is_ancestor(old, ndir);
	return err > 0 ? -EINVAL : err;
}

/* The names are changed; now the link counts and "..". */
static int ext2_rename_links(struct inode *old, struct inode *target,
			     struct inode *odir, struct inode *ndir)
{
	int err = 0;

	if (S_ISDIR(old->mode) && odir != ndir) {
		err = ext2_set_entry(old, "..", ndir);
		odir->nlink--;
		ndir->nlink++;
		inode_mark_dirty(odir);
	}
	if (target) {
		target->nlink--;
		if (S_ISDIR(target->mode)) {
			target->nlink = 0;
			ndir->nlink--;
		}
		ext2_touch(target, false);
	}
	inode_mark_dirty(ndir);
	ext2_touch(old, false);
	return err;
}

static int ext2_rename(struct inode *odir, const char *oname,
		       struct inode *ndir, const char *nname)
{
	struct inode *old, *target = NULL;
	int err = ext2_may_add(ndir, nname);

	if (!err)
		err = ext2_get_named(odir, oname, &old);
	if (err)
		return err;
	err = ext2_get_named(ndir, nname, &target);
	if (err == -ENOENT)
		target = NULL;
	else if (err)
		goto out;
	if (target == old)
		goto out;		/* two names of one file: nothing to do */
	err = ext2_rename_check(old, target, odir, ndir);
	if (!err)
		err = target ? ext2_set_entry(ndir, nname, old)
			     : ext2_add_entry(ndir, nname, old);
	if (!err)
		err = ext2_delete_entry(odir, oname);
	if (!err)
		err = ext2_rename_links(old, target, odir, ndir);
out:
	if (target && !IS_ERR(target))
		iput(target);
	iput(old);
	return err;
}

/* O_TMPFILE: an inode with no link; the last iput frees it, unless
 * linkat named it meanwhile. */
static int ext2_tmpfile(struct inode *dir, uint16_t mode, struct inode **out)
{
	if (EXT2_SB(dir->sb)->rdonly)
		return -EROFS;
	return ext2_create_inode(dir, mode, 0, out);
}

const struct inode_ops ext2_dir_iops = {
	.lookup = ext2_find_entry,
	.iterate = ext2_dir_iterate,
	.mknod = ext2_mknod,
	.mkdir = ext2_mkdir,
	.symlink = ext2_symlink,
	.link = ext2_link,
	.tmpfile = ext2_tmpfile,
	.unlink = ext2_unlink,
	.rmdir = ext2_rmdir,
	.rename = ext2_rename,
	.setattr = ext2_setattr,
};
