/*
 * signal.h: signals with Linux i386 semantics (kernel/proc/signal.c,
 * the frames in kernel/proc/sigframe.c).
 *
 * Signals follow Linux's thread model.  A process (thread group) has its
 * actions (struct sighand_struct, shared with the processes cloned with
 * CLONE_SIGHAND) and a shared pending set for process-directed signals
 * (kill, alarm, SIGCHLD...); each thread has its own blocked mask and a
 * pending set for thread-directed ones (tgkill, tkill, faults).  A pending
 * set holds 64 signals (bit sig - 1) and one struct ksiginfo each: a
 * signal already pending is not queued twice (real-time signals are not
 * queued either, for now).  A process-directed signal wakes one thread
 * that does not block it; a thread takes its own pending signals first,
 * then the shared ones.  Sleeping system calls that wait with
 * signal_check() in their condition then return -ERESTARTSYS (or
 * -EINTR).  On every return to user mode signal_deliver() takes the
 * pending unblocked signals: it restarts or fails the interrupted call,
 * runs the default action (terminate the whole group, core dump =
 * terminate with bit 0x80, ignore, stop the group, continue) or builds
 * the Linux signal frame for a handler on the user stack.  A thread also
 * leaves for good there when its group is exiting (exit_group, a fatal
 * signal, another thread's execve) and waits there while its group is
 * stopped.
 *
 * Interface:
 *   signal_send(p, sig, info)   make sig pending in process p (info may be
 *                               NULL: SI_KERNEL); 0, -EINVAL
 *   signal_send_thread(t, sig, info)   the same for thread t only
 *   signal_send_user(p, t, sig, code)  from kill() (t NULL) or tgkill():
 *                               SI_USER or SI_TKILL, the sender's pid/uid
 *   signal_force_fault(sig, code, addr)   a fault in the current thread:
 *                               a blocked or ignored sig is reset first
 *   signal_pending(t)           whether thread t has something to act on
 *   signal_pending_set(t)       its pending signals (thread's and shared)
 *   signal_check()              -ERESTARTSYS if the current thread has
 *   signal_deliver(f)           on the way back to user mode through f
 *   signal_exec(p)              handlers reset to SIG_DFL on execve
 *   signal_set_mask(t, mask)    the blocked mask (SIGKILL/SIGSTOP dropped)
 *   signal_discard(p, sig)      drop a pending sig everywhere (now ignored)
 *   signal_kick(p)              wake every thread of p to look at its state
 *   signal_retarget(p)          wake the threads that may take p's shared
 *                               pending signals (after a mask change)
 *   signal_lock(), signal_unlock(flags)   the signal lock, under which
 *                               thread lists change too
 *   sigframe_setup(f, sig, ka, info, oldmask), sigframe_return(f, rt)
 */
#ifndef KERNEL_PROC_SIGNAL_H
#define KERNEL_PROC_SIGNAL_H

#include <stdbool.h>
#include <stdint.h>

#define SIGHUP		1
#define SIGINT		2
#define SIGQUIT		3
#define SIGILL		4
#define SIGTRAP		5
#define SIGABRT		6
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGUSR1		10
#define SIGSEGV		11
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define SIGTSTP		20
#define SIGTTIN		21
#define SIGTTOU		22
#define SIGURG		23
#define SIGWINCH	28
#define NSIG		64

#define SIGBIT(sig)	(1ull << ((sig) - 1))
#define SIG_UNBLOCKABLE	(SIGBIT(SIGKILL) | SIGBIT(SIGSTOP))

#define SIG_DFL		0u
#define SIG_IGN		1u

/* sa_flags */
#define SA_NOCLDSTOP	0x00000001u
#define SA_NOCLDWAIT	0x00000002u
#define SA_SIGINFO	0x00000004u
#define SA_ONSTACK	0x08000000u
#define SA_RESTORER	0x04000000u
#define SA_RESTART	0x10000000u
#define SA_NODEFER	0x40000000u
#define SA_RESETHAND	0x80000000u

/* si_code */
#define SI_USER		0
#define SI_KERNEL	0x80
#define SI_TKILL	(-6)
#define SEGV_MAPERR	1
#define SEGV_ACCERR	2
#define ILL_ILLOPN	2
#define FPE_INTDIV	1
#define BUS_ADRERR	2
#define TRAP_BRKPT	1
#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_DUMPED	3
#define CLD_STOPPED	5
#define CLD_CONTINUED	6

/* rt_sigaction's struct as Linux i386 takes it. */
struct k_sigaction {
	uint32_t handler;
	uint32_t flags;
	uint32_t restorer;
	uint64_t mask;
} __attribute__((packed));
_Static_assert(sizeof(struct k_sigaction) == 20, "i386 struct sigaction");

/* What a pending signal carries, for the siginfo_t of SA_SIGINFO. */
struct ksiginfo {
	int signo, code;
	int pid;		/* sender, or the child (SIGCHLD) */
	uint32_t uid;
	int status;		/* SIGCHLD: exit code or signal */
	uint32_t addr;		/* faults: the address */
};

/* Pending signals: the set and what each one carries. */
struct sigpending {
	uint64_t set;
	struct ksiginfo info[NSIG];
};

/* The actions of a process, shared by CLONE_SIGHAND (refcounted). */
struct sighand_struct {
	uint32_t refcount;
	struct k_sigaction action[NSIG];
};

struct proc;
struct thread;
struct trap_frame;

int signal_send(struct proc *p, int sig, const struct ksiginfo *info);
int signal_send_thread(struct thread *t, int sig, const struct ksiginfo *info);
int signal_send_user(struct proc *p, struct thread *t, int sig, int code);
void signal_force_fault(int sig, int code, uint32_t addr);
bool signal_pending(const struct thread *t);
uint64_t signal_pending_set(const struct thread *t);
void signal_deliver(struct trap_frame *f);
void signal_exec(struct proc *p);
void signal_set_mask(struct thread *t, uint64_t mask);
void signal_discard(struct proc *p, int sig);
void signal_kick(struct proc *p);
void signal_retarget(struct proc *p);
uint32_t signal_lock(void);
void signal_unlock(uint32_t flags);
void signal_exit(struct proc *p);	/* the process ends: no more alarm */
/* ITIMER_REAL (alarm, setitimer): arm in value_ns (0: disarm), then every
 * interval_ns; *old_value and *old_interval get what was armed. */
void signal_itimer(struct proc *p, uint64_t value_ns, uint64_t interval_ns,
		   uint64_t *old_value, uint64_t *old_interval);
/* The current thread's pending signals are checked (and the sleep
 * interrupted) by interruptible waits: returns -ERESTARTSYS or 0. */
int signal_check(void);

/* kernel/proc/sigframe.c */
int sigframe_setup(struct trap_frame *f, int sig, const struct k_sigaction *ka,
		   const struct ksiginfo *info, uint64_t oldmask);
long sigframe_return(struct trap_frame *f, bool rt);

#endif
