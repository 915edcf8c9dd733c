/*
 * wait.c: wait queues (see wait.h).
 *
 * A sleeper is linked on the queue by its task's wait_link; wake_up()
 * unlinks every sleeper and makes it runnable, then calls the wake
 * function of every wait entry, which stay queued.  All of it runs with
 * interrupts off, so interrupt handlers may call wake_up().
 */
#include "kernel/wait.h"
#include "kernel/export.h"
#include "kernel/clock.h"
#include "kernel/sched/task.h"

void wait_queue_init(struct wait_queue *wq)
{
	*wq = (struct wait_queue)WAIT_QUEUE_INIT(*wq);
}
EXPORT_SYMBOL(wait_queue_init);

void wake_up(struct wait_queue *wq)
{
	wake_up_poll(wq, 0);
}
EXPORT_SYMBOL(wake_up);

void wake_up_poll(struct wait_queue *wq, unsigned int key)
{
	uint32_t flags = spin_lock_irqsave(&wq->lock);
	struct wait_entry *e;

	wq->wakeups++;
	while (!list_empty(&wq->sleepers)) {
		struct task *t = list_first_entry(&wq->sleepers, struct task,
						  wait_link);

		list_del(&t->wait_link);
		task_wake(t);
	}
	list_for_each_entry(e, &wq->entries, link)
		e->wake(e, key);
	spin_unlock_irqrestore(&wq->lock, flags);
}
EXPORT_SYMBOL(wake_up_poll);

void wait_entry_add(struct wait_queue *wq, struct wait_entry *e)
{
	uint32_t flags = spin_lock_irqsave(&wq->lock);

	list_add_tail(&e->link, &wq->entries);
	spin_unlock_irqrestore(&wq->lock, flags);
}
EXPORT_SYMBOL(wait_entry_add);

void wait_entry_remove(struct wait_queue *wq, struct wait_entry *e)
{
	uint32_t flags = spin_lock_irqsave(&wq->lock);

	list_del(&e->link);
	spin_unlock_irqrestore(&wq->lock, flags);
}
EXPORT_SYMBOL(wait_entry_remove);

void wait_prepare(struct wait_queue *wq)
{
	if (!sched_can_sleep())
		return;
	spin_lock(&wq->lock);
	if (list_empty(&current->wait_link))
		list_add_tail(&current->wait_link, &wq->sleepers);
	current->state = TASK_SLEEPING;
	spin_unlock(&wq->lock);
}
EXPORT_SYMBOL(wait_prepare);

/* Called with interrupts off; returns with them off. */
void wait_sleep(struct wait_queue *wq, uint64_t deadline)
{
	if (!sched_can_sleep()) {
		/* sti takes effect after the next instruction: no interrupt
		 * can be taken between the caller's test and the hlt. */
		__asm__ __volatile__("sti; hlt; cli" ::: "memory");
		return;
	}
	if (deadline != WAIT_FOREVER)
		sched_timer_arm(current, deadline);
	schedule();
	if (deadline != WAIT_FOREVER)
		sched_timer_cancel(current);
}
EXPORT_SYMBOL(wait_sleep);

void wait_finish(struct wait_queue *wq)
{
	if (!sched_can_sleep())
		return;
	spin_lock(&wq->lock);
	list_del(&current->wait_link);
	current->state = TASK_RUNNING;
	spin_unlock(&wq->lock);
}
EXPORT_SYMBOL(wait_finish);
