/*
 * sys_attr.c: the calls that change attributes: chmod, fchmod, fchmodat,
 * fchmodat2, chown32, lchown32, fchown32, fchownat, truncate, truncate64,
 * utimensat and utimensat_time64.
 *
 * Each finds the inode (by path relative to a directory descriptor, or
 * by descriptor) and hands an iattr to vfs_setattr, which applies
 * Linux's permission rules (fs/setattr.c).  As Linux: a uid or gid of -1
 * is left as it is; chown of anything but a directory clears S_ISUID, and
 * S_ISGID when the group may execute or the caller is not in the group;
 * utimensat's UTIME_NOW sets the time now (both now: like NULL times,
 * which need ownership or write permission; others need ownership),
 * UTIME_OMIT leaves it (both omitted: 0 at once, the path is not even
 * looked up), other nanoseconds out of [0, 1e9) are -EINVAL, and a NULL
 * path means dirfd's own inode.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/fs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define UTIME_NOW	((1l << 30) - 1)
#define UTIME_OMIT	((1l << 30) - 2)

/* dirfd's own inode (with a reference): fchmod and the like take an open
 * file (fd_get); "" with AT_EMPTY_PATH names any, O_PATH too. */
static int fd_inode(struct file *f, struct inode **out)
{
	if (!f)
		return -EBADF;
	*out = igrab(f->inode);
	return 0;
}

/* The inode upath names relative to dirfd (with a reference), or dirfd's
 * own when upath is NULL (nullable) or "" with AT_EMPTY_PATH. */
static int attr_inode(int dirfd, const char *upath, bool nullable,
		      uint32_t flags, struct inode **out)
{
	struct inode *base;
	char *path;
	int err;

	if (!upath && nullable)
		return fd_inode(fd_get(dirfd), out);
	path = user_path(upath);
	if (path == ERR_PTR(-ENOENT) && (flags & AT_EMPTY_PATH))
		return fd_inode(fd_get_raw(dirfd), out);
	if (IS_ERR(path))
		return PTR_ERR(path);
	err = at_dir(dirfd, path, &base);
	if (!err)
		err = vfs_lookup_at(base, path, flags & AT_SYMLINK_NOFOLLOW ?
				    0 : LOOKUP_FOLLOW, out);
	kfree(path);
	return err;
}

/* Set attr on the inode of attr_inode(dirfd, upath, ...).  A chown
 * (ATTR_KILL_SUID, even of nothing) also clears S_ISUID and S_ISGID of
 * a non-directory as Linux's does. */
static long set_attr(int dirfd, const char *upath, bool nullable,
		     uint32_t flags, struct iattr *attr)
{
	bool chown = attr->valid & ATTR_KILL_SUID;
	struct inode *inode;
	int err = attr_inode(dirfd, upath, nullable, flags, &inode);

	if (err)
		return err;
	if ((attr->valid & ATTR_MODE) && S_ISLNK(inode->mode))
		err = -EOPNOTSUPP;
	if (chown && S_ISDIR(inode->mode))
		attr->valid &= ~ATTR_KILL_SUID;
	else if (chown)
		attr->valid |= setattr_should_drop_sgid(inode);
	if (!err)
		err = vfs_setattr(inode, attr);
	iput(inode);
	return err;
}

static long sys_fchmodat2(int dirfd, const char *upath, uint32_t mode,
			  uint32_t flags)
{
	struct iattr attr = { .valid = ATTR_MODE, .mode = mode & 07777 };

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	return set_attr(dirfd, upath, false, flags, &attr);
}
SYSCALL(NR_fchmodat2, sys_fchmodat2);

static long sys_fchmodat(int dirfd, const char *upath, uint32_t mode)
{
	return sys_fchmodat2(dirfd, upath, mode, 0);
}
SYSCALL(NR_fchmodat, sys_fchmodat);

static long sys_chmod(const char *upath, uint32_t mode)
{
	return sys_fchmodat2(AT_FDCWD, upath, mode, 0);
}
SYSCALL(NR_chmod, sys_chmod);

static long sys_fchmod(int fd, uint32_t mode)
{
	struct iattr attr = { .valid = ATTR_MODE, .mode = mode & 07777 };

	return set_attr(fd, NULL, true, 0, &attr);
}
SYSCALL(NR_fchmod, sys_fchmod);

long chown_at(int dirfd, const char *upath, bool nullable, uint32_t uid,
	      uint32_t gid, uint32_t flags)
{
	struct iattr attr = { .valid = ATTR_KILL_SUID, .uid = uid, .gid = gid };

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (uid != (uint32_t)-1)
		attr.valid |= ATTR_UID;
	if (gid != (uint32_t)-1)
		attr.valid |= ATTR_GID;
	return set_attr(dirfd, upath, nullable, flags, &attr);
}

static long sys_fchownat(int dirfd, const char *upath, uint32_t uid,
			 uint32_t gid, uint32_t flags)
{
	return chown_at(dirfd, upath, false, uid, gid, flags);
}
SYSCALL(NR_fchownat, sys_fchownat);

static long sys_chown32(const char *upath, uint32_t uid, uint32_t gid)
{
	return chown_at(AT_FDCWD, upath, false, uid, gid, 0);
}
SYSCALL(NR_chown32, sys_chown32);

static long sys_lchown32(const char *upath, uint32_t uid, uint32_t gid)
{
	return chown_at(AT_FDCWD, upath, false, uid, gid, AT_SYMLINK_NOFOLLOW);
}
SYSCALL(NR_lchown32, sys_lchown32);

static long sys_fchown32(int fd, uint32_t uid, uint32_t gid)
{
	return chown_at(fd, NULL, true, uid, gid, 0);
}
SYSCALL(NR_fchown32, sys_fchown32);

static long sys_truncate64(const char *upath, uint32_t lo, uint32_t hi)
{
	int64_t size = (int64_t)((uint64_t)hi << 32 | lo);
	char *path;
	long err;

	if (size < 0)
		return -EINVAL;
	path = user_path(upath);
	if (IS_ERR(path))
		return PTR_ERR(path);
	err = vfs_truncate(path, (uint64_t)size);
	kfree(path);
	return err;
}
SYSCALL(NR_truncate64, sys_truncate64);

static long sys_truncate(const char *upath, int32_t len)
{
	return sys_truncate64(upath, (uint32_t)len, len < 0 ? ~0u : 0);
}
SYSCALL(NR_truncate, sys_truncate);

/* One time of utimensat into attr (bit: ATTR_ATIME or ATTR_MTIME). */
static int utime_one(int64_t sec, int64_t nsec, unsigned int bit,
		     struct timespec64 *t, struct iattr *attr)
{
	if (nsec == UTIME_OMIT)
		return 0;
	attr->valid |= bit;
	if (nsec == UTIME_NOW) {
		*t = vfs_now();
		return 0;
	}
	if (nsec < 0 || nsec >= 1000000000)
		return -EINVAL;
	t->tv_sec = sec;
	t->tv_nsec = (long)nsec;
	return 0;
}

/* times: {atime sec, nsec, mtime sec, nsec}, or NULL for now. */
static long do_utimensat(int dirfd, const char *upath, const int64_t *times,
			 uint32_t flags)
{
	struct iattr attr = { 0 };
	int err = 0;

	if (times && times[1] == UTIME_OMIT && times[3] == UTIME_OMIT)
		return 0;		/* nothing to do: not even the lookup */
	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (times && times[1] == UTIME_NOW && times[3] == UTIME_NOW)
		times = NULL;
	if (!times) {
		attr.valid = ATTR_ATIME | ATTR_MTIME | ATTR_TOUCH;
		attr.atime = attr.mtime = vfs_now();
	} else {
		attr.valid = ATTR_TIMES_SET;
		err = utime_one(times[0], times[1], ATTR_ATIME, &attr.atime,
				&attr);
		if (!err)
			err = utime_one(times[2], times[3], ATTR_MTIME,
					&attr.mtime, &attr);
	}
	return err ? err : set_attr(dirfd, upath, true, flags, &attr);
}

static long sys_utimensat(int dirfd, const char *upath,
			  const int32_t *utimes, uint32_t flags)
{
	int32_t t32[4];
	int64_t t[4];

	if (!utimes)
		return do_utimensat(dirfd, upath, NULL, flags);
	if (copy_from_user(t32, utimes, sizeof(t32)))
		return -EFAULT;
	for (int i = 0; i < 4; i++)
		t[i] = t32[i];
	return do_utimensat(dirfd, upath, t, flags);
}
SYSCALL(NR_utimensat, sys_utimensat);

static long sys_utimensat_time64(int dirfd, const char *upath,
				 const int64_t *utimes, uint32_t flags)
{
	int64_t t[4];

	if (!utimes)
		return do_utimensat(dirfd, upath, NULL, flags);
	if (copy_from_user(t, utimes, sizeof(t)))
		return -EFAULT;
	return do_utimensat(dirfd, upath, t, flags);
}
SYSCALL(NR_utimensat_time64, sys_utimensat_time64);
