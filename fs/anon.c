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
 * anon_inode_new(mode) gives just such an inode (pipes take theirs here),
 * anon_inode_is tells one.
 *
 * Interface (fs/vfs.h): anon_file, anon_file_name; (fs/internal.h)
 * anon_inode_new, anon_inode_is.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "mm/mm.h"

static struct super_block *anon_sb;
static uint32_t anon_ino;

struct inode *anon_inode_new(uint16_t mode)
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
		inode_init_owner(inode, NULL, mode);
		inode->nlink = 0;
	}
	return inode;
}

bool anon_inode_is(const struct inode *inode)
{
	return anon_sb && inode->sb == anon_sb;
}

struct file *anon_file(const char *name, const struct file_ops *fops,
		       void *private, unsigned int flags)
{
	struct inode *inode = anon_inode_new(0600);
	struct file *f = inode ? kzalloc(sizeof(*f)) : NULL;

	if (!f) {
		if (inode)
			iput(inode);
		return NULL;
	}
	inode->private = (void *)name;
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
	return anon_inode_is(inode) ? inode->private : NULL;
}
