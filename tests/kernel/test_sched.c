/*
 * test_sched.c: tasks, the scheduler, wait queues and sleep timers.
 *
 * The tests run in the "kmain" kernel thread; they create threads, let
 * them run (by sleeping, yielding or being preempted) and join them.
 */
#include "kernel/clock.h"
#include "fs/vfs.h"
#include "kernel/ktest.h"
#include "kernel/sched/task.h"
#include "kernel/timer.h"
#include "kernel/wait.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/pagecache.h"

static int add_one(void *arg)
{
	return (int)(uintptr_t)arg + 1;
}

KTEST(sched, kthread_runs_and_exits)
{
	struct task *t = kthread_create(add_one, (void *)41, "add");

	KT_ASSERT(ctx, t != NULL);
	KT_EXPECT(ctx, t->pid > 0 && t->pid != current->pid);
	KT_EXPECT_EQ(ctx, kthread_join(t), 42);
}

/*
 * A new task's stack comes cleared (kthread.c: task_stack_alloc says why,
 * QEMU's checks for self-modifying code).  A stack-sized block is dirtied
 * and freed first, so that the buddy allocator most likely hands the same
 * frames to the thread.  add_one runs in well under a quarter of the
 * stack: the lower three quarters must still read zero, whether it has
 * run yet or not.
 */
KTEST(sched, new_stack_is_cleared)
{
	struct page *pg = page_alloc(TASK_STACK_ORDER);
	const uint32_t *w;
	struct task *t;
	bool clear = true;

	KT_ASSERT(ctx, pg != NULL);
	memset(page_address(pg), 0xa5, TASK_STACK_SIZE);
	page_free(pg, TASK_STACK_ORDER);
	t = kthread_create(add_one, (void *)1, "clear");
	KT_ASSERT(ctx, t != NULL);
	w = t->stack;
	KT_EXPECT_EQ(ctx, w[0], TASK_STACK_MAGIC);
	for (uint32_t i = 1; i < TASK_STACK_SIZE / 4 * 3 / 4; i++)
		clear = clear && w[i] == 0;
	KT_EXPECT(ctx, clear);
	KT_EXPECT_EQ(ctx, kthread_join(t), 2);
}

struct spinner {
	volatile bool stop;
	volatile uint32_t count;
};

/* Busy without ever yielding: only preemption lets others run. */
static int spin(void *arg)
{
	struct spinner *s = arg;

	while (!s->stop)
		s->count++;
	return 0;
}

KTEST(sched, round_robin_preempts_busy_threads)
{
	struct spinner s[3] = { 0 };
	struct task *t[3];
	uint32_t min = UINT32_MAX, max = 0;

	for (int i = 0; i < 3; i++)
		t[i] = kthread_create(spin, &s[i], "spin");
	sleep_ns(300000000ull);
	for (int i = 0; i < 3; i++)
		s[i].stop = true;
	for (int i = 0; i < 3; i++) {
		KT_ASSERT(ctx, t[i] != NULL);
		KT_EXPECT(ctx, t[i]->switches >= 3);
		kthread_join(t[i]);
		min = s[i].count < min ? s[i].count : min;
		max = s[i].count > max ? s[i].count : max;
	}
	KT_EXPECT(ctx, min > 0);
	/* Fair within a factor of 3 over 30 slices. */
	KT_EXPECT(ctx, (uint64_t)min * 3 >= max);
}

static int yielder(void *arg)
{
	volatile uint32_t *n = arg;

	for (int i = 0; i < 100; i++) {
		(*n)++;
		yield();
	}
	return 0;
}

KTEST(sched, yield_alternates)
{
	volatile uint32_t a = 0, b = 0;
	struct task *ta = kthread_create(yielder, (void *)&a, "ya");
	struct task *tb = kthread_create(yielder, (void *)&b, "yb");

	KT_ASSERT(ctx, ta && tb);
	kthread_join(ta);
	kthread_join(tb);
	KT_EXPECT_EQ(ctx, a, 100);
	KT_EXPECT_EQ(ctx, b, 100);
}

static struct wait_queue tick_wq = WAIT_QUEUE_INIT(tick_wq);
static volatile uint32_t tick_count;

static void tick_waker(struct tick_hook *h)
{
	tick_count++;
	wake_up(&tick_wq);
}

KTEST(sched, wait_queue_woken_from_irq)
{
	struct tick_hook hook = { .fn = tick_waker };
	uint32_t start, switches = current->switches;

	tick_count = 0;
	tick_hook_register(&hook);
	start = tick_count;
	for (int i = 0; i < 10; i++) {
		uint32_t seen = tick_count;

		wait_event(&tick_wq, tick_count != seen);
	}
	tick_hook_unregister(&hook);
	KT_EXPECT(ctx, tick_count - start >= 10);
	/* It really slept: it was switched out and back in. */
	KT_EXPECT(ctx, current->switches - switches >= 10);
}

KTEST(sched, sleep_ns_accuracy)
{
	uint64_t t0 = clock_ns();
	uint64_t dt;

	sleep_ns(50000000ull);
	dt = clock_ns() - t0;
	KT_EXPECT(ctx, dt >= 50000000ull);
	KT_EXPECT(ctx, dt < 50000000ull + 5 * 1000000000ull / HZ + 20000000ull);
}

KTEST(sched, wait_event_timeout_expires)
{
	static struct wait_queue wq = WAIT_QUEUE_INIT(wq);
	uint64_t t0 = clock_ns(), dt;
	bool ok = wait_event_timeout(&wq, false, 30000000ull);

	dt = clock_ns() - t0;
	KT_EXPECT(ctx, !ok);
	KT_EXPECT(ctx, dt >= 30000000ull && dt < 200000000ull);
	KT_EXPECT(ctx, wait_event_timeout(&wq, true, 30000000ull));
}

static int nap(void *arg)
{
	sleep_ns((uintptr_t)arg * 1000000ull);
	return 0;
}

KTEST(sched, many_threads_no_leak)
{
	size_t free0 = mm_free_pages();
	unsigned int tasks0 = task_count();
	struct task *t[32];

	for (int round = 0; round < 8; round++) {
		for (int i = 0; i < 32; i++)
			t[i] = kthread_create(nap, (void *)(uintptr_t)(i % 4), "nap");
		for (int i = 0; i < 32; i++) {
			KT_ASSERT(ctx, t[i] != NULL);
			kthread_join(t[i]);
		}
	}
	/* Detached ones free themselves. */
	for (int i = 0; i < 16; i++) {
		struct task *d = kthread_create(nap, NULL, "det");

		KT_ASSERT(ctx, d != NULL);
		kthread_detach(d);
	}
	sleep_ns(50000000ull);
	KT_EXPECT_EQ(ctx, task_count(), tasks0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free0);
}

KTEST(sched, idle_halts)
{
	uint64_t halts = sched_idle_halts, ticks = sched_ticks;
	uint64_t t0 = rdtsc(), cycles;

	sleep_ns(100000000ull);
	cycles = rdtsc() - t0;
	/* Asleep for ~10 ticks (fewer when a loaded host delivers them
	 * late): idle halted, about once per interrupt, not millions of
	 * times (a busy loop). */
	KT_EXPECT(ctx, sched_idle_halts - halts >= 1);
	KT_EXPECT(ctx, sched_idle_halts - halts <= 4 * (sched_ticks - ticks) + 20);
	KT_EXPECT(ctx, cycles > 0);
}

KTEST(sched, flusher_runs_and_stops)
{
	unsigned long passes = flusher_passes;

	KT_ASSERT_EQ(ctx, flusher_start(20000000ull), 0);
	sleep_ns(100000000ull);
	flusher_stop();
	KT_EXPECT(ctx, flusher_passes - passes >= 2);
	passes = flusher_passes;
	sleep_ns(50000000ull);
	KT_EXPECT_EQ(ctx, flusher_passes, passes);
}
