/*
 * tty_jobctl.c: controlling terminals and job control, as Linux's
 * tty_jobctrl.c does them.
 *
 * A session leader without a terminal acquires one it opens without
 * O_NOCTTY when that terminal belongs to no session (or by TIOCSCTTY);
 * its session and foreground group are then the leader's.  Its children
 * inherit proc->tty; setsid drops it.  TIOCSPGRP moves the foreground to
 * another group of the same session.  A process of another group that
 * reads its terminal gets SIGTTIN (its group does), one that writes with
 * TOSTOP or changes the modes SIGTTOU; ignoring or blocking the signal
 * turns SIGTTIN into -EIO and lets the write go; an orphaned group gets
 * -EIO.  TIOCNOTTY by the leader, and the leader's exit, dissociate the
 * whole session; the exit also hangs the terminal up.
 *
 * Locking: ctty_mutex orders changes of proc->tty and tty->session;
 * tty->session and tty->pgrp change under tty->lock too, since the input
 * path reads pgrp from interrupts.
 *
 * Interface (internal.h, ctty.h): tty_current_ctty, tty_open_ctty,
 * tty_check_change, tty_jobctl_ioctl, tty_last_close, tty_session_exit,
 * tty_proc_nr, tty_proc_tpgid.
 */
#include "drivers/tty/ctty.h"
#include "drivers/tty/internal.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/uaccess.h"

static struct mutex ctty_mutex = MUTEX_INIT(ctty_mutex);

struct tty *tty_current_ctty(void)
{
	struct proc *p = proc_current();

	return p ? READ_ONCE(p->tty) : NULL;
}

static void tty_set_owner(struct tty *tty, int session, int pgrp)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	tty->session = session;
	tty->pgrp = pgrp;
	spin_unlock_irqrestore(&tty->lock, flags);
}

/* Make tty p's controlling terminal (ctty_mutex held). */
static void set_ctty(struct proc *p, struct tty *tty)
{
	tty_set_owner(tty, p->sid, p->pgid);
	p->tty = tty;
}

static int clear_one(struct proc *p, void *arg)
{
	if (p->sid == *(int *)arg)
		p->tty = NULL;
	return 0;
}

/* Every process of session sid loses its terminal (ctty_mutex held). */
static void session_clear_tty(int sid)
{
	proc_for_each(clear_one, &sid);
}

void tty_open_ctty(struct tty *tty)
{
	struct proc *p = proc_current();

	if (!p)
		return;
	mutex_lock(&ctty_mutex);
	if (p->pid == p->sid && !p->tty && !tty->session)
		set_ctty(p, tty);
	mutex_unlock(&ctty_mutex);
}

struct pgrp_args {
	int pgrp;
	int sid;		/* pgrp_session: the session found, or 0 */
};

/* A member of the group whose parent is in another group of the same
 * session keeps the group from being orphaned. */
static int anchors_group(struct proc *p, void *arg)
{
	struct pgrp_args *a = arg;
	struct proc *parent = p->parent;

	return p->pgid == a->pgrp && parent && parent->pgid != a->pgrp &&
	       parent->sid == p->sid;
}

static bool pgrp_orphaned(int pgrp)
{
	struct pgrp_args a = { .pgrp = pgrp };

	return proc_for_each(anchors_group, &a) == 0;
}

static bool sig_ignored(int sig)
{
	struct proc *p = proc_current();
	struct thread *t = thread_current();

	return (t && (t->sigmask & SIGBIT(sig))) ||
	       p->sighand->action[sig - 1].handler == SIG_IGN;
}

int tty_check_change(struct tty *tty, int sig)
{
	struct proc *p = proc_current();
	int pgrp;

	if (!p || READ_ONCE(p->tty) != tty)
		return 0;
	pgrp = READ_ONCE(tty->pgrp);
	if (!pgrp || pgrp == p->pgid)
		return 0;
	if (sig_ignored(sig))
		return sig == SIGTTIN ? -EIO : 0;
	if (pgrp_orphaned(p->pgid))
		return -EIO;
	tty_kill_pgrp(p->pgid, sig);
	return -ERESTARTSYS;
}

/* Drop the session's terminal; signal its foreground group with SIGHUP
 * and SIGCONT; on the leader's exit, hang it up (ctty_mutex held). */
static void disassociate(struct proc *p, bool on_exit)
{
	struct tty *tty = p->tty;
	int pgrp;

	if (!tty)
		return;
	pgrp = tty->pgrp;
	if (on_exit) {
		__atomic_add_fetch(&tty->hangups, 1, __ATOMIC_RELEASE);
		wake_up(&tty->read_wq);
		wake_up(&tty->write_wq);
	}
	tty_kill_pgrp(pgrp, SIGHUP);
	tty_kill_pgrp(pgrp, SIGCONT);
	tty_set_owner(tty, 0, 0);
	session_clear_tty(p->sid);
}

void tty_session_exit(struct proc *p)
{
	mutex_lock(&ctty_mutex);
	if (p->pid == p->sid)
		disassociate(p, true);
	mutex_unlock(&ctty_mutex);
}

unsigned int tty_proc_nr(const struct proc *p)
{
	struct tty *tty = READ_ONCE(p->tty);
	uint32_t minor;

	if (!tty)
		return 0;
	minor = MINOR(tty->rdev);
	return (minor & 0xff) | MAJOR(tty->rdev) << 8 | (minor & ~0xffu) << 12;
}

int tty_proc_tpgid(const struct proc *p)
{
	struct tty *tty = READ_ONCE(p->tty);
	int pgrp = tty ? READ_ONCE(tty->pgrp) : 0;

	return pgrp ? pgrp : -1;
}

void tty_last_close(struct tty *tty)
{
	mutex_lock(&ctty_mutex);
	if (tty->session)
		session_clear_tty(tty->session);
	tty_set_owner(tty, 0, 0);
	mutex_unlock(&ctty_mutex);
}

static int tiocsctty(struct file *f, struct tty *tty, unsigned long arg)
{
	struct proc *p = proc_current();
	bool leader = p->pid == p->sid;

	if (leader && tty->session == p->sid)
		return 0;
	if (!leader || p->tty)
		return -EPERM;
	if (tty->session) {
		if (arg != 1 || p->euid != 0)
			return -EPERM;
		session_clear_tty(tty->session);	/* root steals it */
	}
	if ((f->flags & O_ACCMODE) == O_WRONLY && p->euid != 0)
		return -EPERM;
	set_ctty(p, tty);
	return 0;
}

static int tiocnotty(struct tty *tty)
{
	struct proc *p = proc_current();

	if (p->tty != tty)
		return -ENOTTY;
	if (p->pid == p->sid)
		disassociate(p, false);
	p->tty = NULL;
	return 0;
}

static int find_session(struct proc *p, void *arg)
{
	struct pgrp_args *a = arg;

	if (p->pgid == a->pgrp)
		a->sid = p->sid;
	return 0;
}

static int find_pid_session(struct proc *p, void *arg)
{
	struct pgrp_args *a = arg;

	if (p->pid == a->pgrp && !a->sid)
		a->sid = p->sid;
	return 0;
}

/* The session of group pgrp (or of process pgrp: Linux's
 * session_of_pgrp), or 0 when there is none. */
static int pgrp_session(int pgrp)
{
	struct pgrp_args a = { .pgrp = pgrp };

	proc_for_each(find_session, &a);
	if (!a.sid)
		proc_for_each(find_pid_session, &a);
	return a.sid;
}

static int tiocspgrp(struct tty *tty, const int32_t *upgrp)
{
	struct proc *p = proc_current();
	int32_t pgrp;
	int sid, err = tty_check_change(tty, SIGTTOU);

	if (err)
		return err == -EIO ? -ENOTTY : err;
	if (get_user(pgrp, upgrp))
		return -EFAULT;
	if (pgrp < 0)
		return -EINVAL;
	if (p->tty != tty || tty->session != p->sid)
		return -ENOTTY;
	sid = pgrp_session(pgrp);
	if (!sid)
		return -ESRCH;
	if (sid != p->sid)
		return -EPERM;
	tty_set_owner(tty, tty->session, pgrp);
	return 0;
}

static int jobctl_ioctl_locked(struct file *f, struct tty *tty,
			       unsigned int cmd, unsigned long arg)
{
	struct proc *p = proc_current();

	if (!p)
		return -ENOTTY;
	switch (cmd) {
	case TIOCSCTTY:
		return tiocsctty(f, tty, arg);
	case TIOCNOTTY:
		return tiocnotty(tty);
	case TIOCGPGRP:
		if (p->tty != tty)
			return -ENOTTY;
		return put_user((int32_t)tty->pgrp, (int32_t *)arg);
	case TIOCSPGRP:
		return tiocspgrp(tty, (const int32_t *)arg);
	case TIOCGSID:
		if (p->tty != tty || !tty->session)
			return -ENOTTY;
		return put_user((int32_t)tty->session, (int32_t *)arg);
	}
	return -ENOTTY;
}

int tty_jobctl_ioctl(struct file *f, struct tty *tty, unsigned int cmd,
		     unsigned long arg)
{
	int ret;

	mutex_lock(&ctty_mutex);
	ret = jobctl_ioctl_locked(f, tty, cmd, arg);
	mutex_unlock(&ctty_mutex);
	return ret;
}
