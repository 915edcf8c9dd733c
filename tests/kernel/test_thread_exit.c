/*
 * test_thread_exit.c: what an ending thread holds (kernel/proc/thread.c).
 *
 * Every task running a thread holds its own reference to the address
 * space; a thread that is not the last of its process, once it has left
 * it, holds nothing of the process: no mm (it runs on the kernel's page
 * directory), no proc or thread pointer.  thread_exit_hook stops each
 * such thread right there until the process has been freed, which forces
 * the window in which the old code used the freed process and mm (the
 * last thread frees the mm, the reaper the process, then the stopped
 * threads resumed on them).  The same for execve: when
 * proc_kill_other_threads returns, the threads it ended hold no
 * reference to the old mm.
 */
#include "kernel/ktest.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "tests/kernel/proc_test.h"

#define PT_THREADS	8

struct exit_race {
	struct proc *p;
	volatile bool go;
	volatile bool reaped;		/* the process has been freed */
	volatile int left;		/* threads through the hook */
	volatile int holding;		/* of those, still holding something */
	volatile int keeper_refs;	/* mm references seen by the keeper */
};

static struct exit_race *race;

/* thread_exit_hook: check, then wait in the window until p is freed. */
static void race_hook(void)
{
	struct exit_race *r = race;

	if (current->proc || current->thread || current->mm || vm_current) {
		r->holding++;	/* do not wait: the old code would crash */
	} else {
		while (!r->reaped)
			yield();
	}
	r->left++;
}

static int ender(void *arg)
{
	struct exit_race *r = arg;

	while (!r->go)
		yield();
	thread_exit(0);
}

/* Start the threads, let them end at once, reap: p's exit status. */
static int race_run(struct ktest_ctx *ctx, struct exit_race *r)
{
	int status;

	race = r;
	thread_exit_hook = race_hook;
	r->go = true;
	status = proc_wait_kernel(r->p);
	r->reaped = true;
	while (r->left < PT_THREADS - 1)
		yield();
	thread_exit_hook = NULL;
	KT_EXPECT_EQ(ctx, r->holding, 0);
	return status;
}

KTEST(thread_exit, each_task_holds_the_mm)
{
	struct exit_race r = { 0 };
	unsigned long errors = kmalloc_debug_errors;
	bool debug = kmalloc_debug_set(true);

	r.p = pt_proc(0);
	KT_ASSERT(ctx, r.p != NULL);
	for (int i = 0; i < PT_THREADS; i++)
		KT_ASSERT(ctx, pt_thread(r.p, ender, &r) != NULL);
	KT_EXPECT_EQ(ctx, r.p->nr_threads, PT_THREADS);
	KT_EXPECT_EQ(ctx, r.p->mm->refcount, 1 + PT_THREADS);
	KT_EXPECT_EQ(ctx, race_run(ctx, &r), 0);
	for (int i = 0; i < 10; i++)
		yield();		/* let the last tasks be freed */
	kmalloc_debug_set(debug);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors);
}

/* The first thread execs: the others end, then it checks the old mm. */
static int keeper(void *arg)
{
	struct exit_race *r = arg;

	while (!r->go)
		yield();
	if (proc_kill_other_threads() == 0)
		r->keeper_refs = (int)r->p->mm->refcount;
	thread_exit(0);
}

static int killed(void *arg)
{
	struct exit_race *r = arg;

	while (!r->go || !signal_check())
		yield();
	thread_exit(0);
}

KTEST(thread_exit, exec_ends_threads_without_the_mm)
{
	struct exit_race r = { 0 };

	r.p = pt_proc(0);
	KT_ASSERT(ctx, r.p != NULL);
	KT_ASSERT(ctx, pt_thread(r.p, keeper, &r) != NULL);
	for (int i = 1; i < PT_THREADS; i++)
		KT_ASSERT(ctx, pt_thread(r.p, killed, &r) != NULL);
	KT_EXPECT_EQ(ctx, race_run(ctx, &r), 0);
	/* The process's reference and the keeper task's, nobody else's. */
	KT_EXPECT_EQ(ctx, r.keeper_refs, 2);
}
