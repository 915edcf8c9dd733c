/*
 * futex.c: the futex wait queues (see futex.h).
 *
 * A waiter lives on its sleeper's kernel stack: it is queued on the
 * bucket of its key first, and only then is the user word read and
 * compared, so a waker that changes the word and wakes after the read
 * always finds it queued (no lost wake-up).  The read may fault and
 * sleep, which is why the bucket lock is not held across it.  A waker
 * unlinks the waiter, marks it woken and wakes its wait queue, all under
 * the bucket lock, which the waiter takes again to leave: the waiter's
 * stack frame cannot go away under a waker.  A waiter woken while it
 * finds the word changed returns 0 (a wake-up) rather than -EAGAIN:
 * both make the caller look at the word again, and the wake is not lost.
 *
 * Waiters on a priority-inheritance futex (futex_pi.c) share the
 * buckets; wakes and requeues pass them by.
 *
 * Requeue moves waiters to another key under both buckets' locks (taken
 * in index order); a waiter leaving finds its current bucket from its
 * key, and checks the key did not move meanwhile.
 *
 * Interface: futex.h.
 */
#include "kernel/proc/futex.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/proc/proc.h"
#include "kernel/spinlock.h"
#include "lib/hash.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define FUTEX_HASH_BITS	8
_Static_assert(FUTEX_HASH_SIZE == 1 << FUTEX_HASH_BITS, "futex table size");

static struct futex_bucket futex_table[FUTEX_HASH_SIZE];

static int futex_init(void)
{
	for (unsigned int i = 0; i < FUTEX_HASH_SIZE; i++) {
		futex_table[i].lock = (struct spinlock)SPINLOCK_INIT;
		list_init(&futex_table[i].waiters);
	}
	return 0;
}
INITCALL(INIT_CORE, futex_init);

unsigned int futex_bucket_of(const struct futex_key *key)
{
	return hash_32((uint32_t)key->addr ^ hash_32((uint32_t)key->space, 32),
		       FUTEX_HASH_BITS);
}

struct futex_bucket *futex_bucket(const struct futex_key *key)
{
	return &futex_table[futex_bucket_of(key)];
}

bool futex_key_eq(const struct futex_key *a, const struct futex_key *b)
{
	return a->space == b->space && a->addr == b->addr;
}

int futex_key_of(uint32_t uaddr, bool private, struct futex_key *key)
{
	struct mm *mm = proc_current() ? proc_current()->mm : NULL;
	uint32_t phys;
	bool shared;
	int err;

	if (uaddr & 3)
		return -EINVAL;
	if (!access_ok((void *)uaddr, 4) || !mm)
		return -EFAULT;
	*key = (struct futex_key){ (uintptr_t)mm, uaddr };
	if (private)
		return 0;
	err = vm_resolve(mm, uaddr, &phys, &shared);
	if (err)
		return err;
	if (shared)
		*key = (struct futex_key){ 0, phys };
	return 0;
}

struct futex_bucket *futex_bucket_at(unsigned int i)
{
	return &futex_table[i];
}

void futex_queue_locked(struct futex_waiter *w, const struct futex_key *key,
			uint32_t bitset)
{
	w->key = *key;
	w->bitset = bitset;
	w->woken = false;
	w->pi = false;
	wait_queue_init(&w->wq);
	list_add_tail(&w->link, &futex_bucket(key)->waiters);
	w->queued = true;
}

void futex_queue(struct futex_waiter *w, const struct futex_key *key,
		 uint32_t bitset)
{
	struct futex_bucket *b = futex_bucket(key);
	uint32_t flags;

	flags = spin_lock_irqsave(&b->lock);
	futex_queue_locked(w, key, bitset);
	spin_unlock_irqrestore(&b->lock, flags);
}

/* Leave the queue unless a waker already took w off it. */
bool futex_unqueue(struct futex_waiter *w)
{
	for (;;) {
		struct futex_key key = w->key;
		struct futex_bucket *b = &futex_table[futex_bucket_of(&key)];
		uint32_t flags = spin_lock_irqsave(&b->lock);
		bool was = w->queued;

		if (!futex_key_eq(&key, &w->key)) {	/* requeued meanwhile */
			spin_unlock_irqrestore(&b->lock, flags);
			continue;
		}
		if (was) {
			list_del(&w->link);
			w->queued = false;
		}
		spin_unlock_irqrestore(&b->lock, flags);
		return was;
	}
}

/* Bucket lock held: take w off and wake its sleeper. */
void futex_wake_waiter(struct futex_waiter *w)
{
	list_del(&w->link);
	w->queued = false;
	w->woken = true;
	wake_up(&w->wq);
}

int futex_wait(const struct futex_key *key, uint32_t uaddr, uint32_t val,
	       uint32_t bitset, uint64_t deadline)
{
	struct futex_waiter w;
	uint32_t cur;
	bool ended = false;
	int err;

	futex_queue(&w, key, bitset);
	err = get_user(cur, (uint32_t *)uaddr);
	if (!err && cur != val)
		err = -EAGAIN;
	if (!err)
		ended = wait_event_until(&w.wq, READ_ONCE(w.woken) ||
					 signal_check(), deadline);
	if (!futex_unqueue(&w))
		return 0;		/* a waker took it: woken */
	if (err)
		return err;
	return ended ? -ERESTARTSYS : -ETIMEDOUT;
}

int futex_wake(const struct futex_key *key, int nr, uint32_t bitset)
{
	struct futex_bucket *b = &futex_table[futex_bucket_of(key)];
	struct futex_waiter *w, *tmp;
	uint32_t flags = spin_lock_irqsave(&b->lock);
	int woken = 0;

	list_for_each_entry_safe(w, tmp, &b->waiters, link) {
		if (!futex_key_eq(&w->key, key) || !(w->bitset & bitset) ||
		    w->pi)
			continue;
		futex_wake_waiter(w);
		if (++woken >= nr)
			break;
	}
	spin_unlock_irqrestore(&b->lock, flags);
	return woken;
}

/* Lock the buckets of two keys in index order (once if the same). */
static uint32_t lock_two(struct futex_bucket *b1, struct futex_bucket *b2)
{
	uint32_t flags;

	if (b1 > b2) {
		struct futex_bucket *t = b1;

		b1 = b2;
		b2 = t;
	}
	flags = spin_lock_irqsave(&b1->lock);
	if (b2 != b1)
		spin_lock(&b2->lock);
	return flags;
}

static void unlock_two(struct futex_bucket *b1, struct futex_bucket *b2,
		       uint32_t flags)
{
	if (b2 != b1)
		spin_unlock(b1 > b2 ? &b1->lock : &b2->lock);
	spin_unlock_irqrestore(b1 > b2 ? &b2->lock : &b1->lock, flags);
}

int futex_requeue(const struct futex_key *key1, const struct futex_key *key2,
		  int nr_wake, int nr_requeue)
{
	struct futex_bucket *b1 = &futex_table[futex_bucket_of(key1)];
	struct futex_bucket *b2 = &futex_table[futex_bucket_of(key2)];
	struct futex_waiter *w, *tmp;
	struct list_head moved = LIST_HEAD_INIT(moved);
	uint32_t flags = lock_two(b1, b2);
	int woken = 0, requeued = 0;

	list_for_each_entry_safe(w, tmp, &b1->waiters, link) {
		if (!futex_key_eq(&w->key, key1) || w->pi)
			continue;
		if (woken < nr_wake) {
			futex_wake_waiter(w);
			woken++;
		} else if (requeued < nr_requeue) {
			list_del(&w->link);
			w->key = *key2;
			list_add_tail(&w->link, &moved);
			requeued++;
		} else {
			break;
		}
	}
	while (!list_empty(&moved)) {	/* kept in order, after the others */
		w = list_first_entry(&moved, struct futex_waiter, link);
		list_del(&w->link);
		list_add_tail(&w->link, &b2->waiters);
	}
	unlock_two(b1, b2, flags);
	return woken + requeued;
}

int futex_wake_addr(uint32_t uaddr, bool private, int nr, uint32_t bitset)
{
	struct futex_key key;
	int err = futex_key_of(uaddr, private, &key);

	return err ? err : futex_wake(&key, nr, bitset);
}
