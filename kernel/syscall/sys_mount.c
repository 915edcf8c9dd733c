/*
 * sys_mount.c: mount, umount2 and the old umount, as Linux checks them.
 *
 * mount(source, target, type, flags, data) mounts a filesystem type
 * (-ENODEV if unknown; "ext2" needs a block device node as source:
 * -ENOTBLK otherwise, -ENXIO without a driver, -EBUSY when it is already
 * mounted) on a directory.  MS_RDONLY, MS_NOSUID, MS_NODEV and MS_NOEXEC
 * are kept (/proc/mounts shows them; exec and open obey them); the
 * access-time and silence flags are accepted.  MS_REMOUNT changes the
 * flags of the filesystem mounted at target (read-only and back), and
 * the propagation flags are accepted on a mount point (every mount is
 * private).  Bind and move mounts are not supported: -EINVAL.  Only root
 * may mount or unmount (-EPERM).
 *
 * umount2 takes MNT_FORCE (as Linux for local filesystems: no effect),
 * MNT_DETACH, MNT_EXPIRE and UMOUNT_NOFOLLOW (fs/mount.c).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/fs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define MS_RDONLY	0x1
#define MS_NOSUID	0x2
#define MS_NODEV	0x4
#define MS_NOEXEC	0x8
#define MS_REMOUNT	0x20
#define MS_BIND		0x1000
#define MS_MOVE		0x2000
#define MS_NOUSER	(1u << 31)
#define MS_PROPAGATION	(0x10000 | 0x20000 | 0x40000 | 0x80000)
#define MS_MGC_MSK	0xffff0000u
#define MS_MGC_VAL	0xc0ed0000u
#define TYPE_MAX	64
#define DATA_MAX	4096

/* A user string of at most size bytes with its NUL, or NULL for NULL. */
static long copy_string(const char *ustr, char *buf, size_t size, char **out)
{
	long n;

	*out = NULL;
	if (!ustr)
		return 0;
	n = strncpy_from_user(buf, ustr, size - 1);
	if (n < 0)
		return n;
	buf[n] = '\0';
	*out = buf;
	return 0;
}

static unsigned int sb_flags(uint32_t flags)
{
	return (flags & MS_RDONLY ? SB_RDONLY : 0) |
	       (flags & MS_NOSUID ? SB_NOSUID : 0) |
	       (flags & MS_NODEV ? SB_NODEV : 0) |
	       (flags & MS_NOEXEC ? SB_NOEXEC : 0);
}

/* A new mount of type on target (checked to exist). */
static long mount_new(const char *source, const char *target,
		      const char *type, uint32_t flags, const char *data)
{
	char dev[32];
	long err;

	if (!type || !type[0])
		return -EINVAL;
	if (!vfs_fs_type_needs_dev(type))
		return vfs_mount(source ? source : type, target, type,
				 sb_flags(flags), data);
	if (!source)
		return -EINVAL;
	err = vfs_blkdev_name(source, dev);
	return err ? err : vfs_mount(dev, target, type, sb_flags(flags), data);
}

static long do_mount(const char *source, const char *target,
		     const char *type, uint32_t flags, const char *data)
{
	struct inode *dir;
	long err = vfs_lookup(target, LOOKUP_FOLLOW, &dir);
	bool mount_point;

	if (err)
		return err;
	mount_point = dir == dir->sb->root;
	iput(dir);
	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (flags & MS_NOUSER)
		return -EINVAL;
	if (proc_current()->euid != 0)
		return -EPERM;
	if (flags & MS_REMOUNT)
		return vfs_remount(target, sb_flags(flags));
	if (flags & (MS_BIND | MS_MOVE))
		return -EINVAL;
	if (flags & MS_PROPAGATION)
		return mount_point ? 0 : -EINVAL;
	return mount_new(source, target, type, flags, data);
}

static long sys_mount(const char *usource, const char *utarget,
		      const char *utype, uint32_t flags, const char *udata)
{
	char *kbuf = kmalloc(2 * PATH_MAX + TYPE_MAX + DATA_MAX);
	char *source, *type, *data, *target = NULL;
	long err = kbuf ? 0 : -ENOMEM;

	if (!err)
		err = copy_string(utype, kbuf, TYPE_MAX, &type);
	if (!err)
		err = copy_string(usource, kbuf + TYPE_MAX, PATH_MAX, &source);
	if (!err)
		err = copy_string(udata, kbuf + TYPE_MAX + PATH_MAX, DATA_MAX,
				  &data);
	if (!err) {
		target = user_path(utarget);
		err = IS_ERR(target) ? PTR_ERR(target) : 0;
	}
	if (!err)
		err = do_mount(source, target, type, flags, data);
	if (!IS_ERR_OR_NULL(target))
		kfree(target);
	kfree(kbuf);
	return err;
}
SYSCALL(NR_mount, sys_mount);

static long sys_umount2(const char *utarget, uint32_t flags)
{
	char *target;
	long err;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		return -EINVAL;
	if (proc_current()->euid != 0)
		return -EPERM;
	target = user_path(utarget);
	if (IS_ERR(target))
		return PTR_ERR(target);
	err = vfs_umount2(target, flags);
	kfree(target);
	return err;
}
SYSCALL(NR_umount2, sys_umount2);

static long sys_umount(const char *utarget)
{
	return sys_umount2(utarget, 0);
}
SYSCALL(NR_umount, sys_umount);
