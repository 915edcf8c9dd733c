/*
 * sys_sigqueue.c: the system calls of queued signals: rt_sigqueueinfo
 * and rt_tgsigqueueinfo (send a signal with a siginfo the caller wrote:
 * sigqueue() sends SI_QUEUE with a value), rt_sigtimedwait and
 * rt_sigtimedwait_time64 (sigwaitinfo, sigtimedwait), and
 * pidfd_send_signal (kill through a pidfd, kernel/proc/pidfd.c: as kill
 * without a siginfo, as rt_sigqueueinfo with one, -ESRCH once the
 * process has been reaped).
 *
 * As Linux i386: the siginfo keeps every word the caller wrote (the words
 * past the kernel's siginfo must be 0 when the layout is unknown); a
 * process may not forge a kernel or kill() si_code (>= 0, or SI_TKILL)
 * for another process (-EPERM); a full queue gives -EAGAIN.  The errors
 * come in Linux's order: -EFAULT and -E2BIG (the siginfo), -EINVAL
 * (rt_tgsigqueueinfo's ids), -EPERM, -ESRCH, then -EINVAL for a signal
 * number out of range, which is checked only once the target is found.
 * rt_sigtimedwait takes a pending signal of the set, or sleeps until one
 * comes (its number), until the timeout (-EAGAIN; a zero timeout polls),
 * or until a signal outside the set that is not blocked arrives (-EINTR).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/proc/cred.h"
#include "kernel/proc/pidfd.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/sigframe.h"
#include "kernel/sched/task.h"
#include "kernel/syscall/timeout.h"
#include "kernel/wait.h"
#include "lib/string.h"
#include "mm/uaccess.h"

#define SIGSETSIZE	8

static bool sig_valid(int sig)
{
	return sig >= 0 && sig <= NSIG;
}

/* The highest si_code of the signals that have codes of their own
 * (Linux 6.1's NSIG* values). */
static const uint8_t own_code_limit[32] = {
	[SIGILL] = 11, [SIGFPE] = 15, [SIGSEGV] = 9, [SIGBUS] = 5,
	[SIGTRAP] = 6, [SIGCHLD] = 6, [SIGPOLL] = 6, [SIGSYS] = 2,
};

/* Whether Linux knows which union words sig with code uses (its
 * known_siginfo_layout): the kernel's, kill's and the queued codes, and a
 * signal's own codes up to its limit (SIGPOLL's for the others). */
static bool known_layout(int sig, int code)
{
	if (code == SI_KERNEL)
		return true;
	if (code > SI_USER) {
		/* Unsigned: a negative sig has no codes of its own. */
		if ((unsigned int)sig < ARRAY_SIZE(own_code_limit) &&
		    own_code_limit[sig])
			return code <= own_code_limit[sig];
		return code <= own_code_limit[SIGPOLL];
	}
	return code >= SI_DETHREAD || code == SI_ASYNCNL;
}

/* The user's siginfo for sig, as Linux i386 keeps it: the kernel's
 * siginfo whole (every union word, whatever si_code says), delivered as
 * it was written.  A layout Linux does not know might need the words
 * past those: they must be 0 (-E2BIG), so that none is lost. */
static int siginfo_from_user(int sig, const struct siginfo32 *uinfo,
			     struct ksiginfo *k)
{
	struct siginfo32 si;

	if (copy_from_user(&si, uinfo, sizeof(si)))
		return -EFAULT;
	if (!known_layout(sig, si.code))
		for (unsigned int i = SI_WORDS; i < ARRAY_SIZE(si.word); i++)
			if (si.word[i])
				return -E2BIG;
	memset(k, 0, sizeof(*k));
	k->signo = sig;
	k->errno_ = si.errno_;
	k->code = si.code;
	memcpy(k->word, si.word, sizeof(k->word));
	return 0;
}

/* Whether k would forge a kernel or kill() siginfo for a thread other
 * than the caller (tid: the target named by the call). */
static bool forged(const struct ksiginfo *k, int tid)
{
	return (k->code >= 0 || k->code == SI_TKILL) &&
	       tid != thread_current()->tid;
}

/* Send k to process p or (t not NULL) thread t, if kill() could: signal
 * 0 only checks. */
static long send_queued(struct proc *p, struct thread *t, int sig,
			const struct ksiginfo *k)
{
	if (!sig_valid(sig))
		return -EINVAL;
	if (!cred_may_signal(proc_current(), p, sig))
		return -EPERM;		/* kill()'s rule, as Linux's */
	if (!sig)
		return 0;
	return t ? signal_send_thread(t, sig, k) : signal_send(p, sig, k);
}

/* The process pid names (its own, or one of its threads'). */
static long sys_rt_sigqueueinfo(int pid, int sig, const struct siginfo32 *uinfo)
{
	struct ksiginfo k;
	struct proc *p = NULL;
	struct thread *t;
	long err = siginfo_from_user(sig, uinfo, &k);

	if (err)
		return err;
	if (forged(&k, pid))
		return -EPERM;
	preempt_disable();
	if (pid > 0) {
		p = proc_find(pid);
		if (!p && (t = thread_find(pid)))
			p = t->proc;
	}
	err = p ? send_queued(p, NULL, sig, &k) : -ESRCH;
	preempt_enable();
	return err;
}
SYSCALL(NR_rt_sigqueueinfo, sys_rt_sigqueueinfo);

static long sys_rt_tgsigqueueinfo(int tgid, int tid, int sig,
				  const struct siginfo32 *uinfo)
{
	struct ksiginfo k;
	struct thread *t;
	long err = siginfo_from_user(sig, uinfo, &k);

	if (err)
		return err;
	if (tid <= 0 || tgid <= 0)
		return -EINVAL;
	if (forged(&k, tid))
		return -EPERM;
	preempt_disable();
	t = thread_find(tid);
	if (!t || t->proc->pid != tgid)
		err = -ESRCH;
	else
		err = send_queued(t->proc, t, sig, &k);
	preempt_enable();
	return err;
}
SYSCALL(NR_rt_tgsigqueueinfo, sys_rt_tgsigqueueinfo);

static long sigtimedwait(const uint64_t *uset, struct siginfo32 *uinfo,
			 uint64_t deadline)
{
	struct ksiginfo k;
	struct siginfo32 si;
	uint64_t set;
	int sig;

	if (copy_from_user(&set, uset, sizeof(set)))
		return -EFAULT;
	sig = signal_wait(set, &k, deadline);
	if (sig <= 0 || !uinfo)
		return sig;
	siginfo_fill(&si, &k);
	return copy_to_user(uinfo, &si, sizeof(si)) ? -EFAULT : sig;
}

/* Both rt_sigtimedwait calls: uts (of type) is a relative timeout, or
 * NULL to wait forever. */
static long sigtimedwait_call(const uint64_t *uset, struct siginfo32 *uinfo,
			      const void *uts, enum utime_type type,
			      uint32_t setsize)
{
	uint64_t deadline = WAIT_FOREVER, ns;
	int err;

	if (setsize != SIGSETSIZE)
		return -EINVAL;
	if (uts) {
		err = utime_get_ns(uts, type, &ns);
		if (err)
			return err;
		deadline = timeout_deadline(clock_ns(), ns);
	}
	return sigtimedwait(uset, uinfo, deadline);
}

static long sys_rt_sigtimedwait(const uint64_t *uset, struct siginfo32 *uinfo,
				const void *uts, uint32_t setsize)
{
	return sigtimedwait_call(uset, uinfo, uts, UTIME_TIMESPEC32, setsize);
}
SYSCALL(NR_rt_sigtimedwait, sys_rt_sigtimedwait);

static long sys_rt_sigtimedwait_time64(const uint64_t *uset,
				       struct siginfo32 *uinfo,
				       const void *uts, uint32_t setsize)
{
	return sigtimedwait_call(uset, uinfo, uts, UTIME_TIMESPEC64, setsize);
}
SYSCALL(NR_rt_sigtimedwait_time64, sys_rt_sigtimedwait_time64);

#define NR_pidfd_send_signal	424

/* The user's siginfo for pidfd_send_signal: its signo must be sig. */
static int pidfd_siginfo(int sig, const struct siginfo32 *uinfo, int pid,
			 struct ksiginfo *k)
{
	uint32_t signo;
	int err = siginfo_from_user(sig, uinfo, k);

	if (err)
		return err;
	if (uaccess_get(&signo, uinfo, sizeof(signo)))
		return -EFAULT;
	if ((int)signo != sig)
		return -EINVAL;
	return forged(k, pid) ? -EPERM : 0;
}

/* Send sig (with k, else as kill) to p: 0, -EINVAL, -EPERM. */
static long pidfd_send(struct proc *p, int sig, const struct ksiginfo *k)
{
	if (!sig_valid(sig))
		return -EINVAL;
	if (!cred_may_signal(proc_current(), p, sig))
		return -EPERM;
	if (k)
		return send_queued(p, NULL, sig, k);
	return sig ? signal_send_user(p, NULL, sig, SI_USER) : 0;
}

static long sys_pidfd_send_signal(int pidfd, int sig,
				  const struct siginfo32 *uinfo,
				  uint32_t flags)
{
	struct ksiginfo k;
	struct file *f;
	struct proc *p;
	long err;
	int pid;

	if (flags)
		return -EINVAL;
	f = fd_get(pidfd);
	if (!f)
		return -EBADF;
	preempt_disable();
	p = pidfd_proc(f, &pid);
	preempt_enable();
	if (IS_ERR(p))
		return PTR_ERR(p);
	if (uinfo && (err = pidfd_siginfo(sig, uinfo, pid, &k)))
		return err;
	preempt_disable();
	p = pidfd_proc(f, NULL);
	err = p ? pidfd_send(p, sig, uinfo ? &k : NULL) : -ESRCH;
	preempt_enable();
	return err;
}
SYSCALL(NR_pidfd_send_signal, sys_pidfd_send_signal);
