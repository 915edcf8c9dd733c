/*
 * sys_cap.c: capget (184) and capset (185), with Linux's headers
 * (versions 1, 2 and 3) and checks.
 *
 * maestro has no capability sets of its own: privilege is uid 0, as in
 * Linux's root emulation, and the sets are what Linux derives from the
 * ids without file capabilities: every capability (Linux 6.1's, up to
 * CAP_CHECKPOINT_RESTORE, 40) permitted while one of the real, effective
 * and saved uids is 0, effective while the effective uid is 0 (less the
 * file-system ones once setfsuid made the fs uid non-zero, plus them
 * from the permitted set when it made it 0), none inheritable.
 *
 * capget reports them for the caller or any process (-ESRCH, -EINVAL for
 * a negative pid); an unknown version makes both calls write version 3
 * into the header and fail with -EINVAL, which capget with a NULL data
 * pointer turns into 0 (the probe libcap makes).  capset applies Linux's
 * -EPERM rules (another process, a permitted or inheritable set beyond
 * the caller's, an effective set beyond the new permitted one); since
 * the sets cannot change without the ids, it accepts the sets as they
 * are and refuses any other change with -EPERM.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

#define NR_capget	184
#define NR_capset	185

#define CAP_VERSION_1	0x19980330u
#define CAP_VERSION_2	0x20071026u
#define CAP_VERSION_3	0x20080522u

#define CAP_LAST_CAP	40
#define CAP_FULL	((1ull << (CAP_LAST_CAP + 1)) - 1)
#define CAP_SETPCAP	8
/* CHOWN, DAC_OVERRIDE, DAC_READ_SEARCH, FOWNER, FSETID, LINUX_IMMUTABLE,
 * MKNOD, MAC_OVERRIDE: what the fs uid governs. */
#define CAP_FS_MASK	(0x1full | 1ull << 9 | 1ull << 27 | 1ull << 32)

struct cap_header {
	uint32_t version;
	int32_t pid;
};

struct cap_data {
	uint32_t effective, permitted, inheritable;
};

struct cap_sets {
	uint64_t effective, permitted, inheritable;
};

static void cap_sets_of(const struct proc *p, struct cap_sets *s)
{
	s->permitted = (!p->uid || !p->euid || !p->suid) ? CAP_FULL : 0;
	s->effective = p->euid ? 0 : CAP_FULL;
	if (p->fscred.uid)
		s->effective &= ~CAP_FS_MASK;
	else
		s->effective |= s->permitted & CAP_FS_MASK;
	s->inheritable = 0;
}

/* How many struct cap_data the header's version has: 1, 2, or -EFAULT,
 * or -EINVAL after writing version 3 back (an unknown version). */
static int cap_words(struct cap_header *uh)
{
	uint32_t v;

	if (copy_from_user(&v, &uh->version, sizeof(v)))
		return -EFAULT;
	if (v == CAP_VERSION_1)
		return 1;
	if (v == CAP_VERSION_2 || v == CAP_VERSION_3)
		return 2;
	v = CAP_VERSION_3;
	if (copy_to_user(&uh->version, &v, sizeof(v)))
		return -EFAULT;
	return -EINVAL;
}

/* The sets of process pid (0: the caller): 0, -ESRCH. */
static int cap_get_pid(int pid, struct cap_sets *s)
{
	struct proc *p;
	struct thread *t;
	int err = 0;

	preempt_disable();
	p = pid ? proc_find(pid) : proc_current();
	if (!p && (t = thread_find(pid)))
		p = t->proc;
	if (p)
		cap_sets_of(p, s);
	else
		err = -ESRCH;
	preempt_enable();
	return err;
}

static long sys_capget(struct cap_header *uh, struct cap_data *udata)
{
	struct cap_data d[2];
	struct cap_sets s;
	int words = cap_words(uh), pid, err;

	if (!udata)
		return words == -EFAULT ? -EFAULT : 0;	/* the probe */
	if (words < 0)
		return words;
	if (copy_from_user(&pid, &uh->pid, sizeof(pid)))
		return -EFAULT;
	if (pid < 0)
		return -EINVAL;
	err = cap_get_pid(pid, &s);
	if (err)
		return err;
	for (int i = 0; i < 2; i++)
		d[i] = (struct cap_data){ (uint32_t)(s.effective >> 32 * i),
					  (uint32_t)(s.permitted >> 32 * i),
					  (uint32_t)(s.inheritable >> 32 * i) };
	if (copy_to_user(udata, d, (size_t)words * sizeof(d[0])))
		return -EFAULT;
	return 0;
}
SYSCALL(NR_capget, sys_capget);

static bool cap_subset(uint64_t a, uint64_t b)
{
	return !(a & ~b);
}

/* Linux's cap_capset rules for new over old: 0 or -EPERM. */
static int cap_check(const struct cap_sets *new, const struct cap_sets *old)
{
	if (!(old->effective & 1ull << CAP_SETPCAP) &&
	    !cap_subset(new->inheritable, old->inheritable | old->permitted))
		return -EPERM;
	if (!cap_subset(new->permitted, old->permitted))
		return -EPERM;
	if (!cap_subset(new->effective, new->permitted))
		return -EPERM;
	return 0;
}

static long sys_capset(struct cap_header *uh, const struct cap_data *udata)
{
	struct cap_data d[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	struct cap_sets new = { 0, 0, 0 }, old;
	int words = cap_words(uh), pid, err;

	if (words < 0)
		return words;
	if (copy_from_user(&pid, &uh->pid, sizeof(pid)))
		return -EFAULT;
	if (pid && pid != thread_current()->tid)
		return -EPERM;
	if (copy_from_user(d, udata, (size_t)words * sizeof(d[0])))
		return -EFAULT;
	for (int i = 0; i < words; i++) {
		new.effective |= (uint64_t)d[i].effective << 32 * i;
		new.permitted |= (uint64_t)d[i].permitted << 32 * i;
		new.inheritable |= (uint64_t)d[i].inheritable << 32 * i;
	}
	new.effective &= CAP_FULL;
	new.permitted &= CAP_FULL;
	new.inheritable &= CAP_FULL;
	cap_sets_of(proc_current(), &old);
	err = cap_check(&new, &old);
	if (err)
		return err;
	if (new.effective != old.effective ||
	    new.permitted != old.permitted ||
	    new.inheritable != old.inheritable)
		return -EPERM;		/* the sets follow the ids here */
	return 0;
}
SYSCALL(NR_capset, sys_capset);
