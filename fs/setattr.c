/*
 * setattr.c: who may change an inode's attributes, as Linux decides it
 * (notify_change and setattr_prepare), for the current credentials;
 * "root" is fsuid 0, which stands for CAP_CHOWN, CAP_FOWNER and
 * CAP_FSETID.
 *
 * - Owner (ATTR_UID): root only, or the owner "changing" it to itself.
 * - Group (ATTR_GID): root, or the owner changing it to its fsgid or one
 *   of its supplementary groups.
 * - Mode (ATTR_MODE): root or the owner; S_ISGID is dropped from the new
 *   mode when the caller is neither root nor in the (new) group.  S_ISVTX
 *   stays on anything, as Linux keeps it.
 * - ATTR_KILL_SUID/ATTR_KILL_SGID (chown of a non-directory) become
 *   ATTR_MODE when the inode has those bits, and then need what a mode
 *   change needs.
 * - ATTR_TIMES_SET (explicit times): root or the owner; ATTR_TOUCH (both
 *   times now): root, the owner or write permission (-EACCES).
 * Anything else is -EPERM; nothing changes on a read-only filesystem
 * (-EROFS).
 *
 * A write or truncate by anyone but root clears S_ISUID, and S_ISGID
 * when the group may execute or the caller is not in the file's group,
 * on regular files (Linux's file_remove_privs).
 *
 * setattr_copy is for filesystems' setattr: it copies every attribute
 * but the size from an iattr into the inode, as Linux's does.
 *
 * Interface: vfs_setattr, setattr_copy, setattr_should_drop_sgid,
 * setattr_should_drop_suidgid, setattr_kill_privs, file_remove_privs.
 */
#include "fs/internal.h"
#include "lib/errno.h"

#define ATTR_VFS_ONLY	(ATTR_KILL_SUID | ATTR_KILL_SGID | ATTR_TIMES_SET | \
			 ATTR_TOUCH)

static bool is_root(void)
{
	return current_cred()->uid == 0;
}

static bool owner_or_root(const struct inode *inode)
{
	return is_root() || current_cred()->uid == inode->uid;
}

static bool in_group_or_root(uint32_t gid)
{
	return is_root() || cred_in_group(current_cred(), gid);
}

unsigned int setattr_should_drop_sgid(const struct inode *inode)
{
	if (!(inode->mode & S_ISGID))
		return 0;
	if ((inode->mode & 0010) || !in_group_or_root(inode->gid))
		return ATTR_KILL_SGID;
	return 0;
}

unsigned int setattr_should_drop_suidgid(const struct inode *inode)
{
	unsigned int kill = setattr_should_drop_sgid(inode);

	if (inode->mode & S_ISUID)
		kill |= ATTR_KILL_SUID;
	return S_ISREG(inode->mode) && !is_root() ? kill : 0;
}

void setattr_kill_privs(const struct inode *inode, struct iattr *attr)
{
	unsigned int kill = 0;

	if ((attr->valid & ATTR_KILL_SUID) && (inode->mode & S_ISUID))
		kill |= S_ISUID;
	if ((attr->valid & ATTR_KILL_SGID) && (inode->mode & S_ISGID))
		kill |= S_ISGID;
	if (kill && !(attr->valid & ATTR_MODE)) {
		attr->valid |= ATTR_MODE;
		attr->mode = inode->mode & 07777;
	}
	attr->mode &= ~kill;
	attr->valid &= ~(ATTR_KILL_SUID | ATTR_KILL_SGID);
}

/* Owner and group changes: 0 or -EPERM. */
static int chown_ok(const struct inode *inode, const struct iattr *attr)
{
	bool owner = current_cred()->uid == inode->uid;

	if (is_root())
		return 0;
	if ((attr->valid & ATTR_UID) && !(owner && attr->uid == inode->uid))
		return -EPERM;
	if ((attr->valid & ATTR_GID) && !(owner && (attr->gid == inode->gid ||
	    cred_in_group(current_cred(), attr->gid))))
		return -EPERM;
	return 0;
}

/* Linux's setattr_prepare (with notify_change's ATTR_TOUCH rule): 0 or
 * -Exxx; may drop S_ISGID from attr->mode. */
static int setattr_check(struct inode *inode, struct iattr *attr)
{
	int err = chown_ok(inode, attr);
	uint32_t gid = attr->valid & ATTR_GID ? attr->gid : inode->gid;

	if (err)
		return err;
	if ((attr->valid & ATTR_TOUCH) && !owner_or_root(inode)) {
		err = inode_permission(inode, MAY_WRITE);
		if (err)
			return err;
	}
	if ((attr->valid & (ATTR_MODE | ATTR_TIMES_SET)) &&
	    !owner_or_root(inode))
		return -EPERM;
	if ((attr->valid & ATTR_MODE) && !in_group_or_root(gid))
		attr->mode &= ~S_ISGID;
	return 0;
}

static int vfs_setattr_locked(struct inode *inode, const struct iattr *attr)
{
	struct iattr a = *attr;
	int err;

	if (inode->sb->flags & SB_RDONLY)
		return -EROFS;
	setattr_kill_privs(inode, &a);
	err = setattr_check(inode, &a);
	if (err)
		return err;
	if (!inode->iops || !inode->iops->setattr)
		return -EPERM;
	a.valid &= ~ATTR_VFS_ONLY;
	return inode->iops->setattr(inode, &a);
}

int vfs_setattr(struct inode *inode, const struct iattr *attr)
{
	int err;

	vfs_lock();
	err = vfs_setattr_locked(inode, attr);
	vfs_unlock();
	return err;
}

int file_remove_privs(struct inode *inode)
{
	struct iattr attr = { 0 };
	int err = 0;

	if (!S_ISREG(inode->mode) || !(inode->mode & (S_ISUID | S_ISGID)) ||
	    is_root())
		return 0;
	vfs_lock();
	attr.valid = setattr_should_drop_suidgid(inode);
	setattr_kill_privs(inode, &attr);
	if (attr.valid && inode->iops && inode->iops->setattr)
		err = inode->iops->setattr(inode, &attr);
	vfs_unlock();
	return err;
}

void setattr_copy(struct inode *inode, const struct iattr *attr)
{
	if (attr->valid & ATTR_MODE)
		inode->mode = (inode->mode & S_IFMT) | (attr->mode & 07777);
	if (attr->valid & ATTR_UID)
		inode->uid = attr->uid;
	if (attr->valid & ATTR_GID)
		inode->gid = attr->gid;
	if (attr->valid & ATTR_ATIME)
		inode->atime = attr->atime;
	if (attr->valid & ATTR_MTIME)
		inode->mtime = attr->mtime;
}
