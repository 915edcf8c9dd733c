/*
 * test_fpu.c: each task that runs user code keeps its own x87 registers
 * across context switches.
 */
#include "kernel/x86/fpu.h"
#include "kernel/ktest.h"
#include "kernel/sched/task.h"

/* Push value on the x87 stack, yield many times, pop it back: returns
 * whether it came back unchanged (another task's pushes in between would
 * have replaced it if the registers were shared). */
static int fpu_keeper(void *arg)
{
	uint32_t value = (uint32_t)(uintptr_t)arg, back = 0;

	__asm__ __volatile__("fildl %0" : : "m"(value));
	for (int i = 0; i < 50; i++)
		yield();
	__asm__ __volatile__("fistpl %0" : "=m"(back));
	return back == value ? 0 : 1;
}

KTEST(fpu, registers_survive_switches)
{
	struct task *a = uthread_create(fpu_keeper, (void *)1234567, "fpu-a");
	struct task *b = uthread_create(fpu_keeper, (void *)7654321, "fpu-b");

	KT_ASSERT(ctx, a && b);
	KT_EXPECT(ctx, a->fpu && b->fpu);
	task_wake(a);		/* user threads start asleep */
	task_wake(b);
	KT_EXPECT_EQ(ctx, kthread_join(a), 0);
	KT_EXPECT_EQ(ctx, kthread_join(b), 0);
}
