/*
 * sched.c: the run queue, schedule(), preemption and the idle task (see
 * task.h).
 *
 * The running task is never on the run queue; a runnable task that is not
 * running is on it exactly once (on_rq).  The queue and task states change
 * only with interrupts off (sched_lock), so the timer and disk interrupts
 * may wake tasks at any time.
 */
#include "kernel/sched/task.h"
#include "kernel/x86/fpu.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/interrupt.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/timer.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/vm.h"

struct task *current;
volatile bool need_resched;
volatile int preempt_count;
bool sched_ready;
volatile uint64_t sched_idle_halts;
volatile uint64_t sched_ticks;

static struct list_head run_queue = LIST_HEAD_INIT(run_queue);
static unsigned int run_queue_len;
static struct spinlock sched_lock = SPINLOCK_INIT;
static struct task idle_task;
extern char boot_stack_bottom[], boot_stack_top[];

/* Called with sched_lock held. */
static void rq_add(struct task *t)
{
	if (t->on_rq || t == &idle_task)
		return;
	t->on_rq = true;
	list_add_tail(&t->run_link, &run_queue);
	run_queue_len++;
}

/* The next task to run, off the queue; the idle task when it is empty. */
static struct task *rq_pick(void)
{
	struct task *t;

	if (list_empty(&run_queue))
		return &idle_task;
	t = list_first_entry(&run_queue, struct task, run_link);
	list_del(&t->run_link);
	t->on_rq = false;
	run_queue_len--;
	return t;
}

unsigned int sched_nr_running(void)
{
	return READ_ONCE(run_queue_len) + (current != &idle_task);
}

static void check_stack(struct task *t)
{
	if (*(uint32_t *)t->stack != TASK_STACK_MAGIC)
		panic("kernel stack overflow in task %d (%s)", t->pid, t->name);
}

static void context_switch(struct task *prev, struct task *next)
{
	check_stack(prev);
	sched_account_switch(prev, next);
	next->switches++;
	current = next;
	tss_set_kernel_stack(next->stack_top);
	if (prev->mm != next->mm)
		mm_switch(next->mm);
	gdt_load_tls(next->tls);
	fpu_switch(prev, next);
	switch_stack(&prev->esp, next->esp);
}


/*
 * Give the CPU to the next runnable task.  The caller stays on the run
 * queue if its state is TASK_RUNNING; otherwise it runs again only after
 * task_wake().  May be called with interrupts on or off; returns with them
 * as they were.
 */
void schedule(void)
{
	uint32_t flags = spin_lock_irqsave(&sched_lock);
	struct task *prev = current, *next;

	if (preempt_count)
		panic("schedule() with preemption disabled (count %d)",
		      preempt_count);
	if (prev->state == TASK_RUNNING)
		rq_add(prev);
	next = rq_pick();
	need_resched = false;
	next->slice_end = clock_ns() + SCHED_SLICE_NS;
	if (next != prev)
		context_switch(prev, next);
	spin_unlock_irqrestore(&sched_lock, flags);
	kthread_reap_dead();
}

/* A new task's first code: schedule() switched to it with sched_lock
 * held, which its switch_stack() "return" never reaches to release. */
void sched_new_task_tail(void)
{
	spin_unlock(&sched_lock);
	kthread_reap_dead();
}

void yield(void)
{
	schedule();
}

/* Make t runnable.  Safe from interrupt handlers. */
void task_wake(struct task *t)
{
	uint32_t flags = spin_lock_irqsave(&sched_lock);

	if (t->state == TASK_SLEEPING) {
		t->state = TASK_RUNNING;
		if (t != current)
			rq_add(t);
		if (current == &idle_task)
			need_resched = true;
	}
	spin_unlock_irqrestore(&sched_lock, flags);
}

void preempt_enable(void)
{
	__asm__ __volatile__("" ::: "memory");
	if (--preempt_count == 0 && need_resched && cpu_irqs_enabled())
		schedule();
}

/* Sleeping is possible once the scheduler runs, outside interrupt
 * handlers, and never in the idle task. */
bool sched_can_sleep(void)
{
	return sched_ready && preempt_count == 0 && current != &idle_task;
}

void sched_irq_enter(void)
{
	preempt_count++;
}

/*
 * On the way out of an interrupt or exception (exceptions run in the
 * context of the task they interrupted, like Linux): preempt the interrupted
 * task if its slice is over or a task was woken for an idle CPU.
 */
void sched_irq_exit(void)
{
	preempt_count--;
}

void sched_trap_return(bool from_user, uint32_t eflags)
{
	if (!sched_ready || !need_resched || preempt_count)
		return;
	if (from_user || (eflags & 0x200))
		schedule();
}

static void sched_tick(struct tick_hook *hook)
{
	sched_ticks++;
	if (current == &idle_task) {
		if (!list_empty(&run_queue))
			need_resched = true;
	} else if (clock_ns() >= current->slice_end) {
		need_resched = true;
	}
}

static struct tick_hook sched_tick_hook = { .fn = sched_tick };

__noreturn void cpu_idle(void)
{
	for (;;) {
		cpu_cli();
		if (!list_empty(&run_queue)) {
			schedule();
			continue;
		}
		sched_idle_halts++;
		/* sti takes effect after hlt starts: no wake-up is missed. */
		__asm__ __volatile__("sti; hlt" ::: "memory");
	}
}

/* The boot thread becomes the idle task, pid 0, on the boot stack. */
void sched_init(void)
{
	struct task *t = &idle_task;

	t->pid = 0;
	t->state = TASK_RUNNING;
	strlcpy(t->name, "idle", sizeof(t->name));
	t->stack = boot_stack_bottom;
	t->stack_top = (uint32_t)boot_stack_top;
	*(uint32_t *)t->stack = TASK_STACK_MAGIC;
	list_init(&t->run_link);
	list_init(&t->all_link);
	list_init(&t->wait_link);
	list_init(&t->timer_link);
	current = t;
	tick_hook_register(&sched_tick_hook);
	sched_timers_init();
	sched_ready = true;
	pr_info("sched: round robin, %u ms slices, kernel preemption\n",
		(unsigned int)(SCHED_SLICE_NS / 1000000));
}
