/*
 * console.c: which terminal /dev/console (5, 1) is.
 *
 * As Linux: the terminal of the last console= on the command line
 * ("console=ttyS0" the serial port, "console=tty0" or "console=tty1" the
 * first virtual console); without one, tty1 when the VGA console
 * registered it, else ttyS0.  It is looked up at each open, so terminals
 * registered late count too.  Opening /dev/console never makes it a
 * controlling terminal, and such files survive hang-ups (tty_file.c).
 * The kernel's own messages do not go through it: printk writes to the
 * serial and VGA consoles directly, so it works in a panic.
 *
 * Interface: tty_console (internal.h).
 */
#include "drivers/tty/internal.h"
#include "kernel/printk.h"
#include "lib/string.h"

struct tty *tty_console(void)
{
	const char *name = console_preferred();

	if (name && strcmp(name, "tty0") == 0)
		name = "tty1";		/* the foreground virtual console */
	if (name)
		return tty_find(name);
	return tty_find("tty1") ?: tty_find("ttyS0");
}
