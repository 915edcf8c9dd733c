/*
 * sys_stat.c: path system calls: stat64, lstat64, fstat64, fstatat64,
 * access, faccessat, faccessat2, chdir, fchdir, getcwd, mkdir, mkdirat,
 * rmdir, unlink, unlinkat, rename, renameat, renameat2, getdents64.
 *
 * struct stat64 and struct linux_dirent64 have Linux i386's layouts.
 * getcwd is the VFS's vfs_getcwd (fs/attr.c): from the cwd up to the
 * root through "..", each name found among its parent's entries.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/fs.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

struct stat64 {
	uint64_t st_dev;
	uint8_t pad0[4];
	uint32_t st_ino_lo;
	uint32_t st_mode;
	uint32_t st_nlink;
	uint32_t st_uid;
	uint32_t st_gid;
	uint64_t st_rdev;
	uint8_t pad3[4];
	int64_t st_size;
	uint32_t st_blksize;
	uint64_t st_blocks;
	uint32_t st_atime, st_atime_nsec;
	uint32_t st_mtime, st_mtime_nsec;
	uint32_t st_ctime, st_ctime_nsec;
	uint64_t st_ino;
} __packed;
_Static_assert(sizeof(struct stat64) == 96, "Linux i386 stat64 is 96 bytes");

static long put_stat64(const struct kstat *k, struct stat64 *ust)
{
	struct stat64 st = {
		.st_dev = k->dev, .st_ino_lo = k->ino, .st_mode = k->mode,
		.st_nlink = k->nlink, .st_uid = k->uid, .st_gid = k->gid,
		.st_rdev = k->rdev, .st_size = (int64_t)k->size,
		.st_blksize = k->blksize, .st_blocks = k->blocks,
		.st_atime = (uint32_t)k->atime_sec, .st_atime_nsec = k->atime_nsec,
		.st_mtime = (uint32_t)k->mtime_sec, .st_mtime_nsec = k->mtime_nsec,
		.st_ctime = (uint32_t)k->ctime_sec, .st_ctime_nsec = k->ctime_nsec,
		.st_ino = k->ino,
	};

	return copy_to_user(ust, &st, sizeof(st));
}

long stat_fd(int fd, struct kstat *k)
{
	struct file *f = fd_get_raw(fd);

	if (!f)
		return -EBADF;
	vfs_inode_stat(f->inode, k);
	return 0;
}

static long sys_fstat64(int fd, struct stat64 *ust)
{
	struct kstat k;
	long err = stat_fd(fd, &k);

	return err ? err : put_stat64(&k, ust);
}
SYSCALL(NR_fstat64, sys_fstat64);

/*
 * The attributes of what (dirfd, upath) names, for the stat calls:
 * flags AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH ("" is dirfd itself, or the
 * cwd for AT_FDCWD, as Linux).  0 or -Exxx.
 */
long stat_at(int dirfd, const char *upath, uint32_t flags, struct kstat *k)
{
	struct inode *base;
	char *path = user_path(upath);
	long err;

	if (path == ERR_PTR(-ENOENT) && (flags & AT_EMPTY_PATH)) {
		if (dirfd == AT_FDCWD)
			return vfs_stat(".", true, k);
		return stat_fd(dirfd, k);
	}
	if (IS_ERR(path))
		return PTR_ERR(path);
	err = at_dir(dirfd, path, &base);
	if (!err)
		err = vfs_stat_at(base, path, !(flags & AT_SYMLINK_NOFOLLOW),
				  k);
	kfree(path);
	return err;
}

static long sys_fstatat64(int dirfd, const char *upath, struct stat64 *ust,
			  uint32_t flags)
{
	struct kstat k;
	long err;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	err = stat_at(dirfd, upath, flags, &k);
	return err ? err : put_stat64(&k, ust);
}
SYSCALL(NR_fstatat64, sys_fstatat64);

static long sys_stat64(const char *upath, struct stat64 *ust)
{
	return sys_fstatat64(AT_FDCWD, upath, ust, 0);
}
SYSCALL(NR_stat64, sys_stat64);

static long sys_lstat64(const char *upath, struct stat64 *ust)
{
	return sys_fstatat64(AT_FDCWD, upath, ust, AT_SYMLINK_NOFOLLOW);
}
SYSCALL(NR_lstat64, sys_lstat64);

/* access(2)'s mode: F_OK 0, or R_OK 4 | W_OK 2 | X_OK 1 (as MAY_*). */
static int op_access(struct inode *base, const char *path, uint32_t mode)
{
	struct inode *inode;
	int err = vfs_lookup_at(base, path, LOOKUP_FOLLOW, &inode);

	if (err)
		return err;
	if (mode & MAY_EXEC && !S_ISDIR(inode->mode) && !(inode->mode & 0111))
		err = -EACCES;
	else if (mode)
		err = inode_permission(inode, (int)mode);
	iput(inode);
	return err;
}

static long sys_faccessat2(int dirfd, const char *upath, uint32_t mode,
			   uint32_t flags)
{
	if (mode & ~7u)
		return -EINVAL;
	if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	return path_call(dirfd, upath, mode, op_access);
}
SYSCALL(NR_faccessat2, sys_faccessat2);

static long sys_faccessat(int dirfd, const char *upath, uint32_t mode)
{
	return sys_faccessat2(dirfd, upath, mode, 0);
}
SYSCALL(NR_faccessat, sys_faccessat);

static long sys_access(const char *upath, uint32_t mode)
{
	return sys_faccessat2(AT_FDCWD, upath, mode, 0);
}
SYSCALL(NR_access, sys_access);

static int op_mkdir(struct inode *base, const char *path, uint32_t mode)
{
	return vfs_mkdir_at(base, path, (uint16_t)(mode & 07777 &
						   ~proc_current()->fs->umask));
}

static long sys_mkdirat(int dirfd, const char *upath, uint32_t mode)
{
	return path_call(dirfd, upath, mode, op_mkdir);
}
SYSCALL(NR_mkdirat, sys_mkdirat);

static long sys_mkdir(const char *upath, uint32_t mode)
{
	return path_call(AT_FDCWD, upath, mode, op_mkdir);
}
SYSCALL(NR_mkdir, sys_mkdir);

static int op_unlink(struct inode *base, const char *path, uint32_t flags)
{
	return flags & AT_REMOVEDIR ? vfs_rmdir_at(base, path)
				    : vfs_unlink_at(base, path);
}

static long sys_unlinkat(int dirfd, const char *upath, uint32_t flags)
{
	if (flags & ~AT_REMOVEDIR)
		return -EINVAL;
	return path_call(dirfd, upath, flags, op_unlink);
}
SYSCALL(NR_unlinkat, sys_unlinkat);

static long sys_unlink(const char *upath)
{
	return path_call(AT_FDCWD, upath, 0, op_unlink);
}
SYSCALL(NR_unlink, sys_unlink);

static long sys_rmdir(const char *upath)
{
	return path_call(AT_FDCWD, upath, AT_REMOVEDIR, op_unlink);
}
SYSCALL(NR_rmdir, sys_rmdir);

#define RENAME_NOREPLACE	1
#define RENAME_EXCHANGE		2
#define RENAME_WHITEOUT		4

/* Only flags 0: RENAME_NOREPLACE and the others are -EINVAL for now. */
static int rename_op(struct inode *obase, const char *oldp,
		     struct inode *nbase, const char *newp, uint32_t unused)
{
	return vfs_rename_at(obase, oldp, nbase, newp);
}

static long sys_renameat2(int olddirfd, const char *uold, int newdirfd,
			  const char *unew, uint32_t flags)
{
	if (flags)
		return -EINVAL;
	return path2_call(olddirfd, uold, newdirfd, unew, 0, rename_op);
}
SYSCALL(NR_renameat2, sys_renameat2);

static long sys_renameat(int olddirfd, const char *uold, int newdirfd,
			 const char *unew)
{
	return sys_renameat2(olddirfd, uold, newdirfd, unew, 0);
}
SYSCALL(NR_renameat, sys_renameat);

static long sys_rename(const char *uold, const char *unew)
{
	return sys_renameat(AT_FDCWD, uold, AT_FDCWD, unew);
}
SYSCALL(NR_rename, sys_rename);

static int op_chdir(struct inode *base, const char *path, uint32_t unused)
{
	struct proc *p = proc_current();
	struct inode *inode;
	int err = vfs_lookup_at(base, path, LOOKUP_FOLLOW, &inode);

	if (err)
		return err;
	err = S_ISDIR(inode->mode) ? inode_permission(inode, MAY_EXEC)
				   : -ENOTDIR;
	if (err) {
		iput(inode);
		return err;
	}
	fs_set_cwd(p->fs, inode);
	return 0;
}

static long sys_chdir(const char *upath)
{
	return path_call(AT_FDCWD, upath, 0, op_chdir);
}
SYSCALL(NR_chdir, sys_chdir);

/* chroot: root only (Linux's CAP_SYS_CHROOT); the directory must be
 * searchable.  The cwd stays where it is, as on Linux. */
static int op_chroot(struct inode *base, const char *path, uint32_t unused)
{
	struct inode *inode;
	int err = vfs_lookup_at(base, path, LOOKUP_FOLLOW, &inode);

	if (err)
		return err;
	err = !S_ISDIR(inode->mode) ? -ENOTDIR :
	      inode_permission(inode, MAY_EXEC) ? -EACCES :
	      proc_current()->euid ? -EPERM : 0;
	if (err) {
		iput(inode);
		return err;
	}
	fs_set_root(proc_current()->fs, inode);
	return 0;
}

static long sys_chroot(const char *upath)
{
	return path_call(AT_FDCWD, upath, 0, op_chroot);
}
SYSCALL(NR_chroot, sys_chroot);

static long sys_fchdir(int fd)
{
	struct proc *p = proc_current();
	struct file *f = fd_get_raw(fd);
	int err;

	if (!f)
		return -EBADF;
	err = S_ISDIR(f->inode->mode) ? inode_permission(f->inode, MAY_EXEC)
				      : -ENOTDIR;
	if (err)
		return err;
	fs_set_cwd(p->fs, igrab(f->inode));
	return 0;
}
SYSCALL(NR_fchdir, sys_fchdir);

/* Linux's getcwd returns the length with the NUL; -ERANGE if size is
 * too small for it. */
static long sys_getcwd(char *ubuf, uint32_t size)
{
	char *buf = kmalloc(PATH_MAX);
	long len;

	if (!buf)
		return -ENOMEM;
	len = vfs_getcwd(buf, size < PATH_MAX ? size : PATH_MAX);
	if (len > 0 && copy_to_user(ubuf, buf, (size_t)len))
		len = -EFAULT;
	kfree(buf);
	return len;
}
SYSCALL(NR_getcwd, sys_getcwd);

/* struct linux_dirent64: d_ino, d_off, d_reclen, d_type, d_name. */
static bool dirent64_emit(void *arg, const char *name, size_t len,
			  uint32_t ino, unsigned int dtype)
{
	struct dirent_ctx *c = arg;
	size_t reclen = ALIGN_UP(19 + len + 1, 8);
	uint8_t *d = c->buf + c->used;
	uint64_t ino64 = ino, off = 0;
	uint16_t rl = (uint16_t)reclen;

	if (c->used + reclen > c->size) {
		c->refused = true;
		return false;
	}
	memset(d, 0, reclen);
	memcpy(d, &ino64, 8);
	memcpy(d + 8, &off, 8);
	memcpy(d + 16, &rl, 2);
	d[18] = (uint8_t)dtype;
	memcpy(d + 19, name, len);
	c->used += reclen;
	return true;
}

long getdents_common(int fd, void *ubuf, uint32_t count, dir_emit_t emit)
{
	struct file *f = fd_get(fd);
	struct dirent_ctx c = { .size = count < 65536 ? count : 65536 };
	long err;

	if (!f)
		return -EBADF;
	if (!S_ISDIR(f->inode->mode))
		return -ENOTDIR;
	c.buf = kmalloc(c.size + 1);
	if (!c.buf)
		return -ENOMEM;
	err = vfs_readdir(f, emit, &c);
	/* As Linux: -EINVAL only when an entry exists but does not fit; at
	 * the end of the directory a small buffer just gets 0. */
	if (!err && !c.used && c.refused)
		err = -EINVAL;
	if (!err && c.used && copy_to_user(ubuf, c.buf, c.used))
		err = -EFAULT;
	kfree(c.buf);
	return err ? err : (long)c.used;
}

static long sys_getdents64(int fd, void *ubuf, uint32_t count)
{
	return getdents_common(fd, ubuf, count, dirent64_emit);
}
SYSCALL(NR_getdents64, sys_getdents64);
