/*
 * poll.c: poll tables: one task waiting on the wait queues of many files
 * at once (see poll.h).
 *
 * Entries come from the table itself for the first POLL_INLINE_ENTRIES
 * queues, then from chunks of a page each.  A wake-up on any queue sets
 * the table's triggered flag and makes the waiter runnable; poll_sleep()
 * tests the flag and marks the task sleeping with interrupts off, so a
 * wake-up cannot slip between the test and the sleep.
 *
 * Interface: poll.h.
 */
#include "fs/poll.h"
#include "fs/vfs.h"
#include "kernel/clock.h"
#include "lib/compiler.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"

#define POLL_CHUNK_ENTRIES \
	((PAGE_SIZE - 2 * sizeof(void *)) / sizeof(struct poll_entry))

struct poll_chunk {
	struct poll_chunk *next;
	unsigned int nr;
	struct poll_entry entries[POLL_CHUNK_ENTRIES];
};

unsigned int vfs_poll(struct file *f, struct poll_table *pt)
{
	if (!f->fops || !f->fops->poll)
		return POLL_DEFAULT_MASK;
	return f->fops->poll(f, pt);
}

void poll_table_init(struct poll_table *pt)
{
	pt->task = current;
	pt->queue = NULL;
	pt->triggered = false;
	pt->registering = true;
	pt->error = 0;
	pt->nr_inline = 0;
	pt->chunks = NULL;
}

/* A free entry of pt, or NULL when out of memory. */
static struct poll_entry *poll_entry_alloc(struct poll_table *pt)
{
	struct poll_chunk *c = pt->chunks;

	if (pt->nr_inline < POLL_INLINE_ENTRIES)
		return &pt->inline_entries[pt->nr_inline++];
	if (!c || c->nr == POLL_CHUNK_ENTRIES) {
		c = kmalloc(sizeof(*c));
		if (!c)
			return NULL;
		c->nr = 0;
		c->next = pt->chunks;
		pt->chunks = c;
	}
	return &c->entries[c->nr++];
}

/* A wake-up on one of the queues (interrupts off, the queue locked). */
static void poll_wake(struct wait_entry *w, unsigned int key)
{
	struct poll_entry *e = container_of(w, struct poll_entry, wait);

	e->table->triggered = true;
	task_wake(e->table->task);
}

void poll_wait(struct file *f, struct wait_queue *wq, struct poll_table *pt)
{
	struct poll_entry *e;

	if (!pt)
		return;
	if (pt->queue) {
		pt->queue(pt, wq);
		return;
	}
	if (!pt->registering)
		return;
	e = poll_entry_alloc(pt);
	if (!e) {
		pt->error = -ENOMEM;
		return;
	}
	file_ref_get(f);
	e->file = f;
	e->wq = wq;
	e->table = pt;
	e->wait.wake = poll_wake;
	wait_entry_add(wq, &e->wait);
}

static void poll_entry_free(struct poll_entry *e)
{
	wait_entry_remove(e->wq, &e->wait);
	vfs_close(e->file);
}

void poll_table_free(struct poll_table *pt)
{
	for (unsigned int i = 0; i < pt->nr_inline; i++)
		poll_entry_free(&pt->inline_entries[i]);
	while (pt->chunks) {
		struct poll_chunk *c = pt->chunks;

		for (unsigned int i = 0; i < c->nr; i++)
			poll_entry_free(&c->entries[i]);
		pt->chunks = c->next;
		kfree(c);
	}
	pt->nr_inline = 0;
}

static bool poll_signal_pending(void)
{
	struct thread *t = thread_current();

	return t && signal_pending(t);
}

/* Sleep (interrupts off) until a wake-up, a signal or the deadline; where
 * nothing can sleep, halt until the next interrupt as wait_sleep() does. */
static void poll_schedule(uint64_t deadline)
{
	if (!sched_can_sleep()) {
		__asm__ __volatile__("sti; hlt; cli" ::: "memory");
		return;
	}
	current->state = TASK_SLEEPING;
	if (deadline != WAIT_FOREVER)
		sched_timer_arm(current, deadline);
	schedule();
	if (deadline != WAIT_FOREVER)
		sched_timer_cancel(current);
}

/* Sleep unless a wake-up came since the last sleep or a signal is
 * pending, both tested with interrupts off. */
static void poll_sleep(struct poll_table *pt, uint64_t deadline)
{
	uint32_t flags = irq_save();

	if (!pt->triggered && !poll_signal_pending())
		poll_schedule(deadline);
	pt->triggered = false;
	irq_restore(flags);
}

int poll_until(struct poll_table *pt, poll_scan_t scan, void *arg,
	       uint64_t deadline)
{
	int n;

	for (;;) {
		n = scan(arg, pt);
		pt->registering = false;
		if (n)
			return n;
		if (poll_signal_pending())
			return -ERESTARTNOHAND;
		if (pt->error)
			return pt->error;
		if (deadline != WAIT_FOREVER && clock_ns() >= deadline)
			return 0;
		poll_sleep(pt, deadline);
	}
}
