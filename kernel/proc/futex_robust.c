/*
 * futex_robust.c: robust futex lists, and what a thread leaves behind in
 * futexes when it ends or calls execve (see futex.h).
 *
 * set_robust_list registers a user list head (Linux's i386 struct
 * robust_list_head: the list's first entry, the offset from an entry to
 * its lock word, and the entry being locked or unlocked, list_op_pending).
 * An entry's low bit says the lock is a PI one.  When the thread ends or
 * execs, the list is walked on its memory as Linux's exit_robust_list:
 * each lock word the thread owns (its tid in FUTEX_TID_MASK) becomes
 * FUTEX_OWNER_DIED with FUTEX_WAITERS kept, and one waiter is woken if
 * WAITERS was set (for a PI lock, futex_pi_owner_gone wakes the heir
 * instead); the pending entry is handled last, and when its word has no
 * owner a waiter is woken anyway (the thread died between unlocking and
 * taking it off the list).  The walk stops at a fault, a misaligned
 * word, or after 2048 entries (a list that loops).  Then the PI locks
 * it still holds pass to their first waiters.
 *
 * Interface (futex.h): futex_exit_thread, futex_exec_thread,
 * futex_cmpxchg.
 */
#include "kernel/proc/futex.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

#define ROBUST_LIST_LIMIT	2048
#define ROBUST_HEAD_LIST	0	/* offsets in struct robust_list_head */
#define ROBUST_HEAD_OFFSET	4
#define ROBUST_HEAD_PENDING	8

int futex_cmpxchg(uint32_t uaddr, uint32_t old, uint32_t new, uint32_t *cur)
{
	int err;

	while ((err = cmpxchg_user_nofault((uint32_t *)uaddr, old, new, cur))) {
		err = user_writable((void *)uaddr, 4);
		if (err)
			return err;
	}
	return 0;
}

/* The lock word at uaddr of a dying owner tid, as Linux's
 * handle_futex_death: 0, or -EFAULT/-EINVAL to end the walk. */
static int robust_owner_died(uint32_t uaddr, int tid, bool pi, bool pending)
{
	uint32_t cur, seen, owner;

	if (uaddr & 3)
		return -EINVAL;
	if (get_user(cur, (uint32_t *)uaddr))
		return -EFAULT;
	for (;;) {
		owner = cur & FUTEX_TID_MASK;
		if (pending && !pi && !owner) {
			futex_wake_addr(uaddr, false, 1, FUTEX_BITSET_ANY);
			return 0;
		}
		if (owner != (uint32_t)tid)
			return 0;
		if (futex_cmpxchg(uaddr, cur, (cur & FUTEX_WAITERS) |
				  FUTEX_OWNER_DIED, &seen))
			return -EFAULT;
		if (seen == cur)
			break;
		cur = seen;
	}
	if (!pi && (cur & FUTEX_WAITERS))
		futex_wake_addr(uaddr, false, 1, FUTEX_BITSET_ANY);
	return 0;
}

/* A list pointer: the entry it points to and its PI bit. */
static int robust_fetch(uint32_t uptr, uint32_t *entry, bool *pi)
{
	uint32_t v;
	int err = get_user(v, (uint32_t *)uptr);

	*entry = v & ~1u;
	*pi = v & 1;
	return err;
}

static void robust_walk(uint32_t head, int tid)
{
	uint32_t entry, next, pending;
	bool pi, next_pi, pending_pi;
	int32_t offset;
	unsigned int limit = ROBUST_LIST_LIMIT;
	int err;

	if (robust_fetch(head + ROBUST_HEAD_LIST, &entry, &pi) ||
	    get_user(offset, (int32_t *)(head + ROBUST_HEAD_OFFSET)) ||
	    robust_fetch(head + ROBUST_HEAD_PENDING, &pending, &pending_pi))
		return;
	while (entry != head) {
		err = robust_fetch(entry, &next, &next_pi);
		if (entry != pending &&
		    robust_owner_died(entry + offset, tid, pi, false))
			return;
		if (err)
			return;
		entry = next;
		pi = next_pi;
		if (!--limit)
			break;
	}
	if (pending)
		robust_owner_died(pending + offset, tid, pending_pi, true);
}

/* On the thread's own memory, before it lets it go. */
void futex_exit_thread(struct thread *t)
{
	if (t->robust_list)
		robust_walk(t->robust_list, t->tid);
	t->robust_list = 0;
	WRITE_ONCE(t->futex_gone, true);
	futex_pi_owner_gone(t->tid);
}

/* On the old program's memory: its list is forgotten, its PI locks
 * handed on. */
void futex_exec_thread(struct thread *t)
{
	if (t->robust_list)
		robust_walk(t->robust_list, t->tid);
	t->robust_list = 0;
	futex_pi_owner_gone(t->tid);
}
