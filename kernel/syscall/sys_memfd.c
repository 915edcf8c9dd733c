/*
 * sys_memfd.c: memfd_create (356), fs/memfd.c makes the file.
 *
 * Flags as Linux 6.1's: MFD_CLOEXEC; MFD_ALLOW_SEALING and MFD_HUGETLB
 * are Linux's but not maestro's (sealing and huge pages are not
 * implemented): -EINVAL, as any unknown flag.  The name is at most 249
 * bytes (-EINVAL beyond, -EFAULT for a bad pointer).
 *
 * Interface: the SYSCALL registration.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

#define NR_memfd_create	356
#define MFD_CLOEXEC	0x0001u

static long sys_memfd_create(const char *uname, uint32_t flags)
{
	char name[MEMFD_NAME_MAX + 2];
	struct file *f;
	long len;

	if (flags & ~MFD_CLOEXEC)
		return -EINVAL;
	len = strncpy_from_user(name, uname, sizeof(name));
	if (len < 0)
		return len;
	if (len > MEMFD_NAME_MAX)
		return -EINVAL;		/* no NUL within the limit */
	f = memfd_file(name);
	if (IS_ERR(f))
		return PTR_ERR(f);
	return fd_install(f, flags & MFD_CLOEXEC);
}
SYSCALL(NR_memfd_create, sys_memfd_create);
