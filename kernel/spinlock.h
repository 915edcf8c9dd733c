/*
 * spinlock.h: spinlocks that save and restore the interrupt flag.
 *
 * On one CPU the lock word only catches recursion bugs; the interrupt flag
 * does the real work.  Written so that SMP can come later: callers always
 * take the lock, never rely on "interrupts are off".
 *
 *	uint32_t flags = spin_lock_irqsave(&lock);
 *	...
 *	spin_unlock_irqrestore(&lock, flags);
 */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include "kernel/cpu.h"
#include "kernel/compiler.h"

struct spinlock {
	volatile uint32_t locked;
};

#define SPINLOCK_INIT	{ .locked = 0 }

static inline void spin_lock(struct spinlock *l)
{
	while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
		cpu_relax();
}
static inline void spin_unlock(struct spinlock *l)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}
static inline uint32_t spin_lock_irqsave(struct spinlock *l)
{
	uint32_t flags = irq_save();
	spin_lock(l);
	return flags;
}
static inline void spin_unlock_irqrestore(struct spinlock *l, uint32_t flags)
{
	spin_unlock(l);
	irq_restore(flags);
}

#endif
