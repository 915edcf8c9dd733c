/*
 * n_tty.h: the line discipline, as pure code (no locks, no sleeping, no
 * devices): what Linux's N_TTY does to the bytes between a terminal and
 * its readers and writers.  The tty core (drivers/tty/tty_core.c) holds a
 * struct n_tty per terminal under its lock; the host tests drive it
 * directly (tests/host/test_n_tty.c).
 *
 * Input (n_tty.c): n_tty_receive() takes one byte from the hardware and
 * applies the termios: ISTRIP, IUCLC, IGNCR/ICRNL/INLCR, IXON START/STOP
 * (and IXANY), ISIG (INTR, QUIT, SUSP: the caller sends the signal; the
 * input and output are flushed unless NOFLSH), canonical editing (ERASE,
 * KILL, WERASE, LNEXT, REPRINT, EOF, EOL, EOL2 end a line) and echo
 * (ECHO, ECHOE, ECHOK, ECHOKE, ECHONL, ECHOCTL, ECHOPRT).  It returns
 * what the caller must do (NTTY_EV_*).
 *
 * Output (n_tty_output.c): the bytes for the driver wait in an output
 * ring, echoes and written data in order.  n_tty_write() puts user bytes
 * there through OPOST (ONLCR, OCRNL, ONOCR, ONLRET, OLCUC, XTABS), keeping
 * the cursor column that erasing a tab needs.  n_tty_out_peek/consume
 * give them to the driver.
 *
 * Reading (n_tty_read.c): n_tty_readable() says whether a read would
 * return now (a whole line in canonical mode, else VMIN bytes for poll or
 * one for read); n_tty_read() copies one line (canonical; an EOF char
 * ends it and is not copied) or what is there (non-canonical).
 *
 * n_tty_set_termios() changes the modes as Linux does: switching ICANON
 * turns pending input into one line (on) or plain bytes (off).
 */
#ifndef DRIVERS_TTY_N_TTY_H
#define DRIVERS_TTY_N_TTY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "drivers/tty/termios.h"

#define N_TTY_BUF_SIZE	4096		/* input: a power of two */
#define N_TTY_OBUF_SIZE	2048		/* output: a power of two */

struct n_tty {
	struct termios t;
	/* Input ring; counters run freely, masked on access. */
	uint8_t rbuf[N_TTY_BUF_SIZE];
	uint8_t eol[N_TTY_BUF_SIZE / 8];	/* a byte that ends a line */
	uint32_t read_tail;		/* next byte for a reader */
	uint32_t canon_head;		/* end of the complete lines */
	uint32_t read_head;		/* end of the input */
	bool lnext;			/* the next byte is literal */
	bool erasing;			/* inside "\...\" (ECHOPRT) */
	bool stopped;			/* output stopped by STOP or TCOOFF */
	/* Output ring. */
	uint8_t obuf[N_TTY_OBUF_SIZE];
	uint32_t out_head, out_tail;
	unsigned int column;		/* of the cursor, as output moved it */
	unsigned int canon_column;	/* where the current line started */
};

/* What n_tty_receive asks of its caller. */
#define NTTY_EV_READ	0x01		/* readers may go on */
#define NTTY_EV_OUTPUT	0x02		/* output to push to the driver */
#define NTTY_EV_SIGINT	0x04		/* send to the foreground group */
#define NTTY_EV_SIGQUIT	0x08
#define NTTY_EV_SIGTSTP	0x10
#define NTTY_EV_FLUSHED	0x20		/* output flushed: tell the driver */
#define NTTY_EV_START	0x40		/* output restarted (writers may go) */

/* n_tty.c */
void n_tty_init(struct n_tty *ld, const struct termios *t);
unsigned int n_tty_receive(struct n_tty *ld, uint8_t c);
void n_tty_set_termios(struct n_tty *ld, const struct termios *t);
void n_tty_flush_input(struct n_tty *ld);

/* n_tty_output.c */
/* Put up to len bytes through OPOST; returns how many were taken (fewer
 * when the ring is full). */
size_t n_tty_write(struct n_tty *ld, const uint8_t *buf, size_t len);
/* One echoed byte: through OPOST if on; dropped if the ring is full. */
void n_tty_echo_raw(struct n_tty *ld, uint8_t c);
/* A byte as echo shows it: "^X" for a control character under ECHOCTL. */
void n_tty_echo_char(struct n_tty *ld, uint8_t c);
/* Move back n columns with backspaces (erasing a tab). */
void n_tty_echo_backspaces(struct n_tty *ld, unsigned int n);
size_t n_tty_out_count(const struct n_tty *ld);
size_t n_tty_out_room(const struct n_tty *ld);
/* The next contiguous run of output bytes (*len of them). */
const uint8_t *n_tty_out_peek(const struct n_tty *ld, size_t *len);
void n_tty_out_consume(struct n_tty *ld, size_t n);
void n_tty_flush_output(struct n_tty *ld);

/* n_tty_read.c */
/* for_poll: in non-canonical mode with VMIN > 0 and VTIME 0, VMIN bytes
 * make the terminal readable; otherwise one (a line when canonical). */
bool n_tty_readable(const struct n_tty *ld, bool for_poll);
/* Bytes waiting for readers (FIONREAD): canonical, those of whole lines. */
size_t n_tty_in_count(const struct n_tty *ld);
/* Copy what a read takes now into buf (at most len bytes): canonical,
 * up to the end of one line (an EOF ending it is consumed, not copied;
 * *eol tells that the line ended); otherwise what is there. */
size_t n_tty_read(struct n_tty *ld, uint8_t *buf, size_t len, bool *eol);

/* Mode tests on ld's termios. */
#define N_I(ld, f)	(((ld)->t.c_iflag & (f)) != 0)
#define N_O(ld, f)	(((ld)->t.c_oflag & (f)) != 0)
#define N_L(ld, f)	(((ld)->t.c_lflag & (f)) != 0)

#endif
