/*
 * attr.c: changing attributes, and the name of the working directory.
 *
 * vfs_setattr applies the owner rule of chmod, chown and utimensat with
 * one user per group and no capabilities: root may change anything, any
 * other user only the attributes of what it owns (else -EPERM); nothing
 * changes on a read-only filesystem (-EROFS).
 *
 * setattr_copy is for filesystems' setattr: it copies every attribute
 * but the size from an iattr into the inode, as Linux's does.
 *
 * vfs_dir_path (and vfs_getcwd, for the cwd) finds a directory's path
 * without names kept on inodes: from the directory up to the root, each
 * directory's name is looked for among its parent's entries by inode
 * number.  The root of a mounted filesystem
 * stands for the directory it covers.
 *
 * Interface: vfs_setattr, setattr_copy, vfs_dir_path, vfs_getcwd.
 */
#include "fs/internal.h"
#include "kernel/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

int vfs_setattr(struct inode *inode, const struct iattr *attr)
{
	int err;

	if (inode->sb->flags & SB_RDONLY)
		return -EROFS;
	if (current_cred()->uid != 0 && current_cred()->uid != inode->uid)
		return -EPERM;
	if (!inode->iops || !inode->iops->setattr)
		return -EPERM;
	vfs_lock();
	err = inode->iops->setattr(inode, attr);
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

struct name_search {
	uint32_t ino;
	char *name;			/* NAME_MAX + 1 bytes */
	bool found;
};

static bool name_match(void *arg, const char *name, size_t len,
		       uint32_t ino, unsigned int dtype)
{
	struct name_search *s = arg;

	if (ino != s->ino || len > NAME_MAX || (name[0] == '.' &&
	    (len == 1 || (len == 2 && name[1] == '.'))))
		return true;
	memcpy(s->name, name, len);
	s->name[len] = '\0';
	s->found = true;
	return false;
}

/* The name of the entry of dir whose inode is child: 0 or -ENOENT. */
static int name_in(struct inode *dir, struct inode *child, char *name)
{
	struct file f = { .inode = dir, .fops = dir->fops, .refcount = 1 };
	struct name_search s = { .ino = child->ino, .name = name };
	uint64_t last;
	int err;

	do {
		last = f.pos;
		err = vfs_readdir(&f, name_match, &s);
	} while (!err && !s.found && f.pos != last);
	if (!err && !s.found)
		err = -ENOENT;
	return err;
}

/* Put "/name" in front of the path being built backwards at buf + *pos. */
static int prepend(char *buf, size_t *pos, const char *name)
{
	size_t n = strlen(name);

	if (n + 1 > *pos)
		return -ENAMETOOLONG;
	*pos -= n + 1;
	buf[*pos] = '/';
	memcpy(buf + *pos + 1, name, n);
	return 0;
}

/* One step up from *cur (reference passed), prepending its name. */
static int step_up(struct inode **cur, char *buf, size_t *pos, char *name)
{
	struct inode *parent;
	int err = lookup_raw(*cur, "..", &parent);

	if (err)
		return err;
	err = name_in(parent, *cur, name);
	if (!err)
		err = prepend(buf, pos, name);
	iput(*cur);
	*cur = parent;
	return err;
}

static int dir_path_locked(struct inode *dir, char *buf, size_t *pos,
			   char *name)
{
	struct inode *cur = igrab(dir), *root = vfs_root();
	int err = cur->nlink ? 0 : -ENOENT;

	while (!err && cur != root) {
		if (cur == cur->sb->root && cur->sb->covered) {
			struct inode *covered = igrab(cur->sb->covered);

			iput(cur);
			cur = covered;
		} else if (cur == cur->sb->root) {
			break;		/* outside the root: stop there */
		} else {
			err = step_up(&cur, buf, pos, name);
		}
	}
	iput(cur);
	if (!err && *pos == PATH_MAX - 1)
		err = prepend(buf, pos, "");
	return err;
}

/*
 * Write the absolute path of directory dir, NUL-terminated, into buf
 * (size bytes): its length with the NUL, -ERANGE when it does not fit,
 * -ENOENT when dir was removed, -ENAMETOOLONG, -ENOMEM.
 */
long vfs_dir_path(struct inode *dir, char *buf, size_t size)
{
	char *path = kmalloc(PATH_MAX), *name = kmalloc(NAME_MAX + 1);
	size_t pos = PATH_MAX - 1;
	long err = path && name ? 0 : -ENOMEM;

	if (!err) {
		path[pos] = '\0';
		vfs_lock();
		err = dir_path_locked(dir, path, &pos, name);
		vfs_unlock();
	}
	if (!err && PATH_MAX - pos > size)
		err = -ERANGE;
	if (!err) {
		memcpy(buf, path + pos, PATH_MAX - pos);
		err = (long)(PATH_MAX - pos);
	}
	kfree(path);
	kfree(name);
	return err;
}

long vfs_getcwd(char *buf, size_t size)
{
	return vfs_dir_path(vfs_cwd(), buf, size);
}
