/*
 * sysfs.c: the "sysfs" filesystem type, a minimal /sys.
 *
 * A sysfs mount is a tree built when it is mounted, from what the kernel
 * has then (no device comes or goes afterwards): the block devices
 * (block.c), the character devices (chars.c), and the basics of
 * /sys/kernel (uevent_seqnum, uevent_helper, profiling, kexec_loaded)
 * with the empty directories Linux programs look for (bus, firmware,
 * fs, power).  Enough for busybox's mdev -s and for scripts that list
 * disks and partitions with their sizes.  Its files are read-only text,
 * kept in a ramfs superblock (fs/ramfs/) that the mount fills.
 *
 * Interface: the fs type "sysfs" (mount -t sysfs sysfs /sys).
 */
#include "fs/sysfs/sysfs.h"
#include "fs/ramfs/ramfs.h"
#include "kernel/init.h"
#include "kernel/printk.h"

#define SYSFS_MAGIC	0x62656572u		/* Linux's */

static void sysfs_build_kernel(struct inode *root)
{
	struct inode *dir = sysfs_dir(root, "kernel");

	sysfs_file(dir, "uevent_seqnum", "0\n");
	sysfs_file(dir, "uevent_helper", "\n");
	sysfs_file(dir, "profiling", "0\n");
	sysfs_file(dir, "kexec_loaded", "0\n");
	sysfs_dir_put(dir);
	for (const char *const *d = (const char *const[]){ "bus", "firmware",
							   "fs", "power",
							   NULL }; *d; d++)
		sysfs_dir_put(sysfs_dir(root, *d));
}

static int sysfs_mount(struct super_block *sb, const char *options)
{
	int err = ramfs_mount_common(sb, S_IFDIR | 0755);

	if (err)
		return err;
	sb->magic = SYSFS_MAGIC;
	sysfs_build_err = 0;
	sysfs_build_block(sb->root);
	sysfs_build_chars(sb->root);
	sysfs_build_kernel(sb->root);
	if (sysfs_build_err)
		pr_warn("sysfs: part of the tree is missing (error %d)\n",
			sysfs_build_err);
	return 0;
}

static struct fs_type sysfs_type = {
	.name = "sysfs",
	.mount = sysfs_mount,
};

static int sysfs_init(void)
{
	return vfs_register_fs(&sysfs_type);
}
INITCALL(INIT_FS, sysfs_init);
