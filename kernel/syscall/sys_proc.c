/*
 * sys_proc.c: process system calls: exit, exit_group, wait4, waitpid,
 * execve, getpid, getppid, gettid, the 32-bit uid/gid getters, umask,
 * set_tid_address, uname, and signal bookkeeping: rt_sigaction and
 * rt_sigprocmask store what they are given (delivery comes with the
 * signal issue; until then no handler ever runs).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define EXECVE_MAX_ARGS	1024
#define EXECVE_MAX_STR	(32u * 4096)

static long sys_exit(int code)
{
	proc_exit(W_EXITCODE(code, 0));
}
SYSCALL(NR_exit, sys_exit);
/* One thread per process for now: exit_group is exit. */
SYSCALL(NR_exit_group, sys_exit);

static long sys_wait4(int pid, int *ustatus, int options, void *rusage)
{
	int status = 0;
	int ret;

	if (options & ~(WNOHANG | 2 | 8 | 0x40000000 | 0x80000000))
		return -EINVAL;
	if (rusage && clear_user(rusage, 72))
		return -EFAULT;
	ret = proc_wait4(pid, &status, options);
	if (ret > 0 && ustatus && put_user(status, ustatus))
		return -EFAULT;
	return ret;
}
SYSCALL(NR_wait4, sys_wait4);

static long sys_waitpid(int pid, int *ustatus, int options)
{
	return sys_wait4(pid, ustatus, options, NULL);
}
SYSCALL(NR_waitpid, sys_waitpid);

static void free_strings(char **v)
{
	for (unsigned int i = 0; v && v[i]; i++)
		kfree(v[i]);
	kfree(v);
}

/* Copy a NULL-terminated user array of strings (each at most
 * EXECVE_MAX_STR bytes for now): a kernel array or ERR_PTR (-EFAULT,
 * -E2BIG, -ENOMEM).  A NULL array is an empty one. */
static char **copy_strings(const char *const *uv, char *tmp)
{
	char **v = kzalloc((EXECVE_MAX_ARGS + 1) * sizeof(char *));
	long err = -EFAULT;

	if (!v)
		return ERR_PTR(-ENOMEM);
	for (unsigned int i = 0; uv; i++) {
		const char *us;
		long len;

		err = i == EXECVE_MAX_ARGS ? -E2BIG : get_user(us, uv + i);
		if (err)
			goto fail;
		if (!us)
			break;
		len = strcpy_from_user(tmp, us, EXECVE_MAX_STR);
		err = len == -ENAMETOOLONG ? -E2BIG : len;
		if (len < 0)
			goto fail;
		err = -ENOMEM;
		v[i] = kmalloc((size_t)len + 1);
		if (!v[i])
			goto fail;
		memcpy(v[i], tmp, (size_t)len + 1);
	}
	return v;
fail:
	free_strings(v);
	return ERR_PTR(err);
}

static long sys_execve(const char *upath, const char *const *uargv,
		       const char *const *uenvp)
{
	char *tmp = kmalloc(EXECVE_MAX_STR);
	char *path = kmalloc(PATH_MAX);
	char **argv = NULL, **envp = NULL;
	long err = -ENOMEM;

	if (!tmp || !path)
		goto out;
	err = strcpy_from_user(path, upath, PATH_MAX);
	if (err >= 0)
		err = path[0] ? 0 : -ENOENT;
	argv = err ? NULL : copy_strings(uargv, tmp);
	if (IS_ERR(argv))
		err = PTR_ERR(argv);
	envp = err ? NULL : copy_strings(uenvp, tmp);
	if (IS_ERR(envp))
		err = PTR_ERR(envp);
	if (!err)
		err = proc_exec(syscall_user_frame(), path,
				(const char *const *)argv,
				(const char *const *)envp);
out:
	if (!IS_ERR(argv))
		free_strings(argv);
	if (!IS_ERR(envp))
		free_strings(envp);
	kfree(path);
	kfree(tmp);
	return err;
}
SYSCALL(NR_execve, sys_execve);

static long sys_getpid(void)
{
	return proc_current()->pid;
}
SYSCALL(NR_getpid, sys_getpid);

/* One thread per process: the thread id is the pid. */
SYSCALL(NR_gettid, sys_getpid);

static long sys_getppid(void)
{
	struct proc *parent = proc_current()->parent;

	return parent ? parent->pid : 0;
}
SYSCALL(NR_getppid, sys_getppid);

static long sys_getuid32(void) { return proc_current()->uid; }
static long sys_getgid32(void) { return proc_current()->gid; }
static long sys_geteuid32(void) { return proc_current()->euid; }
static long sys_getegid32(void) { return proc_current()->egid; }
SYSCALL(NR_getuid32, sys_getuid32);
SYSCALL(NR_getgid32, sys_getgid32);
SYSCALL(NR_geteuid32, sys_geteuid32);
SYSCALL(NR_getegid32, sys_getegid32);

static long sys_umask(uint32_t mask)
{
	struct proc *p = proc_current();
	uint32_t old = p->umask;

	p->umask = mask & 0777;
	return old;
}
SYSCALL(NR_umask, sys_umask);

/* Stored for the thread-exit wake-up that comes with threads. */
static long sys_set_tid_address(uint32_t tidptr)
{
	struct proc *p = proc_current();

	p->clear_child_tid = tidptr;
	return p->pid;
}
SYSCALL(NR_set_tid_address, sys_set_tid_address);

/* Linux's struct new_utsname: six fields of 65 bytes. */
struct utsname {
	char sysname[65], nodename[65], release[65], version[65],
	     machine[65], domainname[65];
};
_Static_assert(sizeof(struct utsname) == 390, "new_utsname is 390 bytes");

static long sys_uname(struct utsname *ubuf)
{
	static const struct utsname uts = {
		.sysname = "Maestro", .nodename = "maestro",
		.release = MAESTRO_VERSION, .version = "#1",
		.machine = "i686", .domainname = "(none)",
	};

	return copy_to_user(ubuf, &uts, sizeof(uts));
}
SYSCALL(NR_uname, sys_uname);

/* Signals: stored only, no delivery yet (see the top of the file). */
#define SIGSETSIZE	8
#define SIG_BLOCK	0
#define SIG_UNBLOCK	1
#define SIG_SETMASK	2
#define SIG_UNBLOCKABLE	((1ull << (SIGKILL - 1)) | (1ull << (19 - 1)))

static long sys_rt_sigaction(int sig, const struct k_sigaction *uact,
			     struct k_sigaction *uold, uint32_t setsize)
{
	struct proc *p = proc_current();
	struct k_sigaction act;

	if (setsize != SIGSETSIZE)
		return -EINVAL;
	if (sig < 1 || sig > NSIG || (uact && (sig == SIGKILL || sig == 19)))
		return -EINVAL;
	if (uact && copy_from_user(&act, uact, sizeof(act)))
		return -EFAULT;
	if (uold && copy_to_user(uold, &p->sigaction[sig - 1], sizeof(act)))
		return -EFAULT;
	if (uact)
		p->sigaction[sig - 1] = act;
	return 0;
}
SYSCALL(NR_rt_sigaction, sys_rt_sigaction);

static long sys_rt_sigprocmask(int how, const uint64_t *uset, uint64_t *uold,
			       uint32_t setsize)
{
	struct proc *p = proc_current();
	uint64_t set;

	if (setsize != SIGSETSIZE)
		return -EINVAL;
	if (uset && copy_from_user(&set, uset, sizeof(set)))
		return -EFAULT;
	if (uset && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
		return -EINVAL;
	if (uold && copy_to_user(uold, &p->sigmask, sizeof(set)))
		return -EFAULT;
	if (!uset)
		return 0;
	if (how == SIG_BLOCK)
		p->sigmask |= set;
	else if (how == SIG_UNBLOCK)
		p->sigmask &= ~set;
	else
		p->sigmask = set;
	p->sigmask &= ~SIG_UNBLOCKABLE;
	return 0;
}
SYSCALL(NR_rt_sigprocmask, sys_rt_sigprocmask);
