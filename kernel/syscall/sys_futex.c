/*
 * sys_futex.c: futex (240, with Linux's old 32-bit timespec) and
 * futex_time64 (422): the operations WAIT, WAKE, REQUEUE, CMP_REQUEUE,
 * WAIT_BITSET, WAKE_BITSET, LOCK_PI, TRYLOCK_PI and UNLOCK_PI, with
 * FUTEX_PRIVATE_FLAG and FUTEX_CLOCK_REALTIME (kernel/proc/futex.c and
 * futex_pi.c do the work); set_robust_list (311) and get_robust_list
 * (312), whose list kernel/proc/futex_robust.c walks.
 *
 * As Linux: WAIT's timeout is relative (on the monotonic clock),
 * WAIT_BITSET's absolute (monotonic, or the wall clock with
 * FUTEX_CLOCK_REALTIME), LOCK_PI's absolute on the wall clock; a bad
 * timespec is -EINVAL, a bitset of 0 -EINVAL, a misaligned word -EINVAL,
 * an unmapped one -EFAULT; CLOCK_REALTIME with an operation other than
 * WAIT and WAIT_BITSET and the operations not done here (FD, WAKE_OP,
 * LOCK_PI2, the requeue-PI ones) are -ENOSYS.  LOCK_PI is restarted after
 * any signal, as Linux's.  A wait without
 * timeout a signal interrupts gives -ERESTARTSYS: restarted, or -EINTR
 * after a handler without SA_RESTART.  One with a timeout gives -EINTR
 * after any handler (SA_RESTART or not); without a handler it goes on
 * through restart_syscall with its absolute deadline (the word compared
 * again), as Linux's futex_wait_restart.  CMP_REQUEUE compares the word
 * before taking the queues' locks (a fault may sleep), which on one CPU
 * leaves a window where Linux has none.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/proc/cred.h"
#include "kernel/proc/futex.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/proc/restart.h"
#include "kernel/syscall/timeout.h"
#include "kernel/wait.h"
#include "mm/uaccess.h"

#define FUTEX_WAIT		0
#define FUTEX_WAKE		1
#define FUTEX_REQUEUE		3
#define FUTEX_CMP_REQUEUE	4
#define FUTEX_LOCK_PI		6
#define FUTEX_UNLOCK_PI		7
#define FUTEX_TRYLOCK_PI	8
#define FUTEX_WAIT_BITSET	9
#define FUTEX_WAKE_BITSET	10
#define FUTEX_PRIVATE_FLAG	128
#define FUTEX_CLOCK_REALTIME	256
#define FUTEX_CMD_MASK		(~(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME))

struct futex_args {
	uint32_t uaddr, val, uaddr2, val3;
	int cmd;
	bool private;
	uint64_t deadline;		/* clock_ns, or WAIT_FOREVER */
	uint32_t val2;			/* the timeout word, for requeues */
};

/* The clock_ns() deadline of a timeout of ns: relative for WAIT,
 * absolute for WAIT_BITSET (on the wall clock if realtime) and LOCK_PI
 * (on the wall clock); saturated. */
static void futex_deadline(struct futex_args *a, uint64_t ns, bool realtime)
{
	uint64_t now = clock_ns(), wall;

	if (a->cmd == FUTEX_WAIT) {
		a->deadline = timeout_deadline(now, ns);
	} else if (!realtime) {
		a->deadline = ns;
	} else {
		wall = clock_realtime_ns();
		a->deadline = timeout_deadline(now, ns > wall ? ns - wall : 0);
	}
}

static long futex_wait_restart(struct restart_block *rb);

/* A wait with a timeout that a signal interrupted goes on until the same
 * deadline through restart_syscall: -ERESTART_RESTARTBLOCK. */
static long futex_wait_interrupted(const struct futex_args *a, uint32_t bitset)
{
	struct restart_block *rb = restart_current();

	rb->futex.uaddr = a->uaddr;
	rb->futex.val = a->val;
	rb->futex.bitset = bitset;
	rb->futex.private = a->private;
	rb->futex.deadline = a->deadline;
	return restart_set(futex_wait_restart);
}

static long futex_do_wait(const struct futex_args *a, uint32_t bitset)
{
	struct futex_key key;
	int err;

	if (!bitset)
		return -EINVAL;
	err = futex_key_of(a->uaddr, a->private, &key);
	if (!err)
		err = futex_wait(&key, a->uaddr, a->val, bitset, a->deadline);
	if (err == -ERESTARTSYS && a->deadline != WAIT_FOREVER)
		return futex_wait_interrupted(a, bitset);
	return err;
}

static long futex_wait_restart(struct restart_block *rb)
{
	struct futex_args a = { .uaddr = rb->futex.uaddr, .val = rb->futex.val,
				.cmd = FUTEX_WAIT_BITSET,
				.private = rb->futex.private,
				.deadline = rb->futex.deadline };

	restart_clear();
	return futex_do_wait(&a, rb->futex.bitset);
}

static int futex_do_wake(const struct futex_args *a, uint32_t bitset)
{
	if (!bitset)
		return -EINVAL;
	return futex_wake_addr(a->uaddr, a->private, (int)a->val, bitset);
}

static int futex_do_requeue(const struct futex_args *a, bool cmp)
{
	struct futex_key key1, key2;
	uint32_t cur;
	int err;

	if ((int)a->val < 0 || (int)a->val2 < 0)
		return -EINVAL;
	err = futex_key_of(a->uaddr, a->private, &key1);
	if (!err)
		err = futex_key_of(a->uaddr2, a->private, &key2);
	if (!err && cmp)
		err = get_user(cur, (uint32_t *)a->uaddr);
	if (!err && cmp && cur != a->val3)
		err = -EAGAIN;
	return err ? err : futex_requeue(&key1, &key2, (int)a->val,
					 (int)a->val2);
}

static int futex_do_pi(const struct futex_args *a)
{
	struct futex_key key;
	int err = futex_key_of(a->uaddr, a->private, &key);

	if (err)
		return err;
	if (a->cmd == FUTEX_UNLOCK_PI)
		return futex_unlock_pi(&key, a->uaddr);
	return futex_lock_pi(&key, a->uaddr, a->deadline,
			     a->cmd == FUTEX_TRYLOCK_PI);
}

static long futex_dispatch(const struct futex_args *a)
{
	switch (a->cmd) {
	case FUTEX_WAIT:
		return futex_do_wait(a, FUTEX_BITSET_ANY);
	case FUTEX_WAIT_BITSET:
		return futex_do_wait(a, a->val3);
	case FUTEX_WAKE:
		return futex_do_wake(a, FUTEX_BITSET_ANY);
	case FUTEX_WAKE_BITSET:
		return futex_do_wake(a, a->val3);
	case FUTEX_REQUEUE:
		return futex_do_requeue(a, false);
	case FUTEX_CMP_REQUEUE:
		return futex_do_requeue(a, true);
	case FUTEX_LOCK_PI:
	case FUTEX_TRYLOCK_PI:
	case FUTEX_UNLOCK_PI:
		return futex_do_pi(a);
	}
	return -ENOSYS;
}

/* Decode op; time64: the timeout is a 64-bit timespec.  ut: the fourth
 * argument, a timeout for the waits and a count for the requeues. */
static long futex_call(uint32_t uaddr, int op, uint32_t val, uint32_t ut,
		       uint32_t uaddr2, uint32_t val3, bool time64)
{
	struct futex_args a = { .uaddr = uaddr, .val = val, .uaddr2 = uaddr2,
				.val3 = val3, .cmd = op & FUTEX_CMD_MASK,
				.private = op & FUTEX_PRIVATE_FLAG,
				.deadline = WAIT_FOREVER, .val2 = ut };
	bool wait = a.cmd == FUTEX_WAIT || a.cmd == FUTEX_WAIT_BITSET;
	uint64_t ns;
	int err = 0;

	if ((op & FUTEX_CLOCK_REALTIME) && !wait)
		return -ENOSYS;
	if ((wait || a.cmd == FUTEX_LOCK_PI) && ut) {
		err = utime_get_ns((const void *)ut, time64 ? UTIME_TIMESPEC64 :
				   UTIME_TIMESPEC32, &ns);
		if (!err)
			futex_deadline(&a, ns, (op & FUTEX_CLOCK_REALTIME) ||
				       a.cmd == FUTEX_LOCK_PI);
	}
	return err ? err : futex_dispatch(&a);
}

static long sys_futex(uint32_t uaddr, int op, uint32_t val, uint32_t ut,
		      uint32_t uaddr2, uint32_t val3)
{
	return futex_call(uaddr, op, val, ut, uaddr2, val3, false);
}
SYSCALL(NR_futex, sys_futex);

static long sys_futex_time64(uint32_t uaddr, int op, uint32_t val,
			     uint32_t ut, uint32_t uaddr2, uint32_t val3)
{
	return futex_call(uaddr, op, val, ut, uaddr2, val3, true);
}
SYSCALL(NR_futex_time64, sys_futex_time64);

#define ROBUST_HEAD_SIZE	12	/* i386's struct robust_list_head */

static long sys_set_robust_list(uint32_t head, uint32_t len)
{
	if (len != ROBUST_HEAD_SIZE)
		return -EINVAL;
	thread_current()->robust_list = head;
	return 0;
}
SYSCALL(NR_set_robust_list, sys_set_robust_list);

/* The robust list head of thread tid (0: the caller), if the caller may
 * read it: 0, -ESRCH, -EPERM. */
static int robust_list_of(int tid, uint32_t *head)
{
	struct thread *t;
	int err = 0;

	if (!tid) {
		*head = thread_current()->robust_list;
		return 0;
	}
	preempt_disable();
	t = thread_find(tid);
	if (!t)
		err = -ESRCH;
	else if (!cred_may_inspect(proc_current(), t->proc))
		err = -EPERM;
	else
		*head = t->robust_list;
	preempt_enable();
	return err;
}

static long sys_get_robust_list(int tid, uint32_t *uhead, uint32_t *ulen)
{
	uint32_t head;
	int err = robust_list_of(tid, &head);

	if (!err)
		err = put_user((uint32_t)ROBUST_HEAD_SIZE, ulen);
	if (!err)
		err = put_user(head, uhead);
	return err;
}
SYSCALL(NR_get_robust_list, sys_get_robust_list);
