/*
 * sys_xattr.c: the twelve extended attribute calls, setxattr (226) to
 * fremovexattr (237): the path forms that follow a last symbolic link,
 * the l* forms that do not, and the f* forms on a descriptor
 * (fs/xattr.c decides).
 *
 * Checks in Linux's order: the path or descriptor (-ENOENT, -EFAULT,
 * -EBADF...), -EROFS for a change on a read-only mount, set's flags
 * (-EINVAL), the name (-EFAULT; -ERANGE when empty or longer than 255
 * bytes), set's value (-E2BIG past 64 KiB, -EFAULT), then the VFS.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "fs/xattr.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/syscall/fs.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define NR_setxattr	226
#define NR_lsetxattr	227
#define NR_fsetxattr	228
#define NR_getxattr	229
#define NR_lgetxattr	230
#define NR_fgetxattr	231
#define NR_listxattr	232
#define NR_llistxattr	233
#define NR_flistxattr	234
#define NR_removexattr	235
#define NR_lremovexattr	236
#define NR_fremovexattr	237

enum xattr_op { XATTR_SET, XATTR_GET, XATTR_LIST, XATTR_REMOVE };

struct xattr_call {
	enum xattr_op op;
	const char *uname;
	const void *uvalue;
	uint32_t size;
	int flags;
};

/* The user's name into kname: 0, -EFAULT, -ERANGE. */
static int xattr_name(const char *uname, char *kname)
{
	long n = strncpy_from_user(kname, uname, XATTR_NAME_MAX + 1);

	if (n == 0 || n == XATTR_NAME_MAX + 1)
		return -ERANGE;
	return n < 0 ? (int)n : 0;
}

/* Read the value set is given (nothing keeps it): 0, -E2BIG, -EFAULT,
 * -ENOMEM. */
static int xattr_value(const void *uvalue, uint32_t size)
{
	void *buf;
	int err;

	if (!size)
		return 0;
	if (size > XATTR_SIZE_MAX)
		return -E2BIG;
	buf = kmalloc(size);
	if (!buf)
		return -ENOMEM;
	err = copy_from_user(buf, uvalue, size) ? -EFAULT : 0;
	kfree(buf);
	return err;
}

static long xattr_set(struct inode *inode, const struct xattr_call *c,
		      char *kname)
{
	int err = vfs_xattr_writable(inode);

	if (err)
		return err;
	if (c->flags & ~(XATTR_CREATE | XATTR_REPLACE))
		return -EINVAL;
	err = xattr_name(c->uname, kname);
	if (!err)
		err = xattr_value(c->uvalue, c->size);
	return err ? err : vfs_setxattr(inode, kname);
}

static long xattr_on(struct inode *inode, const struct xattr_call *c)
{
	char kname[XATTR_NAME_MAX + 1];
	int err;

	switch (c->op) {
	case XATTR_SET:
		return xattr_set(inode, c, kname);
	case XATTR_GET:
		err = xattr_name(c->uname, kname);
		return err ? err : vfs_getxattr(inode, kname);
	case XATTR_LIST:
		return vfs_listxattr(inode);
	case XATTR_REMOVE:
		err = vfs_xattr_writable(inode);
		if (!err)
			err = xattr_name(c->uname, kname);
		return err ? err : vfs_removexattr(inode, kname);
	}
	return -EINVAL;
}

static int xattr_at_path(struct inode *base, const char *path, uint32_t arg,
			 unsigned int flags)
{
	struct inode *inode;
	int err = vfs_lookup_at(base, path, flags, &inode);

	if (err)
		return err;
	err = (int)xattr_on(inode, (const struct xattr_call *)(uintptr_t)arg);
	iput(inode);
	return err;
}

static int op_xattr_follow(struct inode *base, const char *path, uint32_t arg)
{
	return xattr_at_path(base, path, arg, LOOKUP_FOLLOW);
}

static int op_xattr_nofollow(struct inode *base, const char *path,
			     uint32_t arg)
{
	return xattr_at_path(base, path, arg, 0);
}

static long xattr_path(const char *upath, bool follow, struct xattr_call c)
{
	return path_call(AT_FDCWD, upath, (uint32_t)(uintptr_t)&c,
			 follow ? op_xattr_follow : op_xattr_nofollow);
}

static long xattr_fd(int fd, struct xattr_call c)
{
	struct file *f = fd_get(fd);

	return f ? xattr_on(f->inode, &c) : -EBADF;
}

static struct xattr_call set_call(const char *uname, const void *uvalue,
				  uint32_t size, int flags)
{
	return (struct xattr_call){ XATTR_SET, uname, uvalue, size, flags };
}

static struct xattr_call name_call(enum xattr_op op, const char *uname)
{
	return (struct xattr_call){ op, uname, NULL, 0, 0 };
}

static long sys_setxattr(const char *upath, const char *uname,
			 const void *uvalue, uint32_t size, int flags)
{
	return xattr_path(upath, true, set_call(uname, uvalue, size, flags));
}
SYSCALL(NR_setxattr, sys_setxattr);

static long sys_lsetxattr(const char *upath, const char *uname,
			  const void *uvalue, uint32_t size, int flags)
{
	return xattr_path(upath, false, set_call(uname, uvalue, size, flags));
}
SYSCALL(NR_lsetxattr, sys_lsetxattr);

static long sys_fsetxattr(int fd, const char *uname, const void *uvalue,
			  uint32_t size, int flags)
{
	return xattr_fd(fd, set_call(uname, uvalue, size, flags));
}
SYSCALL(NR_fsetxattr, sys_fsetxattr);

/* The get and list calls' buffers are unused: nothing has a value. */
static long sys_getxattr(const char *upath, const char *uname, void *ubuf,
			 uint32_t size)
{
	return xattr_path(upath, true, name_call(XATTR_GET, uname));
}
SYSCALL(NR_getxattr, sys_getxattr);

static long sys_lgetxattr(const char *upath, const char *uname, void *ubuf,
			  uint32_t size)
{
	return xattr_path(upath, false, name_call(XATTR_GET, uname));
}
SYSCALL(NR_lgetxattr, sys_lgetxattr);

static long sys_fgetxattr(int fd, const char *uname, void *ubuf,
			  uint32_t size)
{
	return xattr_fd(fd, name_call(XATTR_GET, uname));
}
SYSCALL(NR_fgetxattr, sys_fgetxattr);

static long sys_listxattr(const char *upath, char *ubuf, uint32_t size)
{
	return xattr_path(upath, true, name_call(XATTR_LIST, NULL));
}
SYSCALL(NR_listxattr, sys_listxattr);

static long sys_llistxattr(const char *upath, char *ubuf, uint32_t size)
{
	return xattr_path(upath, false, name_call(XATTR_LIST, NULL));
}
SYSCALL(NR_llistxattr, sys_llistxattr);

static long sys_flistxattr(int fd, char *ubuf, uint32_t size)
{
	return xattr_fd(fd, name_call(XATTR_LIST, NULL));
}
SYSCALL(NR_flistxattr, sys_flistxattr);

static long sys_removexattr(const char *upath, const char *uname)
{
	return xattr_path(upath, true, name_call(XATTR_REMOVE, uname));
}
SYSCALL(NR_removexattr, sys_removexattr);

static long sys_lremovexattr(const char *upath, const char *uname)
{
	return xattr_path(upath, false, name_call(XATTR_REMOVE, uname));
}
SYSCALL(NR_lremovexattr, sys_lremovexattr);

static long sys_fremovexattr(int fd, const char *uname)
{
	return xattr_fd(fd, name_call(XATTR_REMOVE, uname));
}
SYSCALL(NR_fremovexattr, sys_fremovexattr);
