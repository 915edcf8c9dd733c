/*
 * sys_module.c: init_module (128), finit_module (350) and delete_module
 * (129), Linux's i386 calls, for root only (-EPERM).  They copy their
 * arguments in and call kernel/module/ (kernel/modules.h).
 *
 * init_module takes the image from user memory; finit_module reads it
 * from an open regular file (-EBADF when not open for reading, -EINVAL
 * for anything but a regular file) and accepts only the flags
 * MODULE_INIT_IGNORE_MODVERSIONS and MODULE_INIT_IGNORE_VERMAGIC
 * (-EINVAL for others).  The image is at most MODULE_IMAGE_MAX bytes
 * (-EFBIG), the arguments at most a page (-ENOSPC when longer, with the
 * NUL).  delete_module's flags are O_NONBLOCK and O_TRUNC; maestro never
 * forces an unload, so both behave as Linux's O_NONBLOCK does.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/stat.h"
#include "fs/vfs.h"
#include "kernel/modules.h"
#include "kernel/proc/proc.h"
#include "lib/errno.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define NR_init_module		128
#define NR_delete_module	129
#define NR_finit_module		350
#define MODULE_IMAGE_MAX	(16u << 20)

static bool module_caller_is_root(void)
{
	return proc_current()->euid == 0;
}

/* The arguments as a kmalloc'd string, or an ERR_PTR. */
static char *module_args_copy(const char *uargs)
{
	char *args = kmalloc(PAGE_SIZE);
	long n;

	if (!args)
		return ERR_PTR(-ENOMEM);
	n = strncpy_from_user(args, uargs, PAGE_SIZE);
	if (n >= 0 && n < (long)PAGE_SIZE)
		return args;
	kfree(args);
	return ERR_PTR(n < 0 ? (int)n : -ENOSPC);
}

static long module_load_image(void *image, size_t len, const char *uargs,
			      unsigned int flags)
{
	char *args = module_args_copy(uargs);
	long err;

	if (IS_ERR(args))
		err = PTR_ERR(args);
	else
		err = module_load(image, len, args, flags);
	if (!IS_ERR(args))
		kfree(args);
	kfree(image);
	return err;
}

static long sys_init_module(const void *umod, unsigned long len,
			    const char *uargs)
{
	void *image;

	if (!module_caller_is_root())
		return -EPERM;
	if (len > MODULE_IMAGE_MAX)
		return -EFBIG;
	image = kmalloc(len ? len : 1);
	if (!image)
		return -ENOMEM;
	if (copy_from_user(image, umod, len)) {
		kfree(image);
		return -EFAULT;
	}
	return module_load_image(image, len, uargs, 0);
}
SYSCALL(NR_init_module, sys_init_module);

/* The whole file f in a kmalloc'd buffer (*len bytes), or an ERR_PTR. */
static void *module_read_file(struct file *f, size_t *len)
{
	uint64_t size = f->inode->size, pos = 0;
	void *image;
	ssize_t got;

	if (!S_ISREG(f->inode->mode))
		return ERR_PTR(-EINVAL);
	if (size > MODULE_IMAGE_MAX)
		return ERR_PTR(-EFBIG);
	image = kmalloc(size ? (size_t)size : 1);
	if (!image)
		return ERR_PTR(-ENOMEM);
	got = vfs_pread(f, image, (size_t)size, &pos);
	if (got != (ssize_t)size) {
		kfree(image);
		return ERR_PTR(got < 0 ? (int)got : -EIO);
	}
	*len = (size_t)size;
	return image;
}

static long sys_finit_module(int fd, const char *uargs, int flags)
{
	struct file *f;
	void *image;
	size_t len = 0;

	if (!module_caller_is_root())
		return -EPERM;
	if (flags & ~(MODULE_INIT_IGNORE_MODVERSIONS |
		      MODULE_INIT_IGNORE_VERMAGIC))
		return -EINVAL;
	f = fd_get(fd);
	if (!f || (f->flags & O_ACCMODE) == O_WRONLY)
		return -EBADF;
	image = module_read_file(f, &len);
	if (IS_ERR(image))
		return PTR_ERR(image);
	return module_load_image(image, len, uargs, (unsigned int)flags);
}
SYSCALL(NR_finit_module, sys_finit_module);

static long sys_delete_module(const char *uname, unsigned int flags)
{
	char name[MODULE_NAME_LEN];
	long n;

	if (!module_caller_is_root())
		return -EPERM;
	n = strncpy_from_user(name, uname, sizeof(name));
	if (n < 0)
		return n;
	if (n >= (long)sizeof(name))
		return -ENOENT;
	return module_delete(name, flags);
}
SYSCALL(NR_delete_module, sys_delete_module);
