/*
 * lockdep.c: the lock-order validator (see lockdep.h).
 *
 * Classes get numbers 1..LOCKDEP_CLASSES-1 the first time one of their
 * locks is taken; a class is known by its name, so that every mutex
 * initialised at one place shares it.  The orders seen form a graph with
 * one bit per edge: after[a] has bit b when b was taken while a was held.
 * A new edge a->b is an inversion when b already reaches a.  The graph
 * changes under graph_lock; what a task holds is its own (struct task's
 * lockdep), touched only by itself.  /proc/lockdep_stats shows the
 * counts (as Linux's file of that name does its own).
 */
#include "kernel/lockdep.h"
#include "fs/procfs/procfs.h"
#include "kernel/cmdline.h"
#include "kernel/init.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/sched/task.h"
#include "lib/string.h"

bool lockdep_enabled;

static struct spinlock graph_lock = SPINLOCK_INIT;
static const char *class_name[LOCKDEP_CLASSES];
static uint8_t nr_classes = 1;			/* 0 means "none" */
static uint64_t after[LOCKDEP_CLASSES];		/* the orders seen */
static uint64_t reported[LOCKDEP_CLASSES];	/* inversions told */
static uint64_t reported_at_user;
static struct lockdep_stats stats;

static int lockdep_param(const char *value)
{
	(void)value;
	lockdep_enabled = true;
	return 0;
}
KERNEL_PARAM(lockdep, lockdep_param);

static inline uint64_t bit(unsigned int id)
{
	return 1ull << id;
}

/* c's number, registering it; 0 when the table is full (the validator
 * then turns itself off).  Caller holds graph_lock. */
static uint8_t class_id(struct lockdep_class *c)
{
	if (c->id)
		return c->id;
	if (!c->name)			/* a zeroed mutex */
		c->name = "(unnamed)";
	for (uint8_t id = 1; id < nr_classes; id++)
		if (!strcmp(class_name[id], c->name))
			return c->id = id;
	if (nr_classes == LOCKDEP_CLASSES) {
		printk(KERN_WARNING "lockdep: more than %u lock classes; "
		       "validator off\n", LOCKDEP_CLASSES - 1);
		lockdep_enabled = false;
		return 0;
	}
	class_name[nr_classes] = c->name;
	stats.classes++;
	return c->id = nr_classes++;
}

/* Whether to is reachable from from; path[] gets the classes on the way
 * (from first, to last) and *len their count. */
static bool reaches(uint8_t from, uint8_t to, uint8_t *path, unsigned *len)
{
	uint8_t parent[LOCKDEP_CLASSES], queue[LOCKDEP_CLASSES];
	uint64_t seen = bit(from);
	unsigned int head = 0, tail = 0;

	queue[tail++] = from;
	while (head < tail) {
		uint8_t a = queue[head++];
		uint64_t next = after[a] & ~seen;

		for (uint8_t b = 1; next; b++) {
			if (!(next & bit(b)))
				continue;
			next &= ~bit(b);
			seen |= bit(b);
			parent[b] = a;
			if (b == to) {
				unsigned int n = 0;

				for (uint8_t x = to; x != from; x = parent[x])
					path[n++] = x;
				path[n++] = from;
				for (unsigned int i = 0; i < n / 2; i++) {
					uint8_t t = path[i];

					path[i] = path[n - 1 - i];
					path[n - 1 - i] = t;
				}
				*len = n;
				return true;
			}
			queue[tail++] = b;
		}
	}
	return false;
}

static void report_inversion(uint8_t held, uint8_t taken,
			     const uint8_t *path, unsigned int len)
{
	printk(KERN_ERR "lockdep: BUG: lock order inversion in %s (pid %d): "
	       "taking \"%s\" while holding \"%s\"\n", current->name,
	       current->pid, class_name[taken], class_name[held]);
	printk(KERN_ERR "lockdep: the opposite order was seen before:\n");
	for (unsigned int i = 0; i + 1 < len; i++)
		printk(KERN_ERR "lockdep:   \"%s\" held while taking \"%s\"\n",
		       class_name[path[i]], class_name[path[i + 1]]);
	backtrace_print((uintptr_t)__builtin_frame_address(0), 16);
}

/* Record held before taken, or report the inversion.  Caller holds
 * graph_lock. */
static void check_order(uint8_t held, uint8_t taken)
{
	uint8_t path[LOCKDEP_CLASSES];
	unsigned int len;

	if (held == taken || (after[held] & bit(taken)))
		return;
	if (!reaches(taken, held, path, &len)) {
		after[held] |= bit(taken);
		stats.orders++;
		return;
	}
	stats.inversions++;
	if (reported[held] & bit(taken))
		return;
	reported[held] |= bit(taken);
	report_inversion(held, taken, path, len);
}

/* Order c after everything the current task holds; c's number. */
static uint8_t order_after_held(struct lockdep_class *c, bool may_wait)
{
	struct lockdep_held *h = &current->lockdep;
	uint32_t flags = spin_lock_irqsave(&graph_lock);
	uint8_t id = class_id(c);

	if (id && may_wait)
		for (unsigned int i = 0; i < h->nr; i++)
			check_order(h->id[i], id);
	spin_unlock_irqrestore(&graph_lock, flags);
	return id;
}

static int held_index(const struct lockdep_held *h, uint8_t id)
{
	for (unsigned int i = 0; i < h->nr; i++)
		if (h->id[i] == id)
			return (int)i;
	return -1;
}

void lockdep_acquire_slow(struct lockdep_class *c, bool may_wait)
{
	struct lockdep_held *h = &current->lockdep;
	uint8_t id = order_after_held(c, may_wait);
	int i;

	if (!id)
		return;
	i = held_index(h, id);
	if (i >= 0) {
		h->count[i]++;
		return;
	}
	if (h->nr == LOCKDEP_HELD) {
		printk(KERN_WARNING "lockdep: %s holds more than %u lock "
		       "classes; validator off\n", current->name, LOCKDEP_HELD);
		lockdep_enabled = false;
		return;
	}
	h->id[h->nr] = id;
	h->count[h->nr++] = 1;
}

void lockdep_release_slow(struct lockdep_class *c)
{
	struct lockdep_held *h = &current->lockdep;
	int i = c->id ? held_index(h, c->id) : -1;

	if (i < 0 || --h->count[i])	/* taken before the validator ran */
		return;
	h->nr--;
	for (unsigned int k = (unsigned int)i; k < h->nr; k++) {
		h->id[k] = h->id[k + 1];
		h->count[k] = h->count[k + 1];
	}
}

void lockdep_wait_slow(struct lockdep_class *c)
{
	order_after_held(c, true);
}

void lockdep_user_return_slow(void)
{
	struct lockdep_held *h = &current->lockdep;
	uint32_t flags;

	if (!h->nr)
		return;
	flags = spin_lock_irqsave(&graph_lock);
	stats.held_at_user++;
	for (unsigned int i = 0; i < h->nr; i++) {
		if (reported_at_user & bit(h->id[i]))
			continue;
		reported_at_user |= bit(h->id[i]);
		printk(KERN_ERR "lockdep: BUG: %s (pid %d) returns to user "
		       "space holding \"%s\"\n", current->name, current->pid,
		       class_name[h->id[i]]);
	}
	spin_unlock_irqrestore(&graph_lock, flags);
}

void lockdep_stats(struct lockdep_stats *out)
{
	uint32_t flags = spin_lock_irqsave(&graph_lock);

	*out = stats;
	spin_unlock_irqrestore(&graph_lock, flags);
}

void lockdep_forget(struct lockdep_class *c)
{
	uint32_t flags = spin_lock_irqsave(&graph_lock);
	uint8_t id = c->id;

	if (id) {
		for (unsigned int a = 1; a < nr_classes; a++) {
			after[a] &= ~bit(id);
			reported[a] &= ~bit(id);
		}
		after[id] = reported[id] = 0;
	}
	spin_unlock_irqrestore(&graph_lock, flags);
}

static void lockdep_stats_show(struct procfs_buf *b)
{
	struct lockdep_stats st;

	lockdep_stats(&st);
	procfs_printf(b, " validator on:                  %u\n",
		      lockdep_enabled ? 1u : 0u);
	procfs_printf(b, " lock-classes:                  %u [max: %u]\n",
		      st.classes, LOCKDEP_CLASSES - 1);
	procfs_printf(b, " direct dependencies:           %u\n", st.orders);
	procfs_printf(b, " order inversions:              %u\n", st.inversions);
	procfs_printf(b, " held at return to user space:  %u\n",
		      st.held_at_user);
}

static int lockdep_proc_init(void)
{
	return procfs_register("lockdep_stats", lockdep_stats_show);
}
INITCALL(INIT_FS, lockdep_proc_init);
