/*
 * devfs.c: the device filesystem: one flat directory of device nodes.
 *
 * Nodes live in a global list shared by every devfs mount; inode numbers
 * are 1 for the root and 2, 3... for the nodes in the order they were
 * added.  Character devices come from devfs_register_char, symbolic links
 * from devfs_register_link; block devices are added for every device of
 * the block layer not seen before, each time the directory is looked up
 * or listed.  Nodes are root-owned.  One node is an empty directory,
 * shm (mode 1777), where the kernel mounts a tmpfs at boot (fs/root.c),
 * as Linux systems have /dev/shm.  From user space, mknod adds a node of
 * any type (a device node finds its driver by number; a socket is how
 * syslogd makes /dev/log), owned by its maker, whose mode and owner
 * chmod and chown change, and unlink removes such a node again; the
 * kernel's own nodes cannot be removed (-EPERM).
 *
 * Interface: devfs_register_char, devfs_register_link,
 * devfs_for_each_char (devfs.h); the fs type "devtmpfs", its name in
 * Linux, which programs and scripts mount.
 */
#include "drivers/block/blkdev.h"
#include "fs/devfs/devfs.h"
#include "fs/internal.h"
#include "kernel/export.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "lib/string.h"
#include "mm/mm.h"

#define DEVFS_MAGIC	0x01021994	/* TMPFS_MAGIC: Linux's devtmpfs is a tmpfs */
#define DEVFS_ROOT_INO	1

struct devfs_node {
	struct list_head link;
	char name[32];
	uint16_t mode;
	uint32_t rdev;
	uint32_t ino;
	const struct file_ops *fops;	/* NULL: found by number */
	struct blkdev *bdev;		/* block device nodes */
	const char *target;		/* symbolic links */
	bool made;			/* by mknod, from user space */
	uint32_t uid, gid;		/* made nodes: their owner */
};

static struct list_head devfs_nodes = LIST_HEAD_INIT(devfs_nodes);
static uint32_t devfs_next_ino = DEVFS_ROOT_INO + 1;

static struct devfs_node *node_find(const char *name)
{
	struct devfs_node *n;

	list_for_each_entry(n, &devfs_nodes, link)
		if (strcmp(n->name, name) == 0)
			return n;
	return NULL;
}

static struct devfs_node *node_by_ino(uint32_t ino)
{
	struct devfs_node *n;

	list_for_each_entry(n, &devfs_nodes, link)
		if (n->ino == ino)
			return n;
	return NULL;
}

static struct devfs_node *node_add(const char *name, uint16_t mode,
				   uint32_t rdev)
{
	struct devfs_node *n;

	if (strlen(name) >= sizeof(n->name) || node_find(name))
		return ERR_PTR(-EEXIST);
	n = kzalloc(sizeof(*n));
	if (!n)
		return ERR_PTR(-ENOMEM);
	strlcpy(n->name, name, sizeof(n->name));
	n->mode = mode;
	n->rdev = rdev;
	n->ino = devfs_next_ino++;
	list_add_tail(&n->link, &devfs_nodes);
	return n;
}

int devfs_register_char(const char *name, uint16_t mode, uint32_t rdev,
			const struct file_ops *fops)
{
	struct devfs_node *n;
	int err = chrdev_register(rdev, fops);

	if (err)
		return err;
	n = node_add(name, S_IFCHR | (mode & 07777), rdev);
	if (IS_ERR(n))
		return PTR_ERR(n);
	n->fops = fops;
	return 0;
}
EXPORT_SYMBOL(devfs_register_char);

int devfs_register_link(const char *name, const char *target)
{
	struct devfs_node *n = node_add(name, S_IFLNK | 0777, 0);

	if (IS_ERR(n))
		return PTR_ERR(n);
	n->target = target;
	return 0;
}

/* Add a node for every block device that has none yet. */
void devfs_for_each_char(void (*fn)(const char *name, uint32_t rdev,
				    void *arg), void *arg)
{
	struct devfs_node *n;

	list_for_each_entry(n, &devfs_nodes, link)
		if (S_ISCHR(n->mode) && !n->made)	/* the kernel's devices */
			fn(n->name, n->rdev, arg);
}

static void devfs_scan_blkdevs(void)
{
	struct devfs_node *n;

	for (struct blkdev *d = blkdev_next(NULL); d; d = blkdev_next(d)) {
		bool known = false;

		list_for_each_entry(n, &devfs_nodes, link)
			known |= n->bdev == d;
		if (known)
			continue;
		n = node_add(d->name, S_IFBLK | 0660, blkdev_rdev(d));
		if (!IS_ERR(n))
			n->bdev = d;
	}
}

static int devfs_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	struct devfs_node *n;

	if (strcmp(name, "..") == 0) {
		*ino = DEVFS_ROOT_INO;
		return 0;
	}
	devfs_scan_blkdevs();
	n = node_find(name);
	if (!n)
		return -ENOENT;
	*ino = n->ino;
	return 0;
}

static int devfs_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	struct devfs_node *n;
	uint64_t i = 2;

	if (f->pos == 0 && emit(ctx, ".", 1, DEVFS_ROOT_INO, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, DEVFS_ROOT_INO, DT_DIR))
		f->pos = 2;
	if (f->pos < 2)
		return 0;
	devfs_scan_blkdevs();
	list_for_each_entry(n, &devfs_nodes, link) {
		if (i++ < f->pos)
			continue;
		if (!emit(ctx, n->name, strlen(n->name), n->ino,
			  IFTODT(n->mode)))
			break;
		f->pos++;
	}
	return 0;
}

static int devfs_mknod(struct inode *dir, const char *name, uint16_t mode,
		       uint32_t rdev, struct inode **out)
{
	struct devfs_node *n = node_add(name, mode, rdev);
	struct inode *inode;

	if (IS_ERR(n))
		return PTR_ERR(n);
	n->made = true;
	inode = iget(dir->sb, n->ino);
	if (IS_ERR(inode)) {
		list_del(&n->link);
		kfree(n);
		return PTR_ERR(inode);
	}
	inode_init_owner(inode, dir, mode);
	n->uid = inode->uid;
	n->gid = inode->gid;
	*out = inode;
	return 0;
}

/* chmod and chown of a made node (syslogd opens /dev/log to everyone). */
static int devfs_setattr(struct inode *inode, const struct iattr *attr)
{
	struct devfs_node *n = inode->private;

	if (attr->valid & ATTR_SIZE)
		return -EINVAL;
	setattr_copy(inode, attr);
	inode->ctime = vfs_now();
	if (n) {
		n->mode = inode->mode;
		n->uid = inode->uid;
		n->gid = inode->gid;
	}
	return 0;
}

static const struct inode_ops devfs_made_iops = {
	.setattr = devfs_setattr,
};

static int devfs_unlink(struct inode *dir, const char *name)
{
	struct devfs_node *n = node_find(name);
	struct inode *inode;

	if (!n)
		return -ENOENT;
	if (!n->made)
		return -EPERM;
	inode = iget(dir->sb, n->ino);
	if (IS_ERR(inode))
		return PTR_ERR(inode);
	inode->nlink = 0;
	inode->private = NULL;
	inode->ctime = vfs_now();
	list_del(&n->link);
	kfree(n);
	iput(inode);
	return 0;
}

static const struct inode_ops devfs_dir_iops = {
	.lookup = devfs_lookup,
	.mknod = devfs_mknod,
	.unlink = devfs_unlink,
};

static const struct file_ops devfs_dir_fops = {
	.readdir = devfs_readdir,
};

/* An empty directory node (a mount point): only "." and "..". */
static int devfs_empty_lookup(struct inode *dir, const char *name,
			      uint32_t *ino)
{
	if (strcmp(name, "..") != 0)
		return -ENOENT;
	*ino = DEVFS_ROOT_INO;
	return 0;
}

static int devfs_empty_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	if (f->pos == 0 && emit(ctx, ".", 1, f->inode->ino, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, DEVFS_ROOT_INO, DT_DIR))
		f->pos = 2;
	return 0;
}

static const struct inode_ops devfs_empty_iops = {
	.lookup = devfs_empty_lookup,
};

static const struct file_ops devfs_empty_fops = {
	.readdir = devfs_empty_readdir,
};

static ssize_t devfs_readlink(struct inode *inode, char *buf, size_t len)
{
	const struct devfs_node *n = inode->private;
	size_t n_len = strlen(n->target);

	if (n_len > len)
		n_len = len;
	memcpy(buf, n->target, n_len);
	return (ssize_t)n_len;
}

static const struct inode_ops devfs_link_iops = {
	.readlink = devfs_readlink,
};

static int devfs_read_inode(struct inode *inode)
{
	struct devfs_node *n = node_by_ino(inode->ino);

	inode->atime = inode->mtime = inode->ctime = vfs_now();
	if (inode->ino == DEVFS_ROOT_INO) {
		inode->mode = S_IFDIR | 0755;
		inode->nlink = 2;
		inode->iops = &devfs_dir_iops;
		inode->fops = &devfs_dir_fops;
		return 0;
	}
	if (!n)
		return -ENOENT;
	inode->mode = n->mode;
	inode->nlink = 1;
	inode->rdev = n->rdev;
	inode->fops = n->fops;
	inode->private = n;
	if (S_ISDIR(n->mode)) {
		inode->nlink = 2;
		inode->iops = &devfs_empty_iops;
		inode->fops = &devfs_empty_fops;
	}
	if (n->made) {
		inode->iops = &devfs_made_iops;
		inode->uid = n->uid;
		inode->gid = n->gid;
	}
	if (n->target) {
		inode->iops = &devfs_link_iops;
		inode->size = strlen(n->target);
	}
	return 0;
}

static const struct super_ops devfs_super_ops = {
	.read_inode = devfs_read_inode,
};

static int devfs_mount(struct super_block *sb, const char *options)
{
	struct inode *root;

	sb->ops = &devfs_super_ops;
	sb->magic = DEVFS_MAGIC;
	root = iget(sb, DEVFS_ROOT_INO);
	if (IS_ERR(root))
		return PTR_ERR(root);
	sb->root = root;
	return 0;
}

static struct fs_type devfs_type = {
	.name = "devtmpfs",
	.mount = devfs_mount,
};

static int devfs_init(void)
{
	struct devfs_node *shm = node_add("shm", S_IFDIR | 01777, 0);

	if (IS_ERR(shm))
		return PTR_ERR(shm);
	return vfs_register_fs(&devfs_type);
}
INITCALL(INIT_FS, devfs_init);
