/*
 * test_mutex.c: sleeping, recursive mutexes.
 */
#include "kernel/ktest.h"
#include "kernel/mutex.h"
#include "kernel/sched/task.h"

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
