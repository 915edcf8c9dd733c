/*
 * kthread.c: creating and ending tasks; kernel threads; pids.
 *
 * A new thread's stack is built so that the first switch_stack() into it
 * "returns" to kthread_entry(), which enables interrupts and calls
 * fn(arg); fn's return value goes to kthread_exit().  An ended thread is a
 * zombie until kthread_join() frees it; a detached one is freed by the
 * next task to run (a task cannot free the stack it is running on).
 *
 * Pids come from a bitmap of PID_MAX bits, allocated round robin so that
 * a pid is not reused soon.  Everything here runs with interrupts off
 * (task_lock) while it touches the lists.
 */
#include "kernel/sched/task.h"
#include "kernel/prof/prof.h"
#include "kernel/x86/fpu.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"
#include "lib/string.h"
#include "mm/mm.h"

static struct spinlock task_lock = SPINLOCK_INIT;
static struct list_head all_tasks = LIST_HEAD_INIT(all_tasks);
static struct task *dead_task;		/* detached, ended, to be freed */
/* pid 0 is the idle task's; pid 1 is kept for init, the first user
 * process (uthread_create_init), as on Linux. */
static uint32_t pid_bitmap[PID_MAX / 32] = { 3 };
static bool init_pid_given;
static int pid_last;
static unsigned int ntasks;


/* A free pid, or -EAGAIN.  Caller holds task_lock. */
static int pid_alloc(void)
{
	for (int i = 1; i < PID_MAX; i++) {
		int pid = (pid_last + i) % PID_MAX;

		if (!(pid_bitmap[pid / 32] & (1u << (pid % 32)))) {
			pid_bitmap[pid / 32] |= 1u << (pid % 32);
			pid_last = pid;
			return pid;
		}
	}
	return -EAGAIN;
}

int task_last_pid(void)
{
	return READ_ONCE(pid_last);
}

static void pid_free(int pid)
{
	pid_bitmap[pid / 32] &= ~(1u << (pid % 32));
}

/* Free pid, which a task with keep_pid left allocated. */
void pid_release(int pid)
{
	uint32_t flags = spin_lock_irqsave(&task_lock);

	if (pid > 0 && pid < PID_MAX)
		pid_free(pid);
	spin_unlock_irqrestore(&task_lock, flags);
}

static void task_free(struct task *t)
{
	uint32_t flags = spin_lock_irqsave(&task_lock);

	list_del(&t->all_link);
	if (!t->keep_pid)
		pid_free(t->pid);
	ntasks--;
	spin_unlock_irqrestore(&task_lock, flags);
	page_free(virt_to_page(t->stack), TASK_STACK_ORDER);
	fpu_free(t);
	kfree(t);
}

static __noreturn void kthread_entry(void)
{
	sched_new_task_tail();
	cpu_sti();
	kthread_exit(current->fn(current->arg));
}

/* Lay out the stack as switch_stack() leaves a switched-out task, below
 * reserve bytes kept free at the top. */
static void kthread_build_stack(struct task *t, uint32_t reserve)
{
	uint32_t *sp = (uint32_t *)(t->stack_top - reserve);

	*--sp = 0;			/* kthread_entry's return address */
	*--sp = (uint32_t)kthread_entry;
	*--sp = 0;			/* ebp: ends the backtrace */
	*--sp = 0;			/* ebx */
	*--sp = 0;			/* esi */
	*--sp = 0;			/* edi */
	t->esp = (uint32_t)sp;
}

/*
 * A task's kernel stack: 2^TASK_STACK_ORDER fresh frames, cleared.  The
 * clearing is for QEMU's TCG, where the stack would otherwise be slow:
 * a frame that once held code run by a program (a page-cache page of an
 * executable freed since) keeps QEMU's translations of that code, and
 * QEMU then checks every store to the frame for self-modifying code,
 * through a slow path, until a store has landed on each translated
 * byte.  A stack's pushes only ever hit its top few hundred bytes, so
 * that moment never came, and with an unlucky frame pipe-pingpong took
 * 630 us per round trip instead of 33.  Clearing the whole stack once
 * writes every byte, which drops all stale translations at once (one
 * memset per fork or clone; free on real hardware).  NULL if out of
 * memory.
 */
static void *task_stack_alloc(void)
{
	struct page *pg = page_alloc(TASK_STACK_ORDER);

	if (!pg)
		return NULL;
	memset(page_address(pg), 0, TASK_STACK_SIZE);
	return page_address(pg);
}

static struct task *task_alloc(const char *name)
{
	struct task *t = kmalloc(sizeof(*t));
	void *stack = task_stack_alloc();

	if (!t || !stack) {
		kfree(t);
		if (stack)
			page_free(virt_to_page(stack), TASK_STACK_ORDER);
		return NULL;
	}
	memset(t, 0, sizeof(*t));
	strlcpy(t->name, name, sizeof(t->name));
	t->stack = stack;
	t->stack_top = (uint32_t)t->stack + TASK_STACK_SIZE;
	*(uint32_t *)t->stack = TASK_STACK_MAGIC;
	list_init(&t->run_link);
	list_init(&t->wait_link);
	list_init(&t->timer_link);
	return t;
}

/* Pid 1 the first time init asks, else -EBUSY.  Caller holds task_lock. */
static int pid_take_init(void)
{
	if (init_pid_given)
		return -EBUSY;
	init_pid_given = true;
	return 1;
}

/*
 * A new kernel thread running fn(arg), runnable if wake (it first runs at
 * the caller's next schedule point), else sleeping until task_wake(); it
 * gets pid 1 if init, else a free pid.  Returns NULL when out of memory
 * or pids.  The caller must kthread_join() or kthread_detach() it.
 */
static struct task *task_create(int (*fn)(void *arg), void *arg,
			       const char *name, uint32_t reserve, bool wake,
			       bool init)
{
	struct task *t = task_alloc(name);
	uint32_t flags;

	if (!t)
		return NULL;
	t->fn = fn;
	t->arg = arg;
	/* A task that will run user code (room kept for its trap frame)
	 * gets an FPU state of its own before it can run. */
	if (reserve && fpu_alloc(t) < 0) {
		page_free(virt_to_page(t->stack), TASK_STACK_ORDER);
		kfree(t);
		return NULL;
	}
	kthread_build_stack(t, reserve);
	flags = spin_lock_irqsave(&task_lock);
	t->pid = init ? pid_take_init() : pid_alloc();
	if (t->pid > 0) {
		list_add_tail(&t->all_link, &all_tasks);
		ntasks++;
	}
	spin_unlock_irqrestore(&task_lock, flags);
	if (t->pid < 0) {
		page_free(virt_to_page(t->stack), TASK_STACK_ORDER);
		fpu_free(t);
		kfree(t);
		return NULL;
	}
	t->state = TASK_SLEEPING;
	if (wake)
		task_wake(t);
	return t;
}

__noreturn void kthread_exit(int code)
{
	struct task *t = current;

	cpu_cli();
	t->exit_code = code;
	t->state = TASK_ZOMBIE;
	if (t->detached)
		dead_task = t;
	else if (t->joiner)
		task_wake(t->joiner);
	schedule();
	panic("zombie task %d ran again", t->pid);
}

struct task *kthread_create(int (*fn)(void *arg), void *arg, const char *name)
{
	struct task *t = task_create(fn, arg, name, 0, true, false);

	if (t)
		prof_kthread(t);
	return t;
}

/* Call fn(t, arg) on every task, with interrupts off (fn must not
 * sleep); the sum of its returns. */
int task_for_each(int (*fn)(struct task *t, void *arg), void *arg)
{
	struct task *t;
	uint32_t flags;
	int sum = 0;

	flags = spin_lock_irqsave(&task_lock);
	list_for_each_entry(t, &all_tasks, all_link)
		sum += fn(t, arg);
	spin_unlock_irqrestore(&task_lock, flags);
	return sum;
}

/* As kthread_create, with room for a user-mode trap frame kept free at
 * the top of the stack (where the CPU puts it on entry from ring 3); the
 * task sleeps until task_wake(). */
struct task *uthread_create(int (*fn)(void *arg), void *arg, const char *name)
{
	return task_create(fn, arg, name, sizeof(struct trap_frame), false,
			   false);
}

/* As uthread_create, with pid 1: for init, once (NULL after that). */
struct task *uthread_create_init(int (*fn)(void *arg), void *arg,
				 const char *name)
{
	return task_create(fn, arg, name, sizeof(struct trap_frame), false,
			   true);
}

/* Free the detached task that ended before the last switch, if any. */
void kthread_reap_dead(void)
{
	uint32_t flags = irq_save();
	struct task *t = dead_task;

	if (t && t != current) {
		dead_task = NULL;
		irq_restore(flags);
		task_free(t);
		return;
	}
	irq_restore(flags);
}

/* Sleep until t has ended, free it and return its exit code. */
int kthread_join(struct task *t)
{
	uint32_t flags = irq_save();
	int code;

	while (t->state != TASK_ZOMBIE) {
		t->joiner = current;
		current->state = TASK_SLEEPING;
		schedule();
	}
	irq_restore(flags);
	code = t->exit_code;
	task_free(t);
	return code;
}

/* t frees itself when it ends (now, if it already has). */
void kthread_detach(struct task *t)
{
	uint32_t flags = irq_save();

	t->detached = true;
	if (t->state == TASK_ZOMBIE) {
		irq_restore(flags);
		task_free(t);
		return;
	}
	irq_restore(flags);
}

unsigned int task_count(void)
{
	return ntasks;
}
