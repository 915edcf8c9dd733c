/*
 * tty.h: terminals, as drivers see them.
 *
 * A driver (VGA virtual console, 16550 serial port, a test's loopback)
 * registers each terminal with tty_register(); the tty layer gives it a
 * device node /dev/NAME with Linux's number, a line discipline
 * (drivers/tty/n_tty.h: canonical editing, echo, signals from INTR, QUIT
 * and SUSP, OPOST), termios and window-size ioctls, job control and
 * controlling terminals.  The driver only moves bytes:
 *   - input: tty_receive() from its interrupt handler (any context);
 *   - output: the write op, called with the terminal's lock held and
 *     interrupts off, so it must not sleep; it takes what it can, and a
 *     driver that took less calls tty_write_wakeup() once it has room
 *     (never from inside its write op).
 *
 * Numbers as Linux: /dev/tty1..tty6 (4, 1..6), /dev/ttyS0 (4, 64),
 * /dev/tty (5, 0): the caller's controlling terminal, /dev/console
 * (5, 1): the terminal of the last console= (drivers/tty/console.c).
 *
 * Interface: tty_register, tty_driver_data, tty_receive, tty_write_wakeup,
 * tty_set_winsize, tty_init_termios, tty_find.
 */
#ifndef DRIVERS_TTY_TTY_H
#define DRIVERS_TTY_TTY_H

#include <stddef.h>
#include <stdint.h>
#include "drivers/tty/termios.h"

#define TTY_MAJOR		4	/* tty1..63, ttyS0.. at minor 64 */
#define TTYAUX_MAJOR		5	/* /dev/tty, /dev/console */
#define TTY_SERIAL_MINOR	64

struct tty;

struct tty_driver_ops {
	/* Send bytes (already output-processed) to the hardware; may be
	 * called with interrupts off (echo from an IRQ): must not sleep.
	 * Returns the number of bytes accepted (a driver with no flow
	 * control takes all). */
	size_t (*write)(struct tty *tty, const uint8_t *buf, size_t len);
	/* Optional: termios changed (baud, etc.). */
	void (*set_termios)(struct tty *tty);
	/* Optional: the tty was opened / last closed. */
	int (*open)(struct tty *tty);
	void (*close)(struct tty *tty);
	/* Optional: bytes accepted by write but not yet sent (tcdrain waits
	 * for 0); and drop them (tcflush, INTR without NOFLSH). */
	size_t (*chars_in_buffer)(struct tty *tty);
	void (*flush_buffer)(struct tty *tty);
};

/* Register a terminal as /dev/NAME with (major, minor); driver_data is
 * the driver's.  Returns the tty or ERR_PTR (-EEXIST, -ENOMEM). */
struct tty *tty_register(const char *name, unsigned int major,
			 unsigned int minor, const struct tty_driver_ops *ops,
			 void *driver_data);
void *tty_driver_data(struct tty *tty);
/* Input from the hardware (interrupt context allowed): runs the line
 * discipline (echo, signals, canonical editing) and wakes readers. */
void tty_receive(struct tty *tty, const uint8_t *buf, size_t len);
/* The driver has room again: give it more output, wake writers. */
void tty_write_wakeup(struct tty *tty);
/* The window size (VGA: 80x25; serial: 80x24 by default, TIOCSWINSZ
 * changes it and sends SIGWINCH to the foreground group). */
void tty_set_winsize(struct tty *tty, unsigned short rows, unsigned short cols);
/* A driver's starting modes, instead of Linux's standard ones (the
 * serial port's speed, IUTF8 on a console); before the first open. */
void tty_init_termios(struct tty *tty, const struct termios *t);
/* The current termios (for set_termios ops). */
const struct termios *tty_termios(struct tty *tty);
/* The registered terminal called name ("tty1", "ttyS0"), or NULL. */
struct tty *tty_find(const char *name);

#endif
