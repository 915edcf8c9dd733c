/*
 * super.c: ramfs superblocks and inodes.
 *
 * Mounting makes an empty root directory.  Inode numbers count up from 1
 * per superblock.  destroy_inode frees everything an inode holds (pages,
 * entries, link target), both when an unlinked inode is evicted and when
 * the filesystem is unmounted, which discards its contents.
 *
 * Interface: the "ramfs" fs type; ramfs_new_inode, ramfs_mount_common
 * (ramfs.h).
 */
#include "fs/ramfs/ramfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "mm/mm.h"

static struct inode *ramfs_alloc_inode(struct super_block *sb)
{
	struct ramfs_inode *ri = kzalloc(sizeof(*ri));

	if (!ri)
		return NULL;
	list_init(&ri->entries);
	return &ri->vfs;
}

static void ramfs_destroy_inode(struct inode *inode)
{
	struct ramfs_inode *ri = RAMFS_I(inode);
	struct ramfs_dirent *d, *tmp;
	struct ramfs_sb *rsb = inode->sb->fs_info;

	list_for_each_entry_safe(d, tmp, &ri->entries, link) {
		list_del(&d->link);
		kfree(d);
	}
	ramfs_free_pages(ri, 0);
	kfree(ri->pages);
	kfree(ri->target);
	if (rsb)
		rsb->inodes--;
	kfree(ri);
}

static int ramfs_statfs(struct super_block *sb, struct kstatfs *st)
{
	struct ramfs_sb *rsb = sb->fs_info;

	st->files = rsb->inodes;
	return 0;
}

static void ramfs_put_super(struct super_block *sb)
{
	kfree(sb->fs_info);
	sb->fs_info = NULL;
}

static const struct super_ops ramfs_super_ops = {
	.alloc_inode = ramfs_alloc_inode,
	.destroy_inode = ramfs_destroy_inode,
	.statfs = ramfs_statfs,
	.put_super = ramfs_put_super,
};

static void ramfs_set_ops(struct inode *inode)
{
	uint16_t mode = inode->mode;

	inode->iops = S_ISDIR(mode) ? &ramfs_dir_iops :
		      S_ISREG(mode) ? &ramfs_file_iops :
		      S_ISLNK(mode) ? &ramfs_link_iops : &ramfs_special_iops;
	inode->fops = S_ISDIR(mode) ? &ramfs_dir_fops :
		      S_ISREG(mode) ? &ramfs_file_fops : NULL;
}

struct inode *ramfs_new_inode(struct super_block *sb, struct inode *dir,
			      uint16_t mode, uint32_t rdev)
{
	struct ramfs_sb *rsb = sb->fs_info;
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->ino = rsb->next_ino++;
	rsb->inodes++;
	inode_init_owner(inode, dir, mode);
	inode->rdev = rdev;
	inode->nlink = S_ISDIR(mode) ? 2 : 1;
	inode->atime = inode->mtime = inode->ctime = vfs_now();
	RAMFS_I(inode)->parent = dir ? dir->ino : inode->ino;
	ramfs_set_ops(inode);
	inode_hash_insert(inode);
	return inode;
}

int ramfs_mount_common(struct super_block *sb, uint16_t root_mode)
{
	struct ramfs_sb *rsb = kzalloc(sizeof(*rsb));

	if (!rsb)
		return -ENOMEM;
	rsb->next_ino = 1;
	sb->fs_info = rsb;
	sb->ops = &ramfs_super_ops;
	sb->magic = RAMFS_MAGIC;
	sb->block_size = PAGE_SIZE;
	sb->root = ramfs_new_inode(sb, NULL, root_mode, 0);
	if (sb->root)
		return 0;
	ramfs_put_super(sb);
	return -ENOMEM;
}

static int ramfs_mount(struct super_block *sb, const char *options)
{
	int err = ramfs_mount_common(sb, S_IFDIR | 0755);

	return err ? err : ramfs_apply_options(sb->root, options, false);
}

static struct fs_type ramfs_type = {
	.name = "ramfs",
	.mount = ramfs_mount,
};

static int ramfs_init(void)
{
	return vfs_register_fs(&ramfs_type);
}
INITCALL(INIT_FS, ramfs_init);
