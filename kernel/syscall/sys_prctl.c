/*
 * sys_prctl.c: prctl(2)'s process settings, with Linux's numbers and
 * checks: PR_SET_NAME/PR_GET_NAME (the 15-character name /proc shows as
 * comm), PR_SET_PDEATHSIG/PR_GET_PDEATHSIG (the signal a process gets
 * when its parent ends: kernel/proc/proc.c), PR_SET_DUMPABLE/
 * PR_GET_DUMPABLE, PR_SET_NO_NEW_PRIVS/PR_GET_NO_NEW_PRIVS (exec then
 * ignores set-id bits; it cannot be unset) and PR_SET_CHILD_SUBREAPER/
 * PR_GET_CHILD_SUBREAPER (orphaned descendants are adopted).  Any other
 * option gives -EINVAL, as Linux does for those it does not know.  And
 * personality(2), the process's execution domain and its flags.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define PR_SET_PDEATHSIG	1
#define PR_GET_PDEATHSIG	2
#define PR_GET_DUMPABLE		3
#define PR_SET_DUMPABLE		4
#define PR_SET_NAME		15
#define PR_GET_NAME		16
#define PR_SET_CHILD_SUBREAPER	36
#define PR_GET_CHILD_SUBREAPER	37
#define PR_SET_NO_NEW_PRIVS	38
#define PR_GET_NO_NEW_PRIVS	39
#define COMM_LEN		16

static long prctl_set_name(struct proc *p, const char *uname)
{
	char name[COMM_LEN];
	long n = strncpy_from_user(name, uname, COMM_LEN - 1);

	if (n < 0)
		return -EFAULT;
	name[n] = '\0';
	preempt_disable();
	if (current->pid == p->pid)	/* the leader's is the process's */
		strlcpy(p->name, name, sizeof(p->name));
	strlcpy(current->name, name, sizeof(current->name));
	preempt_enable();
	return 0;
}

static long prctl_get_name(struct proc *p, char *uname)
{
	char name[COMM_LEN] = { 0 };

	strlcpy(name, current->name, sizeof(name));
	return copy_to_user(uname, name, sizeof(name)) ? -EFAULT : 0;
}

static long prctl_flag(bool *flag, uint32_t value)
{
	*flag = value != 0;
	return 0;
}

static long sys_prctl(int option, uint32_t a2, uint32_t a3, uint32_t a4,
		      uint32_t a5)
{
	struct proc *p = proc_current();

	switch (option) {
	case PR_SET_PDEATHSIG:
		if (a2 >= NSIG + 1)
			return -EINVAL;
		p->pdeath_sig = (int)a2;
		return 0;
	case PR_GET_PDEATHSIG:
		return put_user(p->pdeath_sig, (int *)a2) ? -EFAULT : 0;
	case PR_SET_DUMPABLE:
		return a2 > 1 ? -EINVAL : prctl_flag(&p->dumpable, a2);
	case PR_GET_DUMPABLE:
		return p->dumpable;
	case PR_SET_NAME:
		return prctl_set_name(p, (const char *)a2);
	case PR_GET_NAME:
		return prctl_get_name(p, (char *)a2);
	case PR_SET_CHILD_SUBREAPER:
		return prctl_flag(&p->child_subreaper, a2);
	case PR_GET_CHILD_SUBREAPER:
		return put_user((int)p->child_subreaper, (int *)a2) ? -EFAULT : 0;
	case PR_SET_NO_NEW_PRIVS:
		if (a2 != 1 || a3 || a4 || a5)
			return -EINVAL;
		return prctl_flag(&p->no_new_privs, 1);
	case PR_GET_NO_NEW_PRIVS:
		if (a2 || a3 || a4 || a5)
			return -EINVAL;
		return p->no_new_privs;
	default:
		return -EINVAL;
	}
}
SYSCALL(NR_prctl, sys_prctl);

/* personality(2): 0xffffffff asks; any other value becomes the process's
 * persona (the execution domain in the low byte, Linux's flags above) and
 * the old one is returned.  READ_IMPLIES_EXEC takes effect at once on the
 * address space's later mappings, as Linux's test at mmap time does. */
static long sys_personality(uint32_t persona)
{
	struct proc *p = proc_current();
	uint32_t old = p->personality;
	struct mm *mm;

	if (persona == 0xffffffffu)
		return (long)old;
	p->personality = persona;
	mm = p->mm;
	mm_lock(mm);
	mm->read_implies_exec = persona & PER_READ_IMPLIES_EXEC;
	mm_unlock(mm);
	return (long)old;
}
SYSCALL(NR_personality, sys_personality);
