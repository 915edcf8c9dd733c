/*
 * vfork.h: a vfork parent's wait for its child (kernel/proc/fork.c).
 *
 * clone(CLONE_VFORK) puts a struct vfork_wait on the parent's kernel
 * stack and points the child's thread at it; the parent sleeps until the
 * child has released it, which the child does when it execs (once it no
 * longer uses the parent's memory) or ends.  Both sides change the link
 * with preemption off.
 *
 *   vfork_release(t)   t execs or ends: wake the parent, if one waits
 */
#ifndef KERNEL_PROC_VFORK_H
#define KERNEL_PROC_VFORK_H

#include <stdbool.h>
#include "kernel/wait.h"

struct thread;

struct vfork_wait {
	bool done;
	struct thread *child;		/* valid while !done */
	struct wait_queue wq;
};

void vfork_release(struct thread *t);

#endif
