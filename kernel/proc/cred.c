/*
 * cred.c: user and group ids of processes, with POSIX's and Linux's
 * saved set-user-id rules.
 *
 * A process has real, effective and saved ids (uid, euid, suid and the
 * same for groups), the filesystem ids the VFS checks (fscred: fsuid
 * follows euid unless setfsuid moved it) and supplementary groups, kept
 * sorted as Linux keeps them.  Without capabilities, "privileged" is
 * Linux's CAP_SETUID/CAP_SETGID of root: an effective uid of 0.
 *
 * Interface: current_cred, cred_in_group (kernel/cred.h); for the
 * system calls (kernel/proc/cred.h) cred_setresuid, cred_setresgid,
 * cred_setreuid, cred_setregid, cred_setuid, cred_setgid, cred_setfsuid,
 * cred_setfsgid, cred_setgroups, cred_init_root, cred_exec.
 */
#include "kernel/proc/cred.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"

#define NO_ID	0xffffffffu	/* -1: leave unchanged */

const struct cred *current_cred(void)
{
	struct proc *p = proc_current();

	return p ? &p->fscred : &vfs_cred;
}

bool cred_in_group(const struct cred *c, uint32_t gid)
{
	if (c->gid == gid)
		return true;
	for (uint32_t i = 0; i < c->ngroups; i++)
		if (c->groups[i] == gid)
			return true;
	return false;
}

void cred_init_root(struct proc *p)
{
	p->uid = p->euid = p->suid = p->fscred.uid = 0;
	p->gid = p->egid = p->sgid = p->fscred.gid = 0;
	p->fscred.ngroups = 0;
}

static bool privileged(const struct proc *p)
{
	return p->euid == 0;
}

/* Whether an unprivileged process may take id: one of its three. */
static bool one_of(uint32_t id, uint32_t r, uint32_t e, uint32_t s)
{
	return id == r || id == e || id == s;
}

/* setresuid's rules; NO_ID leaves an id as it is. */
int cred_setresuid(struct proc *p, uint32_t r, uint32_t e, uint32_t s)
{
	if (!privileged(p) &&
	    ((r != NO_ID && !one_of(r, p->uid, p->euid, p->suid)) ||
	     (e != NO_ID && !one_of(e, p->uid, p->euid, p->suid)) ||
	     (s != NO_ID && !one_of(s, p->uid, p->euid, p->suid))))
		return -EPERM;
	if (r != NO_ID)
		p->uid = r;
	if (e != NO_ID)
		p->euid = e;
	if (s != NO_ID)
		p->suid = s;
	p->fscred.uid = p->euid;
	return 0;
}

int cred_setresgid(struct proc *p, uint32_t r, uint32_t e, uint32_t s)
{
	if (!privileged(p) &&
	    ((r != NO_ID && !one_of(r, p->gid, p->egid, p->sgid)) ||
	     (e != NO_ID && !one_of(e, p->gid, p->egid, p->sgid)) ||
	     (s != NO_ID && !one_of(s, p->gid, p->egid, p->sgid))))
		return -EPERM;
	if (r != NO_ID)
		p->gid = r;
	if (e != NO_ID)
		p->egid = e;
	if (s != NO_ID)
		p->sgid = s;
	p->fscred.gid = p->egid;
	return 0;
}

/*
 * setreuid: the real uid may become the effective one, the effective
 * uid the real or saved one (anything for root); the saved uid follows
 * the new effective uid when the real one is set or the effective one
 * moves away from the real one.
 */
int cred_setreuid(struct proc *p, uint32_t r, uint32_t e)
{
	uint32_t old_r = p->uid;
	uint32_t new_e = e != NO_ID ? e : p->euid;

	if (!privileged(p) &&
	    ((r != NO_ID && r != p->uid && r != p->euid) ||
	     (e != NO_ID && !one_of(e, p->uid, p->euid, p->suid))))
		return -EPERM;
	if (r != NO_ID)
		p->uid = r;
	p->euid = new_e;
	if (r != NO_ID || (e != NO_ID && e != old_r))
		p->suid = new_e;
	p->fscred.uid = p->euid;
	return 0;
}

int cred_setregid(struct proc *p, uint32_t r, uint32_t e)
{
	uint32_t old_r = p->gid;
	uint32_t new_e = e != NO_ID ? e : p->egid;

	if (!privileged(p) &&
	    ((r != NO_ID && r != p->gid && r != p->egid) ||
	     (e != NO_ID && !one_of(e, p->gid, p->egid, p->sgid))))
		return -EPERM;
	if (r != NO_ID)
		p->gid = r;
	p->egid = new_e;
	if (r != NO_ID || (e != NO_ID && e != old_r))
		p->sgid = new_e;
	p->fscred.gid = p->egid;
	return 0;
}

/* setuid: root sets all three ids; others may set the effective uid to
 * the real or the saved one.  -1 is not an id: -EINVAL. */
int cred_setuid(struct proc *p, uint32_t uid)
{
	if (uid == NO_ID)
		return -EINVAL;
	if (privileged(p))
		return cred_setresuid(p, uid, uid, uid);
	if (uid != p->uid && uid != p->suid)
		return -EPERM;
	p->euid = p->fscred.uid = uid;
	return 0;
}

int cred_setgid(struct proc *p, uint32_t gid)
{
	if (gid == NO_ID)
		return -EINVAL;
	if (privileged(p))
		return cred_setresgid(p, gid, gid, gid);
	if (gid != p->gid && gid != p->sgid)
		return -EPERM;
	p->egid = p->fscred.gid = gid;
	return 0;
}

/* setfsuid: always returns the old fsuid; changes it to one of the
 * process's ids (anything for root). */
uint32_t cred_setfsuid(struct proc *p, uint32_t uid)
{
	uint32_t old = p->fscred.uid;

	if (uid != NO_ID && (privileged(p) || uid == p->uid ||
			     uid == p->euid || uid == p->suid || uid == old))
		p->fscred.uid = uid;
	return old;
}

uint32_t cred_setfsgid(struct proc *p, uint32_t gid)
{
	uint32_t old = p->fscred.gid;

	if (gid != NO_ID && (privileged(p) || gid == p->gid ||
			     gid == p->egid || gid == p->sgid || gid == old))
		p->fscred.gid = gid;
	return old;
}

/* setgroups: root only; n groups, kept sorted (insertion sort: n is
 * small).  -EPERM, or -EINVAL past CRED_NGROUPS. */
int cred_setgroups(struct proc *p, const uint32_t *groups, uint32_t n)
{
	struct cred *c = &p->fscred;

	if (!privileged(p))
		return -EPERM;
	if (n > CRED_NGROUPS)
		return -EINVAL;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t g = groups[i], j = i;

		for (; j > 0 && c->groups[j - 1] > g; j--)
			c->groups[j] = c->groups[j - 1];
		c->groups[j] = g;
	}
	c->ngroups = n;
	return 0;
}

/*
 * exec: a set-user-id (set-group-id) program runs with its owner (group)
 * as effective id, unless no_suid (a nosuid mount, or no_new_privs); the
 * saved ids then take the effective ones, as on Linux.
 */
void cred_exec(struct proc *p, const struct inode *exe, bool no_suid)
{
	if (!no_suid && (exe->mode & S_ISUID))
		p->euid = exe->uid;
	if (!no_suid && (exe->mode & (S_ISGID | 0010)) == (S_ISGID | 0010))
		p->egid = exe->gid;
	p->suid = p->fscred.uid = p->euid;
	p->sgid = p->fscred.gid = p->egid;
}

/*
 * Whether process from may send sig to process to with kill() or
 * tgkill(), as Linux's check: itself, or when from is privileged, or
 * when from's real or effective uid is to's real or saved uid; SIGCONT
 * also within one session.
 */
bool cred_may_signal(const struct proc *from, const struct proc *to, int sig)
{
	if (from == to || privileged(from))
		return true;
	if (from->euid == to->suid || from->euid == to->uid ||
	    from->uid == to->suid || from->uid == to->uid)
		return true;
	return sig == SIGCONT && from->sid == to->sid;
}

/*
 * Whether process from may read details of process to (get_robust_list),
 * as Linux's ptrace_may_access with PTRACE_MODE_READ_REALCREDS: the same
 * process; or from's real uid is all three of to's uids and its real gid
 * all three of to's gids, or from is privileged; and to is dumpable
 * unless from is privileged.
 */
bool cred_may_inspect(const struct proc *from, const struct proc *to)
{
	if (from == to)
		return true;
	if (privileged(from))
		return true;
	if (from->uid != to->uid || from->uid != to->euid ||
	    from->uid != to->suid || from->gid != to->gid ||
	    from->gid != to->egid || from->gid != to->sgid)
		return false;
	return to->dumpable;
}
