/*
 * tty_file.c: terminals as files: one file_ops table for every terminal
 * node, /dev/tty (the caller's controlling terminal, -ENXIO without one)
 * and /dev/console (drivers/tty/console.c picks it).
 *
 * read follows Linux's n_tty_read: in canonical mode it returns one line
 * (0 at EOF); otherwise VMIN and VTIME choose among the four cases:
 * MIN 0 TIME 0 returns what is there at once; MIN > 0 TIME 0 waits for
 * MIN bytes; MIN > 0 TIME > 0 waits for a first byte, then until MIN
 * bytes or TIME tenths of a second without a new one; MIN 0 TIME > 0
 * waits at most TIME for a first byte.  Sleeps end with -ERESTARTSYS on
 * a signal; O_NONBLOCK gives -EAGAIN instead of sleeping.  A read from
 * a background group gets SIGTTIN (tty_jobctl.c), a write with TOSTOP
 * SIGTTOU.  Files opened before a hang-up (the session leader's exit)
 * read 0 and fail writes with -EIO, as Linux's hung_up_tty_fops; those
 * opened through /dev/console are spared, as in Linux.
 *
 * Interface: tty_fops (internal.h); the nodes tty (5, 0), console (5, 1).
 */
#include "drivers/tty/internal.h"
#include "fs/devfs/devfs.h"
#include "fs/poll.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/proc/signal.h"
#include "mm/mm.h"
#include "kernel/prof/prof.h"

#define TTY_WAKEUP_CHARS	256	/* writable below this much output */
#define NS_PER_DECISECOND	100000000ull

struct tty *tty_file_tty(struct file *f)
{
	struct tty_file *tf = f->private;

	if (tf->console || tf->hangups == READ_ONCE(tf->tty->hangups))
		return tf->tty;
	return NULL;
}

/* The terminal a node opens, and whether it may become the caller's
 * controlling terminal (never /dev/tty or /dev/console, as Linux). */
static struct tty *tty_for_node(uint32_t rdev, bool *may_ctty, int *err)
{
	struct tty *tty;

	*may_ctty = false;
	if (rdev == MKDEV(TTYAUX_MAJOR, 0)) {
		tty = tty_current_ctty();
		*err = -ENXIO;
	} else if (rdev == MKDEV(TTYAUX_MAJOR, 1)) {
		tty = tty_console();
		*err = -ENODEV;
	} else {
		tty = tty_by_rdev(rdev);
		*err = -ENXIO;
		*may_ctty = true;
	}
	return tty;
}

static int tty_open(struct inode *inode, struct file *f)
{
	struct tty_file *tf;
	struct tty *tty;
	bool may_ctty, first;
	uint32_t flags;
	int err;

	tty = tty_for_node(inode->rdev, &may_ctty, &err);
	if (!tty)
		return err;
	tf = kmalloc(sizeof(*tf));
	if (!tf)
		return -ENOMEM;
	flags = spin_lock_irqsave(&tty->lock);
	first = tty->opens++ == 0;
	tf->tty = tty;
	tf->hangups = tty->hangups;
	tf->console = inode->rdev == MKDEV(TTYAUX_MAJOR, 1);
	spin_unlock_irqrestore(&tty->lock, flags);
	err = first && tty->ops->open ? tty->ops->open(tty) : 0;
	if (err) {
		flags = spin_lock_irqsave(&tty->lock);
		tty->opens--;
		spin_unlock_irqrestore(&tty->lock, flags);
		kfree(tf);
		return err;
	}
	f->private = tf;
	if (may_ctty && !(f->flags & O_NOCTTY))
		tty_open_ctty(tty);
	return 0;
}

static int tty_release(struct inode *inode, struct file *f)
{
	struct tty_file *tf = f->private;
	struct tty *tty = tf->tty;
	uint32_t flags = spin_lock_irqsave(&tty->lock);
	bool last = --tty->opens == 0;

	spin_unlock_irqrestore(&tty->lock, flags);
	if (last) {
		tty_last_close(tty);
		if (tty->ops->close)
			tty->ops->close(tty);
	}
	kfree(tf);
	return 0;
}

static bool hung_up(struct file *f)
{
	return !tty_file_tty(f);
}

/* The MIN/TIME rules: how many bytes end the read, the first wait and
 * the wait between bytes (0: none), in ns. */
static void read_limits(struct tty *tty, size_t *minimum, uint64_t *first,
			uint64_t *between)
{
	const struct termios *t = &tty->ld.t;
	uint64_t time = t->c_cc[VTIME] * NS_PER_DECISECOND;

	*minimum = 0;
	*first = WAIT_FOREVER;
	*between = 0;
	if (t->c_lflag & ICANON)
		return;
	if (t->c_cc[VMIN]) {
		*minimum = t->c_cc[VMIN];
		*between = time;
	} else {
		*minimum = 1;
		*first = time;
	}
}

/* Take what the line discipline gives now; *stop when the read is over. */
static size_t read_some(struct tty *tty, uint8_t *buf, size_t len, bool *stop)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);
	bool eol, canon = tty->ld.t.c_lflag & ICANON;
	size_t n = n_tty_read(&tty->ld, buf, len, &eol);

	spin_unlock_irqrestore(&tty->lock, flags);
	*stop = canon;
	return n;
}

static ssize_t read_ldisc(struct file *f, struct tty *tty, uint8_t *buf,
			  size_t len)
{
	size_t done = 0, minimum;
	uint64_t timeout, between, deadline;
	ssize_t err = 0;
	bool stop = false;

	read_limits(tty, &minimum, &timeout, &between);
	deadline = timeout == WAIT_FOREVER ? WAIT_FOREVER : clock_ns() + timeout;
	while (done < len && !stop) {
		if (!tty_readable(tty, false)) {
			if (hung_up(f) || (deadline != WAIT_FOREVER &&
					   clock_ns() >= deadline))
				break;
			if (f->flags & O_NONBLOCK) {
				err = -EAGAIN;
				break;
			}
			if ((err = signal_check()))
				break;
			wait_event_until(&tty->read_wq, tty_readable(tty, false) ||
					 signal_check() || hung_up(f), deadline);
			continue;
		}
		done += read_some(tty, buf + done, len - done, &stop);
		if (done >= minimum && minimum)
			break;
		if (between)
			deadline = clock_ns() + between;
	}
	return done ? (ssize_t)done : err;
}

static ssize_t tty_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	struct tty *tty = tty_file_tty(f);
	ssize_t ret;
	int err;

	if (!tty)
		return 0;
	err = tty_check_change(tty, SIGTTIN);
	if (err)
		return err;
	prof_first_prompt();	/* the boot timeline's end */
	mutex_lock(&tty->read_mutex);
	ret = read_ldisc(f, tty, buf, len);
	mutex_unlock(&tty->read_mutex);
	return ret;
}

static bool has_write_room(struct tty *tty)
{
	return n_tty_out_room(&tty->ld) >= 8 || !n_tty_out_count(&tty->ld);
}

static ssize_t write_ldisc(struct file *f, struct tty *tty, const uint8_t *buf,
			   size_t len)
{
	size_t done = 0, n;
	ssize_t err = 0;
	uint32_t flags;

	while (done < len) {
		flags = spin_lock_irqsave(&tty->lock);
		n = n_tty_write(&tty->ld, buf + done, len - done);
		spin_unlock_irqrestore(&tty->lock, flags);
		done += n;
		tty_push_output(tty);
		if (done == len || n)
			continue;
		if (f->flags & O_NONBLOCK) {
			err = -EAGAIN;
			break;
		}
		wait_event(&tty->write_wq, has_write_room(tty) ||
			   signal_check() || hung_up(f));
		if ((err = signal_check()) || hung_up(f)) {
			err = err ? err : -EIO;
			break;
		}
	}
	return done ? (ssize_t)done : err;
}

static ssize_t tty_write(struct file *f, const void *buf, size_t len,
			 uint64_t *pos)
{
	struct tty *tty = tty_file_tty(f);
	ssize_t ret;
	int err;

	if (!tty)
		return -EIO;
	if (tty->ld.t.c_lflag & TOSTOP) {
		err = tty_check_change(tty, SIGTTOU);
		if (err)
			return err;
	}
	mutex_lock(&tty->write_mutex);
	ret = write_ldisc(f, tty, buf, len);
	mutex_unlock(&tty->write_mutex);
	return ret;
}

static unsigned int tty_poll(struct file *f, struct poll_table *pt)
{
	struct tty *tty = tty_file_tty(f);
	unsigned int mask = 0;

	if (!tty)
		return POLLIN | POLLOUT | POLLERR | POLLHUP | POLLRDNORM |
		       POLLWRNORM;
	poll_wait(f, &tty->read_wq, pt);
	poll_wait(f, &tty->write_wq, pt);
	if (tty_readable(tty, true))
		mask |= POLLIN | POLLRDNORM;
	if (n_tty_out_count(&tty->ld) < TTY_WAKEUP_CHARS)
		mask |= POLLOUT | POLLWRNORM;
	return mask;
}

const struct file_ops tty_fops = {
	.open = tty_open,
	.release = tty_release,
	.read = tty_read,
	.write = tty_write,
	.ioctl = tty_ioctl,
	.poll = tty_poll,
};

static int tty_aux_nodes_init(void)
{
	int err = devfs_register_char("tty", 0666, MKDEV(TTYAUX_MAJOR, 0),
				      &tty_fops);

	if (!err)
		err = devfs_register_char("console", 0600,
					  MKDEV(TTYAUX_MAJOR, 1), &tty_fops);
	return err;
}
INITCALL(INIT_FS, tty_aux_nodes_init);
