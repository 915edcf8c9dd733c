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
 *   proc_kill_fault(sig, why)   end the current process by a fault signal
 *   proc_wait4(pid, &status, options)   wait4's core
 *   fd_get(fd), fd_install(f, cloexec), fd_close(fd), fd_dup(old, min,
 *   cloexec), fd_dup2(old, new, cloexec), fd_close_on_exec(),
 *   fd_set_cloexec(fd, on), fd_get_cloexec(fd)
 */
#ifndef KERNEL_PROC_PROC_H
#define KERNEL_PROC_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/compiler.h"
#include "kernel/wait.h"
#include "lib/list.h"

#define PROC_MAX_FDS	64
#define FD_CLOEXEC	1
#define WNOHANG		1

/* Wait status, as Linux encodes it. */
#define W_EXITCODE(code, sig)	(((code) & 0xff) << 8 | ((sig) & 0x7f))

#define SIGILL		4
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGSEGV		11

struct file;
struct inode;
struct mm;
struct task;
struct trap_frame;

struct fd_slot {
	struct file *file;		/* NULL: free */
	unsigned int flags;		/* FD_CLOEXEC */
};

/* rt_sigaction's struct as Linux i386 takes it (stored, not yet used). */
struct k_sigaction {
	uint32_t handler;
	uint32_t flags;
	uint32_t restorer;
	uint32_t mask[2];
};
#define NSIG		64

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
	uint64_t sigmask;		/* rt_sigprocmask: stored only */
	struct k_sigaction sigaction[NSIG];
	char name[16];
};

struct proc *proc_current(void);
struct proc *proc_spawn(const char *path, const char *const *argv,
			const char *const *envp, struct file *const files[3]);
int proc_wait_kernel(struct proc *p);
__noreturn void proc_exit(int status);
__noreturn void proc_kill_fault(int sig, const char *why);
int proc_wait4(int pid, int *status, int options);

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
