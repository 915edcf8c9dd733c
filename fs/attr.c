/*
 * attr.c: the name of a directory and of the working directory
 * (changing attributes is fs/setattr.c).
 *
 * vfs_dir_path (and vfs_getcwd, for the cwd) finds a directory's path
 * without names kept on inodes: from the directory up to the root, each
 * directory's name is looked for among its parent's entries by inode
 * number.  The root of a mounted filesystem
 * stands for the directory it covers.
 *
 * Interface: vfs_dir_path, vfs_getcwd.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

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
