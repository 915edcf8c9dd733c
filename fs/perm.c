/*
 * perm.c: permission checks on mode bits, owner and group, as Linux does
 * them with one group per user and no capabilities: uid 0 may read and
 * write anything, and execute a file only if one of its x bits is set
 * (it may always search a directory).  Writing on a read-only filesystem
 * gives -EROFS for files, directories and links.
 *
 * Deleting or renaming away an entry needs write and search permission
 * on its directory and, in a sticky directory (S_ISVTX, like /tmp), to
 * own the entry or the directory, or to be root; else -EPERM.
 *
 * Interface: vfs_cred, inode_permission; for the VFS (internal.h)
 * may_create, may_delete.
 */
#include "fs/internal.h"
#include "kernel/errno.h"

struct cred vfs_cred = { .uid = 0, .gid = 0 };

static bool is_fs_object(uint16_t mode)
{
	return S_ISREG(mode) || S_ISDIR(mode) || S_ISLNK(mode);
}

int inode_permission(struct inode *inode, int mask)
{
	unsigned int bits = inode->mode;

	if ((mask & MAY_WRITE) && (inode->sb->flags & SB_RDONLY) &&
	    is_fs_object(inode->mode))
		return -EROFS;
	if (vfs_cred.uid == 0) {
		if (!(mask & MAY_EXEC) || S_ISDIR(inode->mode) ||
		    (inode->mode & 0111))
			return 0;
		return -EACCES;
	}
	if (vfs_cred.uid == inode->uid)
		bits >>= 6;
	else if (vfs_cred.gid == inode->gid)
		bits >>= 3;
	return (mask & ~bits & 7) ? -EACCES : 0;
}

int may_create(struct inode *dir)
{
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

int may_delete(struct inode *dir, struct inode *victim)
{
	int err = inode_permission(dir, MAY_WRITE | MAY_EXEC);

	if (err)
		return err;
	if ((dir->mode & S_ISVTX) && vfs_cred.uid != 0 &&
	    vfs_cred.uid != victim->uid && vfs_cred.uid != dir->uid)
		return -EPERM;
	return 0;
}
