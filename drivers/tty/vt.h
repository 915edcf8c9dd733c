/*
 * vt.h: the virtual consoles on the VGA text screen (tty1..tty6).
 *
 * Each console is a terminal emulator (vt_term.h) with its own state and
 * grid of cells in memory.  The screen shows the foreground console's
 * grid: at each timer tick after user output, at once after kernel
 * messages, a switch or vt_flush(), the rows that changed are copied to
 * the VGA frame buffer (video memory is slow, and only written; a burst
 * of output scrolls in memory and reaches the screen once per tick), and
 * the CRT controller's cursor is moved.  Kernel messages go to
 * the foreground console through a parser of their own, so they never
 * break an escape sequence user space is in the middle of, with "\n" as
 * CR LF.  Answers to DSR/DA are handed to the input side from the timer
 * tick, never from inside a write (the tty layer holds its lock there).
 * One spinlock covers every console; no function sleeps.
 *
 * Interface:
 *	vt_init()			early: consoles, screen, printk console
 *	vt_write(n, buf, len)		user output to console n (from 0)
 *	vt_flush()			draw the screen now
 *	vt_console_write(s, len)	kernel messages (the "tty0" console)
 *	vt_console_sgr(params)		colours for the following messages
 *	vt_switch(n), vt_foreground()	the console on the screen
 *	vt_scroll_view(lines)		show the foreground's older lines
 *					(lines > 0) or newer ones (< 0): each
 *					console keeps VT_HISTORY rows that
 *					scrolled off; output, a key or a
 *					switch brings the view back down
 *	vt_keyboard_modes()		the foreground's DECCKM/DECKPAM, as
 *					KBD_MODE_* bits
 *	vt_keyboard_input(buf, len)	keyboard bytes for the foreground
 *	vt_read_cell(n, row, col)	a console's cell (for tests)
 * and, from the glue to the tty layer (vt_tty.c):
 *	vt_tty_input(n, buf, len)	bytes typed on (or answered by)
 *					console n
 */
#ifndef DRIVERS_TTY_VT_H
#define DRIVERS_TTY_VT_H

#include <stddef.h>
#include <stdint.h>

#define VT_COUNT	6
#define VT_HISTORY	128	/* scrollback rows per console */
#define VT_SCROLL_STEP	12	/* rows per Shift+PgUp/PgDn, half a screen */

void vt_init(void);
size_t vt_write(unsigned int n, const uint8_t *buf, size_t len);
void vt_flush(void);
void vt_console_write(const char *s, size_t len);
void vt_console_sgr(const char *params);
int vt_switch(unsigned int n);
void vt_scroll_view(int lines);
unsigned int vt_foreground(void);
unsigned int vt_keyboard_modes(void);
void vt_keyboard_input(const uint8_t *buf, size_t len);
uint16_t vt_read_cell(unsigned int n, unsigned int row, unsigned int col);
void vt_cursor(unsigned int n, unsigned int *row, unsigned int *col);

/* drivers/tty/vt_tty.c */
void vt_tty_input(unsigned int n, const uint8_t *buf, size_t len);

#endif
