# fs/: the VFS core, the generic block-mapped file code, ramfs, devfs,
# procfs and the root mount; tests/kernel/test_vfs*.c.
KERNEL_SRCS += fs/lock.c fs/flusher.c fs/inode.c fs/super.c fs/mount.c fs/namei.c fs/perm.c \
	fs/file.c fs/rw.c fs/ops.c fs/rename.c fs/devices.c fs/blkdev_file.c fs/pipe.c fs/anon.c fs/memfd.c fs/eventfd.c fs/timerfd.c fs/signalfd.c fs/epoll.c fs/xattr.c fs/space.c fs/splice.c fs/lease.c fs/flock.c fs/posixlock.c fs/poll.c \
	fs/blockmap.c fs/blockread.c fs/blockwrite.c fs/flushdata.c fs/attr.c fs/setattr.c fs/path.c fs/metawait.c fs/dirlock.c fs/names.c fs/dirops.c \
	fs/ramfs/super.c fs/ramfs/options.c fs/ramfs/dir.c fs/ramfs/file.c \
	fs/sysfs/sysfs.c fs/sysfs/build.c fs/sysfs/block.c fs/sysfs/chars.c \
	fs/devfs/devfs.c fs/devfs/mem.c fs/devfs/random.c fs/devfs/links.c \
	fs/procfs/procfs.c fs/procfs/pid.c fs/procfs/entries.c fs/procfs/system.c \
	fs/procfs/piddir.c fs/procfs/links.c fs/procfs/maps.c fs/procfs/pagemap.c fs/procfs/cmdline.c \
	fs/procfs/tree.c fs/procfs/sysctl.c fs/procfs/random.c \
	fs/root.c
KTEST_SRCS += tests/kernel/test_vfs_namei.c tests/kernel/test_vfs_file.c \
	tests/kernel/test_vfs_ops.c tests/kernel/test_vfs_dev.c \
	tests/kernel/test_vfs_blockmap.c tests/kernel/test_poll.c
# The kernel log's files: /dev/kmsg and /proc/kmsg.
KERNEL_SRCS += fs/devfs/kmsg.c fs/procfs/kmsg.c
