/*
 * lease.c: leases (fcntl F_SETLEASE, F_GETLEASE), as Linux's, in a
 * simple form.
 *
 * An open file of a regular file may hold a read lease while nobody has
 * the file open for writing, or a write lease while it is the file's only
 * open (-EAGAIN otherwise; the VFS counts the opens of regular files:
 * inode->readers, and inode_writers from writecount).  Only the file's owner or root may take
 * one (-EACCES).  Taking a lease makes the caller's process the file's
 * owner (F_GETOWN).  F_UNLCK gives it back (-EAGAIN without one); the
 * last close of the file does too.
 *
 * An open by another file that conflicts (for writing, against any
 * lease; for reading, against a write lease) breaks the leases: each
 * holder's owner gets SIGIO (no F_SETSIG here) and the lease shows as
 * F_UNLCK (or F_RDLCK when only a downgrade is wanted) to F_GETLEASE; the
 * open then gives -EAGAIN with O_NONBLOCK, else waits until the holders
 * have given the leases back or downgraded, at most lease_break_time (45
 * s, Linux's default), after which the leases go.  Truncation does not
 * break leases here.
 *
 * Leases change under the VFS lock; the wait is outside it.
 *
 * Interface (fs/internal.h): vfs_setlease, vfs_getlease, lease_break,
 * lease_file_closed.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/wait.h"
#include "mm/mm.h"

#define F_RDLCK		0
#define F_WRLCK		1
#define F_UNLCK		2
#define LEASE_BREAK_NS	(45ull * 1000000000ull)

struct lease {
	struct lease *next;		/* inode->leases */
	struct file *file;
	int type;			/* F_RDLCK, F_WRLCK */
	int breaking;			/* pending: F_UNLCK or F_RDLCK, or -1 */
};

static struct wait_queue lease_wq = WAIT_QUEUE_INIT(lease_wq);

static struct lease **lease_slot(struct file *f)
{
	struct lease **l = &f->inode->leases;

	while (*l && (*l)->file != f)
		l = &(*l)->next;
	return l;
}

/* Whether a lease of type on f would conflict with the file's opens. */
static bool lease_open_conflict(struct file *f, int type)
{
	struct inode *inode = f->inode;
	bool w = (f->flags & O_ACCMODE) != O_RDONLY;

	if (type == F_RDLCK)
		return inode_writers(inode) > 0;
	return inode_writers(inode) != (w ? 1u : 0u) ||
	       inode->readers != (w ? 0u : 1u);
}

/* Another file's lease that keeps f from taking one of type. */
static bool lease_other_conflict(struct file *f, int type)
{
	for (struct lease *l = f->inode->leases; l; l = l->next)
		if (l->file != f && (type == F_WRLCK || l->breaking == F_UNLCK))
			return true;
	return false;
}

static int lease_add(struct file *f, int type)
{
	struct lease **slot = lease_slot(f), *l = *slot;
	struct proc *p = proc_current();

	if (lease_open_conflict(f, type) || lease_other_conflict(f, type))
		return -EAGAIN;
	if (!l) {
		l = kzalloc(sizeof(*l));
		if (!l)
			return -ENOMEM;
		l->file = f;
		*slot = l;
	}
	l->type = type;
	l->breaking = -1;
	wake_up(&lease_wq);		/* a downgrade may be awaited */
	f->owner_type = F_OWNER_PID;
	f->owner_pid = p ? p->pid : 0;
	return 0;
}

static int lease_remove(struct file *f)
{
	struct lease **slot = lease_slot(f), *l = *slot;

	if (!l)
		return -EAGAIN;
	*slot = l->next;
	kfree(l);
	wake_up(&lease_wq);
	return 0;
}

int vfs_setlease(struct file *f, int type)
{
	const struct cred *cred = current_cred();
	int err;

	if (type != F_RDLCK && type != F_WRLCK && type != F_UNLCK)
		return -EINVAL;
	if (cred->uid != f->inode->uid && cred->uid != 0)
		return -EACCES;
	if (!S_ISREG(f->inode->mode))
		return -EINVAL;
	vfs_lock();
	err = type == F_UNLCK ? lease_remove(f) : lease_add(f, type);
	vfs_unlock();
	return err;
}

int vfs_getlease(struct file *f)
{
	struct lease *l;
	int type = F_UNLCK;

	vfs_lock();
	l = *lease_slot(f);
	if (l)
		type = l->breaking >= 0 ? l->breaking : l->type;
	vfs_unlock();
	return type;
}

/* Whether l stands in the way of an open (for writing: write). */
static bool lease_blocks(const struct lease *l, bool write)
{
	if (write)
		return true;
	return l->type == F_WRLCK && l->breaking != F_RDLCK;
}

/* Mark the leases in the way of f's open as breaking and signal their
 * owners; whether any is in the way.  VFS lock held. */
static bool lease_start_break(struct file *f, bool write)
{
	bool any = false;

	for (struct lease *l = f->inode->leases; l; l = l->next) {
		int want = write ? F_UNLCK : F_RDLCK;
		struct proc *owner;

		if (l->file == f || !lease_blocks(l, write))
			continue;
		any = true;
		if (l->breaking == F_UNLCK || l->breaking == want)
			continue;
		l->breaking = want;
		preempt_disable();
		owner = proc_find(l->file->owner_pid);
		if (owner)
			signal_send(owner, SIGPOLL, NULL);	/* SIGIO */
		preempt_enable();
	}
	return any;
}

static bool lease_in_way(struct file *f, bool write)
{
	for (struct lease *l = f->inode->leases; l; l = l->next)
		if (l->file != f && lease_blocks(l, write))
			return true;
	return false;
}

/* The break time is over: the leases in the way go (downgrade). */
static void lease_expire(struct file *f, bool write)
{
	struct lease **p = &f->inode->leases;

	while (*p) {
		struct lease *l = *p;

		if (l->file != f && lease_blocks(l, write) && write) {
			*p = l->next;
			kfree(l);
			continue;
		}
		if (l->file != f && lease_blocks(l, write)) {
			l->type = F_RDLCK;
			l->breaking = -1;
		}
		p = &l->next;
	}
}

int lease_break(struct file *f)
{
	bool write = (f->flags & O_ACCMODE) != O_RDONLY;
	bool in_way;

	if (!f->inode->leases)
		return 0;
	vfs_lock();
	in_way = lease_start_break(f, write);
	vfs_unlock();
	if (!in_way)
		return 0;
	if (f->flags & O_NONBLOCK)
		return -EAGAIN;
	if (!wait_event_timeout(&lease_wq, !lease_in_way(f, write) ||
				signal_check(), LEASE_BREAK_NS)) {
		vfs_lock();
		lease_expire(f, write);
		vfs_unlock();
	}
	return signal_check() && lease_in_way(f, write) ? -ERESTARTSYS : 0;
}

void lease_file_closed(struct file *f)
{
	if (f->inode->leases)
		lease_remove(f);
}
