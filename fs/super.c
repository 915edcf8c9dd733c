/*
 * super.c: filesystem types and superblocks.
 *
 * Filesystem drivers register a struct fs_type (vfs_register_fs), usually
 * from an INIT_FS initcall.  sb_create() makes a superblock: it finds the
 * type and, for a type that needs one, the block device, calls the type's
 * mount() and puts the result on vfs_supers, the list of every live
 * superblock (mounted in the tree or not), which sync walks.
 * sb_destroy() is the reverse, refused with -EBUSY while an inode other
 * than the root is in use.
 *
 * Interface: vfs_register_fs, vfs_fs_type_needs_dev, vfs_statfs,
 * vfs_fstatfs; for the VFS (internal.h)
 * vfs_supers, fs_type_find, fs_type_next, sb_create, sb_destroy.
 */
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "kernel/export.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

struct list_head vfs_supers = LIST_HEAD_INIT(vfs_supers);
static struct fs_type *fs_types;

int vfs_register_fs(struct fs_type *type)
{
	if (!type->name || !type->mount)
		return -EINVAL;
	if (fs_type_find(type->name))
		return -EEXIST;
	type->next = fs_types;
	fs_types = type;
	return 0;
}
EXPORT_SYMBOL(vfs_register_fs);

const struct fs_type *fs_type_find(const char *name)
{
	for (const struct fs_type *t = fs_types; t; t = t->next)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

bool vfs_fs_type_needs_dev(const char *name)
{
	const struct fs_type *t = fs_type_find(name);

	return t && t->needs_dev;
}

/* The registered types in turn: NULL gives the first. */
const struct fs_type *fs_type_next(const struct fs_type *prev)
{
	return prev ? prev->next : fs_types;
}

/* Whether a and b are the same device, or one is a partition of the other. */
static bool blkdev_overlap(const struct blkdev *a, const struct blkdev *b)
{
	return a == b || a->parent == b || b->parent == a;
}

/*
 * A mounted superblock on bdev, its disk or one of its partitions: two
 * filesystems would keep two copies of the same metadata in memory and
 * overwrite each other's.  Caller holds nothing; the list only changes in
 * the single boot thread for now.
 */
static bool blkdev_in_use(const struct blkdev *bdev)
{
	struct super_block *sb;

	list_for_each_entry(sb, &vfs_supers, mounts)
		if (sb->dev && blkdev_overlap(sb->dev, bdev))
			return true;
	return false;
}

/* The block device dev names, checked for the mount flags. */
static int sb_find_dev(struct super_block *sb, const char *dev)
{
	struct blkdev *bdev = dev ? blkdev_find(dev) : NULL;

	if (!bdev)
		return -ENODEV;
	if (blkdev_in_use(bdev))
		return -EBUSY;
	if (bdev->read_only && !(sb->flags & SB_RDONLY))
		return -EROFS;
	sb->dev = bdev;
	sb->dev_id = blkdev_rdev(bdev);
	return 0;
}

struct super_block *sb_create(const struct fs_type *type, const char *dev,
			      unsigned int flags, const char *options)
{
	struct super_block *sb = kzalloc(sizeof(*sb));
	int err;

	if (!sb)
		return ERR_PTR(-ENOMEM);
	sb->type = type;
	sb->flags = flags;
	list_init(&sb->inodes);
	list_init(&sb->mounts);
	strlcpy(sb->dev_name, dev ? dev : type->name, sizeof(sb->dev_name));
	if (type->needs_dev)
		err = sb_find_dev(sb, dev);
	else {
		sb->dev_id = anon_dev_alloc();
		err = 0;
	}
	if (!err)
		err = type->mount(sb, options ? options : "");
	if (!err && !sb->root)
		err = -EINVAL;
	if (err) {
		inodes_drop_sb(sb, false);	/* what a failed mount() left */
		kfree(sb);
		return ERR_PTR(err);
	}
	list_add_tail(&sb->mounts, &vfs_supers);
	return sb;
}

int sb_destroy(struct super_block *sb)
{
	if (sb_busy(sb))
		return -EBUSY;
	inodes_drop_sb(sb, !(sb->flags & SB_RDONLY));
	if (sb->ops && sb->ops->sync && !(sb->flags & SB_RDONLY))
		sb->ops->sync(sb);
	if (sb->ops && sb->ops->put_super)
		sb->ops->put_super(sb);
	list_del(&sb->mounts);
	kfree(sb);
	return 0;
}

/* Fill st for sb; 0 or -Exxx. */
static int statfs_sb(struct super_block *sb, struct kstatfs *st)
{
	memset(st, 0, sizeof(*st));
	st->type = sb->magic;
	st->block_size = sb->block_size ? sb->block_size : PAGE_SIZE;
	st->name_max = NAME_MAX;
	st->flags = sb->flags & (SB_RDONLY | SB_NOSUID | SB_NODEV | SB_NOEXEC);
	if (sb->ops && sb->ops->statfs)
		return sb->ops->statfs(sb, st);
	return 0;
}

static int vfs_statfs_locked(const char *path, struct kstatfs *st)
{
	struct inode *inode;
	int err = vfs_lookup(path, LOOKUP_FOLLOW, &inode);

	if (err)
		return err;
	err = statfs_sb(inode->sb, st);
	iput(inode);
	return err;
}

int vfs_statfs(const char *path, struct kstatfs *st)
{
	int ret;

	vfs_lock();
	ret = vfs_statfs_locked(path, st);
	vfs_unlock();
	return ret;
}

int vfs_fstatfs(struct file *f, struct kstatfs *st)
{
	int ret;

	vfs_lock();
	ret = statfs_sb(f->inode->sb, st);
	vfs_unlock();
	return ret;
}
