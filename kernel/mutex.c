/*
 * mutex.c: recursive sleeping locks (see mutex.h).
 *
 * The owner field is changed with interrupts off, which on one CPU makes
 * the test-and-take atomic; wait_event sleeps until the owner is gone.
 */
#include "kernel/mutex.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/sched/task.h"

/* Take m if it is free or already ours; returns whether it is ours. */
static bool mutex_try(struct mutex *m)
{
	uint32_t flags = irq_save();
	bool ok = !m->owner || m->owner == current;

	if (ok) {
		m->owner = current;
		m->depth++;
	}
	irq_restore(flags);
	return ok;
}

void mutex_lock(struct mutex *m)
{
	if (mutex_try(m))
		return;
	BUG_ON(!sched_can_sleep());
	wait_event(&m->wq, mutex_try(m));
}

void mutex_unlock(struct mutex *m)
{
	uint32_t flags = irq_save();

	BUG_ON(m->owner != current || m->depth == 0);
	if (--m->depth == 0)
		m->owner = NULL;
	irq_restore(flags);
	if (!m->owner)
		wake_up(&m->wq);
}

bool mutex_held(const struct mutex *m)
{
	return m->owner == current && m->depth > 0;
}
