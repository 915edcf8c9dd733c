/*
 * proc.c: creating, finding and ending processes (see proc.h).
 *
 * proc_spawn() makes a process with no parent: its first thread's task
 * first runs proc_start(), which loads the program (proc_exec) into a
 * fresh address space and enters user mode through the trap frame
 * reserved at the top of its kernel stack.  proc_end(), run by the last
 * thread of a process as it ends, releases everything the process holds
 * (descriptors, address space, directories, pending signals), makes it
 * a zombie with its wait status, wakes whoever waits and sends the
 * parent its exit signal (if it is a signal: clone takes any byte).
 * A zombie is freed by the wait that collects it (kernel/proc/reap.c):
 * its parent's wait4, or proc_wait_kernel for the processes the kernel
 * started.  Children of an ending process are adopted by a subreaper or
 * init, or free themselves, and a process group the end leaves orphaned
 * with stopped members is sent SIGHUP and SIGCONT (kernel/proc/orphan.c).
 *
 * init (proc_spawn_init) is the first user program, with pid 1: besides
 * adopting orphans, it gets from user space only the signals it has a
 * handler for (signal.c).
 *
 * The pid is the tid of the first thread, whose task keeps it allocated
 * (keep_pid) until proc_free() releases it: a zombie's pid, or the pid of
 * a process whose first thread ended before the others, is never handed
 * out again while the process exists.  The list of processes changes with
 * preemption off, the thread lists under signal_lock (signal.h).
 */
#include "kernel/proc/proc.h"
#include "kernel/ipc/ipc.h"
#include "kernel/proc/posixtimer.h"
#include "kernel/proc/pidfd.h"
#include "kernel/prof/prof.h"
#include "drivers/tty/ctty.h"
#include "fs/vfs.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/proc/cred.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "kernel/sched/task.h"
#include "lib/div64.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/vm.h"

struct spawn_args {
	const char *path;
	const char *const *argv, *const *envp;
};

struct proc *proc_current(void)
{
	return current ? current->proc : NULL;
}

/* The frame user mode enters and leaves through, at the stack's top. */
static struct trap_frame *user_frame(void)
{
	return (struct trap_frame *)(current->stack_top -
				     sizeof(struct trap_frame));
}

static struct list_head all_procs = LIST_HEAD_INIT(all_procs);

/* A new process with nothing open, linked on the list of processes. */
struct proc *proc_alloc(void)
{
	struct proc *p = kmalloc(sizeof(*p));

	if (!p)
		return NULL;
	memset(p, 0, sizeof(*p));
	sigpending_init(&p->shared_pending);
	list_init(&p->children);
	list_init(&p->sibling);
	list_init(&p->threads);
	list_init(&p->alarm_link);
	list_init(&p->timers);
	wait_queue_init(&p->threads_wq);
	wait_queue_init(&p->child_exit);
	wait_queue_init(&p->exited);
	wait_queue_init(&p->stop_wq);
	p->exit_signal = SIGCHLD;
	p->start_ns = clock_ns();
	p->dumpable = true;
	rlimit_init_defaults(p->rlim);	/* clone copies the parent's over */
	preempt_disable();
	list_add_tail(&p->all_link, &all_procs);
	preempt_enable();
	return p;
}

/* Free a process that has no thread left (a reaped zombie, or one whose
 * creation failed), and its pid. */
void proc_free(struct proc *p)
{
	preempt_disable();
	list_del(&p->sibling);
	list_del(&p->all_link);
	pidfd_proc_freed(p);
	preempt_enable();
	if (p->pid > 0)
		pid_release(p->pid);
	signal_pending_free(&p->shared_pending);
	files_put(p->files);
	fs_put(p->fs);
	sighand_put(p->sighand);
	mm_destroy(p->mm);
	if (p->exe_file)		/* a clone that failed */
		vfs_close(p->exe_file);
	kfree(p);
}

/* The process with that pid (a zombie too), or NULL. */
struct proc *proc_find(int pid)
{
	struct proc *p;

	list_for_each_entry(p, &all_procs, all_link)
		if (p->pid == pid)
			return p;
	return NULL;
}

/* The live thread with that tid, or NULL. */
struct thread *thread_find(int tid)
{
	struct proc *p;
	struct thread *t;

	list_for_each_entry(p, &all_procs, all_link)
		list_for_each_entry(t, &p->threads, link)
			if (t->tid == tid)
				return t;
	return NULL;
}

struct thread *proc_main_thread(struct proc *p)
{
	if (list_empty(&p->threads))
		return NULL;
	return list_first_entry(&p->threads, struct thread, link);
}

/* fn(p, arg) on every process that has not ended; the sum of the calls. */
int proc_for_each(int (*fn)(struct proc *p, void *arg), void *arg)
{
	struct proc *p;
	int sum = 0;

	preempt_disable();
	list_for_each_entry(p, &all_procs, all_link)
		if (!p->zombie)
			sum += fn(p, arg);
	preempt_enable();
	return sum;
}

static int proc_start(void *arg)
{
	struct spawn_args *a = arg;
	struct trap_frame *f = user_frame();
	int err = proc_exec(f, a->path, a->argv, a->envp);

	if (err) {
		pr_err("proc: cannot run %s (error %d)\n", a->path, err);
		kfree(a);
		proc_exit(W_EXITCODE(127, 0));
	}
	kfree(a);
	user_mode_enter(f);
}

/* The shared structures of a spawned process: fds 0-2 share files. */
static int spawn_share(struct proc *p, struct file *const files[3])
{
	struct inode *root = igrab(vfs_root()), *cwd = igrab(vfs_cwd());

	p->files = files_alloc();
	p->fs = fs_alloc(root, cwd);
	if (!p->fs) {
		iput(root);
		iput(cwd);
	}
	p->sighand = sighand_copy(NULL);
	if (!p->files || !p->fs || !p->sighand)
		return -ENOMEM;
	for (int fd = 0; fd < 3; fd++) {
		p->files->fds[fd].file = files[fd];
		file_ref_get(files[fd]);
	}
	return 0;
}

static struct proc *init_proc;		/* pid 1 while it lives */

bool proc_is_init(const struct proc *p)
{
	return p && p == READ_ONCE(init_proc);
}

/* A new process as proc_spawn describes, init if init. */
static struct proc *spawn(const char *path, const char *const *argv,
			  const char *const *envp, struct file *const files[3],
			  bool init)
{
	struct proc *p = proc_alloc();
	struct spawn_args *a = kmalloc(sizeof(*a));
	struct thread *th = thread_alloc();
	struct task *t = NULL;

	if (!p || !a || !th || spawn_share(p, files))
		goto nomem;
	cred_init_root(p);
	*a = (struct spawn_args){ path, argv, envp };
	strlcpy(p->name, path, sizeof(p->name));
	t = init ? uthread_create_init(proc_start, a, "user")
		 : uthread_create(proc_start, a, "user");
	if (!t)
		goto nomem;
	t->keep_pid = true;
	p->pid = p->pgid = p->sid = t->pid;
	thread_attach(th, t, p);
	prof_spawn(p);
	if (init)
		WRITE_ONCE(init_proc, p);
	kthread_detach(t);
	task_wake(t);
	proc_forks++;
	return p;
nomem:
	if (p)
		proc_free(p);
	thread_free(th);
	kfree(a);
	return ERR_PTR(-ENOMEM);
}

/*
 * A new process, child of none, running path with argv and envp (kernel
 * strings that must stay valid until the process has ended); its fds 0-2
 * share files[0..2].  Returns the process (collect it with
 * proc_wait_kernel), or ERR_PTR(-ENOMEM).  A program that cannot be
 * loaded makes the process end with status 127.
 */
struct proc *proc_spawn(const char *path, const char *const *argv,
			const char *const *envp, struct file *const files[3])
{
	return spawn(path, argv, envp, files, false);
}

/* As proc_spawn, for init: pid 1, the adopter of orphans.  Only once:
 * ERR_PTR(-ENOMEM) after that. */
struct proc *proc_spawn_init(const char *path, const char *const *argv,
			     const char *const *envp,
			     struct file *const files[3])
{
	return spawn(path, argv, envp, files, true);
}

/* Sleep until p (started by proc_spawn) has ended; free it; its status. */
int proc_wait_kernel(struct proc *p)
{
	int status;

	wait_event(&p->exited, p->zombie);
	status = p->status;
	proc_free(p);
	return status;
}

/* Drop the process's reference to its address space (its tasks dropped
 * theirs as they ended: kernel/proc/thread.c). */
static void proc_release_mm(struct proc *p)
{
	struct mm *mm = p->mm;

	p->mm = NULL;
	mm_destroy(mm);
}

/* Nanoseconds as USER_HZ (100 a second) clock ticks. */
static int32_t clock_ticks(uint64_t ns)
{
	uint32_t rem;

	return (int32_t)div_u64_rem(ns, 10000000u, &rem);
}

/* The siginfo of the exit signal for wait status status of child c,
 * with its CPU times as Linux gives them (si_utime, si_stime). */
static void child_info(struct proc *c, int status, struct ksiginfo *info)
{
	ksiginfo_init(info, SIGCHLD, 0);
	info->chld.pid = c->pid;
	info->chld.uid = c->uid;
	info->chld.utime = clock_ticks(c->dead_acct.utime_ns);
	info->chld.stime = clock_ticks(c->dead_acct.stime_ns);
	if (status & 0x7f) {
		info->code = status & W_COREFLAG ? CLD_DUMPED : CLD_KILLED;
		info->chld.status = status & 0x7f;
	} else {
		info->code = CLD_EXITED;
		info->chld.status = (status >> 8) & 0xff;
	}
}

/* The signal p's end sends its parent: its exit signal, but SIGCHLD
 * when that was chosen before the parent exec'd (a new program, maybe
 * set-user-ID, is not bound by its old self's choice), as Linux. */
static int exit_signal_for(const struct proc *p, const struct proc *parent)
{
	if (p->exit_signal != SIGCHLD &&
	    p->parent_exec_id != parent->self_exec_id)
		return SIGCHLD;
	return p->exit_signal;
}

/* Tell the parent (preemption off): its exit signal, and a wake-up.  A
 * parent that ignores SIGCHLD or asked SA_NOCLDWAIT does not keep a
 * zombie that would send it SIGCHLD. */
void proc_notify_parent(struct proc *p)
{
	struct proc *parent = p->parent;
	struct k_sigaction *ka;
	struct ksiginfo info;

	if (!parent)
		return;
	ka = &parent->sighand->action[SIGCHLD - 1];
	child_info(p, p->status, &info);
	info.signo = exit_signal_for(p, parent);
	if (info.signo > 0 && info.signo <= NSIG)	/* clone's byte */
		signal_send(parent, info.signo, &info);
	if (info.signo == SIGCHLD &&
	    (ka->handler == SIG_IGN || (ka->flags & SA_NOCLDWAIT))) {
		list_del(&p->sibling);
		list_init(&p->sibling);
		p->parent = NULL;
		p->orphan = true;
	}
	wake_up(&parent->child_exit);
}

/*
 * The process of the last thread, which calls it, ends with wait status
 * status: its descriptors, address space and directories are released,
 * its SEM_UNDO adjustments applied, it becomes a zombie and its parent
 * hears of it.  The caller then ends
 * its task.
 */
void proc_end(struct proc *p, int status)
{
	signal_exit(p);
	posixtimer_delete_all(p);
	if (p->pid == p->sid)
		tty_session_exit(p);	/* a session leader hangs up */
	ipc_sem_exit(p);		/* SEM_UNDO */
	files_put(p->files);
	p->files = NULL;
	proc_acct_mm_drop(p, p->mm);
	proc_release_mm(p);
	fs_put(p->fs);
	p->fs = NULL;
	if (p->exe_file)
		vfs_close(p->exe_file);
	p->exe_file = NULL;
	preempt_disable();
	proc_orphan_children(p);
	proc_orphan_own_group(p);
	if (p == init_proc)
		WRITE_ONCE(init_proc, NULL);
	current->proc = NULL;
	p->status = status;
	p->zombie = true;
	/* Nobody takes them now: their queue entries go back to the user's
	 * count (a zombie is sent nothing more: signal.c). */
	signal_pending_free(&p->shared_pending);
	wake_up(&p->exited);
	pidfd_proc_exited(p);
	proc_notify_parent(p);
	if (p->orphan)
		proc_free(p);
	preempt_enable();
}
