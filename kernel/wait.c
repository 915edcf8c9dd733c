/*
 * wait.c: wait queues before the scheduler (see wait.h).
 */
#include "kernel/wait.h"
#include "kernel/cpu.h"

void wait_queue_init(struct wait_queue *wq)
{
	*wq = (struct wait_queue)WAIT_QUEUE_INIT(*wq);
}

void wake_up(struct wait_queue *wq)
{
	uint32_t flags = spin_lock_irqsave(&wq->lock);

	wq->wakeups++;
	spin_unlock_irqrestore(&wq->lock, flags);
	/* The sleeper is halted in wait_idle_until_interrupt(); the interrupt
	 * that called us is what wakes it, so there is nothing else to do
	 * until tasks can sleep on the queue. */
}

void wait_idle_until_interrupt(uint32_t saved_flags)
{
	/* sti takes effect after the next instruction: no interrupt can be
	 * taken between the caller's test and the hlt. */
	__asm__ __volatile__("sti; hlt" ::: "memory");
	irq_restore(saved_flags);
	if (!(saved_flags & 0x200))
		cpu_cli();
}
