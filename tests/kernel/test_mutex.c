/*
 * test_mutex.c: sleeping, recursive mutexes, and the spinlocks under
 * them: a spinlock taken twice is caught (spinlock_recursion_hook stands
 * in for the panic), and the mutex's owner changes under its spinlock.
 */
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "kernel/mutex.h"
#include "kernel/sched/task.h"
#include "lib/string.h"

static struct mutex test_mutex = MUTEX_INIT(test_mutex);
static volatile unsigned int shared_counter;

#define ROUNDS	200

/* A read-modify-write with a yield in the middle: without the mutex, the
 * other thread's updates in between are lost. */
static int bump_thread(void *arg)
{
	for (int i = 0; i < ROUNDS; i++) {
		mutex_lock(&test_mutex);
		unsigned int v = shared_counter;

		yield();
		shared_counter = v + 1;
		mutex_unlock(&test_mutex);
	}
	return 0;
}

KTEST(mutex, excludes_across_sleeps)
{
	struct task *a, *b;

	shared_counter = 0;
	a = kthread_create(bump_thread, NULL, "mutex-a");
	b = kthread_create(bump_thread, NULL, "mutex-b");
	KT_ASSERT(ctx, a && b);
	KT_EXPECT_EQ(ctx, kthread_join(a), 0);
	KT_EXPECT_EQ(ctx, kthread_join(b), 0);
	KT_EXPECT_EQ(ctx, shared_counter, 2 * ROUNDS);
	KT_EXPECT(ctx, !mutex_held(&test_mutex));
}

KTEST(mutex, recursive_for_its_owner)
{
	mutex_lock(&test_mutex);
	mutex_lock(&test_mutex);
	KT_EXPECT(ctx, mutex_held(&test_mutex));
	mutex_unlock(&test_mutex);
	KT_EXPECT(ctx, mutex_held(&test_mutex));
	mutex_unlock(&test_mutex);
	KT_EXPECT(ctx, !mutex_held(&test_mutex));
}

static struct spinlock *caught_lock;
static uintptr_t caught_at;

static void catch_recursion(struct spinlock *l, uintptr_t at)
{
	caught_lock = l;
	caught_at = at;
}

KTEST(spinlock, recursion_caught)
{
	struct spinlock l = SPINLOCK_INIT;
	char holder[96];
	uint32_t flags;

	caught_lock = NULL;
	spinlock_recursion_hook = catch_recursion;
	flags = spin_lock_irqsave(&l);
	spin_lock(&l);			/* would spin forever */
	spin_unlock_irqrestore(&l, flags);
	spinlock_recursion_hook = NULL;
	KT_EXPECT(ctx, caught_lock == &l);
	ksym_snprint(holder, sizeof(holder), l.taken_at);
	KT_EXPECT(ctx, strstr(holder, "recursion_caught") != NULL);
	KT_EXPECT_EQ(ctx, l.locked, 0);
}

KTEST(mutex, owner_changes_under_its_spinlock)
{
	struct mutex m = MUTEX_INIT(m);
	uint32_t flags;

	caught_lock = NULL;
	spinlock_recursion_hook = catch_recursion;
	flags = spin_lock_irqsave(&m.lock);
	mutex_lock(&m);			/* must take m.lock: caught */
	spin_unlock_irqrestore(&m.lock, flags);
	spinlock_recursion_hook = NULL;
	KT_EXPECT(ctx, caught_lock == &m.lock);
	KT_EXPECT(ctx, mutex_held(&m));
	mutex_unlock(&m);
	KT_EXPECT(ctx, !mutex_held(&m));
}
