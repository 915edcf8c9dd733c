/*
 * signal.h: signals with Linux i386 semantics (kernel/proc/signal.c; the
 * pending queues in kernel/proc/sigqueue.c, the frames in
 * kernel/proc/sigframe.c, the alternate stack in kernel/proc/sigstack.c).
 *
 * Signals follow Linux's thread model.  A process (thread group) has its
 * actions (struct sighand_struct, shared with the processes cloned with
 * CLONE_SIGHAND) and a shared pending set for process-directed signals
 * (kill, sigqueue, alarm, SIGCHLD...); each thread has its own blocked
 * mask, alternate signal stack and a pending set for thread-directed ones
 * (tgkill, tkill, rt_tgsigqueueinfo, faults).  A pending set (struct
 * sigpending) is the set of pending signals (bit sig - 1) and a queue of
 * their siginfo: a standard signal (1..31) already pending is not queued
 * twice; each real-time signal sent (SIGRTMIN..SIGRTMAX, 32..64) is
 * queued with its own siginfo, up to RLIMIT_SIGPENDING queued signals
 * per user (beyond it rt_sigqueueinfo gets -EAGAIN; kill() and the
 * kernel still make the signal pending, without its siginfo, as Linux).
 * A process-directed signal wakes one thread that does not block it (or
 * waits for it in rt_sigtimedwait); a thread takes its own pending
 * signals first, then the shared ones, synchronous ones (faults) first,
 * then the lowest number.  Sleeping system calls that wait with
 * signal_check() in their condition then return -ERESTARTSYS (or
 * -EINTR).  On every return to user mode signal_deliver() takes the
 * pending unblocked signals: it restarts or fails the interrupted call,
 * runs the default action (terminate the whole group, core dump =
 * terminate after writing an ELF core file when RLIMIT_CORE allows,
 * kernel/proc/coredump.c, ignore, stop the group, continue) or builds
 * the Linux signal frame for a handler, with the x87/SSE state, on the
 * user stack or the alternate one.  Every deliverable signal gets its
 * frame before user mode runs again (each above the previous one), as
 * Linux.  A thread also leaves for good there when its group is exiting
 * (exit_group, a fatal signal, another thread's execve) and waits there
 * while its group is stopped.
 *
 * Interface:
 *   signal_send(p, sig, info)   make sig pending in process p (info may be
 *                               NULL: SI_KERNEL); 0, -EINVAL, -EAGAIN
 *                               (queue full, for a real-time signal whose
 *                               si_code is not SI_USER)
 *   signal_send_thread(t, sig, info)   the same for thread t only
 *   signal_send_user(p, t, sig, code)  from kill() (t NULL) or tgkill():
 *                               SI_USER or SI_TKILL, the sender's pid/uid
 *   signal_force_fault(sig, code, addr)   a fault in the current thread:
 *                               a blocked or ignored sig is reset first
 *   signal_pending(t)           whether thread t has something to act on
 *   signal_pending_set(t)       its pending signals (thread's and shared)
 *   signal_check()              -ERESTARTSYS if the current thread has
 *   signal_deliver(f)           on the way back to user mode through f
 *   signal_exec(p)              handlers reset to SIG_DFL on execve, the
 *                               alternate stack dropped
 *   signal_set_mask(t, mask)    the blocked mask (SIGKILL/SIGSTOP dropped)
 *   signal_set_action(p, sig, act)   rt_sigaction's change
 *   signal_wait(set, info, deadline) rt_sigtimedwait's core
 *   signal_queue_info(p, t, sig, info)   signal_send(_thread) telling
 *                               whether the siginfo was queued (1) or not
 *   signal_take(set, info)      take a pending signal of set for the
 *                               calling thread now: its number, or 0
 *   signal_generated            a wait queue woken whenever a signal
 *                               becomes pending (signalfd sleeps on it)
 *   signal_discard(p, sig)      drop a pending sig everywhere (now ignored)
 *   signal_kick(p)              wake every thread of p to look at its state
 *   signal_retarget(p)          wake the threads that may take p's shared
 *                               pending signals (after a mask change);
 *                               signal_retarget_locked(p) under signal_lock
 *   signal_lock(), signal_unlock(flags)   the signal lock, under which
 *                               thread lists change too
 *   signal_pending_free(q)      drop what a pending set holds (its owner
 *                               is freed)
 *   sigframe_setup(f, sig, ka, info, oldmask), sigframe_return(f, rt)
 */
#ifndef KERNEL_PROC_SIGNAL_H
#define KERNEL_PROC_SIGNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/list.h"

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
#define SIGPOLL		29
#define SIGSYS		31
#define SIGRTMIN	32
#define SIGRTMAX	64
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
#define SA_EXPOSE_TAGBITS 0x00000800u
/* The flags rt_sigaction keeps (Linux's UAPI_SA_FLAGS on x86). */
#define SA_KNOWN_FLAGS	(SA_NOCLDSTOP | SA_NOCLDWAIT | SA_SIGINFO | \
			 SA_ONSTACK | SA_RESTART | SA_NODEFER | SA_RESETHAND | \
			 SA_EXPOSE_TAGBITS | SA_RESTORER)

/* sigaltstack */
#define SS_ONSTACK	1
#define SS_DISABLE	2
#define SS_AUTODISARM	(1 << 31)
#define MINSIGSTKSZ	2048

/* si_code */
#define SI_USER		0
#define SI_KERNEL	0x80
#define SI_QUEUE	(-1)
#define SI_TIMER	(-2)
#define SI_SIGIO	(-5)
#define SI_TKILL	(-6)
#define SI_DETHREAD	(-7)
#define SI_ASYNCNL	(-60)
#define SEGV_MAPERR	1
#define SEGV_ACCERR	2
#define ILL_ILLOPN	2
#define FPE_INTDIV	1
#define FPE_FLTDIV	3
#define FPE_FLTOVF	4
#define FPE_FLTUND	5
#define FPE_FLTRES	6
#define FPE_FLTINV	7
#define BUS_ADRALN	1
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

/* What a pending signal carries: siginfo_t's first 32 bytes (signo,
 * errno, code, then the union whose member si_code selects), as Linux
 * i386's struct kernel_siginfo; delivered whole (siginfo_fill). */
#define SI_WORDS	5
struct ksiginfo {
	int signo, errno_, code;
	union {
		uint32_t word[SI_WORDS];
		struct { int32_t pid; uint32_t uid; } kill;
		struct { int32_t pid; uint32_t uid; uint32_t value; } rt;
		struct {
			int32_t pid;
			uint32_t uid;
			int32_t status, utime, stime;
		} chld;
		struct { uint32_t addr; } fault;
	};
};
/* word[] is the first member and spans the union, so an initializer that
 * names no union member zeroes all of it; and 32 bytes in all, as Linux
 * i386's struct kernel_siginfo. */
_Static_assert(sizeof(struct ksiginfo) == 32 &&
	       sizeof(((struct ksiginfo *)0)->word) == 20, "struct ksiginfo");

/* A kernel-made siginfo with every union word 0 (Linux's clear_siginfo),
 * whose layout's fields the caller then sets: an initializer that names a
 * union member other than the first leaves the other bytes unspecified,
 * and siginfo_fill copies every word to user space. */
static inline void ksiginfo_init(struct ksiginfo *k, int sig, int code)
{
	__builtin_memset(k, 0, sizeof(*k));
	k->signo = sig;
	k->code = code;
}

/* Pending signals (kernel/proc/sigqueue.c): the set, and the siginfo of
 * each queued instance. */
struct sigpending {
	uint64_t set;
	struct list_head queue;		/* struct sigqueue, oldest first */
	unsigned int queued;		/* its length */
};

/* stack_t for i386 (sigaltstack, uc_stack). */
struct stack32 {
	uint32_t sp;
	int32_t flags;
	uint32_t size;
};

/* A thread's alternate signal stack: as sigaltstack last set it. */
struct sig_altstack {
	uint32_t sp, size;
	int flags;
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
void signal_set_action(struct proc *p, int sig, const struct k_sigaction *act);
/* Wait until a signal of set is pending for the current thread and take
 * it (its number), or until clock_ns() >= deadline (-EAGAIN), or until
 * another signal may be acted on (-EINTR). */
int signal_wait(uint64_t set, struct ksiginfo *info, uint64_t deadline);
int signal_take(uint64_t set, struct ksiginfo *info);
int signal_queue_info(struct proc *p, struct thread *t, int sig,
		      const struct ksiginfo *info);
struct wait_queue;
extern struct wait_queue signal_generated;
void signal_discard(struct proc *p, int sig);
void signal_kick(struct proc *p);
void signal_retarget(struct proc *p);
void signal_retarget_locked(struct proc *p);	/* signal_lock held */
uint32_t signal_lock(void);
void signal_unlock(uint32_t flags);
void signal_pending_free(struct sigpending *q);
void signal_exit(struct proc *p);	/* the process ends: no more alarm */
/* ITIMER_REAL (alarm, setitimer): arm in value_ns (0: disarm), then every
 * interval_ns; *old_value and *old_interval get what was armed. */
void signal_itimer(struct proc *p, uint64_t value_ns, uint64_t interval_ns,
		   uint64_t *old_value, uint64_t *old_interval);
/* The current thread's pending signals are checked (and the sleep
 * interrupted) by interruptible waits: returns -ERESTARTSYS or 0. */
int signal_check(void);

/* kernel/proc/sigqueue.c: a struct sigpending (callers hold the signal
 * lock); q is an entry from sigqueue_alloc for info, or NULL (its siginfo
 * lost).  Entries are charged to a user (see sigqueue.c). */
struct sigqueue;
#define SIGQUEUE_NO_LIMIT	(~0u)
void sigpending_init(struct sigpending *sp);
/* An entry charged to real user uid, or NULL when uid has limit entries
 * queued already or memory is short. */
struct sigqueue *sigqueue_alloc(uint32_t uid, unsigned int limit);
void sigpending_add(struct sigpending *sp, const struct ksiginfo *info,
		    struct sigqueue *q);
/* The next signal outside mask (synchronous ones first, then the lowest),
 * taken with its siginfo; 0 when none. */
int sigpending_take(struct sigpending *sp, uint64_t mask,
		    struct ksiginfo *info);
void sigpending_flush(struct sigpending *sp, uint64_t set);
/* The entries queued and charged to real user uid (the limit's): O(1). */
unsigned int sigqueue_user_count(uint32_t uid);

/* kernel/proc/sigstack.c */
void sigaltstack_reset(struct sig_altstack *ss);
bool sigaltstack_on(const struct sig_altstack *ss, uint32_t sp);
void sigaltstack_get(const struct sig_altstack *ss, uint32_t sp,
		     struct stack32 *out);
int sigaltstack_set(struct sig_altstack *ss, const struct stack32 *in,
		    uint32_t sp);
uint32_t sigaltstack_top(const struct sig_altstack *ss, uint32_t sp,
			 uint32_t sa_flags, bool *on);
bool sigaltstack_fits(const struct sig_altstack *ss, uint32_t addr);

/* kernel/proc/sigframe.c */
int sigframe_setup(struct trap_frame *f, int sig, const struct k_sigaction *ka,
		   const struct ksiginfo *info, uint64_t oldmask);
long sigframe_return(struct trap_frame *f, bool rt);

#endif
