/*
 * root.c: mount the root filesystem, then devfs on /dev, a tmpfs on
 * /dev/shm (mode 1777, for POSIX shared memory and semaphores) and procfs
 * on /proc (INIT_LATE, once the drivers have registered their devices).
 *
 * The root device is kernel_root_dev (root= on the command line, default
 * /dev/ram0); every registered filesystem type that mounts a device is
 * tried on it, and each failure is logged on one line.  Without a root
 * the kernel goes on and idles: the message says what was tried and why.
 * The /dev and /proc directories are created when missing and the root
 * is writable.
 *
 * Interface: none (an initcall).
 */
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"

extern char kernel_root_dev[];

/* Mount fstype on dir, creating dir if the root allows it. */
static void mount_pseudo(const char *dir, const char *fstype)
{
	int err = vfs_mkdir(dir, 0755);

	if (err && err != -EEXIST) {
		pr_warn("vfs: no %s on the root and cannot create it (error %d): %s not mounted\n",
			dir, err, fstype);
		return;
	}
	err = vfs_mount(fstype, dir, fstype, 0, NULL);
	if (err)
		pr_warn("vfs: mounting %s on %s failed (error %d)\n",
			fstype, dir, err);
}

static bool have_device_fs(void)
{
	for (const struct fs_type *t = fs_type_next(NULL); t; t = fs_type_next(t))
		if (t->needs_dev)
			return true;
	return false;
}

static int root_mount(void)
{
	int err;

	if (!blkdev_find(kernel_root_dev)) {
		pr_err("vfs: root device %s does not exist; no root filesystem\n",
		       kernel_root_dev);
		return 0;
	}
	if (!have_device_fs()) {
		pr_err("vfs: no filesystem type can mount %s; no root filesystem\n",
		       kernel_root_dev);
		return 0;
	}
	err = vfs_mount_root(kernel_root_dev, NULL, 0);
	if (err) {
		pr_err("vfs: cannot mount %s as the root (error %d); no root filesystem\n",
		       kernel_root_dev, err);
		return 0;
	}
	pr_info("vfs: mounted %s on /\n", kernel_root_dev);
	mount_pseudo("/dev", "devtmpfs");
	err = vfs_mount("tmpfs", "/dev/shm", "tmpfs", 0, "mode=1777");
	if (err)
		pr_warn("vfs: mounting tmpfs on /dev/shm failed (error %d)\n",
			err);
	mount_pseudo("/proc", "proc");
	return 0;
}
INITCALL(INIT_LATE, root_mount);
