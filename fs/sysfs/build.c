/*
 * build.c: making sysfs's tree: directories, read-only text files and
 * symbolic links created straight through ramfs's inode ops, below a
 * directory inode (the tree is only ever built by the kernel, at mount).
 * Errors stop nothing: a node that cannot be made (out of memory) is
 * missing, and the mount says so in the log (sysfs_build_err).
 *
 * Interface (fs/sysfs/sysfs.h): sysfs_dir, sysfs_dir_put, sysfs_mkdir,
 * sysfs_file, sysfs_link.
 */
#include "fs/sysfs/sysfs.h"
#include "fs/ramfs/ramfs.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

int sysfs_build_err;

struct inode *sysfs_mkdir(struct inode *dir, const char *name)
{
	struct inode *child = NULL;
	int err = dir ? dir->iops->mkdir(dir, name, S_IFDIR | 0755, &child)
		      : -ENOENT;

	if (err)
		sysfs_build_err = err;
	return err ? NULL : child;
}

void sysfs_dir_put(struct inode *dir)
{
	if (dir)
		iput(dir);
}

struct inode *sysfs_dir(struct inode *root, const char *path)
{
	struct inode *dir = igrab(root), *next;
	char name[NAME_MAX + 1];

	while (dir && *path) {
		size_t n = strcspn(path, "/");
		uint32_t ino;

		if (n > NAME_MAX)
			n = NAME_MAX;
		memcpy(name, path, n);
		name[n] = '\0';
		path += n + (path[n] == '/');
		next = dir->iops->lookup(dir, name, &ino) == 0 ?
		       iget(dir->sb, ino) : sysfs_mkdir(dir, name);
		iput(dir);
		dir = IS_ERR(next) ? NULL : next;
	}
	return dir;
}

void sysfs_file(struct inode *dir, const char *name, const char *fmt, ...)
{
	struct inode *inode = NULL;
	struct file f = { .fops = &ramfs_file_fops };
	uint64_t pos = 0;
	char text[128];
	size_t len;
	va_list ap;
	int err;

	va_start(ap, fmt);
	len = vscnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	err = dir ? dir->iops->mknod(dir, name, S_IFREG | 0444, 0, &inode)
		  : -ENOENT;
	if (!err) {
		f.inode = inode;
		if (f.fops->write(&f, text, len, &pos) != (ssize_t)len)
			err = -ENOMEM;
		iput(inode);
	}
	if (err)
		sysfs_build_err = err;
}

void sysfs_link(struct inode *dir, const char *name, const char *target)
{
	struct inode *link = NULL;
	int err = dir ? dir->iops->symlink(dir, name, target, &link) : -ENOENT;

	if (err)
		sysfs_build_err = err;
	else
		iput(link);
}
