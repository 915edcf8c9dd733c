/*
 * flock.c: BSD advisory locks on whole files (flock(2)), as Linux's.
 *
 * A lock belongs to an open file description (a struct file: dup'ed and
 * inherited descriptors share it) and is on its inode: shared (LOCK_SH)
 * or exclusive (LOCK_EX).  A request conflicts with the locks of other
 * descriptions on the same inode unless both are shared.  A description
 * holds at most one lock: asking for the other kind first drops the one
 * it has (waking waiters), then acquires, as Linux does (not atomically).
 * Without LOCK_NB the caller sleeps until no conflict is left, or a
 * signal comes (-ERESTARTSYS); with it, -EAGAIN (EWOULDBLOCK) at once.  A
 * description's lock goes with LOCK_UN or its last close
 * (vfs_close: flock_release).
 *
 * The locks are one list for the system (few files are locked at once),
 * changed with preemption off; a sleeper tests for conflicts with
 * interrupts off (wait_event), so it sees the list whole.
 *
 * Interface (fs/vfs.h): vfs_flock; (fs/internal.h) flock_release.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "lib/list.h"
#include "mm/mm.h"

struct flock_entry {
	struct list_head link;
	struct inode *inode;
	struct file *file;
	bool exclusive;
};

static struct list_head flocks = LIST_HEAD_INIT(flocks);
static struct wait_queue flock_wq = WAIT_QUEUE_INIT(flock_wq);

static struct flock_entry *flock_of(const struct file *f)
{
	struct flock_entry *e;

	list_for_each_entry(e, &flocks, link)
		if (e->file == f)
			return e;
	return NULL;
}

/* Does a lock of another description on f's inode forbid this one? */
static bool flock_conflicts(const struct file *f, bool exclusive)
{
	struct flock_entry *e;

	list_for_each_entry(e, &flocks, link)
		if (e->inode == f->inode && e->file != f &&
		    (exclusive || e->exclusive))
			return true;
	return false;
}

/* Drop f's lock, if any, and wake the waiters. */
static void flock_drop(struct file *f)
{
	struct flock_entry *e;

	preempt_disable();
	e = flock_of(f);
	if (e)
		list_del(&e->link);
	preempt_enable();
	if (e) {
		kfree(e);
		wake_up(&flock_wq);
	}
}

/* Take the lock (e, prepared) when nothing conflicts: 0, 1 when the file
 * holds it already (another thread of its table took it meanwhile: e is
 * not used), or -EAGAIN.  A lock of the other kind the file holds is
 * replaced. */
static int flock_try(struct flock_entry *e)
{
	struct flock_entry *old;
	int err = -EAGAIN;

	preempt_disable();
	old = flock_of(e->file);
	if (old && old->exclusive == e->exclusive) {
		err = 1;
	} else if (!flock_conflicts(e->file, e->exclusive)) {
		if (old) {
			list_del(&old->link);
			kfree(old);
		}
		list_add_tail(&e->link, &flocks);
		err = 0;
	}
	preempt_enable();
	return err;
}

static int flock_acquire(struct file *f, bool exclusive, bool nonblock)
{
	struct flock_entry *e = kzalloc(sizeof(*e));
	int err;

	if (!e)
		return -ENOMEM;
	e->inode = f->inode;
	e->file = f;
	e->exclusive = exclusive;
	while ((err = flock_try(e)) == -EAGAIN && !nonblock) {
		wait_event(&flock_wq, !flock_conflicts(f, exclusive) ||
			   signal_check());
		if (signal_check()) {
			err = -ERESTARTSYS;
			break;
		}
	}
	if (err)
		kfree(e);
	return err > 0 ? 0 : err;
}

int vfs_flock(struct file *f, int op)
{
	bool nonblock = op & LOCK_NB, held;
	struct flock_entry *e;

	op &= ~LOCK_NB;
	if (op != LOCK_SH && op != LOCK_EX && op != LOCK_UN)
		return -EINVAL;
	if (op == LOCK_UN) {
		flock_drop(f);
		return 0;
	}
	preempt_disable();
	e = flock_of(f);
	held = e && e->exclusive == (op == LOCK_EX);
	preempt_enable();
	if (held)
		return 0;
	flock_drop(f);
	return flock_acquire(f, op == LOCK_EX, nonblock);
}

void flock_release(struct file *f)
{
	if (!list_empty(&flocks))
		flock_drop(f);
}
