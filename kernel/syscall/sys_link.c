/*
 * sys_link.c: the calls that make names: link, linkat, symlink,
 * symlinkat, readlink, readlinkat, mknod, mknodat.
 *
 * linkat takes AT_SYMLINK_FOLLOW (link does not follow a link it names,
 * as Linux) and AT_EMPTY_PATH ("" names olddirfd's file itself: an
 * O_TMPFILE file gets its name so; root only, -ENOENT for others, as
 * Linux asks for CAP_DAC_READ_SEARCH).  A file with no links left may be
 * linked only if it was made by O_TMPFILE without O_EXCL (-ENOENT).  readlink
 * truncates the target to the buffer, without a NUL.  mknod makes regular
 * files, FIFOs, sockets and (root only) device nodes, with the umask
 * applied; a directory is -EPERM, another type -EINVAL.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/fs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

static int link_op(struct inode *obase, const char *oldp, struct inode *nbase,
		   const char *newp, uint32_t flags)
{
	return vfs_link_at(obase, oldp, nbase, newp,
			   flags & AT_SYMLINK_FOLLOW ? LOOKUP_FOLLOW : 0);
}

/* linkat(fd, "", newdirfd, new, AT_EMPTY_PATH): name fd's file. */
static long link_fd(int fd, int newdirfd, const char *unew)
{
	struct file *f = fd_get(fd);
	struct inode *nbase;
	char *newp;
	long err;

	if (!f)
		return -EBADF;
	if (proc_current()->euid != 0)
		return -ENOENT;
	newp = user_path(unew);
	if (IS_ERR(newp))
		return PTR_ERR(newp);
	err = at_dir(newdirfd, newp, &nbase);
	if (!err)
		err = vfs_link_at(f->inode, "", nbase, newp, 0);
	kfree(newp);
	return err;
}

static long sys_linkat(int olddirfd, const char *uold, int newdirfd,
		       const char *unew, uint32_t flags)
{
	char first;

	if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if ((flags & AT_EMPTY_PATH) && !get_user(first, uold) && !first)
		return link_fd(olddirfd, newdirfd, unew);
	return path2_call(olddirfd, uold, newdirfd, unew, flags, link_op);
}
SYSCALL(NR_linkat, sys_linkat);

static long sys_link(const char *uold, const char *unew)
{
	return sys_linkat(AT_FDCWD, uold, AT_FDCWD, unew, 0);
}
SYSCALL(NR_link, sys_link);

static long sys_symlinkat(const char *utarget, int dirfd, const char *upath)
{
	struct inode *base;
	char *target, *path;
	long err = user_paths(utarget, upath, &target, &path);

	if (err)
		return err;
	err = at_dir(dirfd, path, &base);
	if (!err)
		err = vfs_symlink_at(target, base, path);
	kfree(target);
	kfree(path);
	return err;
}
SYSCALL(NR_symlinkat, sys_symlinkat);

static long sys_symlink(const char *utarget, const char *upath)
{
	return sys_symlinkat(utarget, AT_FDCWD, upath);
}
SYSCALL(NR_symlink, sys_symlink);

static long sys_readlinkat(int dirfd, const char *upath, char *ubuf,
			   int32_t size)
{
	char *path, *buf;
	struct inode *base;
	long n;

	if (size <= 0)
		return -EINVAL;
	if (size > PATH_MAX)
		size = PATH_MAX;
	path = user_path(upath);
	if (IS_ERR(path))
		return PTR_ERR(path);
	buf = kmalloc(PATH_MAX);
	n = buf ? at_dir(dirfd, path, &base) : -ENOMEM;
	if (!n)
		n = vfs_readlink_at(base, path, buf, (size_t)size);
	if (n > 0 && copy_to_user(ubuf, buf, (size_t)n))
		n = -EFAULT;
	kfree(buf);
	kfree(path);
	return n;
}
SYSCALL(NR_readlinkat, sys_readlinkat);

static long sys_readlink(const char *upath, char *ubuf, int32_t size)
{
	return sys_readlinkat(AT_FDCWD, upath, ubuf, size);
}
SYSCALL(NR_readlink, sys_readlink);

/* The mode of mknod packed with the device: arg is a struct mknod_arg. */
struct mknod_arg {
	uint32_t mode, dev;
};

static int op_mknod(struct inode *base, const char *path, uint32_t arg)
{
	const struct mknod_arg *m = (const struct mknod_arg *)arg;

	return vfs_mknod_at(base, path, (uint16_t)m->mode, m->dev);
}

static long sys_mknodat(int dirfd, const char *upath, uint32_t mode,
			uint32_t dev)
{
	struct mknod_arg m = {
		.mode = (mode & S_IFMT) |
			(mode & 07777 & ~proc_current()->fs->umask),
		.dev = dev,
	};

	switch (mode & S_IFMT) {
	case 0: case S_IFREG: case S_IFCHR: case S_IFBLK:
	case S_IFIFO: case S_IFSOCK:
		break;
	case S_IFDIR:
		return -EPERM;
	default:
		return -EINVAL;
	}
	return path_call(dirfd, upath, (uint32_t)&m, op_mknod);
}
SYSCALL(NR_mknodat, sys_mknodat);

static long sys_mknod(const char *upath, uint32_t mode, uint32_t dev)
{
	return sys_mknodat(AT_FDCWD, upath, mode, dev);
}
SYSCALL(NR_mknod, sys_mknod);
