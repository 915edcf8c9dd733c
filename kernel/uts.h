/*
 * uts.h: the system's names, as uname reports them (kernel/uts.c).
 *
 * sysname "Maestro"; release the Linux ABI level maestro implements
 * (LINUX_ABI_RELEASE, "6.1.0-maestro": programs that check the kernel's
 * version read it); version "#1 maestro 0.1.0"; machine "i686"; the
 * nodename (host name) and domainname start as "maestro" and "(none)"
 * and change with uts_set (sethostname, setdomainname,
 * /proc/sys/kernel/hostname and domainname).
 *
 * Interface: struct utsname (Linux's new_utsname), uts_get, uts_set.
 */
#ifndef KERNEL_UTS_H
#define KERNEL_UTS_H

#include <stddef.h>

#define UTS_LEN		64	/* Linux's __NEW_UTS_LEN */

/* Linux's struct new_utsname: six fields of 65 bytes. */
struct utsname {
	char sysname[65], nodename[65], release[65], version[65],
	     machine[65], domainname[65];
};
_Static_assert(sizeof(struct utsname) == 390, "new_utsname is 390 bytes");

enum uts_name { UTS_HOSTNAME, UTS_DOMAINNAME };

/* A consistent copy of all the names. */
void uts_get(struct utsname *out);
/* Set the host or domain name to len bytes of name (not NUL-terminated):
 * 0, -EINVAL when len is above UTS_LEN.  Permission is the caller's
 * to check. */
int uts_set(enum uts_name which, const char *name, size_t len);

#endif
