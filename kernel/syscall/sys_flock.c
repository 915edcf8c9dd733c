/*
 * sys_flock.c: flock (143), BSD advisory locks on whole files
 * (fs/flock.c has the locks).  A signal while waiting restarts the call
 * or gives EINTR, by the handler's SA_RESTART, as Linux.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"

#define NR_flock	143

static long sys_flock(int fd, int op)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	return vfs_flock(f, op);
}
SYSCALL(NR_flock, sys_flock);
