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
 */
#ifndef KERNEL_PROC_FUTEX_H
#define KERNEL_PROC_FUTEX_H

#include <stdbool.h>
#include <stdint.h>
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

#endif
