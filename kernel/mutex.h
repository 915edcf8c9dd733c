/*
 * mutex.h: sleeping locks.
 *
 * A mutex is held by one task at a time; others sleep on its wait queue
 * until it is released.  It may be held across sleeps (disk I/O).  This
 * one is recursive: the owner may take it again, and it is released when
 * the last mutex_unlock matches the first mutex_lock, so that layered code
 * (the VFS calling itself) can take it at every entry point.  Before the
 * scheduler runs, and in contexts that cannot sleep, there is one thread
 * and taking it only counts.
 *
 * It is fair: an unlock with sleepers hands the mutex to the one that has
 * waited longest (it wakes up owning it), so a task that takes it again
 * at once cannot starve the others.  Each mutex belongs to the lock class
 * of the place that initialised it (kernel/lockdep.h), named
 * "file:expression".
 *
 *	static struct mutex m = MUTEX_INIT(m);
 *	mutex_lock(&m); ... mutex_unlock(&m);
 */
#ifndef KERNEL_MUTEX_H
#define KERNEL_MUTEX_H

#include "kernel/lockdep.h"
#include "kernel/spinlock.h"
#include "kernel/wait.h"

struct task;

struct mutex {
	struct spinlock lock;		/* guards owner and depth */
	struct task *volatile owner;
	unsigned int depth;
	struct wait_queue wq;		/* sleepers, longest waiting first */
	struct lockdep_class dep;
};

#define MUTEX_INIT(name)	{ SPINLOCK_INIT, NULL, 0,		\
				  WAIT_QUEUE_INIT((name).wq),		\
				  LOCKDEP_CLASS(__FILE__ ":" #name) }

void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);
/* Take m if it is free or already ours, without sleeping: whether it
 * is ours now. */
bool mutex_trylock(struct mutex *m);
bool mutex_held(const struct mutex *m);	/* by the current task */

#endif
