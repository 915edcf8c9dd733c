/*
 * dirops.c: the inode ops that add or remove names, called through here
 * by the VFS so that the name cache (names.c) follows every change: a
 * name made is added to it, a name removed is dropped, and after a
 * failure, when it is not known which steps were done, the name is
 * forgotten.
 *
 * Each returns what the op does, or -EPERM when the filesystem has none.
 *
 * Interface (internal.h): dirop_mknod, dirop_mkdir, dirop_symlink,
 * dirop_link, dirop_unlink, dirop_rmdir, dirop_rename.
 */
#include "fs/internal.h"
#include "lib/errno.h"

/* After an op that makes name in dir: inode on success. */
static int made(struct inode *dir, const char *name, int err,
		const struct inode *inode)
{
	if (err)
		names_forget(dir, name);
	else
		names_added(dir, name, inode->ino);
	return err;
}

static int gone(struct inode *dir, const char *name, int err)
{
	if (err)
		names_forget(dir, name);
	else
		names_removed(dir, name);
	return err;
}

int dirop_mknod(struct inode *dir, const char *name, uint16_t mode,
		uint32_t rdev, struct inode **out)
{
	int err;

	if (!dir->iops->mknod)
		return -EPERM;
	err = dir->iops->mknod(dir, name, mode, rdev, out);
	return made(dir, name, err, err ? NULL : *out);
}

int dirop_mkdir(struct inode *dir, const char *name, uint16_t mode,
		struct inode **out)
{
	int err;

	if (!dir->iops->mkdir)
		return -EPERM;
	err = dir->iops->mkdir(dir, name, mode, out);
	return made(dir, name, err, err ? NULL : *out);
}

int dirop_symlink(struct inode *dir, const char *name, const char *target,
		  struct inode **out)
{
	int err;

	if (!dir->iops->symlink)
		return -EPERM;
	err = dir->iops->symlink(dir, name, target, out);
	return made(dir, name, err, err ? NULL : *out);
}

int dirop_link(struct inode *dir, const char *name, struct inode *target)
{
	if (!dir->iops->link)
		return -EPERM;
	return made(dir, name, dir->iops->link(dir, name, target), target);
}

int dirop_unlink(struct inode *dir, const char *name)
{
	if (!dir->iops->unlink)
		return -EPERM;
	return gone(dir, name, dir->iops->unlink(dir, name));
}

int dirop_rmdir(struct inode *dir, const char *name)
{
	if (!dir->iops->rmdir)
		return -EPERM;
	return gone(dir, name, dir->iops->rmdir(dir, name));
}

/* Rename old_name (whose inode is moved) to new_name. */
int dirop_rename(struct inode *old_dir, const char *old_name,
		 struct inode *new_dir, const char *new_name,
		 struct inode *moved)
{
	int err;

	if (!old_dir->iops->rename)
		return -EPERM;
	err = old_dir->iops->rename(old_dir, old_name, new_dir, new_name);
	gone(old_dir, old_name, err);
	return made(new_dir, new_name, err, moved);
}
