/*
 * sys_eventfd.c: eventfd and eventfd2 (fs/eventfd.c has the counter).
 * eventfd2's flags are Linux's: EFD_SEMAPHORE (1), EFD_NONBLOCK
 * (O_NONBLOCK), EFD_CLOEXEC (O_CLOEXEC); others give -EINVAL.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"

#define NR_eventfd	323
#define NR_eventfd2	328
#define EFD_SEMAPHORE	1u

static long sys_eventfd2(uint32_t initval, uint32_t flags)
{
	struct file *f;

	if (flags & ~(EFD_SEMAPHORE | O_NONBLOCK | O_CLOEXEC))
		return -EINVAL;
	f = eventfd_file(initval, flags & EFD_SEMAPHORE, flags & O_NONBLOCK);
	if (!f)
		return -ENOMEM;
	return fd_install(f, flags & O_CLOEXEC);
}
SYSCALL(NR_eventfd2, sys_eventfd2);

static long sys_eventfd(uint32_t initval)
{
	return sys_eventfd2(initval, 0);
}
SYSCALL(NR_eventfd, sys_eventfd);
