/*
 * mount.c: the mount table and the root of path lookup.
 *
 * A mounted filesystem is a superblock whose sb->covered is the directory
 * it hides (the mount holds a reference to it) and whose root that
 * directory's inode->mounted points to; path lookup crosses from one to
 * the other both ways (namei.c).  The first filesystem mounted on "/"
 * becomes the root of lookup.  One mount per superblock: no bind mounts.
 *
 * The root and current directory of lookup are the current process's
 * (kernel/proc); kernel threads share the kernel's pair kept here.
 *
 * At shutdown (a SHUTDOWN_HOOK) everything is synced and every filesystem
 * not in use is unmounted, the root last, so that ext2 is left clean.
 *
 * Unmounting refuses a busy filesystem (-EBUSY) unless asked to detach
 * it (MNT_DETACH): it then leaves the tree at once and is destroyed when
 * its last inode in use is released (iput calls sb_release_detached).
 * Remounting switches read-only and read-write through the filesystem's
 * remount op and records the other mount flags (nosuid, nodev, noexec),
 * which /proc/mounts shows and exec and open obey.
 *
 * Interface: vfs_mount, vfs_umount, vfs_umount2, vfs_remount,
 * vfs_blkdev_name, vfs_kern_mount, vfs_kern_umount, vfs_mount_root,
 * vfs_set_root, vfs_root, vfs_cwd, vfs_dir_replace, vfs_dir_grab,
 * vfs_mounts_show; for the VFS (internal.h) sb_release_detached.
 */
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "lib/printf.h"
#include "lib/string.h"

static struct inode *root_dir;		/* "/" of lookup */
static struct inode *cwd_dir;		/* start of relative paths */

struct inode *vfs_root(void)
{
	struct inode *dir = proc_root_dir();

	return dir ? dir : root_dir;
}

struct inode *vfs_cwd(void)
{
	struct inode *dir = proc_cwd_dir();

	return dir ? dir : cwd_dir;
}

/* Replace *slot (a process's root or cwd) by dir, whose reference it
 * takes, under the VFS lock, which lookups hold while they take their
 * start: they never start from an inode being released. */
void vfs_dir_replace(struct inode **slot, struct inode *dir)
{
	struct inode *old;

	vfs_lock();
	old = *slot;
	*slot = dir;
	vfs_unlock();
	iput(old);
}

/* A new reference to *slot, taken under the VFS lock. */
struct inode *vfs_dir_grab(struct inode *const *slot)
{
	struct inode *dir;

	vfs_lock();
	dir = igrab(*slot);
	vfs_unlock();
	return dir;
}

struct inode *vfs_set_root(struct inode *dir)
{
	struct inode *old = root_dir;

	iput(cwd_dir);
	root_dir = dir;
	cwd_dir = igrab(dir);
	return old;
}

static struct super_block *vfs_kern_mount_locked(const char *fstype, const char *dev,
				   unsigned int flags, const char *options)
{
	const struct fs_type *type = fs_type_find(fstype);

	if (!type)
		return ERR_PTR(-ENODEV);
	return sb_create(type, dev, flags, options);
}

struct super_block *vfs_kern_mount(const char *fstype, const char *dev,
				   unsigned int flags, const char *options)
{
	struct super_block *ret;

	vfs_lock();
	ret = vfs_kern_mount_locked(fstype, dev, flags, options);
	vfs_unlock();
	return ret;
}

static int vfs_kern_umount_locked(struct super_block *sb)
{
	if (sb->covered || sb->root == root_dir)
		return -EBUSY;		/* mounted in the tree: vfs_umount */
	return sb_destroy(sb);
}

int vfs_kern_umount(struct super_block *sb)
{
	int ret;

	vfs_lock();
	ret = vfs_kern_umount_locked(sb);
	vfs_unlock();
	return ret;
}

/* Store path in sb->mount_path with repeated and trailing slashes gone. */
static void mount_path_set(struct super_block *sb, const char *path)
{
	size_t n = 0;

	for (const char *p = path; *p && n + 1 < sizeof(sb->mount_path); p++)
		if (*p != '/' || n == 0 || sb->mount_path[n - 1] != '/')
			sb->mount_path[n++] = *p;
	if (n > 1 && sb->mount_path[n - 1] == '/')
		n--;
	sb->mount_path[n] = '\0';
}

/* Mount sb as the root of lookup (nothing is mounted there yet). */
static void mount_as_root(struct super_block *sb)
{
	struct inode *old = vfs_set_root(igrab(sb->root));

	iput(old);
}

static int vfs_mount_locked(const char *dev, const char *path, const char *fstype,
	      unsigned int flags, const char *options)
{
	struct inode *dir = NULL;
	struct super_block *sb;
	int err;

	if (!root_dir && strcmp(path, "/") != 0)
		return -ENOENT;
	if (root_dir) {
		err = vfs_lookup(path, LOOKUP_FOLLOW, &dir);
		if (err)
			return err;
		err = !S_ISDIR(dir->mode) ? -ENOTDIR :
		      dir == dir->sb->root ? -EBUSY : 0;
		if (err)
			goto out;
	}
	sb = vfs_kern_mount(fstype, dev, flags, options);
	err = IS_ERR(sb) ? PTR_ERR(sb) : 0;
	if (err)
		goto out;
	mount_path_set(sb, path);
	if (!dir) {
		mount_as_root(sb);
		return 0;
	}
	sb->covered = dir;		/* the mount keeps the reference */
	dir->mounted = sb;
	return 0;
out:
	iput(dir);
	return err;
}

int vfs_mount(const char *dev, const char *path, const char *fstype,
	      unsigned int flags, const char *options)
{
	int ret;

	vfs_lock();
	ret = vfs_mount_locked(dev, path, fstype, flags, options);
	vfs_unlock();
	return ret;
}

/* Unmount sb, mounted on a directory: 0 or -EBUSY. */
static int umount_sb(struct super_block *sb)
{
	struct inode *covered = sb->covered;

	if (sb_busy(sb))
		return -EBUSY;
	covered->mounted = NULL;
	sb->covered = NULL;
	sb_destroy(sb);			/* cannot fail: not busy */
	iput(covered);
	return 0;
}

/* MNT_DETACH: out of the tree now; freed by sb_release_detached once
 * nothing of it is in use (maybe at once). */
static void umount_detach(struct super_block *sb)
{
	struct inode *covered = sb->covered;

	covered->mounted = NULL;
	sb->covered = NULL;
	sb->mount_path[0] = '\0';
	sb->detached = true;
	iput(covered);
	sb_release_detached(sb);
}

/* A lazily unmounted sb whose last user has gone is destroyed. */
void sb_release_detached(struct super_block *sb)
{
	if (sb->detached && !sb_busy(sb)) {
		sb->detached = false;	/* no second call from within */
		sb_destroy(sb);
	}
}

static int vfs_umount_locked(const char *path, unsigned int flags)
{
	struct inode *inode;
	struct super_block *sb;
	int err = vfs_lookup(path, flags & UMOUNT_NOFOLLOW ? 0 : LOOKUP_FOLLOW,
			     &inode);

	if (err)
		return err;
	sb = inode->sb;
	iput(inode);
	if (inode != sb->root)
		return -EINVAL;		/* not a mount point */
	if ((flags & MNT_EXPIRE) && !sb->covered)
		return -EINVAL;
	if (!sb->covered)
		return -EBUSY;		/* the root stays */
	if ((flags & MNT_DETACH) && sb_busy(sb)) {
		umount_detach(sb);
		return 0;
	}
	if ((flags & MNT_EXPIRE) && !sb_busy(sb) && !sb->expiry_mark) {
		sb->expiry_mark = true;
		return -EAGAIN;
	}
	return umount_sb(sb);
}

int vfs_umount2(const char *path, unsigned int flags)
{
	int ret;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		return -EINVAL;
	if ((flags & MNT_EXPIRE) && (flags & (MNT_FORCE | MNT_DETACH)))
		return -EINVAL;
	vfs_lock();
	ret = vfs_umount_locked(path, flags);
	vfs_unlock();
	return ret;
}

int vfs_umount(const char *path)
{
	return vfs_umount2(path, 0);
}

static int vfs_remount_locked(const char *path, unsigned int flags)
{
	struct inode *inode;
	struct super_block *sb;
	int err = vfs_lookup(path, LOOKUP_FOLLOW, &inode);

	if (err)
		return err;
	sb = inode->sb;
	iput(inode);
	if (inode != sb->root)
		return -EINVAL;
	if (!(flags & SB_RDONLY) && sb->dev && sb->dev->read_only)
		return -EACCES;		/* as Linux for a read-only device */
	if ((flags ^ sb->flags) & SB_RDONLY) {
		if ((flags & SB_RDONLY) && sb->ops && sb->ops->sync)
			inodes_sync_sb(sb, NULL);
		err = sb->ops && sb->ops->remount ? sb->ops->remount(sb, flags) : 0;
		if (err)
			return err;
	}
	sb->flags = flags;
	return 0;
}

int vfs_remount(const char *path, unsigned int flags)
{
	int ret;

	vfs_lock();
	ret = vfs_remount_locked(path, flags);
	vfs_unlock();
	return ret;
}

int vfs_blkdev_name(const char *path, char *name)
{
	struct inode *inode;
	struct blkdev *dev;
	int err = vfs_lookup(path, LOOKUP_FOLLOW, &inode);

	if (err)
		return err;
	dev = S_ISBLK(inode->mode) ? blkdev_by_rdev(inode->rdev) : NULL;
	err = !S_ISBLK(inode->mode) ? -ENOTBLK : !dev ? -ENXIO : 0;
	iput(inode);
	if (!err)
		snprintf(name, 32, "/dev/%s", dev->name);
	return err;
}

/*
 * At shutdown: write everything back, unmount the mounted filesystems
 * that are not in use, the most recent first and the root last, then
 * flush what their put_super wrote to the page cache.
 */
static void vfs_shutdown(void)
{
	struct list_head *p, *prev;
	struct super_block *root_sb = root_dir ? root_dir->sb : NULL;

	vfs_sync();
	for (p = vfs_supers.prev; p != &vfs_supers; p = prev) {
		struct super_block *sb = list_entry(p, struct super_block, mounts);

		prev = p->prev;
		if (sb->detached && sb_destroy(sb))
			pr_warn("vfs: a detached %s is busy\n", sb->type->name);
		else if (sb->covered && umount_sb(sb))
			pr_warn("vfs: %s is busy; left mounted\n", sb->mount_path);
	}
	if (root_sb) {
		iput(vfs_set_root(NULL));
		if (sb_destroy(root_sb))
			pr_warn("vfs: / is busy; left mounted\n");
	}
	if (pagecache_sync_all())
		pr_err("vfs: write-back at shutdown failed\n");
}
SHUTDOWN_HOOK(SHUTDOWN_FS, vfs_shutdown);

/* Try one type for the root: 0 or -Exxx, logged. */
static int mount_root_as(const char *dev_name, const char *fstype,
			 unsigned int flags)
{
	int err = vfs_mount(dev_name, "/", fstype, flags, NULL);

	if (err)
		pr_info("vfs: root: %s is not mountable as %s (error %d)\n",
			dev_name, fstype, err);
	return err;
}

static int vfs_mount_root_locked(const char *dev_name, const char *fstype, unsigned int flags)
{
	const struct fs_type *t = NULL;
	int err = -ENODEV;

	if (root_dir)
		return -EBUSY;
	if (fstype)
		return mount_root_as(dev_name, fstype, flags);
	while ((t = fs_type_next(t)))
		if (t->needs_dev && (err = mount_root_as(dev_name, t->name,
							 flags)) == 0)
			return 0;
	return err;
}

int vfs_mount_root(const char *dev_name, const char *fstype, unsigned int flags)
{
	int ret;

	vfs_lock();
	ret = vfs_mount_root_locked(dev_name, fstype, flags);
	vfs_unlock();
	return ret;
}

size_t vfs_mounts_show(char *buf, size_t size)
{
	struct super_block *sb;
	size_t n = 0;

	list_for_each_entry(sb, &vfs_supers, mounts) {
		size_t at = MIN(n, size);
		char spare[1];

		if (!sb->mount_path[0])
			continue;
		n += (size_t)snprintf(at < size ? buf + at : spare,
				      at < size ? size - at : 1,
				      "%s %s %s %s%s%s%s,relatime 0 0\n",
				      sb->dev_name, sb->mount_path,
				      sb->type->name,
				      sb->flags & SB_RDONLY ? "ro" : "rw",
				      sb->flags & SB_NOSUID ? ",nosuid" : "",
				      sb->flags & SB_NODEV ? ",nodev" : "",
				      sb->flags & SB_NOEXEC ? ",noexec" : "");
	}
	return n;
}
