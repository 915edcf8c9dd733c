/*
 * xattr.c: extended attributes: Linux's permission checks on a name,
 * then what a filesystem without extended attributes answers (see
 * xattr.h).
 *
 * As Linux's xattr_permission: "trusted." names are root's alone (-EPERM
 * to change, -ENODATA to read for others), with no other check; "user."
 * names exist only on regular files and directories (-EPERM, -ENODATA on
 * anything else), and in a sticky directory only its owner or root may
 * change them; every name then needs read or write permission on the
 * file.  A "security." name other than security.capability is root's to
 * change (Linux's cap_inode_setxattr).  Privilege is the effective uid 0
 * (CAP_SYS_ADMIN, CAP_FOWNER in Linux's root emulation).
 *
 * Interface: xattr.h.
 */
#include "fs/xattr.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"

static bool has_prefix(const char *name, const char *prefix)
{
	return !strncmp(name, prefix, strlen(prefix));
}

static bool privileged(void)
{
	struct proc *p = proc_current();

	return !p || p->euid == 0;
}

static int xattr_permission(struct inode *inode, const char *name, int mask)
{
	bool write = mask & MAY_WRITE;

	if (has_prefix(name, "trusted.")) {
		if (!privileged())
			return write ? -EPERM : -ENODATA;
		return 0;
	}
	if (has_prefix(name, "user.")) {
		if (!S_ISREG(inode->mode) && !S_ISDIR(inode->mode))
			return write ? -EPERM : -ENODATA;
		if (S_ISDIR(inode->mode) && (inode->mode & S_ISVTX) && write &&
		    current_cred()->uid != inode->uid && !privileged())
			return -EPERM;
	}
	return inode_permission(inode, mask);
}

/* The security module's word on a change (Linux's commoncap). */
static int xattr_security_check(const char *name)
{
	if (!has_prefix(name, "security.") ||
	    !strcmp(name, "security.capability"))
		return 0;
	return privileged() ? 0 : -EPERM;
}

int vfs_xattr_writable(struct inode *inode)
{
	return (inode->sb->flags & SB_RDONLY) ? -EROFS : 0;
}

int vfs_setxattr(struct inode *inode, const char *name)
{
	int err = xattr_permission(inode, name, MAY_WRITE);

	if (!err)
		err = xattr_security_check(name);
	return err ? err : -EOPNOTSUPP;
}

int vfs_getxattr(struct inode *inode, const char *name)
{
	int err = xattr_permission(inode, name, MAY_READ);

	return err ? err : -EOPNOTSUPP;
}

int vfs_listxattr(struct inode *inode)
{
	return 0;
}

int vfs_removexattr(struct inode *inode, const char *name)
{
	return vfs_setxattr(inode, name);
}
