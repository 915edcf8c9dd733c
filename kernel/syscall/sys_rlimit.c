/*
 * sys_rlimit.c: resource limit calls: prlimit64, ugetrlimit (getrlimit
 * with unsigned longs), the old getrlimit (which clamps to 0x7fffffff,
 * as Linux's i386 compatibility call does) and setrlimit.  In the
 * 32-bit structs, 0xffffffff is RLIM_INFINITY.  The rules are
 * kernel/proc/rlimit.c's.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

#define RLIM32_INFINITY		0xffffffffu
#define RLIM_OLD_MAX		0x7fffffffu

struct rlimit32 {
	uint32_t cur, max;
};

static uint32_t to32(uint64_t v, uint32_t max)
{
	return v > max ? max : (uint32_t)v;
}

static uint64_t from32(uint32_t v)
{
	return v == RLIM32_INFINITY ? RLIM64_INFINITY : v;
}

/* pid 0 is the caller; another process needs the caller's uid to be
 * all of its ids, or root (-EPERM), and must exist (-ESRCH). */
static long prlimit_target(int pid, struct proc **out)
{
	struct proc *me = proc_current(), *p;

	p = pid ? proc_find(pid) : me;
	if (!p || p->zombie)
		return -ESRCH;
	if (p != me && me->euid != 0 &&
	    (me->uid != p->uid || me->uid != p->euid || me->uid != p->suid ||
	     me->gid != p->gid || me->gid != p->egid || me->gid != p->sgid))
		return -EPERM;
	*out = p;
	return 0;
}

static long sys_prlimit64(int pid, uint32_t resource,
			  const struct rlimit64 *unew, struct rlimit64 *uold)
{
	struct rlimit64 new, old;
	struct proc *p;
	long err;

	if (unew && copy_from_user(&new, unew, sizeof(new)))
		return -EFAULT;
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	err = prlimit_target(pid, &p);
	if (!err)
		err = rlimit_get(p, resource, &old);
	if (!err && unew)
		err = rlimit_set(p, resource, &new);
	if (!err && uold && copy_to_user(uold, &old, sizeof(old)))
		err = -EFAULT;
	return err;
}
SYSCALL(NR_prlimit64, sys_prlimit64);

static long getrlimit32(uint32_t resource, struct rlimit32 *ur, uint32_t max)
{
	struct rlimit64 r;
	struct rlimit32 r32;
	long err = rlimit_get(proc_current(), resource, &r);

	if (err)
		return err;
	r32 = (struct rlimit32){ to32(r.cur, max), to32(r.max, max) };
	return copy_to_user(ur, &r32, sizeof(r32));
}

static long sys_ugetrlimit(uint32_t resource, struct rlimit32 *ur)
{
	return getrlimit32(resource, ur, RLIM32_INFINITY);
}
SYSCALL(NR_ugetrlimit, sys_ugetrlimit);

static long sys_old_getrlimit(uint32_t resource, struct rlimit32 *ur)
{
	return getrlimit32(resource, ur, RLIM_OLD_MAX);
}
SYSCALL(NR_getrlimit, sys_old_getrlimit);

static long sys_setrlimit(uint32_t resource, const struct rlimit32 *ur)
{
	struct rlimit32 r32;
	struct rlimit64 r;

	if (copy_from_user(&r32, ur, sizeof(r32)))
		return -EFAULT;
	r = (struct rlimit64){ from32(r32.cur), from32(r32.max) };
	return rlimit_set(proc_current(), resource, &r);
}
SYSCALL(NR_setrlimit, sys_setrlimit);
