/*
 * lockdep.h: a lock-order validator, in the spirit of Linux's lockdep.
 *
 * Every sleeping lock belongs to a class: all the locks initialised at
 * one place (MUTEX_INIT names the class "file:expression"), or a class
 * declared by hand for a lock that is not a mutex (the page lock).  When
 * a task takes a lock of class B while it holds one of class A, the
 * validator records the order A before B.  Taking B while holding A when
 * B before A was seen earlier, directly or through other classes, is an
 * inversion: two tasks taking them in the two orders can deadlock, even
 * if this run did not.  It is reported once per pair of classes, with
 * the chain and the stack, as a line starting "lockdep: BUG:", and
 * counted.  Returning to user space with a lock held is reported too.
 *
 * Only the outermost acquisition of a recursive mutex counts; a class
 * taken again while held (two inodes' locks) is not an order, so an
 * inversion between two locks of one class is not seen.  trylock cannot
 * wait, so it records no order for the lock it takes, but locks taken
 * after it are ordered after it.
 *
 * Off unless the command line says "lockdep" (the tests boot with it);
 * then the hooks cost a few bit tests per acquisition.
 *
 *	struct lockdep_class c = LOCKDEP_CLASS("page lock");
 *	lockdep_acquire(&c, true); ... lockdep_release(&c);
 *	lockdep_wait(&c);	waiting for a lock of c, not taking it
 */
#ifndef KERNEL_LOCKDEP_H
#define KERNEL_LOCKDEP_H

#include <stdbool.h>
#include <stdint.h>

#define LOCKDEP_CLASSES		64	/* distinct classes seen at most */
#define LOCKDEP_HELD		8	/* classes one task holds at once */

/* A class: its name, and its number once the validator has seen it. */
struct lockdep_class {
	const char *name;
	uint8_t id;			/* 0: not registered yet */
};

#define LOCKDEP_CLASS(name_)	{ .name = (name_), .id = 0 }

/* What a task holds (in struct task). */
struct lockdep_held {
	uint8_t nr;
	uint8_t id[LOCKDEP_HELD];
	uint16_t count[LOCKDEP_HELD];	/* times taken: the page lock */
};

struct lockdep_stats {
	uint32_t classes, orders, inversions, held_at_user;
};

extern bool lockdep_enabled;

void lockdep_acquire_slow(struct lockdep_class *c, bool may_wait);
void lockdep_release_slow(struct lockdep_class *c);
void lockdep_wait_slow(struct lockdep_class *c);
void lockdep_user_return_slow(void);

/* The current task took a lock of c (may_wait: it could have slept for
 * it, so the locks already held are ordered before c). */
static inline void lockdep_acquire(struct lockdep_class *c, bool may_wait)
{
	if (lockdep_enabled)
		lockdep_acquire_slow(c, may_wait);
}

static inline void lockdep_release(struct lockdep_class *c)
{
	if (lockdep_enabled)
		lockdep_release_slow(c);
}

/* The current task waits for a lock of c that someone else holds. */
static inline void lockdep_wait(struct lockdep_class *c)
{
	if (lockdep_enabled)
		lockdep_wait_slow(c);
}

/* On the way back to user space: nothing may be held. */
static inline void lockdep_user_return(void)
{
	if (lockdep_enabled)
		lockdep_user_return_slow();
}

void lockdep_stats(struct lockdep_stats *out);
/* Forget every order involving c (the tests' classes, after a test). */
void lockdep_forget(struct lockdep_class *c);

#endif
