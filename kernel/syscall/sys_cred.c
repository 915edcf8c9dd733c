/*
 * sys_cred.c: the user and group id calls, in their 32-bit forms
 * (setuid32, setgid32, setreuid32, setregid32, setresuid32, getresuid32,
 * setresgid32, getresgid32, getgroups32, setgroups32, setfsuid32,
 * setfsgid32) and the old 16-bit ones, which map -1 (0xffff) to -1 and
 * report ids above 65535 as 65534 (Linux's overflowuid).  The rules are
 * kernel/proc/cred.c's.  As on Linux, a change of the effective or
 * filesystem ids makes the process not dumpable.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/cred.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

#define NO_ID		0xffffffffu
#define OVERFLOW_ID	65534u

/* After a change: not dumpable if an effective or fs id moved (old is
 * taken before the change). */
struct id_snap {
	uint32_t euid, egid, fsuid, fsgid;
};

static struct id_snap snap(const struct proc *p)
{
	return (struct id_snap){ p->euid, p->egid, p->fscred.uid,
				 p->fscred.gid };
}

static long changed(struct proc *p, struct id_snap old, long ret)
{
	struct id_snap now = snap(p);

	if (old.euid != now.euid || old.egid != now.egid ||
	    old.fsuid != now.fsuid || old.fsgid != now.fsgid)
		p->dumpable = false;
	return ret;
}

static long sys_setuid32(uint32_t uid)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, cred_setuid(p, uid));
}
SYSCALL(NR_setuid32, sys_setuid32);

static long sys_setgid32(uint32_t gid)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, cred_setgid(p, gid));
}
SYSCALL(NR_setgid32, sys_setgid32);

static long sys_setreuid32(uint32_t r, uint32_t e)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, cred_setreuid(p, r, e));
}
SYSCALL(NR_setreuid32, sys_setreuid32);

static long sys_setregid32(uint32_t r, uint32_t e)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, cred_setregid(p, r, e));
}
SYSCALL(NR_setregid32, sys_setregid32);

static long sys_setresuid32(uint32_t r, uint32_t e, uint32_t s)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, cred_setresuid(p, r, e, s));
}
SYSCALL(NR_setresuid32, sys_setresuid32);

static long sys_setresgid32(uint32_t r, uint32_t e, uint32_t s)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, cred_setresgid(p, r, e, s));
}
SYSCALL(NR_setresgid32, sys_setresgid32);

static long put_three(uint32_t a, uint32_t b, uint32_t c, uint32_t *ua,
		      uint32_t *ub, uint32_t *uc)
{
	if (put_user(a, ua) || put_user(b, ub) || put_user(c, uc))
		return -EFAULT;
	return 0;
}

static long sys_getresuid32(uint32_t *r, uint32_t *e, uint32_t *s)
{
	struct proc *p = proc_current();

	return put_three(p->uid, p->euid, p->suid, r, e, s);
}
SYSCALL(NR_getresuid32, sys_getresuid32);

static long sys_getresgid32(uint32_t *r, uint32_t *e, uint32_t *s)
{
	struct proc *p = proc_current();

	return put_three(p->gid, p->egid, p->sgid, r, e, s);
}
SYSCALL(NR_getresgid32, sys_getresgid32);

static long sys_setfsuid32(uint32_t uid)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, (long)cred_setfsuid(p, uid));
}
SYSCALL(NR_setfsuid32, sys_setfsuid32);

static long sys_setfsgid32(uint32_t gid)
{
	struct proc *p = proc_current();
	struct id_snap old = snap(p);

	return changed(p, old, (long)cred_setfsgid(p, gid));
}
SYSCALL(NR_setfsgid32, sys_setfsgid32);

/* getgroups: the count when size is 0, else -EINVAL when it is short. */
static long sys_getgroups32(int size, uint32_t *ulist)
{
	const struct cred *c = &proc_current()->fscred;

	if (size < 0)
		return -EINVAL;
	if (size == 0)
		return c->ngroups;
	if ((uint32_t)size < c->ngroups)
		return -EINVAL;
	if (copy_to_user(ulist, c->groups, c->ngroups * sizeof(uint32_t)))
		return -EFAULT;
	return c->ngroups;
}
SYSCALL(NR_getgroups32, sys_getgroups32);

static long sys_setgroups32(int size, const uint32_t *ulist)
{
	struct proc *p = proc_current();
	uint32_t groups[CRED_NGROUPS];

	if (p->euid != 0)
		return -EPERM;
	if (size < 0 || size > CRED_NGROUPS)
		return -EINVAL;
	if (copy_from_user(groups, ulist, (size_t)size * sizeof(uint32_t)))
		return -EFAULT;
	return cred_setgroups(p, groups, (uint32_t)size);
}
SYSCALL(NR_setgroups32, sys_setgroups32);

/* ---- the 16-bit calls ---- */

static uint32_t id16_in(uint32_t id)
{
	id &= 0xffff;
	return id == 0xffff ? NO_ID : id;
}

static uint16_t id16_out(uint32_t id)
{
	return id > 0xffff ? OVERFLOW_ID : (uint16_t)id;
}

static long sys_setuid16(uint32_t uid) { return sys_setuid32(id16_in(uid)); }
static long sys_setgid16(uint32_t gid) { return sys_setgid32(id16_in(gid)); }
SYSCALL(NR_setuid, sys_setuid16);
SYSCALL(NR_setgid, sys_setgid16);

static long sys_getuid16(void) { return id16_out(proc_current()->uid); }
static long sys_getgid16(void) { return id16_out(proc_current()->gid); }
static long sys_geteuid16(void) { return id16_out(proc_current()->euid); }
static long sys_getegid16(void) { return id16_out(proc_current()->egid); }
SYSCALL(NR_getuid, sys_getuid16);
SYSCALL(NR_getgid, sys_getgid16);
SYSCALL(NR_geteuid, sys_geteuid16);
SYSCALL(NR_getegid, sys_getegid16);

static long sys_setreuid16(uint32_t r, uint32_t e)
{
	return sys_setreuid32(id16_in(r), id16_in(e));
}
SYSCALL(NR_setreuid, sys_setreuid16);

static long sys_setregid16(uint32_t r, uint32_t e)
{
	return sys_setregid32(id16_in(r), id16_in(e));
}
SYSCALL(NR_setregid, sys_setregid16);

static long sys_setresuid16(uint32_t r, uint32_t e, uint32_t s)
{
	return sys_setresuid32(id16_in(r), id16_in(e), id16_in(s));
}
SYSCALL(NR_setresuid, sys_setresuid16);

static long sys_setresgid16(uint32_t r, uint32_t e, uint32_t s)
{
	return sys_setresgid32(id16_in(r), id16_in(e), id16_in(s));
}
SYSCALL(NR_setresgid, sys_setresgid16);

static long put_three16(uint32_t a, uint32_t b, uint32_t c, uint16_t *ua,
			uint16_t *ub, uint16_t *uc)
{
	if (put_user(id16_out(a), ua) || put_user(id16_out(b), ub) ||
	    put_user(id16_out(c), uc))
		return -EFAULT;
	return 0;
}

static long sys_getresuid16(uint16_t *r, uint16_t *e, uint16_t *s)
{
	struct proc *p = proc_current();

	return put_three16(p->uid, p->euid, p->suid, r, e, s);
}
SYSCALL(NR_getresuid, sys_getresuid16);

static long sys_getresgid16(uint16_t *r, uint16_t *e, uint16_t *s)
{
	struct proc *p = proc_current();

	return put_three16(p->gid, p->egid, p->sgid, r, e, s);
}
SYSCALL(NR_getresgid, sys_getresgid16);

static long sys_setfsuid16(uint32_t uid)
{
	return id16_out((uint32_t)sys_setfsuid32(id16_in(uid)));
}
SYSCALL(NR_setfsuid, sys_setfsuid16);

static long sys_setfsgid16(uint32_t gid)
{
	return id16_out((uint32_t)sys_setfsgid32(id16_in(gid)));
}
SYSCALL(NR_setfsgid, sys_setfsgid16);

static long sys_getgroups16(int size, uint16_t *ulist)
{
	const struct cred *c = &proc_current()->fscred;

	if (size < 0)
		return -EINVAL;
	if (size == 0)
		return c->ngroups;
	if ((uint32_t)size < c->ngroups)
		return -EINVAL;
	for (uint32_t i = 0; i < c->ngroups; i++)
		if (put_user(id16_out(c->groups[i]), ulist + i))
			return -EFAULT;
	return c->ngroups;
}
SYSCALL(NR_getgroups, sys_getgroups16);

static long sys_setgroups16(int size, const uint16_t *ulist)
{
	struct proc *p = proc_current();
	uint32_t groups[CRED_NGROUPS];

	if (p->euid != 0)
		return -EPERM;
	if (size < 0 || size > CRED_NGROUPS)
		return -EINVAL;
	for (int i = 0; i < size; i++) {
		uint16_t g;

		if (get_user(g, ulist + i))
			return -EFAULT;
		groups[i] = g;
	}
	return cred_setgroups(p, groups, (uint32_t)size);
}
SYSCALL(NR_setgroups, sys_setgroups16);
