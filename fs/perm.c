/*
 * perm.c: permission checks on mode bits, owner and groups, as Linux does
 * them without capabilities, for the current credentials (kernel/cred.h:
 * a process's fsuid, fsgid and groups; vfs_cred in kernel threads): uid
 * 0 may read and
 * write anything, and execute a file only if one of its x bits is set
 * (it may always search a directory).  Writing on a read-only filesystem
 * gives -EROFS for files, directories and links.
 *
 * Deleting or renaming away an entry needs write and search permission
 * on its directory and, in a sticky directory (S_ISVTX, like /tmp), to
 * own the entry or the directory, or to be root; else -EPERM.
 *
 * A filesystem's own rule (inode_ops.permission) replaces the mode bits'
 * (generic_permission), which it may call itself.
 *
 * Interface: vfs_cred, inode_permission, generic_permission; for the VFS
 * (internal.h)
 * may_create, may_delete.
 */
#include "fs/internal.h"
#include "lib/errno.h"

struct cred vfs_cred = { .uid = 0, .gid = 0 };	/* kernel threads' */

static bool is_fs_object(uint16_t mode)
{
	return S_ISREG(mode) || S_ISDIR(mode) || S_ISLNK(mode);
}

/* The mode bits' answer (root may do anything but execute a file no
 * execute bit is set on). */
int generic_permission(const struct inode *inode, int mask)
{
	const struct cred *cred = current_cred();
	unsigned int bits = inode->mode;

	if (cred->uid == 0) {
		if (!(mask & MAY_EXEC) || S_ISDIR(inode->mode) ||
		    (inode->mode & 0111))
			return 0;
		return -EACCES;
	}
	if (cred->uid == inode->uid)
		bits >>= 6;
	else if (cred_in_group(cred, inode->gid))
		bits >>= 3;
	return (mask & ~bits & 7) ? -EACCES : 0;
}

int inode_permission(struct inode *inode, int mask)
{
	if ((mask & MAY_WRITE) && (inode->sb->flags & SB_RDONLY) &&
	    is_fs_object(inode->mode))
		return -EROFS;
	if (inode->iops && inode->iops->permission)
		return inode->iops->permission(inode, mask);
	return generic_permission(inode, mask);
}

int may_create(struct inode *dir)
{
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

int may_delete(struct inode *dir, struct inode *victim)
{
	int err = inode_permission(dir, MAY_WRITE | MAY_EXEC);
	uint32_t uid = current_cred()->uid;

	if (err)
		return err;
	if ((dir->mode & S_ISVTX) && uid != 0 && uid != victim->uid &&
	    uid != dir->uid)
		return -EPERM;
	return 0;
}
