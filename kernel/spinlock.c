/*
 * spinlock.c: a spinlock found taken (spinlock.h).
 *
 * This kernel runs on one CPU and takes spinlocks with interrupts off, so
 * a lock that is already taken is held by the code now trying to take it
 * again, or by the code it interrupted: waiting would never end.  It
 * panics instead, naming both places.  (On SMP, this is where waiting for
 * another CPU will go, with the recursion check kept for the same CPU.)
 *
 * Interface: spin_lock_contended; spinlock_recursion_hook, which the
 * tests set to see the detection happen without a panic.
 */
#include "kernel/spinlock.h"
#include "kernel/export.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"

void (*spinlock_recursion_hook)(struct spinlock *l, uintptr_t at);

void spin_lock_contended(struct spinlock *l, uintptr_t at)
{
	char here[96], holder[96];

	if (spinlock_recursion_hook) {
		spinlock_recursion_hook(l, at);
		return;			/* the test holds it already */
	}
	ksym_snprint(here, sizeof(here), at);
	ksym_snprint(holder, sizeof(holder), l->taken_at);
	panic("spinlock %p taken again at %s; held since %s", (void *)l, here,
	      holder);
}
EXPORT_SYMBOL(spin_lock_contended);
