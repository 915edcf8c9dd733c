/*
 * tty_ioctl.c: the terminal ioctls (Linux's i386 numbers, termios.h):
 * TCGETS, TCSETS, TCSETSW (after the output drains), TCSETSF (drains,
 * then drops pending input), TIOCGWINSZ, TIOCSWINSZ (SIGWINCH to the
 * foreground group when the size changes), FIONREAD, TIOCOUTQ, TCFLSH,
 * TCXONC, TCSBRK/TCSBRKP (drain only: no break is sent), FIONBIO,
 * TIOCGETD; the job-control ones go to tty_jobctl.c, and anything else
 * is -ENOTTY.  Changing the modes, flushing and flow control are changes
 * a background process gets SIGTTOU for (tty_check_change), as Linux.
 * A hung-up file answers -EIO (-ENOTTY for TIOCSPGRP).
 *
 * Interface (internal.h): tty_ioctl, tty_get_termios, tty_set_termios,
 * tty_resize.
 */
#include "drivers/tty/internal.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/signal.h"
#include "lib/string.h"
#include "mm/uaccess.h"

void tty_get_termios(struct tty *tty, struct termios *t)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	*t = tty->ld.t;
	spin_unlock_irqrestore(&tty->lock, flags);
}

static void tty_flush(struct tty *tty, bool input, bool output)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);

	if (input)
		n_tty_flush_input(&tty->ld);
	if (output)
		n_tty_flush_output(&tty->ld);
	spin_unlock_irqrestore(&tty->lock, flags);
	if (output && tty->ops->flush_buffer)
		tty->ops->flush_buffer(tty);
	wake_up(&tty->write_wq);
}

int tty_set_termios(struct tty *tty, const struct termios *t, int how)
{
	uint32_t flags;
	int err;

	if (how == 2)
		tty_flush(tty, true, false);
	if (how >= 1 && (err = tty_drain(tty)))
		return err;
	flags = spin_lock_irqsave(&tty->lock);
	n_tty_set_termios(&tty->ld, t);
	spin_unlock_irqrestore(&tty->lock, flags);
	if (tty->ops->set_termios)
		tty->ops->set_termios(tty);
	tty_push_output(tty);
	wake_up(&tty->read_wq);
	return 0;
}

void tty_resize(struct tty *tty, const struct winsize *ws, bool direct)
{
	uint32_t flags = spin_lock_irqsave(&tty->lock);
	bool changed = memcmp(&tty->ws, ws, sizeof(*ws)) != 0;
	int pgrp = tty->pgrp;

	tty->ws = *ws;
	spin_unlock_irqrestore(&tty->lock, flags);
	if (changed && direct)
		tty_kill_pgrp(pgrp, SIGWINCH);
	else if (changed)
		tty_queue_winch(tty);
}

static int set_termios_ioctl(struct tty *tty, unsigned int cmd,
			     unsigned long arg)
{
	struct termios t;
	int err = tty_check_change(tty, SIGTTOU);

	if (err)
		return err;
	if (copy_from_user(&t, (const void *)arg, sizeof(t)))
		return -EFAULT;
	return tty_set_termios(tty, &t, (int)(cmd - TCSETS));
}

static int tcflsh(struct tty *tty, unsigned long arg)
{
	int err = tty_check_change(tty, SIGTTOU);

	if (err)
		return err;
	if (arg > TCIOFLUSH)
		return -EINVAL;
	tty_flush(tty, arg != TCOFLUSH, arg != TCIFLUSH);
	return 0;
}

/* Send one flow-control character ahead of the queued output. */
static void send_xchar(struct tty *tty, uint8_t c)
{
	uint32_t flags;

	if (c == TTY_DISABLED_CHAR)
		return;
	flags = spin_lock_irqsave(&tty->lock);
	tty->ops->write(tty, &c, 1);
	spin_unlock_irqrestore(&tty->lock, flags);
}

static int tcxonc(struct tty *tty, unsigned long arg)
{
	int err = tty_check_change(tty, SIGTTOU);
	uint32_t flags;

	if (err)
		return err;
	switch (arg) {
	case TCOOFF:
	case TCOON:
		flags = spin_lock_irqsave(&tty->lock);
		tty->ld.stopped = arg == TCOOFF;
		spin_unlock_irqrestore(&tty->lock, flags);
		tty_push_output(tty);
		return 0;
	case TCIOFF:
		send_xchar(tty, tty->ld.t.c_cc[VSTOP]);
		return 0;
	case TCION:
		send_xchar(tty, tty->ld.t.c_cc[VSTART]);
		return 0;
	}
	return -EINVAL;
}

static int tcsbrk(struct tty *tty)
{
	int err = tty_check_change(tty, SIGTTOU);

	return err ? err : tty_drain(tty);
}

static int put_int(unsigned long arg, size_t v)
{
	return put_user((int32_t)v, (int32_t *)arg);
}

static size_t out_queued(struct tty *tty)
{
	size_t n = n_tty_out_count(&tty->ld);

	if (tty->ops->chars_in_buffer)
		n += tty->ops->chars_in_buffer(tty);
	return n;
}

static int fionbio(struct file *f, unsigned long arg)
{
	int32_t on;

	if (get_user(on, (const int32_t *)arg))
		return -EFAULT;
	if (on)
		f->flags |= O_NONBLOCK;
	else
		f->flags &= ~O_NONBLOCK;
	return 0;
}

int tty_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct tty *tty = tty_file_tty(f);
	struct termios t;
	struct winsize ws;

	if (!tty)
		return cmd == TIOCSPGRP ? -ENOTTY : -EIO;
	switch (cmd) {
	case TCGETS:
		tty_get_termios(tty, &t);
		return copy_to_user((void *)arg, &t, sizeof(t)) ? -EFAULT : 0;
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		return set_termios_ioctl(tty, cmd, arg);
	case TIOCGWINSZ:
		ws = tty->ws;
		return copy_to_user((void *)arg, &ws, sizeof(ws)) ? -EFAULT : 0;
	case TIOCSWINSZ:
		if (copy_from_user(&ws, (const void *)arg, sizeof(ws)))
			return -EFAULT;
		tty_resize(tty, &ws, true);
		return 0;
	case FIONREAD:
		return put_int(arg, n_tty_in_count(&tty->ld));
	case TIOCOUTQ:
		return put_int(arg, out_queued(tty));
	case TCFLSH:
		return tcflsh(tty, arg);
	case TCXONC:
		return tcxonc(tty, arg);
	case TCSBRK:
	case TCSBRKP:
		return tcsbrk(tty);
	case FIONBIO:
		return fionbio(f, arg);
	case TIOCGETD:
		return put_int(arg, 0);		/* N_TTY */
	}
	return tty_jobctl_ioctl(f, tty, cmd, arg);
}
