/*
 * sys_statx.c: statx and the filesystem statistics calls: statfs64,
 * fstatfs64, statfs and fstatfs, with Linux i386's structs.
 *
 * statx reports the basic fields (STATX_BASIC_STATS) and a mount id
 * whatever the mask asks (Linux may return more than asked); no birth
 * time.  The statfs calls give each filesystem's magic number, block
 * counts (ext2: free blocks and inodes from its superblock; ramfs, proc
 * and devtmpfs: zeros, as Linux's simple filesystems), the fsid and the
 * mount flags as ST_* bits; the old 32-bit ones give -EOVERFLOW for
 * counts that do not fit.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/fs.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

#define AT_NO_AUTOMOUNT		0x800
#define AT_STATX_SYNC_TYPE	0x6000
#define STATX_BASIC_STATS	0x7ffu
#define STATX_MNT_ID		0x1000u
#define STATX_RESERVED		0x80000000u
#define ST_VALID		0x20u
#define ST_RELATIME		0x1000u

struct statx_timestamp {
	int64_t tv_sec;
	uint32_t tv_nsec;
	int32_t reserved;
};

struct statx {
	uint32_t mask, blksize;
	uint64_t attributes;
	uint32_t nlink, uid, gid;
	uint16_t mode, spare0;
	uint64_t ino, size, blocks, attributes_mask;
	struct statx_timestamp atime, btime, ctime, mtime;
	uint32_t rdev_major, rdev_minor, dev_major, dev_minor;
	uint64_t mnt_id;
	uint32_t dio_mem_align, dio_offset_align;
	uint64_t spare3[12];
};
_Static_assert(sizeof(struct statx) == 256, "struct statx is 256 bytes");

static struct statx_timestamp ts(int64_t sec, uint32_t nsec)
{
	return (struct statx_timestamp){ .tv_sec = sec, .tv_nsec = nsec };
}

static long sys_statx(int dirfd, const char *upath, uint32_t flags,
		      uint32_t mask, struct statx *ubuf)
{
	struct statx sx;
	struct kstat k;
	long err;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH |
		      AT_STATX_SYNC_TYPE))
		return -EINVAL;
	if ((flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE ||
	    (mask & STATX_RESERVED))
		return -EINVAL;
	err = stat_at(dirfd, upath, flags & (AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH),
		      &k);
	if (err)
		return err;
	sx = (struct statx){
		.mask = STATX_BASIC_STATS | STATX_MNT_ID, .blksize = k.blksize,
		.nlink = k.nlink, .uid = k.uid, .gid = k.gid, .mode = k.mode,
		.ino = k.ino, .size = k.size, .blocks = k.blocks,
		.atime = ts(k.atime_sec, k.atime_nsec),
		.mtime = ts(k.mtime_sec, k.mtime_nsec),
		.ctime = ts(k.ctime_sec, k.ctime_nsec),
		.rdev_major = MAJOR(k.rdev), .rdev_minor = MINOR(k.rdev),
		.dev_major = MAJOR(k.dev), .dev_minor = MINOR(k.dev),
		.mnt_id = k.dev,
	};
	return copy_to_user(ubuf, &sx, sizeof(sx)) ? -EFAULT : 0;
}
SYSCALL(NR_statx, sys_statx);

struct statfs64 {
	uint32_t type, bsize;
	uint64_t blocks, bfree, bavail, files, ffree;
	uint32_t fsid[2];
	uint32_t namelen, frsize, flags;
	uint32_t spare[4];
} __packed;
_Static_assert(sizeof(struct statfs64) == 84, "i386 struct statfs64");

struct statfs32 {
	uint32_t type, bsize, blocks, bfree, bavail, files, ffree;
	uint32_t fsid[2];
	uint32_t namelen, frsize, flags;
	uint32_t spare[4];
};
_Static_assert(sizeof(struct statfs32) == 64, "i386 struct statfs");

/* The statistics of the filesystem of upath. */
static long path_statfs(const char *upath, struct kstatfs *st)
{
	char *path = user_path(upath);
	long err;

	if (IS_ERR(path))
		return PTR_ERR(path);
	err = vfs_statfs(path, st);
	kfree(path);
	return err;
}

static long fd_statfs(int fd, struct kstatfs *st)
{
	struct file *f = fd_get_raw(fd);

	return f ? vfs_fstatfs(f, st) : -EBADF;
}

static long put_statfs64(const struct kstatfs *st, struct statfs64 *ubuf)
{
	struct statfs64 s = {
		.type = st->type, .bsize = st->block_size,
		.blocks = st->blocks, .bfree = st->blocks_free,
		.bavail = st->blocks_avail, .files = st->files,
		.ffree = st->files_free, .fsid = { st->fsid[0], st->fsid[1] },
		.namelen = st->name_max, .frsize = st->block_size,
		.flags = st->flags | ST_VALID | ST_RELATIME,
	};

	return copy_to_user(ubuf, &s, sizeof(s)) ? -EFAULT : 0;
}

static long put_statfs32(const struct kstatfs *st, struct statfs32 *ubuf)
{
	struct statfs32 s = {
		.type = st->type, .bsize = st->block_size,
		.blocks = (uint32_t)st->blocks, .bfree = (uint32_t)st->blocks_free,
		.bavail = (uint32_t)st->blocks_avail,
		.files = (uint32_t)st->files, .ffree = (uint32_t)st->files_free,
		.fsid = { st->fsid[0], st->fsid[1] },
		.namelen = st->name_max, .frsize = st->block_size,
		.flags = st->flags | ST_VALID | ST_RELATIME,
	};

	if ((st->blocks | st->blocks_free | st->blocks_avail | st->files |
	     st->files_free) >> 32)
		return -EOVERFLOW;
	return copy_to_user(ubuf, &s, sizeof(s)) ? -EFAULT : 0;
}

static long sys_statfs64(const char *upath, uint32_t size,
			 struct statfs64 *ubuf)
{
	struct kstatfs st;
	long err;

	if (size != sizeof(struct statfs64))
		return -EINVAL;
	err = path_statfs(upath, &st);
	return err ? err : put_statfs64(&st, ubuf);
}
SYSCALL(NR_statfs64, sys_statfs64);

static long sys_fstatfs64(int fd, uint32_t size, struct statfs64 *ubuf)
{
	struct kstatfs st;
	long err;

	if (size != sizeof(struct statfs64))
		return -EINVAL;
	err = fd_statfs(fd, &st);
	return err ? err : put_statfs64(&st, ubuf);
}
SYSCALL(NR_fstatfs64, sys_fstatfs64);

static long sys_statfs(const char *upath, struct statfs32 *ubuf)
{
	struct kstatfs st;
	long err = path_statfs(upath, &st);

	return err ? err : put_statfs32(&st, ubuf);
}
SYSCALL(NR_statfs, sys_statfs);

static long sys_fstatfs(int fd, struct statfs32 *ubuf)
{
	struct kstatfs st;
	long err = fd_statfs(fd, &st);

	return err ? err : put_statfs32(&st, ubuf);
}
SYSCALL(NR_fstatfs, sys_fstatfs);
