/*
 * timer.c: the list of tick hooks (see timer.h).
 *
 * The list is changed with its lock held and interrupts off, so the timer
 * interrupt never sees it half-updated.
 */
#include "kernel/timer.h"
#include "kernel/spinlock.h"

static struct list_head tick_hooks = LIST_HEAD_INIT(tick_hooks);
static struct spinlock tick_hooks_lock = SPINLOCK_INIT;

void tick_hook_register(struct tick_hook *hook)
{
	uint32_t flags = spin_lock_irqsave(&tick_hooks_lock);

	list_add_tail(&hook->list, &tick_hooks);
	spin_unlock_irqrestore(&tick_hooks_lock, flags);
}

void tick_hook_unregister(struct tick_hook *hook)
{
	uint32_t flags = spin_lock_irqsave(&tick_hooks_lock);

	list_del(&hook->list);
	spin_unlock_irqrestore(&tick_hooks_lock, flags);
}

void tick_hooks_run(void)
{
	struct tick_hook *hook, *tmp;
	uint32_t flags = spin_lock_irqsave(&tick_hooks_lock);

	list_for_each_entry_safe(hook, tmp, &tick_hooks, list)
		hook->fn(hook);
	spin_unlock_irqrestore(&tick_hooks_lock, flags);
}
