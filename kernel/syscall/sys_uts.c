/*
 * sys_uts.c: the system's names: uname (sysname "Maestro"; release the
 * Linux ABI level maestro implements, "6.1.0-maestro", for programs that
 * check the kernel's version; version "#1 maestro 0.1.0"), and
 * sethostname and setdomainname (root only, at most 64 bytes, as Linux),
 * which change what uname reports as nodename and domainname.  The
 * names start as "maestro" and "(none)".
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/errno.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/uaccess.h"

#define UTS_LEN		64	/* Linux's __NEW_UTS_LEN */

/* Linux's struct new_utsname: six fields of 65 bytes. */
struct utsname {
	char sysname[65], nodename[65], release[65], version[65],
	     machine[65], domainname[65];
};
_Static_assert(sizeof(struct utsname) == 390, "new_utsname is 390 bytes");

static struct utsname uts = {
	.sysname = "Maestro", .nodename = "maestro",
	.release = LINUX_ABI_RELEASE, .version = "#1 maestro " MAESTRO_VERSION,
	.machine = "i686", .domainname = "(none)",
};

static long sys_uname(struct utsname *ubuf)
{
	struct utsname copy;

	preempt_disable();
	copy = uts;
	preempt_enable();
	return copy_to_user(ubuf, &copy, sizeof(copy));
}
SYSCALL(NR_uname, sys_uname);

/* Set field (65 bytes) to the len bytes at uname, NUL-padded. */
static long set_name(char *field, const char *uname, int len)
{
	char tmp[UTS_LEN + 1] = { 0 };

	if (proc_current()->euid != 0)
		return -EPERM;
	if (len < 0 || len > UTS_LEN)
		return -EINVAL;
	if (copy_from_user(tmp, uname, (size_t)len))
		return -EFAULT;
	preempt_disable();
	memcpy(field, tmp, sizeof(tmp));
	preempt_enable();
	return 0;
}

static long sys_sethostname(const char *uname, int len)
{
	return set_name(uts.nodename, uname, len);
}
SYSCALL(NR_sethostname, sys_sethostname);

static long sys_setdomainname(const char *uname, int len)
{
	return set_name(uts.domainname, uname, len);
}
SYSCALL(NR_setdomainname, sys_setdomainname);
