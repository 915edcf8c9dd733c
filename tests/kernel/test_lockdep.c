/*
 * test_lockdep.c: the lock-order validator (kernel/lockdep.h) and the
 * mutex's handoff.  The validator is forced on for these tests (the test
 * kernel boots with it on anyway); the classes they make are forgotten
 * after each one, so that a later run of the same test starts clean.
 */
#include "kernel/ktest.h"
#include "kernel/lockdep.h"
#include "kernel/mutex.h"
#include "kernel/sched/task.h"

static struct mutex lock_a = MUTEX_INIT(lock_a);
static struct mutex lock_b = MUTEX_INIT(lock_b);
static struct mutex lock_c = MUTEX_INIT(lock_c);

static uint32_t inversions(void)
{
	struct lockdep_stats st;

	lockdep_stats(&st);
	return st.inversions;
}

static void take_in_order(struct mutex *first, struct mutex *second)
{
	mutex_lock(first);
	mutex_lock(second);
	mutex_unlock(second);
	mutex_unlock(first);
}

/* Turn the validator on for a test: whether it was on, for forget_all. */
static bool validator_on(void)
{
	bool was_on = lockdep_enabled;

	lockdep_enabled = true;
	return was_on;
}

static void forget_all(bool was_on)
{
	lockdep_forget(&lock_a.dep);
	lockdep_forget(&lock_b.dep);
	lockdep_forget(&lock_c.dep);
	lockdep_enabled = was_on;
}

KTEST(lockdep, opposite_orders_reported)
{
	bool was_on = validator_on();
	uint32_t before = inversions();

	take_in_order(&lock_a, &lock_b);
	take_in_order(&lock_a, &lock_b);	/* the same order: fine */
	KT_EXPECT_EQ(ctx, inversions(), before);
	take_in_order(&lock_b, &lock_a);	/* could deadlock with the first */
	KT_EXPECT_EQ(ctx, inversions(), before + 1);
	ctx->lockdep_reports = inversions() - before;
	forget_all(was_on);
}

KTEST(lockdep, inversion_through_a_third_class)
{
	bool was_on = validator_on();
	uint32_t before = inversions();

	take_in_order(&lock_a, &lock_b);
	take_in_order(&lock_b, &lock_c);
	take_in_order(&lock_a, &lock_c);
	KT_EXPECT_EQ(ctx, inversions(), before);
	take_in_order(&lock_c, &lock_a);	/* c before a, a before b before c */
	KT_EXPECT_EQ(ctx, inversions(), before + 1);
	ctx->lockdep_reports = inversions() - before;
	forget_all(was_on);
}

KTEST(lockdep, recursion_and_trylock_are_not_orders)
{
	bool was_on = validator_on();
	uint32_t before = inversions();

	mutex_lock(&lock_a);
	mutex_lock(&lock_b);
	mutex_lock(&lock_a);			/* recursive: no b before a */
	mutex_unlock(&lock_a);
	mutex_unlock(&lock_b);
	mutex_unlock(&lock_a);
	mutex_lock(&lock_c);
	KT_EXPECT(ctx, mutex_trylock(&lock_a));	/* cannot wait: no c before a */
	mutex_unlock(&lock_a);
	mutex_unlock(&lock_c);
	take_in_order(&lock_a, &lock_c);
	KT_EXPECT_EQ(ctx, inversions(), before);
	KT_EXPECT_EQ(ctx, current->lockdep.nr, 0);
	forget_all(was_on);
}

KTEST(lockdep, user_return_with_a_lock_held_reported)
{
	bool was_on = validator_on();
	struct lockdep_stats st;
	uint32_t before;

	lockdep_stats(&st);
	before = st.held_at_user;
	lockdep_user_return();
	lockdep_stats(&st);
	KT_EXPECT_EQ(ctx, st.held_at_user, before);
	mutex_lock(&lock_a);
	lockdep_user_return();
	mutex_unlock(&lock_a);
	lockdep_stats(&st);
	KT_EXPECT_EQ(ctx, st.held_at_user, before + 1);
	ctx->lockdep_reports = st.held_at_user - before;
	forget_all(was_on);
}

static struct mutex fair_mutex = MUTEX_INIT(fair_mutex);
static int fair_order[4];
static int fair_taken;

static int fair_thread(void *arg)
{
	mutex_lock(&fair_mutex);
	fair_order[fair_taken++] = (int)(uintptr_t)arg;
	mutex_unlock(&fair_mutex);
	return 0;
}

/* Start a thread that queues on fair_mutex (held by the caller). */
static struct task *queue_waiter(uintptr_t id)
{
	struct task *t = kthread_create(fair_thread, (void *)id, "fair");

	for (int i = 0; t && i < 100 && t->state != TASK_SLEEPING; i++)
		yield();
	return t;
}

/* An unlock with sleepers hands the mutex over: the task that let it go
 * and wants it back at once queues behind those already waiting (without
 * the handoff it would take it again first). */
KTEST(mutex, handed_to_the_longest_waiter)
{
	struct task *first, *second;

	fair_taken = 0;
	mutex_lock(&fair_mutex);
	first = queue_waiter(1);
	second = queue_waiter(2);
	KT_ASSERT(ctx, first && second);
	KT_EXPECT_EQ(ctx, first->state, TASK_SLEEPING);
	KT_EXPECT_EQ(ctx, second->state, TASK_SLEEPING);
	mutex_unlock(&fair_mutex);
	mutex_lock(&fair_mutex);
	fair_order[fair_taken++] = 3;
	mutex_unlock(&fair_mutex);
	KT_EXPECT_EQ(ctx, kthread_join(first), 0);
	KT_EXPECT_EQ(ctx, kthread_join(second), 0);
	KT_ASSERT(ctx, fair_taken == 3);
	KT_EXPECT_EQ(ctx, fair_order[0], 1);
	KT_EXPECT_EQ(ctx, fair_order[1], 2);
	KT_EXPECT_EQ(ctx, fair_order[2], 3);
	KT_EXPECT(ctx, !mutex_held(&fair_mutex));
}
