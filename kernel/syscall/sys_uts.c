/*
 * sys_uts.c: uname, sethostname and setdomainname (root only, at most 64
 * bytes, as Linux); the names themselves are kernel/uts.c's.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/uts.h"
#include "mm/uaccess.h"

static long sys_uname(struct utsname *ubuf)
{
	struct utsname copy;

	uts_get(&copy);
	return copy_to_user(ubuf, &copy, sizeof(copy));
}
SYSCALL(NR_uname, sys_uname);

/* Set one name to the len bytes at uname: 0, -EPERM, -EINVAL, -EFAULT. */
static long set_name(enum uts_name which, const char *uname, int len)
{
	char tmp[UTS_LEN];

	if (proc_current()->euid != 0)
		return -EPERM;
	if (len < 0 || len > UTS_LEN)
		return -EINVAL;
	if (copy_from_user(tmp, uname, (size_t)len))
		return -EFAULT;
	return uts_set(which, tmp, (size_t)len);
}

static long sys_sethostname(const char *uname, int len)
{
	return set_name(UTS_HOSTNAME, uname, len);
}
SYSCALL(NR_sethostname, sys_sethostname);

static long sys_setdomainname(const char *uname, int len)
{
	return set_name(UTS_DOMAINNAME, uname, len);
}
SYSCALL(NR_setdomainname, sys_setdomainname);
