/*
 * proc.h: processes.
 *
 * A process (struct proc) is what user space sees: a pid (its task's),
 * a parent and children, an address space, open files, a current and a
 * root directory, credentials, a umask and, once it has ended, an exit
 * status kept until the parent (or the kernel, for the processes it
 * started) waits for it.  Its one thread is a task (kernel/sched) whose
 * proc pointer leads back here; the task runs the process's user code
 * through trap frames on its kernel stack and is freed by itself when the
 * process ends (it is detached), while the struct proc stays a zombie.
 *
 * Files: a small table of open files, each slot a struct file * plus
 * FD_CLOEXEC; a struct file is shared by dup'ed slots (its refcount).
 *
 * Interface:
 *   proc_current()              the calling task's process, or NULL
 *   proc_spawn(path, argv, envp, files)
 *                               a new process (no parent: the kernel's)
 *                               running the program at path; its fds 0-2
 *                               are dups of files[0..2]; ERR_PTR on failure
 *   proc_wait_kernel(p)         sleep until p has ended, free it and
 *                               return its wait status
 *   proc_exit(status)           end the current process (wait status)
 *   proc_fork(flags)            fork/vfork/clone's core: the child's pid
 *   proc_find(pid), proc_for_each(fn, arg)   live processes
 *   proc_wait(pid, options, &res)   wait4/waitid's core
 *   proc_stop(sig)              the stop default action
 *   fd_get(fd), fd_install(f, cloexec), fd_close(fd), fd_dup(old, min,
 *   cloexec), fd_dup2(old, new, cloexec), fd_close_on_exec(),
 *   fd_set_cloexec(fd, on), fd_get_cloexec(fd)
 */
#ifndef KERNEL_PROC_PROC_H
#define KERNEL_PROC_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/compiler.h"
#include "kernel/proc/signal.h"
#include "kernel/wait.h"
#include "lib/list.h"

#define PROC_MAX_FDS	64
#define FD_CLOEXEC	1
#define WNOHANG		1
#define WUNTRACED	2
#define WSTOPPED	2	/* waitid */
#define WEXITED		4
#define WCONTINUED	8
#define WNOWAIT		0x01000000
#define W_STOPCODE(sig)	((sig) << 8 | 0x7f)
#define W_CONTINUED	0xffff
#define W_COREFLAG	0x80

/* Wait status, as Linux encodes it. */
#define W_EXITCODE(code, sig)	(((code) & 0xff) << 8 | ((sig) & 0x7f))

struct file;
struct inode;
struct mm;
struct task;
struct trap_frame;

struct fd_slot {
	struct file *file;		/* NULL: free */
	unsigned int flags;		/* FD_CLOEXEC */
};

struct proc {
	int pid;
	struct proc *parent;		/* NULL: the kernel started it */
	struct list_head children;	/* struct proc, by sibling */
	struct list_head sibling;
	struct task *task;		/* NULL once it has ended */
	struct mm *mm;
	bool zombie;
	bool orphan;			/* nobody will wait: frees itself */
	int status;			/* wait status, once zombie */
	struct wait_queue child_exit;	/* woken when a child ends */
	struct wait_queue exited;	/* woken when this one ends */
	struct fd_slot fds[PROC_MAX_FDS];
	struct inode *root, *cwd;	/* references */
	uint32_t uid, gid, euid, egid;
	uint32_t umask;
	uint32_t clear_child_tid;	/* set_tid_address */
	int pgid, sid;			/* process group and session */
	struct list_head all_link;	/* every process (proc_find) */
	/* Signals (kernel/proc/signal.c): changed under its lock. */
	uint64_t sigmask;		/* blocked */
	uint64_t sigpending;
	uint64_t saved_sigmask;		/* rt_sigsuspend's, to restore */
	bool restore_sigmask;
	struct ksiginfo siginfo[NSIG];	/* of each pending signal */
	struct k_sigaction sigaction[NSIG];
	/* Stop and continue, for the parent's wait4. */
	bool stopped;
	int stop_sig;
	bool report_stop, report_cont;
	struct wait_queue stop_wq;	/* a stopped process sleeps here */
	/* alarm/setitimer(ITIMER_REAL): clock_ns deadline, 0: none. */
	uint64_t alarm_at, alarm_interval;
	struct list_head alarm_link;
	char name[16];
	/* argv as exec received it, each string NUL-terminated, at most
	 * PROC_CMDLINE_MAX bytes (/proc/<pid>/cmdline); NULL: empty. */
	char *cmdline;
	uint32_t cmdline_len;
};
#define PROC_CMDLINE_MAX	4096

struct proc *proc_current(void);
struct proc *proc_spawn(const char *path, const char *const *argv,
			const char *const *envp, struct file *const files[3]);
int proc_wait_kernel(struct proc *p);
__noreturn void proc_exit(int status);
int proc_fork(uint32_t flags);
struct proc *proc_alloc(void);		/* kernel/proc/proc.c, for fork */
void proc_free(struct proc *p);
struct proc *proc_find(int pid);
/* Call fn(p, arg) on every live process; the sum of its returns. */
int proc_for_each(int (*fn)(struct proc *p, void *arg), void *arg);

/* What a wait reports about one child (wait4's status, waitid's info). */
struct wait_result {
	int pid;
	int status;			/* wait4's encoding */
	int code;			/* CLD_* */
	int si_status;			/* exit code or signal */
	uint32_t uid;
};
/* pid: > 0 that child, -1 any, 0 the caller's group, < -1 group -pid.
 * Returns the pid reported, 0 (WNOHANG: none ready), -ECHILD or
 * -ERESTARTSYS. */
int proc_wait(int pid, int options, struct wait_result *res);
/* Stop the current process by sig until SIGCONT or SIGKILL. */
void proc_stop(int sig);

/* kernel/proc/exec.c: replace the current process's program; on success
 * the trap frame f returns to its entry point. */
int proc_exec(struct trap_frame *f, const char *path,
	      const char *const *argv, const char *const *envp);

/* kernel/proc/fd.c */
struct file *fd_get(int fd);			/* no reference; NULL: EBADF */
int fd_install(struct file *f, bool cloexec);	/* takes f's reference */
int fd_close(int fd);
int fd_dup(int oldfd, int min, bool cloexec);
int fd_dup2(int oldfd, int newfd, bool cloexec);
void fd_close_all(struct proc *p);
void fd_close_on_exec(struct proc *p);
int fd_cloexec(int fd, int set);		/* set < 0: query */

#endif
