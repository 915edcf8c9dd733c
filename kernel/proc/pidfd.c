/*
 * pidfd.c: descriptors that name a process (Linux's pidfd_open): the file
 * is readable (poll) once the process has ended, and pidfd_send_signal
 * and waitid(P_PIDFD) reach the process through it.
 *
 * A process that has pidfds points to one struct pidfd_target, which
 * each of its pidfds holds a reference to, and the process one more.
 * proc_end marks it exited and wakes its pollers; proc_free cuts the
 * link (the target's proc becomes NULL: the process is gone, -ESRCH)
 * and drops the process's reference.  The links change with preemption
 * off (one CPU), as the process list does.
 *
 * Interface (kernel/proc/pidfd.h): pidfd_open_file, pidfd_proc,
 * pidfd_proc_exited, pidfd_proc_freed.
 */
#include "kernel/proc/pidfd.h"
#include "fs/poll.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"
#include "mm/mm.h"

struct pidfd_target {
	uint32_t refcount;		/* the process's and each pidfd's */
	struct proc *proc;		/* NULL once it is freed */
	int pid;
	bool exited;
	struct wait_queue wq;		/* pollers */
};

static const struct file_ops pidfd_fops;

/* Drop a reference (preemption off). */
static void pidfd_target_put(struct pidfd_target *t)
{
	if (!--t->refcount)
		kfree(t);
}

/* p's target with one more reference for a new pidfd, made from spare
 * if p has none yet (*spare is then taken).  Preemption off. */
static struct pidfd_target *pidfd_target_get(struct proc *p,
					     struct pidfd_target **spare)
{
	struct pidfd_target *t = p->pidfd;

	if (!t) {
		t = *spare;
		*spare = NULL;
		t->refcount = 1;	/* the process's */
		t->proc = p;
		t->pid = p->pid;
		t->exited = p->zombie;
		wait_queue_init(&t->wq);
		p->pidfd = t;
	}
	t->refcount++;
	return t;
}

/* The target of process pid for a new pidfd: -ESRCH when there is no
 * such process, -EINVAL when pid is a thread that does not lead it. */
static struct pidfd_target *pidfd_target_find(int pid,
					      struct pidfd_target **spare)
{
	struct pidfd_target *t;
	struct proc *p;

	preempt_disable();
	p = proc_find(pid);
	if (p)
		t = pidfd_target_get(p, spare);
	else
		t = ERR_PTR(thread_find(pid) ? -EINVAL : -ESRCH);
	preempt_enable();
	return t;
}

struct file *pidfd_open_file(int pid, unsigned int flags)
{
	struct pidfd_target *spare = kzalloc(sizeof(*spare)), *t;
	struct file *f;

	if (!spare)
		return ERR_PTR(-ENOMEM);
	t = pidfd_target_find(pid, &spare);
	kfree(spare);
	if (IS_ERR(t))
		return (struct file *)t;
	f = anon_file("pidfd", &pidfd_fops, t, O_RDWR | flags);
	if (!f) {
		preempt_disable();
		pidfd_target_put(t);
		preempt_enable();
		return ERR_PTR(-ENOMEM);
	}
	return f;
}

struct proc *pidfd_proc(struct file *f, int *pid)
{
	struct pidfd_target *t;

	if (f->fops != &pidfd_fops)
		return ERR_PTR(-EBADF);
	t = f->private;
	if (pid)
		*pid = t->pid;
	return t->proc;
}

void pidfd_proc_exited(struct proc *p)
{
	if (p->pidfd) {
		p->pidfd->exited = true;
		wake_up(&p->pidfd->wq);
	}
}

void pidfd_proc_freed(struct proc *p)
{
	if (p->pidfd) {
		p->pidfd->proc = NULL;
		p->pidfd->exited = true;
		wake_up(&p->pidfd->wq);
		pidfd_target_put(p->pidfd);
		p->pidfd = NULL;
	}
}

static unsigned int pidfd_poll(struct file *f, struct poll_table *pt)
{
	struct pidfd_target *t = f->private;

	poll_wait(f, &t->wq, pt);
	return t->exited ? POLLIN | POLLRDNORM : 0;
}

static int pidfd_release(struct inode *inode, struct file *f)
{
	preempt_disable();
	pidfd_target_put(f->private);
	preempt_enable();
	return 0;
}

static const struct file_ops pidfd_fops = {
	.poll = pidfd_poll,
	.release = pidfd_release,
};
