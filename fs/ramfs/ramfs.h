/*
 * ramfs.h: ramfs's private declarations (the filesystem itself registers
 * as "ramfs"); ramfs_mount_common and the ops tables are also what sysfs
 * (fs/sysfs/) builds its tree with.
 *
 * Every file lives only in memory: a ramfs inode embeds the VFS inode and
 * holds a directory's entries (a list of names and inode numbers), a
 * symbolic link's target, or a regular file's pages (an array indexed by
 * page number, NULL for a hole).  Inodes stay in the inode cache as long
 * as they have links, so iget always finds them there.
 */
#ifndef FS_RAMFS_RAMFS_H
#define FS_RAMFS_RAMFS_H

#include "fs/vfs.h"
#include "lib/compiler.h"

#define RAMFS_MAGIC		0x858458f6u
#define RAMFS_MAX_PAGES		(1u << 18)	/* 1 GiB per file */

struct ramfs_dirent {
	struct list_head link;		/* in the directory's entries */
	uint32_t ino;
	uint8_t dtype;
	char name[];
};

struct ramfs_inode {
	struct inode vfs;
	struct list_head entries;	/* directory: struct ramfs_dirent */
	uint32_t parent;		/* directory: inode number of ".." */
	char *target;			/* symbolic link */
	struct page **pages;		/* regular file: data pages */
	uint32_t npages;		/* slots in pages */
};

struct ramfs_sb {
	uint32_t next_ino;
	uint32_t inodes;		/* live */
};

static inline struct ramfs_inode *RAMFS_I(struct inode *inode)
{
	return container_of(inode, struct ramfs_inode, vfs);
}

extern const struct inode_ops ramfs_dir_iops, ramfs_file_iops,
	ramfs_link_iops, ramfs_special_iops;
extern const struct file_ops ramfs_dir_fops, ramfs_file_fops;

/* super.c: a new inode in dir's filesystem (refcount 1, hashed). */
struct inode *ramfs_new_inode(struct super_block *sb, struct inode *dir,
			      uint16_t mode, uint32_t rdev);
/* super.c: set up sb as an empty ramfs whose root has root_mode (the
 * tmpfs type's mount starts with it): 0 or -ENOMEM. */
int ramfs_mount_common(struct super_block *sb, uint16_t root_mode);
/* options.c: apply mount options (comma-separated, as mount(2)'s data)
 * to the root: 0 or -EINVAL; tmpfs: tmpfs's options, else ramfs's. */
int ramfs_apply_options(struct inode *root, const char *options, bool tmpfs);
/* file.c */
void ramfs_free_pages(struct ramfs_inode *ri, uint32_t from);
int ramfs_setattr(struct inode *inode, const struct iattr *attr);

#endif
