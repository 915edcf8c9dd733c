/*
 * futex.h: fast user-space mutexes, the kernel side (kernel/proc/futex.c).
 *
 * A futex is a 32-bit word in user memory.  Waiters sleep on a key that
 * names the word: (address space, address) for a private futex, or for
 * a word in a private mapping (the same key either way, as Linux, so that
 * the kernel's shared wake on clear_child_tid finds private waiters); the
 * physical address for a word in a MAP_SHARED mapping, which every process
 * mapping it sees alike.  Keys hash into a table of buckets, each a list
 * of waiters under a spinlock.
 *
 * Interface:
 *   futex_key_of(uaddr, private, &key)   0, -EINVAL (misaligned), -EFAULT
 *   futex_wait(key, uaddr, val, bitset, deadline)
 *       sleep while *uaddr == val until woken (0), the clock_ns deadline
 *       passes (-ETIMEDOUT; WAIT_FOREVER: none) or a signal comes
 *       (-ERESTARTSYS); -EAGAIN when *uaddr != val, -EFAULT
 *   futex_wake(key, nr, bitset)   wake up to nr (at least 1) waiters whose
 *       bitset meets bitset: how many
 *   futex_requeue(key1, key2, nr_wake, nr_requeue)   wake nr_wake waiters
 *       of key1, move up to nr_requeue others to key2: the sum
 *   futex_wake_addr(uaddr, private, nr, bitset)   futex_wake by address
 *   The waiter calls (futex_queue, futex_unqueue) are for kernel tests.
 *   futex_lock_pi(key, uaddr, deadline, trylock), futex_unlock_pi(key,
 *       uaddr), futex_pi_owner_gone(tid): futex_pi.c
 *   futex_exit_thread(t), futex_exec_thread(t): a thread's robust list
 *       walked and the PI locks it holds handed on (futex_robust.c)
 */
#ifndef KERNEL_PROC_FUTEX_H
#define KERNEL_PROC_FUTEX_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/spinlock.h"
#include "kernel/wait.h"
#include "lib/list.h"

#define FUTEX_BITSET_ANY	0xffffffffu
#define FUTEX_HASH_SIZE		256

struct futex_key {
	uintptr_t space;	/* the mm for private words, 0 for physical */
	uintptr_t addr;		/* user address, or physical address */
};

struct futex_waiter {
	struct list_head link;	/* in its bucket */
	struct futex_key key;	/* changed by requeue, under both locks */
	uint32_t bitset;
	bool queued;
	bool woken;
	struct wait_queue wq;	/* its task sleeps here */
	/* FUTEX_LOCK_PI's (futex_pi.c), under the bucket lock: */
	bool pi;
	int tid;		/* the waiter's */
	int owner;		/* the lock's owner it waits on */
	int heir_of;		/* woken as the heir of this dead owner */
};

struct futex_bucket {
	struct spinlock lock;
	struct list_head waiters;	/* struct futex_waiter, FIFO */
};

int futex_key_of(uint32_t uaddr, bool private, struct futex_key *key);
int futex_wait(const struct futex_key *key, uint32_t uaddr, uint32_t val,
	       uint32_t bitset, uint64_t deadline);
int futex_wake(const struct futex_key *key, int nr, uint32_t bitset);
int futex_requeue(const struct futex_key *key1, const struct futex_key *key2,
		  int nr_wake, int nr_requeue);
int futex_wake_addr(uint32_t uaddr, bool private, int nr, uint32_t bitset);

void futex_queue(struct futex_waiter *w, const struct futex_key *key,
		 uint32_t bitset);
bool futex_unqueue(struct futex_waiter *w);	/* whether it was queued */
unsigned int futex_bucket_of(const struct futex_key *key);
/* For futex_pi.c and futex_robust.c. */
struct futex_bucket *futex_bucket(const struct futex_key *key);
struct futex_bucket *futex_bucket_at(unsigned int i);
void futex_queue_locked(struct futex_waiter *w, const struct futex_key *key,
			uint32_t bitset);
bool futex_key_eq(const struct futex_key *a, const struct futex_key *b);
void futex_wake_waiter(struct futex_waiter *w);	/* bucket lock held */

/* Priority-inheritance futexes (futex_pi.c). */
#define FUTEX_WAITERS		0x80000000u
#define FUTEX_OWNER_DIED	0x40000000u
#define FUTEX_TID_MASK		0x3fffffffu
int futex_lock_pi(const struct futex_key *key, uint32_t uaddr,
		  uint64_t deadline, bool trylock);
int futex_unlock_pi(const struct futex_key *key, uint32_t uaddr);
void futex_pi_owner_gone(int tid);

/* Robust futex lists (futex_robust.c). */
struct thread;
void futex_exit_thread(struct thread *t);
void futex_exec_thread(struct thread *t);
/* Compare-and-exchange of a user word, bringing its page in: 0, -EFAULT. */
int futex_cmpxchg(uint32_t uaddr, uint32_t old, uint32_t new, uint32_t *cur);

#endif
