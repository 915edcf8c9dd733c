/*
 * anon.c: files with no name in any directory, for the kernel objects a
 * system call hands out as a descriptor (eventfd...), as Linux's anon
 * inodes.
 *
 * anon_file(name, fops, private, flags) makes an inode on a private ramfs
 * instance (no link: the VFS frees it with its last file) with mode 0600
 * and no file type, as Linux's, and one open file on it (refcount 1)
 * with those ops, private data and O_* flags; NULL when out of memory.
 * Its /proc/<pid>/fd link reads "anon_inode:[NAME]" (anon_file_name).
 *
 * Interface (fs/vfs.h): anon_file, anon_file_name.
 */
#include "fs/internal.h"
#include "kernel/errno.h"
#include "mm/mm.h"

static struct super_block *anon_sb;
static uint32_t anon_ino;

static struct inode *anon_inode(const char *name)
{
	struct inode *inode;

	if (!anon_sb) {
		struct super_block *sb = vfs_kern_mount("ramfs", NULL, 0, NULL);

		if (IS_ERR(sb))
			return NULL;
		anon_sb = sb;
	}
	inode = new_inode(anon_sb);
	if (inode) {
		inode->ino = ++anon_ino;
		inode_init_owner(inode, NULL, 0600);
		inode->nlink = 0;
		inode->private = (void *)name;
	}
	return inode;
}

struct file *anon_file(const char *name, const struct file_ops *fops,
		       void *private, unsigned int flags)
{
	struct inode *inode = anon_inode(name);
	struct file *f = inode ? kzalloc(sizeof(*f)) : NULL;

	if (!f) {
		if (inode)
			iput(inode);
		return NULL;
	}
	f->inode = inode;		/* the file takes the reference */
	inode->fops = fops;
	f->fops = fops;
	f->flags = flags;
	f->private = private;
	f->refcount = 1;
	return f;
}

const char *anon_file_name(const struct inode *inode)
{
	return anon_sb && inode->sb == anon_sb ? inode->private : NULL;
}
