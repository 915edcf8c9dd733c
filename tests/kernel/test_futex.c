/*
 * test_futex.c: the futex wait queues (kernel/proc/futex.c) without
 * sleeping: waiters are queued by hand, then woken, filtered by key and
 * bitset, counted and requeued, as the system calls would.
 */
#include "kernel/ktest.h"
#include "kernel/proc/futex.h"

#define NW	5

static const struct futex_key key_a = { 0x1000, 0x0804a000 };
static const struct futex_key key_b = { 0x2000, 0x0804a000 };

static void queue_all(struct futex_waiter *w, int n,
		      const struct futex_key *key, uint32_t bitset)
{
	for (int i = 0; i < n; i++)
		futex_queue(&w[i], key, bitset);
}

static int count_woken(const struct futex_waiter *w, int n)
{
	int woken = 0;

	for (int i = 0; i < n; i++)
		woken += w[i].woken;
	return woken;
}

static void unqueue_all(struct futex_waiter *w, int n)
{
	for (int i = 0; i < n; i++)
		futex_unqueue(&w[i]);
}

/* As Linux: a count of 0 (or less) still wakes one; FIFO order. */
KTEST(futex, wake_counts_in_order)
{
	struct futex_waiter w[NW];

	queue_all(w, NW, &key_a, FUTEX_BITSET_ANY);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 2, FUTEX_BITSET_ANY), 2);
	KT_EXPECT(ctx, w[0].woken && w[1].woken && !w[2].woken);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 0, FUTEX_BITSET_ANY), 1);
	KT_EXPECT(ctx, w[2].woken && !w[3].woken);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 100, FUTEX_BITSET_ANY), 2);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 100, FUTEX_BITSET_ANY), 0);
	KT_EXPECT_EQ(ctx, count_woken(w, NW), NW);
	KT_EXPECT(ctx, !futex_unqueue(&w[0]));	/* the waker took it off */
}

/* The same address in another address space is another futex. */
KTEST(futex, keys_apart)
{
	struct futex_waiter a, b;

	futex_queue(&a, &key_a, FUTEX_BITSET_ANY);
	futex_queue(&b, &key_b, FUTEX_BITSET_ANY);
	KT_EXPECT_EQ(ctx, futex_wake(&key_b, 10, FUTEX_BITSET_ANY), 1);
	KT_EXPECT(ctx, b.woken && !a.woken);
	KT_EXPECT(ctx, futex_unqueue(&a));
	KT_EXPECT(ctx, !futex_unqueue(&a));
}

/* Two keys hashing to one bucket stay apart. */
KTEST(futex, bucket_collision)
{
	struct futex_key k1 = { 0x3000, 0x1000 }, k2 = k1;
	struct futex_waiter a, b;

	do
		k2.addr += 4;
	while (futex_bucket_of(&k2) != futex_bucket_of(&k1));
	futex_queue(&a, &k1, FUTEX_BITSET_ANY);
	futex_queue(&b, &k2, FUTEX_BITSET_ANY);
	KT_EXPECT_EQ(ctx, futex_wake(&k2, 10, FUTEX_BITSET_ANY), 1);
	KT_EXPECT(ctx, b.woken && !a.woken);
	KT_EXPECT(ctx, futex_unqueue(&a));
}

KTEST(futex, bitsets)
{
	struct futex_waiter w[2];

	futex_queue(&w[0], &key_a, 0x1);
	futex_queue(&w[1], &key_a, 0x2);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 10, 0x4), 0);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 10, 0x6), 1);
	KT_EXPECT(ctx, !w[0].woken && w[1].woken);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 10, FUTEX_BITSET_ANY), 1);
	KT_EXPECT(ctx, w[0].woken);
}

/* Wake one, move two to the other key, leave the rest. */
KTEST(futex, requeue)
{
	struct futex_waiter w[4];

	queue_all(w, 4, &key_a, FUTEX_BITSET_ANY);
	KT_EXPECT_EQ(ctx, futex_requeue(&key_a, &key_b, 1, 2), 3);
	KT_EXPECT(ctx, w[0].woken && !w[1].woken && !w[3].woken);
	KT_EXPECT(ctx, w[1].key.space == key_b.space &&
		  w[2].key.space == key_b.space &&
		  w[3].key.space == key_a.space);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 10, FUTEX_BITSET_ANY), 1);
	KT_EXPECT_EQ(ctx, futex_wake(&key_b, 10, FUTEX_BITSET_ANY), 2);
	KT_EXPECT_EQ(ctx, futex_requeue(&key_a, &key_b, 0, 10), 0);
	unqueue_all(w, 4);
}

/* nr_wake 0: nobody woken, everyone moved (as Linux). */
KTEST(futex, requeue_without_wake)
{
	struct futex_waiter w[3];

	queue_all(w, 3, &key_a, FUTEX_BITSET_ANY);
	KT_EXPECT_EQ(ctx, futex_requeue(&key_a, &key_b, 0, 100), 3);
	KT_EXPECT_EQ(ctx, count_woken(w, 3), 0);
	KT_EXPECT(ctx, futex_unqueue(&w[1]));	/* leaves from key_b's bucket */
	KT_EXPECT_EQ(ctx, futex_wake(&key_b, 10, FUTEX_BITSET_ANY), 2);
}

/* FUTEX_LOCK_PI's waiters (futex_pi.c) share the buckets; a plain wake
 * or requeue passes them by. */
KTEST(futex, wake_skips_pi_waiters)
{
	struct futex_waiter pi, plain;

	futex_queue(&pi, &key_a, FUTEX_BITSET_ANY);
	pi.pi = true;
	futex_queue(&plain, &key_a, FUTEX_BITSET_ANY);
	KT_EXPECT_EQ(ctx, futex_requeue(&key_a, &key_b, 0, 10), 1);
	KT_EXPECT_EQ(ctx, futex_wake(&key_a, 10, FUTEX_BITSET_ANY), 0);
	KT_EXPECT_EQ(ctx, futex_wake(&key_b, 10, FUTEX_BITSET_ANY), 1);
	KT_EXPECT(ctx, plain.woken && !pi.woken);
	KT_EXPECT(ctx, futex_unqueue(&pi));
}
