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
 *
 * A lock found taken on this one-CPU kernel can only be held by the code
 * that tries to take it again, or by code it interrupted: either way it
 * would spin forever.  spin_lock_contended() (kernel/spinlock.c) panics
 * instead, naming the lock and where it was taken (l->taken_at, one store
 * per acquisition).
 */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include "kernel/x86/cpu.h"
#include "lib/compiler.h"

struct spinlock {
	volatile uint32_t locked;
	uintptr_t taken_at;		/* where the holder took it */
};

#define SPINLOCK_INIT	{ .locked = 0, .taken_at = 0 }

/* The address of the code where it is used. */
#define THIS_IP()	({ __label__ here_; here_: (uintptr_t)&&here_; })

void spin_lock_contended(struct spinlock *l, uintptr_t at);
/* For tests only: called instead of the panic (NULL: panic). */
extern void (*spinlock_recursion_hook)(struct spinlock *l, uintptr_t at);

static inline void spin_lock_at(struct spinlock *l, uintptr_t at)
{
	if (unlikely(__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE)))
		spin_lock_contended(l, at);
	l->taken_at = at;
}
#define spin_lock(l)	spin_lock_at((l), THIS_IP())

static inline void spin_unlock(struct spinlock *l)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}
static inline uint32_t spin_lock_irqsave_at(struct spinlock *l, uintptr_t at)
{
	uint32_t flags = irq_save();
	spin_lock_at(l, at);
	return flags;
}
#define spin_lock_irqsave(l)	spin_lock_irqsave_at((l), THIS_IP())
static inline void spin_unlock_irqrestore(struct spinlock *l, uint32_t flags)
{
	spin_unlock(l);
	irq_restore(flags);
}

#endif
