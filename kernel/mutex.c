/*
 * mutex.c: recursive sleeping locks (see mutex.h).
 *
 * The owner and depth change under the mutex's spinlock, so taking a free
 * mutex is one test-and-set whatever the CPU count; wait_event sleeps
 * until the owner is gone and tries again.
 */
#include "kernel/mutex.h"
#include "kernel/export.h"
#include "kernel/x86/cpu.h"
#include "kernel/panic.h"
#include "kernel/sched/task.h"

/* Take m if it is free or already ours; returns whether it is ours. */
bool mutex_trylock(struct mutex *m)
{
	uint32_t flags = spin_lock_irqsave(&m->lock);
	bool ok = !m->owner || m->owner == current;

	if (ok) {
		m->owner = current;
		m->depth++;
	}
	spin_unlock_irqrestore(&m->lock, flags);
	return ok;
}

void mutex_lock(struct mutex *m)
{
	if (mutex_trylock(m))
		return;
	BUG_ON(!sched_can_sleep());
	wait_event(&m->wq, mutex_trylock(m));
}
EXPORT_SYMBOL(mutex_lock);

void mutex_unlock(struct mutex *m)
{
	uint32_t flags = spin_lock_irqsave(&m->lock);
	bool released;

	BUG_ON(m->owner != current || m->depth == 0);
	released = --m->depth == 0;
	if (released)
		m->owner = NULL;
	spin_unlock_irqrestore(&m->lock, flags);
	if (released)
		wake_up(&m->wq);
}
EXPORT_SYMBOL(mutex_unlock);

bool mutex_held(const struct mutex *m)
{
	return m->owner == current && m->depth > 0;
}
