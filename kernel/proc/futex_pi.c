/*
 * futex_pi.c: priority-inheritance futexes, the word protocol of Linux's
 * FUTEX_LOCK_PI, FUTEX_TRYLOCK_PI and FUTEX_UNLOCK_PI (see futex.h).
 *
 * The word holds the owner's tid (FUTEX_TID_MASK), FUTEX_WAITERS while
 * someone may sleep on it in the kernel and FUTEX_OWNER_DIED after a
 * robust owner died.  Lock: a free word (tid 0) is taken with the caller's
 * tid, keeping OWNER_DIED; the caller's own tid is -EDEADLK; otherwise
 * WAITERS is set and, if the owner is a thread that has not begun to end,
 * the caller sleeps (trylock: -EAGAIN), else -ESRCH.  Unlock (only by the
 * owner, else -EPERM) hands the word straight to the first waiter
 * (its tid | WAITERS) and wakes it, or stores 0 when none waits.  When an
 * owner ends (futex_pi_owner_gone), the first waiter of each of its locks
 * is woken as heir and takes the word as Linux's does (OWNER_DIED and
 * WAITERS set), robust or not.  Waits end with a wall-clock deadline
 * (-ETIMEDOUT) or a signal (-ERESTARTNOINTR: always restarted).
 *
 * Every look at the word and every queue change happens under the
 * bucket lock, the word read and changed with cmpxchg_user_nofault: a
 * page that is not there ends the section, is brought in
 * (user_writable) and the attempt starts again.  Priorities are not
 * boosted: the scheduler has no priorities to lend.
 *
 * Interface (futex.h): futex_lock_pi, futex_unlock_pi,
 * futex_pi_owner_gone.
 */
#include "kernel/proc/futex.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/signal.h"
#include "mm/uaccess.h"

#define PI_WAIT	1	/* pi_attempt: the caller must sleep */

/* Threads queued on a PI futex (from the queueing, under the bucket lock,
 * until pi_sleep returns): with none, an ending thread owns no lock
 * anyone waits for, and futex_pi_owner_gone need not look at the 256
 * buckets (it ran at every thread exit and exec). */
static uint32_t pi_sleepers;

static struct futex_waiter *pi_first(struct futex_bucket *b,
				     const struct futex_key *key)
{
	struct futex_waiter *w;

	list_for_each_entry(w, &b->waiters, link)
		if (w->pi && futex_key_eq(&w->key, key))
			return w;
	return NULL;
}

/* The waiters of key in b now wait on owner. */
static void pi_set_owner(struct futex_bucket *b, const struct futex_key *key,
			 int owner)
{
	struct futex_waiter *w;

	list_for_each_entry(w, &b->waiters, link)
		if (w->pi && futex_key_eq(&w->key, key))
			w->owner = owner;
}

/* Whether thread tid lives and has not begun to end. */
static bool pi_owner_alive(int tid)
{
	struct thread *t = thread_find(tid);

	return t && !t->futex_gone;
}

/* Replace old with new in the word: 0, -EAGAIN when it changed, -EFAULT. */
static int pi_replace(uint32_t uaddr, uint32_t old, uint32_t new)
{
	uint32_t cur;
	int err = cmpxchg_user_nofault((uint32_t *)uaddr, old, new, &cur);

	return err ? err : cur == old ? 0 : -EAGAIN;
}

/*
 * One attempt at the lock for tid, bucket lock held; heir_of: the dead
 * owner whose heir the caller was made, or 0.  Returns 0 (taken),
 * PI_WAIT (WAITERS set, *owner the owner), -EDEADLK, -ESRCH, -EAGAIN (the
 * word changed: again) or -EFAULT (bring the page in: again).
 */
static int pi_attempt(struct futex_bucket *b, const struct futex_key *key,
		      uint32_t uaddr, int tid, int heir_of, int *owner)
{
	uint32_t cur, keep;
	int err = cmpxchg_user_nofault((uint32_t *)uaddr, 0, tid, &cur);

	if (err || !cur)
		return err;
	*owner = cur & FUTEX_TID_MASK;
	if (*owner == tid)
		return -EDEADLK;
	if (!*owner || *owner == heir_of) {
		keep = cur & FUTEX_OWNER_DIED;
		if (heir_of)
			keep |= FUTEX_OWNER_DIED | FUTEX_WAITERS;
		else if (pi_first(b, key))
			keep |= FUTEX_WAITERS;
		return pi_replace(uaddr, cur, keep | tid);
	}
	if (!(cur & FUTEX_WAITERS)) {
		err = pi_replace(uaddr, cur, cur | FUTEX_WAITERS);
		if (err)
			return err;
	}
	return pi_owner_alive(*owner) ? PI_WAIT : -ESRCH;
}

/* Sleep queued until handed the lock (0), made an heir (PI_WAIT), the
 * deadline (-ETIMEDOUT) or a signal (-ERESTARTNOINTR). */
static int pi_sleep(struct futex_waiter *w, uint64_t deadline)
{
	bool ended = wait_event_until(&w->wq, READ_ONCE(w->woken) ||
				      signal_check(), deadline);

	if (!futex_unqueue(w))
		return w->heir_of ? PI_WAIT : 0;
	return ended ? -ERESTARTNOINTR : -ETIMEDOUT;
}

int futex_lock_pi(const struct futex_key *key, uint32_t uaddr,
		  uint64_t deadline, bool trylock)
{
	struct futex_bucket *b = futex_bucket(key);
	struct futex_waiter w;
	int tid = thread_current()->tid, heir_of = 0, err;
	uint32_t flags;

	for (;;) {
		flags = spin_lock_irqsave(&b->lock);
		err = pi_attempt(b, key, uaddr, tid, heir_of, &w.owner);
		if (err == PI_WAIT && !trylock) {
			futex_queue_locked(&w, key, FUTEX_BITSET_ANY);
			w.pi = true;
			w.tid = tid;
			w.heir_of = 0;
			pi_set_owner(b, key, w.owner);
			pi_sleepers++;
		}
		spin_unlock_irqrestore(&b->lock, flags);
		if (err == -EFAULT)
			err = user_writable((void *)uaddr, 4) ?: -EAGAIN;
		if (err == -EAGAIN)
			continue;
		if (err != PI_WAIT)
			return err;
		if (trylock)
			return -EAGAIN;
		err = pi_sleep(&w, deadline);
		__atomic_sub_fetch(&pi_sleepers, 1, __ATOMIC_RELAXED);
		if (err != PI_WAIT)
			return err;
		heir_of = w.heir_of;
	}
}

/* Hand the lock on to the first waiter, or free it; bucket lock held. */
static int pi_release(struct futex_bucket *b, const struct futex_key *key,
		      uint32_t uaddr, int tid)
{
	struct futex_waiter *heir;
	uint32_t cur;
	int err = copy_from_user_nofault(&cur, (void *)uaddr, 4);

	if (err)
		return err;
	if ((cur & FUTEX_TID_MASK) != (uint32_t)tid)
		return -EPERM;
	heir = pi_first(b, key);
	err = pi_replace(uaddr, cur, heir ? FUTEX_WAITERS | heir->tid : 0);
	if (!err && heir) {
		pi_set_owner(b, key, heir->tid);
		futex_wake_waiter(heir);
	}
	return err;
}

int futex_unlock_pi(const struct futex_key *key, uint32_t uaddr)
{
	struct futex_bucket *b = futex_bucket(key);
	int tid = thread_current()->tid, err;
	uint32_t flags;

	do {
		flags = spin_lock_irqsave(&b->lock);
		err = pi_release(b, key, uaddr, tid);
		spin_unlock_irqrestore(&b->lock, flags);
		if (err == -EFAULT)
			err = user_writable((void *)uaddr, 4) ?: -EAGAIN;
	} while (err == -EAGAIN);
	return err;
}

/* Wake the first waiter of each lock dead owner tid held as its heir;
 * the others of that lock now wait on the heir. */
static void pi_bucket_owner_gone(struct futex_bucket *b, int tid)
{
	struct futex_waiter *w, *tmp;

	list_for_each_entry_safe(w, tmp, &b->waiters, link) {
		if (!w->pi || w->owner != tid)
			continue;
		pi_set_owner(b, &w->key, w->tid);
		w->heir_of = tid;
		futex_wake_waiter(w);
	}
}

void futex_pi_owner_gone(int tid)
{
	if (!READ_ONCE(pi_sleepers))
		return;
	for (unsigned int i = 0; i < FUTEX_HASH_SIZE; i++) {
		struct futex_bucket *b = futex_bucket_at(i);
		uint32_t flags = spin_lock_irqsave(&b->lock);

		pi_bucket_owner_gone(b, tid);
		spin_unlock_irqrestore(&b->lock, flags);
	}
}
