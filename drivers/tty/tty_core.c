/*
 * tty_core.c: the terminal registry and the paths between drivers and the
 * line discipline (see tty.h for the driver interface, internal.h for
 * the layer's own).
 *
 * Input: tty_receive() runs each byte through n_tty_receive() under the
 * terminal's lock, in whatever context the driver calls it (usually its
 * interrupt handler), then acts on the result: wake readers, push the
 * echo out, flush the driver.  Signals typed at the terminal (INTR, QUIT,
 * SUSP) and SIGWINCH are not sent from there: the process list may not
 * be walked from an interrupt.  They are queued on the terminal with the
 * foreground group of the moment and sent by the "ttysig" kernel thread,
 * as Linux sends them from its flip-buffer work.
 *
 * Output: written and echoed bytes wait in the line discipline's output
 * ring; tty_push_output() hands them to the driver's write op while it
 * takes them (not while output is stopped by ^S), and wakes writers as
 * room appears.  A driver that took less calls tty_write_wakeup() later.
 */
#include "drivers/tty/internal.h"
#include "fs/devfs/devfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"

#define TTY_DEFAULT_ROWS	24
#define TTY_DEFAULT_COLS	80
#define TTY_DRAIN_POLL_NS	10000000ull	/* 10 ms */

static struct list_head tty_list = LIST_HEAD_INIT(tty_list);
static struct spinlock tty_list_lock = SPINLOCK_INIT;
static struct wait_queue tty_sig_wq = WAIT_QUEUE_INIT(tty_sig_wq);

static const struct termios tty_std_termios = {
	.c_iflag = TTY_STD_IFLAG, .c_oflag = TTY_STD_OFLAG,
	.c_cflag = TTY_STD_CFLAG, .c_lflag = TTY_STD_LFLAG,
	.c_cc = TTY_STD_CC,
};

static struct tty *tty_alloc(const char *name, uint32_t rdev,
			     const struct tty_driver_ops *ops, void *data)
{
	struct tty *tty = kzalloc(sizeof(*tty));

	if (!tty)
		return NULL;
	strlcpy(tty->name, name, sizeof(tty->name));
	tty->rdev = rdev;
	tty->ops = ops;
	tty->driver_data = data;
	tty->lock = (struct spinlock)SPINLOCK_INIT;
	n_tty_init(&tty->ld, &tty_std_termios);
	tty->ws.ws_row = TTY_DEFAULT_ROWS;
	tty->ws.ws_col = TTY_DEFAULT_COLS;
	wait_queue_init(&tty->read_wq);
	wait_queue_init(&tty->write_wq);
	tty->read_mutex = (struct mutex)MUTEX_INIT(tty->read_mutex);
	tty->write_mutex = (struct mutex)MUTEX_INIT(tty->write_mutex);
	return tty;
}

struct tty *tty_register(const char *name, unsigned int major,
			 unsigned int minor, const struct tty_driver_ops *ops,
			 void *driver_data)
{
	uint32_t rdev = MKDEV(major, minor);
	struct tty *tty;
	uint32_t flags;
	int err;

	if (tty_find(name) || tty_by_rdev(rdev))
		return ERR_PTR(-EEXIST);
	tty = tty_alloc(name, rdev, ops, driver_data);
	if (!tty)
		return ERR_PTR(-ENOMEM);
	err = devfs_register_char(name, 0620, rdev, &tty_fops);
	if (err) {
		kfree(tty);
		return ERR_PTR(err);
	}
	flags = spin_lock_irqsave(&tty_list_lock);
	list_add_tail(&tty->link, &tty_list);
	spin_unlock_irqrestore(&tty_list_lock, flags);
	return tty;
}

void *tty_driver_data(struct tty *tty)
{
	return tty->driver_data;
}

/* The terminal matching name or rdev (name NULL), or NULL. */
static struct tty *tty_lookup(const char *name, uint32_t rdev)
{
	uint32_t flags = spin_lock_irqsave(&tty_list_lock);
	struct tty *t, *found = NULL;

	list_for_each_entry(t, &tty_list, link) {
		if (name ? strcmp(t->name, name) == 0 : t->rdev == rdev) {
			found = t;
			break;
		}
	}
	spin_unlock_irqrestore(&tty_list_lock, flags);
	return found;
}

struct tty *tty_find(const char *name)
{
	return tty_lookup(name, 0);
}

struct tty *tty_by_rdev(uint32_t rdev)
{
	return tty_lookup(NULL, rdev);
}

void tty_init_termios(struct tty *tty, const struct termios *t)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	n_tty_set_termios(&tty->ld, t);
	spin_unlock_irqrestore(&tty->lock, flags);
}

const struct termios *tty_termios(struct tty *tty)
{
	return &tty->ld.t;
}

/* Give the driver what it takes; tty->lock held. */
static void push_locked(struct tty *tty)
{
	size_t len, took;
	const uint8_t *p;

	while (!tty->ld.stopped && n_tty_out_count(&tty->ld)) {
		p = n_tty_out_peek(&tty->ld, &len);
		took = tty->ops->write(tty, p, len);
		n_tty_out_consume(&tty->ld, took);
		if (took < len)
			break;
	}
}

void tty_push_output(struct tty *tty)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	push_locked(tty);
	spin_unlock_irqrestore(&tty->lock, flags);
	wake_up(&tty->write_wq);
}

void tty_write_wakeup(struct tty *tty)
{
	tty_push_output(tty);
}

/* Queue the signals of ev for the foreground group (lock not held). */
static void tty_queue_signals(struct tty *tty, unsigned int ev)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	if (tty->pgrp) {
		tty->sig_pending |= ev & (NTTY_EV_SIGINT | NTTY_EV_SIGQUIT |
					  NTTY_EV_SIGTSTP);
		tty->sig_pgrp = tty->pgrp;
	}
	spin_unlock_irqrestore(&tty->lock, flags);
	wake_up(&tty_sig_wq);
}

void tty_events(struct tty *tty, unsigned int ev)
{
	if (ev & (NTTY_EV_SIGINT | NTTY_EV_SIGQUIT | NTTY_EV_SIGTSTP))
		tty_queue_signals(tty, ev);
	if ((ev & NTTY_EV_FLUSHED) && tty->ops->flush_buffer)
		tty->ops->flush_buffer(tty);
	if (ev & (NTTY_EV_OUTPUT | NTTY_EV_START | NTTY_EV_FLUSHED))
		tty_push_output(tty);
	if (ev & (NTTY_EV_READ | NTTY_EV_FLUSHED))
		wake_up(&tty->read_wq);
}

void tty_receive(struct tty *tty, const uint8_t *buf, size_t len)
{
	unsigned int ev = 0;
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	for (size_t i = 0; i < len; i++)
		ev |= n_tty_receive(&tty->ld, buf[i]);
	spin_unlock_irqrestore(&tty->lock, flags);
	tty_events(tty, ev);
}

void tty_set_winsize(struct tty *tty, unsigned short rows, unsigned short cols)
{
	struct winsize ws = tty->ws;

	ws.ws_row = rows;
	ws.ws_col = cols;
	tty_resize(tty, &ws, false);
}

/* Called by tty_resize with the size changed: SIGWINCH, from the thread. */
void tty_queue_winch(struct tty *tty)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	if (tty->pgrp) {
		tty->winch_pending = true;
		tty->sig_pgrp = tty->pgrp;
	}
	spin_unlock_irqrestore(&tty->lock, flags);
	wake_up(&tty_sig_wq);
}

bool tty_readable(struct tty *tty, bool for_poll)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);
	bool ok = n_tty_readable(&tty->ld, for_poll);

	spin_unlock_irqrestore(&tty->lock, flags);
	return ok;
}

static bool tty_drained(struct tty *tty)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);
	bool empty = !n_tty_out_count(&tty->ld);

	spin_unlock_irqrestore(&tty->lock, flags);
	if (empty && tty->ops->chars_in_buffer)
		empty = !tty->ops->chars_in_buffer(tty);
	return empty;
}

int tty_drain(struct tty *tty)
{
	while (!tty_drained(tty)) {
		wait_event_timeout(&tty->write_wq,
				   tty_drained(tty) || signal_check(),
				   TTY_DRAIN_POLL_NS);
		if (signal_check())
			return -ERESTARTSYS;
	}
	return 0;
}

struct kill_pgrp_args {
	int pgrp, sig;
};

static int kill_one(struct proc *p, void *arg)
{
	struct kill_pgrp_args *a = arg;

	if (p->pgid != a->pgrp)
		return 0;
	signal_send(p, a->sig, NULL);
	return 1;
}

void tty_kill_pgrp(int pgrp, int sig)
{
	struct kill_pgrp_args a = { .pgrp = pgrp, .sig = sig };

	if (pgrp > 0)
		proc_for_each(kill_one, &a);
}

/* Take one terminal's queued signals; false when it has none. */
static bool tty_take_signals(struct tty *tty, unsigned int *sigs, bool *winch,
			     int *pgrp)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);
	bool any = tty->sig_pending || tty->winch_pending;

	*sigs = tty->sig_pending;
	*winch = tty->winch_pending;
	*pgrp = tty->sig_pgrp;
	tty->sig_pending = 0;
	tty->winch_pending = false;
	spin_unlock_irqrestore(&tty->lock, flags);
	return any;
}

static bool tty_signals_queued(void)
{
	struct tty *t;
	bool any = false;

	list_for_each_entry(t, &tty_list, link)
		any |= t->sig_pending || t->winch_pending;
	return any;
}

/* Send what every terminal queued; true if there was something. */
static bool tty_send_queued(void)
{
	struct tty *t;
	bool sent = false;

	list_for_each_entry(t, &tty_list, link) {
		unsigned int sigs;
		bool winch;
		int pgrp;

		if (!tty_take_signals(t, &sigs, &winch, &pgrp))
			continue;
		sent = true;
		if (sigs & NTTY_EV_SIGINT)
			tty_kill_pgrp(pgrp, SIGINT);
		if (sigs & NTTY_EV_SIGQUIT)
			tty_kill_pgrp(pgrp, SIGQUIT);
		if (sigs & NTTY_EV_SIGTSTP)
			tty_kill_pgrp(pgrp, SIGTSTP);
		if (winch)
			tty_kill_pgrp(pgrp, SIGWINCH);
	}
	return sent;
}

static int tty_sig_thread(void *arg)
{
	for (;;) {
		wait_event(&tty_sig_wq, tty_signals_queued());
		tty_send_queued();
	}
	return 0;
}

static int tty_core_init(void)
{
	struct task *t = kthread_create(tty_sig_thread, NULL, "ttysig");

	if (!t)
		return -ENOMEM;
	kthread_detach(t);
	return 0;
}
INITCALL(INIT_CORE, tty_core_init);
