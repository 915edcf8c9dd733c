/*
 * sys_proc.c: process and thread system calls: exit (one thread),
 * exit_group (every thread), wait4, waitpid, execve, getpid (the tgid),
 * gettid, getppid, the 32-bit uid/gid getters, umask, set_tid_address,
 * fork, vfork (a real one: CLONE_VM | CLONE_VFORK), clone (threads
 * and processes, kernel/proc/fork.c), sched_yield, waitid (P_PIDFD
 * too), pidfd_open (kernel/proc/pidfd.c), and the
 * process group and session calls (setpgid, getpgid, getpgrp, setsid,
 * getsid: plain per-process fields, inherited on fork; setsid drops the
 * controlling terminal, drivers/tty/tty_jobctl.c does the rest).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/syscall/rusage.h"
#include "fs/vfs.h"
#include "elf/elf.h"
#include "lib/errno.h"
#include "kernel/proc/pidfd.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define EXECVE_MAX_ARGS	1024
#define EXECVE_MAX_STR	(32u * 4096)

static long sys_exit(int code)
{
	thread_exit(code);
}
SYSCALL(NR_exit, sys_exit);

static long sys_exit_group(int code)
{
	proc_exit(W_EXITCODE(code, 0));
}
SYSCALL(NR_exit_group, sys_exit_group);

#define WALL_FLAGS	WALL		/* __WALL, __WCLONE */
#define WCLONE_FLAGS	WCLONE

static long sys_wait4(int pid, int *ustatus, int options, void *rusage)
{
	struct wait_result res;
	int ret;

	if (options & ~(WNOHANG | WUNTRACED | WCONTINUED | WALL_FLAGS |
			WCLONE_FLAGS))
		return -EINVAL;
	if (pid == INT32_MIN)
		return -ESRCH;
	ret = proc_wait(pid, options | WEXITED, &res);
	if (ret > 0 && ustatus && put_user(res.status, ustatus))
		return -EFAULT;
	if (ret > 0 && rusage)
		return put_rusage(rusage, &res.acct, res.maxrss_kb) ?: ret;
	if (ret == 0 && rusage && clear_user(rusage, 72))
		return -EFAULT;
	return ret;
}
SYSCALL(NR_wait4, sys_wait4);

static long sys_waitpid(int pid, int *ustatus, int options)
{
	return sys_wait4(pid, ustatus, options, NULL);
}
SYSCALL(NR_waitpid, sys_waitpid);

#define P_ALL		0
#define P_PID		1
#define P_PGID		2
#define P_PIDFD		3

/* siginfo_t as waitid fills it (i386: 128 bytes). */
struct waitid_info {
	int32_t signo, errno_, code, pid;
	uint32_t uid;
	int32_t status;
	uint32_t pad[26];
};
_Static_assert(sizeof(struct waitid_info) == 128, "siginfo_t");

/* P_PIDFD: the pid of pidfd's process in *pid, and WNOHANG in *options
 * (with *eagain) for a non-blocking pidfd.  0, -EINVAL, -EBADF, or
 * -ECHILD once the process has been reaped. */
static int waitid_pidfd(int pidfd, int *pid, int *options, bool *eagain)
{
	struct file *f = pidfd >= 0 ? fd_get(pidfd) : NULL;
	struct proc *p;

	if (pidfd < 0)
		return -EINVAL;
	if (!f)
		return -EBADF;
	preempt_disable();
	p = pidfd_proc(f, pid);
	preempt_enable();
	if (IS_ERR(p))
		return PTR_ERR(p);
	if (!p)
		return -ECHILD;
	if ((f->flags & O_NONBLOCK) && !(*options & WNOHANG)) {
		*options |= WNOHANG;
		*eagain = true;
	}
	return 0;
}

/* waitid's selection as proc_wait's pid: 0 or -EINVAL, -EBADF... */
static int waitid_select(int idtype, int id, int *pid, int *options,
			 bool *eagain)
{
	switch (idtype) {
	case P_ALL:
		*pid = -1;
		return 0;
	case P_PID:
		*pid = id;
		return id <= 0 ? -EINVAL : 0;
	case P_PGID:
		*pid = id ? -id : 0;
		return id < 0 ? -EINVAL : 0;
	case P_PIDFD:
		return waitid_pidfd(id, pid, options, eagain);
	}
	return -EINVAL;
}

static long sys_waitid(int idtype, int id, struct waitid_info *uinfo,
		       int options, void *rusage)
{
	struct waitid_info info = { 0 };
	struct wait_result res;
	bool eagain = false;
	int ret, pid;

	if (options & ~(WNOHANG | WSTOPPED | WEXITED | WCONTINUED | WNOWAIT |
			WALL_FLAGS | WCLONE_FLAGS) ||
	    !(options & (WEXITED | WSTOPPED | WCONTINUED)))
		return -EINVAL;
	ret = waitid_select(idtype, id, &pid, &options, &eagain);
	if (ret)
		return ret;
	ret = proc_wait(pid, options, &res);
	if (ret < 0)
		return ret;
	if (ret == 0 && eagain)
		return -EAGAIN;		/* a non-blocking pidfd, as Linux */
	if (ret > 0)
		info = (struct waitid_info){ .signo = SIGCHLD, .code = res.code,
			.pid = res.pid, .uid = res.uid,
			.status = res.si_status };
	if (uinfo && copy_to_user(uinfo, &info, sizeof(info)))
		return -EFAULT;
	if (ret > 0 && rusage)
		return put_rusage(rusage, &res.acct, res.maxrss_kb);
	if (rusage && clear_user(rusage, 72))
		return -EFAULT;
	return 0;
}
SYSCALL(NR_waitid, sys_waitid);

#define NR_pidfd_open	434

/* A pidfd (always close-on-exec, as Linux) for process pid. */
static long sys_pidfd_open(int pid, uint32_t flags)
{
	struct file *f;

	if (flags & ~O_NONBLOCK)
		return -EINVAL;
	if (pid <= 0)
		return -EINVAL;
	f = pidfd_open_file(pid, flags);
	if (IS_ERR(f))
		return PTR_ERR(f);
	return fd_install(f, true);
}
SYSCALL(NR_pidfd_open, sys_pidfd_open);

static long sys_fork(void)
{
	struct clone_req req = { .exit_signal = SIGCHLD };

	return proc_clone(&req);
}
SYSCALL(NR_fork, sys_fork);

/* The parent sleeps until the child execs or exits, sharing its memory
 * meanwhile (musl's vfork keeps its return address out of the stack). */
static long sys_vfork(void)
{
	struct clone_req req = { .flags = CLONE_VM | CLONE_VFORK,
				 .exit_signal = SIGCHLD };

	return proc_clone(&req);
}
SYSCALL(NR_vfork, sys_vfork);

/* i386 order: flags, stack, parent_tid, tls (a struct user_desc *),
 * child_tid.  The exit signal is ignored for a thread. */
static long sys_clone(uint32_t flags, uint32_t stack, uint32_t parent_tid,
		      uint32_t tls, uint32_t child_tid)
{
	struct clone_req req = {
		.flags = flags & ~CSIGNAL, .stack = stack,
		.exit_signal = flags & CLONE_THREAD ? 0 : (int)(flags & CSIGNAL),
		.parent_tid = parent_tid, .tls = tls, .child_tid = child_tid,
	};

	return proc_clone(&req);
}
SYSCALL(NR_clone, sys_clone);

static long sys_sched_yield(void)
{
	yield();
	return 0;
}
SYSCALL(NR_sched_yield, sys_sched_yield);

static long sys_getpgid(int pid)
{
	struct proc *p = pid ? proc_find(pid) : proc_current();

	return p ? p->pgid : -ESRCH;
}
SYSCALL(NR_getpgid, sys_getpgid);

static long sys_getpgrp(void)
{
	return proc_current()->pgid;
}
SYSCALL(NR_getpgrp, sys_getpgrp);

static long sys_getsid(int pid)
{
	struct proc *p = pid ? proc_find(pid) : proc_current();

	return p ? p->sid : -ESRCH;
}
SYSCALL(NR_getsid, sys_getsid);

/* The caller or one of its children joins or starts group pgid. */
static long sys_setpgid(int pid, int pgid)
{
	struct proc *me = proc_current();
	struct proc *p = pid ? proc_find(pid) : me;

	if (pgid < 0)
		return -EINVAL;
	if (!p || (p != me && p->parent != me))
		return -ESRCH;
	if (p->sid != me->sid)
		return -EPERM;
	if (p->pid == p->sid)
		return -EPERM;		/* a session leader stays put */
	p->pgid = pgid ? pgid : p->pid;
	return 0;
}
SYSCALL(NR_setpgid, sys_setpgid);

static int pgid_user(struct proc *p, void *arg)
{
	return p->pgid == *(int *)arg;
}

static long sys_setsid(void)
{
	struct proc *p = proc_current();

	if (proc_for_each(pgid_user, &p->pid))
		return -EPERM;		/* already a group leader */
	p->sid = p->pgid = p->pid;
	p->tty = NULL;			/* a new session has no terminal */
	return p->sid;
}
SYSCALL(NR_setsid, sys_setsid);

static void free_strings(char **v)
{
	for (unsigned int i = 0; v && v[i]; i++)
		kfree(v[i]);
	kfree(v);
}

/* Copy a NULL-terminated user array of strings (each at most
 * EXECVE_MAX_STR bytes for now): a kernel array or ERR_PTR (-EFAULT,
 * -E2BIG, -ENOMEM).  A NULL array is an empty one. */
/*
 * Copy a NULL-terminated user array of strings.  *total counts the bytes
 * of the strings and their pointers so far, argv and envp together, and
 * past ELF_ARG_MAX the copy stops with -E2BIG (as Linux, before using
 * much kernel memory).
 */
static char **copy_strings(const char *const *uv, char *tmp, size_t *total)
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
		*total += (size_t)len + 1 + sizeof(char *);
		err = -E2BIG;
		if (*total > ELF_ARG_MAX)
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
	size_t total = 0;
	long err = -ENOMEM;

	if (!tmp || !path)
		goto out;
	err = strcpy_from_user(path, upath, PATH_MAX);
	if (err >= 0)
		err = path[0] ? 0 : -ENOENT;
	argv = err ? NULL : copy_strings(uargv, tmp, &total);
	if (IS_ERR(argv))
		err = PTR_ERR(argv);
	envp = err ? NULL : copy_strings(uenvp, tmp, &total);
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

static long sys_gettid(void)
{
	return thread_current()->tid;
}
SYSCALL(NR_gettid, sys_gettid);

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
	struct fs_struct *fs = proc_current()->fs;

	return (long)__atomic_exchange_n(&fs->umask, mask & 0777,
					 __ATOMIC_RELAXED);
}
SYSCALL(NR_umask, sys_umask);

/* Where the calling thread's end is announced (zero, futex wake-up). */
static long sys_set_tid_address(uint32_t tidptr)
{
	struct thread *t = thread_current();

	t->clear_child_tid = tidptr;
	return t->tid;
}
SYSCALL(NR_set_tid_address, sys_set_tid_address);
