/*
 * vt_tty.c: the virtual consoles as the terminals tty1..tty6 (4, 1..6):
 * the glue between vt.h and the tty layer (tty.h).
 *
 * Output from the line discipline goes to vt_write(); keyboard bytes and
 * the emulator's answers come back through vt_tty_input() to
 * tty_receive().  Each terminal is 80x25 and starts in UTF-8 input mode
 * (IUTF8), as Linux's consoles.
 */
#include "drivers/tty/tty.h"
#include "drivers/tty/vgareg.h"
#include "drivers/tty/vt.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/printf.h"

static struct tty *vt_ttys[VT_COUNT];

static size_t vt_tty_write(struct tty *tty, const uint8_t *buf, size_t len)
{
	return vt_write((unsigned int)(uintptr_t)tty_driver_data(tty), buf,
			len);
}

static const struct tty_driver_ops vt_tty_ops = {
	.write = vt_tty_write,
};

void vt_tty_input(unsigned int n, const uint8_t *buf, size_t len)
{
	struct tty *tty = n < VT_COUNT ? READ_ONCE(vt_ttys[n]) : NULL;

	if (tty)
		tty_receive(tty, buf, len);
}

static int vt_tty_init(void)
{
	char name[8];

	for (unsigned int n = 0; n < VT_COUNT; n++) {
		struct termios modes;
		struct tty *tty;

		snprintf(name, sizeof(name), "tty%u", n + 1);
		tty = tty_register(name, TTY_MAJOR, n + 1, &vt_tty_ops,
				   (void *)(uintptr_t)n);
		if (IS_ERR(tty))
			return (int)PTR_ERR(tty);
		modes = *tty_termios(tty);
		modes.c_iflag |= IUTF8;
		tty_init_termios(tty, &modes);
		tty_set_winsize(tty, VGA_ROWS, VGA_COLS);
		WRITE_ONCE(vt_ttys[n], tty);
	}
	return 0;
}
INITCALL(INIT_DEVICE, vt_tty_init);
