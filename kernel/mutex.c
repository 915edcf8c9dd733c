/*
 * mutex.c: recursive, fair sleeping locks (see mutex.h).
 *
 * The owner and depth change under the mutex's spinlock, so taking a free
 * mutex is one test-and-set whatever the CPU count.  A task that finds it
 * taken queues itself on wq (in arrival order) and sleeps; the last
 * unlock does not free a mutex that has sleepers but makes the first of
 * them its owner and wakes only that one (a handoff), so nobody can take
 * it in between.  Lock order: the mutex's spinlock, then wq's.
 */
#include "kernel/mutex.h"
#include "kernel/export.h"
#include "kernel/x86/cpu.h"
#include "kernel/panic.h"
#include "kernel/sched/task.h"

/* Take m if it is free or already ours; returns whether it is ours.
 * *first: it was free (this is the outermost acquisition). */
static bool mutex_take(struct mutex *m, bool *first)
{
	uint32_t flags = spin_lock_irqsave(&m->lock);
	bool ok = !m->owner || m->owner == current;

	*first = !m->owner;
	if (ok) {
		m->owner = current;
		m->depth++;
	}
	spin_unlock_irqrestore(&m->lock, flags);
	return ok;
}

bool mutex_trylock(struct mutex *m)
{
	bool first;

	if (!mutex_take(m, &first))
		return false;
	if (first)
		lockdep_acquire(&m->dep, false);
	return true;
}
EXPORT_SYMBOL(mutex_trylock);

/* Whether m was handed to us while we slept, or is free and now ours. */
static bool mutex_handed_or_taken(struct mutex *m)
{
	uint32_t flags = spin_lock_irqsave(&m->lock);
	bool ours = m->owner == current;

	if (!m->owner) {
		m->owner = current;
		m->depth = 1;
		ours = true;
	}
	spin_unlock_irqrestore(&m->lock, flags);
	return ours;
}

void mutex_lock(struct mutex *m)
{
	bool first;

	if (mutex_take(m, &first)) {
		if (first)
			lockdep_acquire(&m->dep, true);
		return;
	}
	BUG_ON(!sched_can_sleep());
	lockdep_wait(&m->dep);
	wait_event(&m->wq, mutex_handed_or_taken(m));
	lockdep_acquire(&m->dep, false);	/* ordered by lockdep_wait */
}
EXPORT_SYMBOL(mutex_lock);

/* Give m to its longest sleeper, or free it.  Caller holds m->lock. */
static void mutex_hand_off(struct mutex *m)
{
	struct task *next = NULL;

	spin_lock(&m->wq.lock);
	if (!list_empty(&m->wq.sleepers)) {
		next = list_first_entry(&m->wq.sleepers, struct task,
					wait_link);
		list_del(&next->wait_link);
	}
	m->owner = next;
	m->depth = next ? 1 : 0;
	if (next)
		task_wake(next);
	spin_unlock(&m->wq.lock);
}

void mutex_unlock(struct mutex *m)
{
	uint32_t flags = spin_lock_irqsave(&m->lock);
	bool released;

	BUG_ON(m->owner != current || m->depth == 0);
	released = --m->depth == 0;
	if (released)
		mutex_hand_off(m);
	spin_unlock_irqrestore(&m->lock, flags);
	if (released)
		lockdep_release(&m->dep);
}
EXPORT_SYMBOL(mutex_unlock);

bool mutex_held(const struct mutex *m)
{
	return m->owner == current && m->depth > 0;
}
