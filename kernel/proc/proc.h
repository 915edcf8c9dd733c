/*
 * proc.h: processes and their threads.
 *
 * The model is Linux's.  A process (struct proc) is a thread group: what
 * user space sees as one program, with a pid (= its tgid, the tid of its
 * first thread), a parent and children, credentials, a process group
 * and session, the process-directed pending signals, stop state, an
 * alarm and, once its last thread has ended, an exit status kept until
 * the parent (or the kernel, for the processes it started) waits for it.
 * Resources that clone() can share between processes are separate,
 * refcounted structures the process points to (kernel/proc/share.c):
 *   mm       the address space (mm/vm.h)            CLONE_VM
 *   files    the descriptor table (files_struct)     CLONE_FILES
 *   fs       root, cwd and umask (fs_struct)         CLONE_FS
 *   sighand  the signal actions (sighand_struct)     CLONE_SIGHAND
 * Threads of one process (CLONE_THREAD) share all of them through their
 * struct proc.
 *
 * A thread (struct thread, kernel/proc/thread.c) is one task
 * (kernel/sched) running user code in a process: its tid (the task's
 * pid), its blocked mask and thread-directed pending signals, the
 * clear_child_tid address (zeroed and futex-woken when it ends: how
 * pthread_join waits), and, in its task, its TLS descriptors, FPU state
 * and saved registers.  current->thread and current->proc lead to them.
 *
 * Ending: exit() ends one thread; the last thread's end makes the
 * process a zombie and tells its parent.  exit_group(), a fatal signal
 * (proc_exit) and execve (proc_kill_other_threads) mark the group as
 * exiting and wake every thread, which then ends on its way back to
 * user mode (kernel/proc/signal.c).
 *
 * Files: a table of open files, each slot a struct file * plus
 * FD_CLOEXEC; a struct file is shared by dup'ed slots (its refcount).
 *
 * Interface:
 *   proc_current()              the calling task's process, or NULL
 *   thread_current()            the calling task's thread, or NULL
 *   proc_spawn(path, argv, envp, files)
 *                               a new process (no parent: the kernel's)
 *                               running the program at path; its fds 0-2
 *                               are dups of files[0..2]; ERR_PTR on failure
 *   proc_spawn_init(path, argv, envp, files)
 *                               the same for init: pid 1, which adopts
 *                               orphans and is spared signals it does not
 *                               handle; proc_is_init(p) tells it
 *   proc_wait_kernel(p)         sleep until p has ended, free it and
 *                               return its wait status
 *   proc_exit(status)           end the current process, every thread
 *   thread_exit(code)           end the current thread (exit(2))
 *   proc_clone(req)             fork/vfork/clone's core: the child's tid
 *   proc_kill_other_threads()   execve: the caller stays alone
 *   proc_find(pid), thread_find(tid), proc_for_each(fn, arg)
 *   proc_wait(pid, options, &res)   wait4/waitid's core
 *   proc_stop(sig)              the stop default action (whole group)
 *   fd_get(fd), fd_get_raw(fd), fd_install(f, cloexec), fd_close(fd), fd_dup(old, min,
 *   cloexec), fd_dup2(old, new, cloexec), fd_close_on_exec(),
 *   fd_cloexec(fd, set), fd_close_range(first, last, cloexec, unshare),
 *   fd_put_borrowed()
 */
#ifndef KERNEL_PROC_PROC_H
#define KERNEL_PROC_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/compiler.h"
#include "kernel/cred.h"
#include "kernel/proc/rlimit.h"
#include "kernel/proc/restart.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "kernel/spinlock.h"
#include "kernel/wait.h"
#include "lib/list.h"

#define FD_CLOEXEC	1
#define WNOHANG		1
#define WUNTRACED	2
#define WSTOPPED	2	/* waitid */
#define WEXITED		4
#define WCONTINUED	8
#define WNOWAIT		0x01000000
#define WALL		0x40000000	/* __WALL: every child */
#define WCLONE		0x80000000	/* __WCLONE: non-SIGCHLD children */
#define W_STOPCODE(sig)	((sig) << 8 | 0x7f)
#define W_CONTINUED	0xffff
/* The core-dumped bit: Linux sets it only when a core file was written
 * (never with RLIMIT_CORE 0, its default).  maestro writes no core files,
 * so no status has it (kernel/proc/signal.c); waitid and SIGCHLD report
 * CLD_DUMPED only for a status with it. */
#define W_COREFLAG	0x80

/* Wait status, as Linux encodes it. */
#define W_EXITCODE(code, sig)	(((code) & 0xff) << 8 | ((sig) & 0x7f))

/* clone flags (Linux's values). */
#define CSIGNAL			0x000000ffu
#define CLONE_VM		0x00000100u
#define CLONE_FS		0x00000200u
#define CLONE_FILES		0x00000400u
#define CLONE_SIGHAND		0x00000800u
#define CLONE_PIDFD		0x00001000u
#define CLONE_PTRACE		0x00002000u
#define CLONE_VFORK		0x00004000u
#define CLONE_PARENT		0x00008000u
#define CLONE_THREAD		0x00010000u
#define CLONE_NEWNS		0x00020000u
#define CLONE_SYSVSEM		0x00040000u
#define CLONE_SETTLS		0x00080000u
#define CLONE_PARENT_SETTID	0x00100000u
#define CLONE_CHILD_CLEARTID	0x00200000u
#define CLONE_DETACHED		0x00400000u
#define CLONE_UNTRACED		0x00800000u
#define CLONE_CHILD_SETTID	0x01000000u

struct file;
struct inode;
struct mm;
struct task;
struct trap_frame;
struct tty;
struct vfork_wait;

struct fd_slot {
	struct file *file;		/* NULL: free */
	unsigned int flags;		/* FD_CLOEXEC */
};

/* The descriptor table; the slots change under lock.  Its size is what
 * Linux i386 gives its fdtable, which select's bits past it ignore and
 * /proc/<pid>/status shows as FDSize: PROC_INIT_FDS slots (BITS_PER_LONG),
 * then, for a slot fd beyond them, the power of two above fd
 * (files_size_for), up to the soft RLIMIT_NOFILE of the process that needs
 * the slot.  A copy (fork) is sized for the descriptors open in it, as
 * Linux's dup_fd. */
struct files_struct {
	uint32_t refcount;
	struct spinlock lock;
	struct fd_slot *fds;		/* nr_fds slots (kmalloc) */
	unsigned int nr_fds;
};
#define PROC_INIT_FDS	32	/* Linux i386's first fdtable (BITS_PER_LONG) */

/* Where paths start, and the umask.  root and cwd are references that
 * are replaced under the VFS lock (fs_set_cwd), so that a lookup in
 * another thread always starts from a live inode. */
struct fs_struct {
	uint32_t refcount;
	struct inode *root, *cwd;
	uint32_t umask;
};

#define FD_BORROW_INLINE	8

struct thread {
	struct task *task;
	struct proc *proc;
	struct list_head link;		/* proc->threads */
	int tid;			/* the task's pid */
	/* Signals (kernel/proc/signal.c): changed under its lock. */
	uint64_t sigmask;		/* blocked */
	uint64_t saved_sigmask;		/* rt_sigsuspend's, to restore */
	bool restore_sigmask;
	uint64_t sigwait;		/* waited for in rt_sigtimedwait */
	struct sig_altstack altstack;	/* sigaltstack */
	uint32_t clear_child_tid;	/* set_tid_address, CLONE_CHILD_CLEARTID */
	uint32_t set_child_tid;		/* CLONE_CHILD_SETTID, done at start */
	uint32_t robust_list;		/* set_robust_list's head, or 0 */
	bool futex_gone;		/* ending: owns no PI futex any more */
	struct vfork_wait *vfork;	/* a vfork parent waits on it */
	/* Files fd_get() holds a reference to until the call returns
	 * (only when the table is shared: kernel/proc/fd.c). */
	struct file **borrowed;
	unsigned int nborrowed, borrow_cap;
	struct file *borrow_inline[FD_BORROW_INLINE];
	struct sigpending pending;	/* thread-directed */
	struct restart_block restart;	/* kernel/proc/restart.h */
};

struct proc {
	int pid;			/* the tgid */
	struct proc *parent;		/* NULL: the kernel started it */
	struct list_head children;	/* struct proc, by sibling */
	struct list_head sibling;
	struct list_head threads;	/* struct thread, by link */
	unsigned int nr_threads;
	struct wait_queue threads_wq;	/* woken when a thread ends */
	struct mm *mm;
	struct files_struct *files;
	struct fs_struct *fs;
	struct sighand_struct *sighand;
	int exit_signal;		/* sent to the parent at the end, or 0 */
	/* Counts of execs: its own, and its parent's when it was made; an
	 * exit signal other than SIGCHLD goes to a parent that has not
	 * exec'd since (proc_notify_parent). */
	uint32_t self_exec_id, parent_exec_id;
	bool zombie;
	bool orphan;			/* nobody will wait: frees itself */
	int status;			/* wait status, once zombie */
	/* Group exit: every thread but group_keeper (execve's) ends. */
	bool group_exit;
	struct thread *group_keeper;
	int group_status;
	struct wait_queue child_exit;	/* woken when a child ends */
	struct wait_queue exited;	/* woken when this one ends */
	uint32_t uid, gid, euid, egid;
	int pgid, sid;			/* process group and session */
	struct tty *tty;		/* controlling terminal (drivers/tty/ctty.h) */
	struct list_head all_link;	/* every process (proc_find) */
	/* Stop and continue, for the parent's wait4. */
	bool stopped;
	int stop_sig;
	bool report_stop, report_cont;
	struct wait_queue stop_wq;	/* stopped threads sleep here */
	/* alarm/setitimer(ITIMER_REAL): clock_ns deadline, 0: none. */
	uint64_t alarm_at, alarm_interval;
	struct list_head alarm_link;
	/* timer_create's timers (kernel/proc/posixtimer.c), under
	 * signal_lock, and the id the next one tries first. */
	struct list_head timers;
	int next_timer_id;
	char name[16];
	/* The profiler (kernel/prof/prof.h): profiled (inherited by fork),
	 * and where exec put the program's executable segment. */
	bool prof_traced;
	uint32_t text_start, text_end, text_offset, vdso_start;
	/* Linux's execution domain and its flags (personality(2)):
	 * inherited by fork, kept by exec (which may add
	 * READ_IMPLIES_EXEC). */
	uint32_t personality;
	/*
	 * Accounting, limits, identity and /proc details.  The CPU time and
	 * counts of the process's threads that have ended and of its
	 * waited-for children (theirs included) are added up here; the live
	 * threads' are in their tasks (proc_acct_sum adds both).
	 */
	struct task_acct dead_acct;	/* its ended threads */
	struct task_acct child_acct;	/* waited-for children, theirs too */
	uint32_t maxrss_kb;		/* largest resident size seen */
	uint32_t child_maxrss_kb;	/* the largest of the children's */
	uint64_t start_ns;		/* clock_ns when it was created */
	struct rlimit64 rlim[RLIM_NLIMITS];	/* kernel/proc/rlimit.c */
	uint32_t suid, sgid;		/* saved set-user-id and group-id */
	struct cred fscred;		/* fsuid, fsgid, groups (the VFS's) */
	int pdeath_sig;			/* prctl: sent when the parent ends */
	bool dumpable;			/* prctl PR_SET_DUMPABLE */
	bool no_new_privs;		/* prctl PR_SET_NO_NEW_PRIVS */
	bool child_subreaper;		/* adopts orphaned descendants */
	struct file *exe_file;		/* the program exec loaded (a reference) */
	bool oom_victim;		/* killed by the OOM killer (oom.c) */
	struct sigpending shared_pending;	/* process-directed */
	struct pidfd_target *pidfd;	/* its pidfds' (kernel/proc/pidfd.c) */
};

/* kernel/proc/acct.c: p's CPU time and counts (its ended threads' and
 * its live ones'; preemption off); its largest resident size in KiB
 * (ru_maxrss); the folds done when a thread ends, at exec (the old mm)
 * and when a parent collects a child; processes created since boot
 * (/proc/stat). */
void proc_acct_sum(const struct proc *p, struct task_acct *out);
uint32_t proc_maxrss_kb(const struct proc *p);
void proc_acct_thread_end(struct proc *p, struct task *t);
void proc_acct_mm_drop(struct proc *p, const struct mm *mm);
void proc_acct_reap(struct proc *parent, const struct proc *c);
void task_acct_add(struct task_acct *to, const struct task_acct *a);
extern uint64_t proc_forks;

/* What clone() asked for (user addresses as given). */
struct clone_req {
	uint32_t flags;			/* CLONE_*, without the exit signal */
	int exit_signal;
	uint32_t stack;			/* 0: the parent's stack pointer */
	uint32_t parent_tid, child_tid, tls;
};

struct proc *proc_current(void);
struct thread *thread_current(void);
struct proc *proc_spawn(const char *path, const char *const *argv,
			const char *const *envp, struct file *const files[3]);
struct proc *proc_spawn_init(const char *path, const char *const *argv,
			     const char *const *envp,
			     struct file *const files[3]);
bool proc_is_init(const struct proc *p);
int proc_wait_kernel(struct proc *p);
__noreturn void proc_exit(int status);
__noreturn void thread_exit(int code);
int proc_clone(const struct clone_req *req);
int proc_kill_other_threads(void);
struct proc *proc_alloc(void);		/* kernel/proc/proc.c, for clone */
void proc_free(struct proc *p);
/* Called by a process's last thread: release, become a zombie, tell. */
void proc_end(struct proc *p, int status);
/* Send a zombie's parent its exit signal and wake it (preemption off). */
void proc_notify_parent(struct proc *p);
/* kernel/proc/orphan.c, from proc_end (preemption off): p's children
 * get a new parent (subreaper, init, or none); groups the end leaves
 * orphaned with stopped members get SIGHUP and SIGCONT. */
void proc_orphan_children(struct proc *p);
void proc_orphan_own_group(struct proc *p);
struct proc *proc_find(int pid);
/* personality(2)'s READ_IMPLIES_EXEC flag, and the flags a set-id exec
 * clears (with ADDR_NO_RANDOMIZE, ADDR_COMPAT_LAYOUT, MMAP_PAGE_ZERO):
 * Linux's values. */
#define PER_READ_IMPLIES_EXEC	0x0400000u
#define PER_CLEAR_ON_SETID	(PER_READ_IMPLIES_EXEC | 0x0040000u | \
				 0x0200000u | 0x0100000u)
struct thread *thread_find(int tid);	/* preemption off while used */
/* Call fn(p, arg) on every live process; the sum of its returns. */
int proc_for_each(int (*fn)(struct proc *p, void *arg), void *arg);
/* kernel/proc/oom.c: out of memory for a page the current process needs:
 * true when a victim was killed (or is exiting) and it is worth trying
 * again, after a short sleep done here; false when nothing can be done
 * (the current process was chosen or is being killed).  Sleeps. */
bool oom_handle(void);
/* kernel/proc/coredump.c: the ELF core file of the current process, for
 * the fatal signal sig taken with user registers f: whether one was
 * written whole ("core" in the cwd, when RLIMIT_CORE allows). */
struct trap_frame;
struct ksiginfo;
bool coredump_write(const struct trap_frame *f, int sig,
		    const struct ksiginfo *info);
/* The process's first thread (the leader while it lives), or NULL. */
struct thread *proc_main_thread(struct proc *p);

/* kernel/proc/thread.c */
struct thread *thread_alloc(void);
void thread_free(struct thread *t);
/* Make task t run thread th of process p (not yet runnable); the task
 * takes its own reference to p->mm. */
void thread_attach(struct thread *th, struct task *t, struct proc *p);
/* The calling task runs on mm (NULL: the kernel's page directory) with
 * the caller's reference; returns the one it held, for the caller to
 * drop (execve, and an ending thread). */
struct mm *thread_swap_mm(struct mm *mm);
/* Tests only: run by an ending thread that was not its process's last,
 * once it has left it, when it holds nothing of the process any more. */
extern void (*thread_exit_hook)(void);

/* What a wait reports about one child (wait4's status, waitid's info). */
struct wait_result {
	struct task_acct acct;		/* wait4's rusage: the child's and */
	uint32_t maxrss_kb;		/* its children's */
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
/* A thread on its way to user mode while its group is stopped. */
void proc_stop_wait(void);

/* kernel/proc/exec.c: replace the current process's program; on success
 * the trap frame f returns to its entry point. */
int proc_exec(struct trap_frame *f, const char *path,
	      const char *const *argv, const char *const *envp);

/* kernel/proc/share.c: the structures clone() may share. */
struct files_struct *files_alloc(void);
struct files_struct *files_copy(struct files_struct *src);
unsigned int files_size_for(unsigned int fd);
void files_put(struct files_struct *files);
struct fs_struct *fs_alloc(struct inode *root, struct inode *cwd);
struct fs_struct *fs_copy(struct fs_struct *src);
void fs_put(struct fs_struct *fs);
void fs_set_cwd(struct fs_struct *fs, struct inode *dir);  /* takes dir */
void fs_set_root(struct fs_struct *fs, struct inode *dir); /* takes dir */
struct sighand_struct *sighand_copy(const struct sighand_struct *src);
void sighand_put(struct sighand_struct *sh);
/* execve: a process that shares files or actions gets its own copy. */
int proc_unshare_for_exec(struct proc *p);
/* The current process's root and cwd (fs/mount.c), or NULL. */
struct inode *proc_root_dir(void);
struct inode *proc_cwd_dir(void);

/* kernel/proc/fd.c */
struct file *fd_get(int fd);	/* NULL: EBADF; valid until the call ends */
struct file *fd_get_raw(int fd);	/* the same, O_PATH files too */
int fd_install(struct file *f, bool cloexec);	/* takes f's reference */
int fd_close(int fd);
int fd_dup(int oldfd, int min, bool cloexec);
int fd_dup2(int oldfd, int newfd, bool cloexec);
void fd_close_on_exec(struct proc *p);
int fd_cloexec(int fd, int set);		/* set < 0: query */
void fd_put_borrowed(void);	/* syscall end: drop fd_get's references */
/* The lowest fd of p after fd that is open (-1 to start), or -1; the
 * open file of fd in p with a reference (NULL: none); its open flags. */
/* close_range: close (or with cloexec mark FD_CLOEXEC) the descriptors
 * first..last, after taking a private table with unshare: 0, -ENOMEM. */
int fd_close_range(unsigned int first, unsigned int last, bool cloexec,
		   bool unshare);
int fd_next_open(struct proc *p, int fd);
struct file *fd_get_of(struct proc *p, int fd, unsigned int *oflags);

#endif
