/*
 * sys_signalfd.c: signalfd (321) and signalfd4 (327); fs/signalfd.c has
 * the file.  fd -1 makes a new signalfd, another descriptor must be a
 * signalfd (-EINVAL) whose mask is replaced.  As Linux: a mask size other
 * than 8 and flags other than SFD_NONBLOCK and SFD_CLOEXEC (at creation
 * or not) give -EINVAL, SIGKILL and SIGSTOP are dropped from the mask.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

#define NR_signalfd	321
#define NR_signalfd4	327

static long sys_signalfd4(int fd, const uint64_t *umask, uint32_t size,
			  uint32_t flags)
{
	struct file *f;
	uint64_t mask;

	if (flags & ~(O_NONBLOCK | O_CLOEXEC) || size != sizeof(mask))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	if (fd != -1) {
		f = fd_get(fd);
		if (!f)
			return -EBADF;
		return signalfd_set_mask(f, mask) ?: fd;
	}
	f = signalfd_file(mask, flags & O_NONBLOCK);
	if (!f)
		return -ENOMEM;
	return fd_install(f, flags & O_CLOEXEC);
}
SYSCALL(NR_signalfd4, sys_signalfd4);

static long sys_signalfd(int fd, const uint64_t *umask, uint32_t size)
{
	return sys_signalfd4(fd, umask, size, 0);
}
SYSCALL(NR_signalfd, sys_signalfd);
