/*
 * posixlock.c: POSIX record locks (fcntl F_SETLK, F_SETLKW, F_GETLK) and
 * Linux's open file description locks (F_OFD_*), on byte ranges.
 *
 * A lock covers [start, end] of an inode (end PLOCK_EOF: to the end of
 * the file, whatever it grows to), for reading (shared) or writing
 * (exclusive), and belongs to an owner: for POSIX locks the descriptor
 * table (so a process's threads share them, and closing any descriptor
 * of the inode releases them all, POSIX's rule: vfs_plock_close), for OFD
 * locks the open file description (released at its last close:
 * vfs_plock_file_closed).  Locks of different owners conflict when their
 * ranges overlap and one is for writing.  An owner's new lock replaces
 * its own locks in the range (splitting those that stick out), then
 * merges with its adjacent or overlapping ones of the same kind, as
 * Linux's posix_lock_inode.  F_SETLKW sleeps until nothing conflicts (a
 * signal: -ERESTARTSYS), unless waiting would close a cycle of POSIX
 * owners each waiting for the next: -EDEADLK.
 *
 * The locks are one list for the system, changed with preemption off
 * (one CPU); sleepers test with interrupts off (wait_event).
 *
 * Interface (fs/vfs.h): vfs_plock_set, vfs_plock_get, vfs_plock_close,
 * vfs_plock_file_closed, vfs_plock_owner_gone.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "lib/list.h"
#include "mm/mm.h"

struct plock {
	struct list_head link;
	struct inode *inode;
	const void *owner;
	int pid;			/* F_GETLK's l_pid: -1 for OFD locks */
	bool write;
	uint64_t start, end;		/* end inclusive */
};

/* A POSIX owner asleep in F_SETLKW, and the owner it waits for. */
struct plock_waiter {
	struct list_head link;
	const void *owner, *blocker;
};

static struct list_head plocks = LIST_HEAD_INIT(plocks);
static struct list_head waiters = LIST_HEAD_INIT(waiters);
static struct wait_queue plock_wq = WAIT_QUEUE_INIT(plock_wq);

static bool overlaps(const struct plock *l, uint64_t start, uint64_t end)
{
	return l->start <= end && start <= l->end;
}

/* The first lock of another owner that forbids req, or NULL. */
static struct plock *plock_conflict(const struct plock *req)
{
	struct plock *l;

	list_for_each_entry(l, &plocks, link)
		if (l->inode == req->inode && l->owner != req->owner &&
		    overlaps(l, req->start, req->end) &&
		    (l->write || req->write))
			return l;
	return NULL;
}

/* Would owner waiting for blocker close a cycle of waiters? */
static bool plock_deadlock(const void *owner, const void *blocker)
{
	for (int depth = 0; blocker && depth < 64; depth++) {
		const struct plock_waiter *w;
		const void *next = NULL;

		if (blocker == owner)
			return true;
		list_for_each_entry(w, &waiters, link)
			if (w->owner == blocker)
				next = w->blocker;
		blocker = next;
	}
	return false;
}

/* Take owner's locks out of [start, end] of inode: the parts outside stay
 * (a lock sticking out at both ends becomes two, the second from spare,
 * which is then used up: *spare = NULL).  Preemption off. */
static void plock_cut(const struct plock *req, struct plock **spare)
{
	struct plock *l, *n;

	list_for_each_entry_safe(l, n, &plocks, link) {
		if (l->inode != req->inode || l->owner != req->owner ||
		    !overlaps(l, req->start, req->end))
			continue;
		if (l->start < req->start && l->end > req->end && *spare) {
			**spare = *l;
			(*spare)->start = req->end + 1;
			list_add(&(*spare)->link, &l->link);
			*spare = NULL;
			l->end = req->start - 1;
		} else if (l->start < req->start) {
			l->end = req->start - 1;
		} else if (l->end > req->end) {
			l->start = req->end + 1;
		} else {
			list_del(&l->link);
			kfree(l);
		}
	}
}

/* Merge new (in the list) with owner's touching locks of its kind. */
static void plock_merge(struct plock *new)
{
	struct plock *l, *n;

	list_for_each_entry_safe(l, n, &plocks, link) {
		if (l == new || l->inode != new->inode ||
		    l->owner != new->owner || l->write != new->write)
			continue;
		if (l->end != PLOCK_EOF && l->end + 1 < new->start)
			continue;
		if (new->end != PLOCK_EOF && new->end + 1 < l->start)
			continue;
		new->start = MIN(new->start, l->start);
		new->end = MAX(new->end, l->end);
		list_del(&l->link);
		kfree(l);
	}
}

/* Apply req (no conflict left): 0, or -EAGAIN when another owner's lock
 * appeared (the caller looks again).  new and spare: preallocated. */
static int plock_apply(const struct plock *req, bool unlock,
		       struct plock **new, struct plock **spare)
{
	preempt_disable();
	if (!unlock && plock_conflict(req)) {
		preempt_enable();
		return -EAGAIN;
	}
	plock_cut(req, spare);
	if (!unlock) {
		**new = *req;
		list_add_tail(&(*new)->link, &plocks);
		plock_merge(*new);
		*new = NULL;
	}
	preempt_enable();
	wake_up(&plock_wq);
	return 0;
}

/* Sleep until req has no conflict: 0, -EDEADLK, -ERESTARTSYS. */
static int plock_wait(const struct plock *req, bool deadlock_check)
{
	struct plock_waiter w = { .owner = req->owner };
	struct plock *c;
	int err = 0;

	preempt_disable();
	c = plock_conflict(req);
	if (c && deadlock_check && plock_deadlock(req->owner, c->owner))
		err = -EDEADLK;
	w.blocker = c ? c->owner : NULL;
	if (!err)
		list_add(&w.link, &waiters);
	preempt_enable();
	if (err || !c)
		return err;
	wait_event(&plock_wq, !plock_conflict(req) || signal_check());
	preempt_disable();
	list_del(&w.link);
	preempt_enable();
	return signal_check();		/* 0: look again */
}

int vfs_plock_set(struct file *f, const void *owner, int pid,
		  const struct vfs_plock *lk, bool wait)
{
	struct plock req = {
		.inode = f->inode, .owner = owner, .pid = pid,
		.write = lk->type == PLOCK_WRITE, .start = lk->start,
		.end = lk->end,
	};
	struct plock *new = kzalloc(sizeof(*new));
	struct plock *spare = kzalloc(sizeof(*spare));
	bool unlock = lk->type == PLOCK_UNLOCK;
	int err = new && spare ? -EAGAIN : -ENOLCK;

	while (err == -EAGAIN) {
		err = plock_apply(&req, unlock, &new, &spare);
		if (err == -EAGAIN && wait)
			err = plock_wait(&req, pid > 0) ?: -EAGAIN;
		else if (err == -EAGAIN)
			break;
	}
	kfree(new);
	kfree(spare);
	return err;
}

int vfs_plock_get(struct file *f, const void *owner, struct vfs_plock *lk,
		  int *pid)
{
	struct plock req = {
		.inode = f->inode, .owner = owner,
		.write = lk->type == PLOCK_WRITE, .start = lk->start,
		.end = lk->end,
	};
	struct plock *c;

	preempt_disable();
	c = plock_conflict(&req);
	if (c) {
		lk->type = c->write ? PLOCK_WRITE : PLOCK_READ;
		lk->start = c->start;
		lk->end = c->end;
		*pid = c->pid;
	} else {
		lk->type = PLOCK_UNLOCK;
	}
	preempt_enable();
	return 0;
}

/* Drop owner's locks on inode (all of them when inode is NULL). */
static void plock_drop(const struct inode *inode, const void *owner)
{
	struct plock *l, *n;
	bool dropped = false;

	preempt_disable();
	list_for_each_entry_safe(l, n, &plocks, link) {
		if (l->owner != owner || (inode && l->inode != inode))
			continue;
		list_del(&l->link);
		kfree(l);
		dropped = true;
	}
	preempt_enable();
	if (dropped)
		wake_up(&plock_wq);
}

void vfs_plock_close(struct file *f, const void *owner)
{
	if (!list_empty(&plocks))
		plock_drop(f->inode, owner);
}

void vfs_plock_file_closed(struct file *f)
{
	if (!list_empty(&plocks))
		plock_drop(NULL, f);
}

void vfs_plock_owner_gone(const void *owner)
{
	if (!list_empty(&plocks))
		plock_drop(NULL, owner);
}
