/*
 * cred.h: the identity that file access is checked against.
 *
 * A process's filesystem user and group ids (normally its effective ids,
 * setfsuid/setfsgid aside) and its supplementary groups; the VFS checks
 * permissions against the current process's (fs/perm.c: current_cred),
 * and kernel threads use vfs_cred, which is root.  uid 0 is the
 * superuser for files.
 */
#ifndef KERNEL_CRED_H
#define KERNEL_CRED_H

#include <stdbool.h>
#include <stdint.h>

#define CRED_NGROUPS	32	/* supplementary groups kept (setgroups) */

struct cred {
	uint32_t uid, gid;			/* fsuid, fsgid */
	uint32_t ngroups;
	uint32_t groups[CRED_NGROUPS];		/* sorted */
};

/* The calling process's credentials (vfs_cred outside a process). */
const struct cred *current_cred(void);
/* Whether gid is c's filesystem group or one of its groups. */
bool cred_in_group(const struct cred *c, uint32_t gid);

#endif
