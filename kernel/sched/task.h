/*
 * task.h: tasks, the scheduler and kernel threads.
 *
 * A task is a thread of execution with its own kernel stack (TASK_STACK_SIZE
 * bytes from page_alloc).  Kernel threads have mm == NULL and run on
 * kernel_pgdir; user processes point mm at their address space and the
 * context switch loads it (mm_switch) when it changes, and loads the
 * task's TLS descriptors (set_thread_area) into the GDT.
 *
 * Scheduling is round robin over one run queue (a list: O(1) to pick and
 * to queue).  The PIT tick gives each task a slice of SCHED_SLICE_NS and
 * sets need_resched when it is used up; the interrupt return path then
 * calls schedule() when the interrupted code may be preempted: always when
 * returning to user mode, and in the kernel when preempt_count is 0 and
 * the interrupted code had interrupts enabled.  Every spinlock holder has
 * interrupts off (spin_lock_irqsave), so it is never preempted.
 *
 * A task's pid returns to the pool when the task is freed, unless it set
 * keep_pid: a process keeps its pid (its first thread's) until it is
 * reaped, long after that thread may have ended, and pid_release() frees it.
 *
 * The boot thread becomes the idle task (pid 0), which halts with "sti;
 * hlt" whenever nothing is runnable.
 *
 * Interface:
 *	sched_init()			the boot thread becomes pid 0
 *	current				the running task
 *	schedule(), yield()		give up the CPU
 *	kthread_create(fn, arg, name)	a runnable kernel thread, or NULL
 *	uthread_create(fn, arg, name)	the same, for a user thread's task: a
 *					user trap frame fits above fn's stack;
 *					it stays asleep until task_wake(), so
 *					that its creator can finish it first
 *	uthread_create_init(fn, arg, name)  the same with pid 1, kept for
 *					init (once)
 *	kthread_exit(code)		end the calling thread
 *	kthread_join(t)			wait for t to end, free it, get its code
 *	kthread_detach(t)		t is freed by itself when it ends
 *	task_wake(t)			make a sleeping task runnable
 *	pid_release(pid)		free a pid a task kept (keep_pid)
 *	sleep_ns(ns)			sleep at least ns nanoseconds
 *	preempt_disable/enable		forbid preemption of the caller
 *	cpu_idle()			the idle loop (never returns)
 *	sched_account_tick(user)	charge the tick to current (acct.c)
 *	cpu_stat			the CPU's time by kind, switches
 */
#ifndef KERNEL_SCHED_TASK_H
#define KERNEL_SCHED_TASK_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/lockdep.h"
#include "lib/compiler.h"
#include "lib/list.h"

#define TASK_STACK_ORDER	2		/* 16 KiB */
#define TASK_STACK_SIZE		(4096u << TASK_STACK_ORDER)
#define TASK_NAME_LEN		16
#define PID_MAX			32768
#define SCHED_SLICE_NS		10000000ull	/* 10 ms */
#define TASK_STACK_MAGIC	0x57ac6e11u	/* at the bottom of each stack */

enum task_state {
	TASK_RUNNING,		/* running or on the run queue */
	TASK_SLEEPING,		/* on a wait queue or a timer */
	TASK_ZOMBIE,		/* ended, waiting to be joined */
};

struct mm;
struct proc;
struct thread;
struct wait_queue;
struct meta_wait;

/*
 * What a task has used (kernel/sched/acct.c), as Linux's rusage counts
 * it: CPU time sampled at the timer tick (a whole tick goes to the mode
 * the tick interrupted), page faults served, and context switches, which
 * are voluntary when the task gave up the CPU to sleep.
 */
struct task_acct {
	uint64_t utime_ns, stime_ns;
	uint64_t minflt, majflt;
	uint64_t nvcsw, nivcsw;
};

/* The CPU's time since boot by kind (/proc/stat), and switches. */
struct cpu_stat {
	uint64_t user_ns, nice_ns, system_ns, idle_ns;
	uint64_t ctxt;
};
extern struct cpu_stat cpu_stat;

struct task {
	int pid;
	enum task_state state;
	char name[TASK_NAME_LEN];
	uint32_t esp;			/* saved by switch_stack */
	void *stack;			/* lowest address of the kernel stack */
	uint32_t stack_top;		/* its end: the TSS esp0 */
	struct mm *mm;			/* NULL: kernel thread */
	struct proc *proc;		/* the process it runs, or NULL */
	struct thread *thread;		/* its user thread (kernel/proc) */
	uint64_t tls[3];		/* GDT TLS descriptors (set_thread_area) */
	void *fpu;			/* x87/SSE state (kernel/x86/fpu.h), or NULL */
	struct list_head run_link;	/* run queue */
	struct list_head all_link;	/* every task */
	struct list_head wait_link;	/* a wait queue's sleepers */
	struct list_head timer_link;	/* the sleep timers, by deadline */
	uint64_t wake_at;		/* timer deadline (clock_ns) */
	uint64_t slice_end;		/* clock_ns when its slice ends */
	bool on_rq;
	bool detached;			/* freed by itself when it ends */
	bool keep_pid;			/* its pid outlives it (pid_release) */
	int exit_code;
	int (*fn)(void *arg);		/* kernel thread body */
	void *arg;
	struct task *joiner;		/* sleeping in kthread_join */
	uint64_t switches;		/* times it was switched in */
	struct task_acct acct;		/* CPU time, faults, switches */
	int nice;			/* -20..19 (setpriority), inherited */
	struct lockdep_held lockdep;	/* the lock classes it holds */
	struct meta_wait *meta_wait;	/* armed VFS op (fs/metawait.c) */
};

extern struct task *current;
extern volatile bool need_resched;
extern volatile int preempt_count;
extern bool sched_ready;

void sched_init(void);
void schedule(void);
void yield(void);
__noreturn void cpu_idle(void);
void task_wake(struct task *t);
bool sched_can_sleep(void);

struct task *kthread_create(int (*fn)(void *arg), void *arg, const char *name);
struct task *uthread_create(int (*fn)(void *arg), void *arg, const char *name);
struct task *uthread_create_init(int (*fn)(void *arg), void *arg,
				 const char *name);
__noreturn void kthread_exit(int code);
int kthread_join(struct task *t);
void kthread_detach(struct task *t);
unsigned int task_count(void);
/* Call fn on every task with interrupts off (it must not sleep); the
 * sum of its returns. */
int task_for_each(int (*fn)(struct task *t, void *arg), void *arg);
/* Tasks running or waiting to run (the idle task not counted). */
unsigned int sched_nr_running(void);
/* The pid handed out last. */
int task_last_pid(void);
void pid_release(int pid);
/* kernel/sched/loadavg.c: the 1, 5 and 15 minute load averages, in
 * hundredths (Linux's exponentially damped averages of sched_nr_running). */
void sched_loadavg(unsigned long avg[3]);

/* kernel/sched/acct.c: from the timer interrupt, charge one tick to the
 * running task, as user time when the tick interrupted user mode; and a
 * switch from prev (still TASK_RUNNING: involuntary) to next. */
void sched_account_tick(bool user);
void sched_account_switch(struct task *prev, struct task *next);

/* Sleep timers (kernel/sched/sleep.c).  Called with interrupts off. */
void sched_timer_arm(struct task *t, uint64_t deadline);
void sched_timer_cancel(struct task *t);
void sleep_ns(uint64_t ns);
void sched_timers_init(void);
void sched_new_task_tail(void);
void kthread_reap_dead(void);

/* Statistics for tests: idle loop passes (halts) and timer ticks seen. */
extern volatile uint64_t sched_idle_halts;
extern volatile uint64_t sched_ticks;

static inline void preempt_disable(void)
{
	preempt_count++;
	__asm__ __volatile__("" ::: "memory");
}

void preempt_enable(void);

/* kernel/sched/switch.asm: save callee-saved registers on the current
 * stack, store esp in *save_esp, load new_esp, restore and return. */
void switch_stack(uint32_t *save_esp, uint32_t new_esp);

/* Called by kernel/x86/idt.c around IRQ handlers (which may not sleep or be
 * preempted), then on the way out of every interrupt and exception. */
void sched_irq_enter(void);
void sched_irq_exit(void);
void sched_trap_return(bool from_user, uint32_t eflags);

#endif
