/*
 * printk.c: the kernel log (see printk.h for the interface).
 *
 * Each message is formatted into a line buffer on the stack, stored as a
 * record of the log ring (kernel/logbuf.h: what dmesg reads) and, when
 * its level is below the console log level, written to the enabled
 * consoles after the time since boot ("[    1.234567] ").  One spinlock
 * covers the consoles and orders the records as the consoles show them,
 * so lines from interrupts never interleave.  The readers of the ring are
 * woken afterwards (logbuf_wake).
 */
#include "kernel/printk.h"
#include "kernel/export.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/logbuf.h"
#include "kernel/spinlock.h"
#include "lib/printf.h"
#include "lib/string.h"

#define LOG_LINE_MAX	512

static struct console *consoles;
static int console_loglevel = LOGLEVEL_DEFAULT;
static struct spinlock log_lock = SPINLOCK_INIT;

void console_register(struct console *con)
{
	uint32_t flags = spin_lock_irqsave(&log_lock);

	con->enabled = true;
	con->next = consoles;
	consoles = con;
	spin_unlock_irqrestore(&log_lock, flags);
}

void printk_set_loglevel(int level)
{
	console_loglevel = level;
}

int printk_loglevel(void)
{
	return console_loglevel;
}

/* Strip a KERN_* prefix; returns its level, or the default. */
static int printk_level(const char **fmt)
{
	const char *f = *fmt;

	if (f[0] == KERN_SOH[0] && f[1] >= '0' && f[1] <= '7') {
		*fmt = f + 2;
		return f[1] - '0';
	}
	return 6;
}

/* Called with log_lock held. */
static void console_emit(uint64_t ns, const char *text, size_t len)
{
	char prefix[32];
	uint32_t us = (uint32_t)(ns / 1000 % 1000000);
	size_t n;

	n = scnprintf(prefix, sizeof(prefix), "[%5u.%06u] ",
		      (unsigned int)(ns / 1000000000), (unsigned int)us);
	for (struct console *c = consoles; c; c = c->next) {
		if (!c->enabled)
			continue;
		c->write(prefix, n);
		c->write(text, len);
		c->write("\n", 1);
	}
}

void printk_emit(int facility, int level, const char *text, size_t len)
{
	uint64_t ns = clock_ns();
	uint32_t flags = spin_lock_irqsave(&log_lock);

	logbuf_store(facility, level, ns, text, len);
	if (level < console_loglevel)
		console_emit(ns, text, MIN(len, (size_t)LOG_TEXT_MAX));
	spin_unlock_irqrestore(&log_lock, flags);
	logbuf_wake(flags & 0x200);
}

int vprintk(const char *fmt, va_list ap)
{
	char text[LOG_LINE_MAX];
	int level = printk_level(&fmt);
	size_t n = (size_t)vscnprintf(text, sizeof(text), fmt, ap);

	if (n && text[n - 1] == '\n')
		n--;
	printk_emit(LOG_FAC_KERN, level, text, n);
	return (int)n;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}
EXPORT_SYMBOL(printk);

/*
 * console=NAME[,OPTIONS] enables only the named consoles: the first valid
 * use turns the others off.  An unknown name changes nothing and gets a
 * warning; tty1..tty63 name the VGA console (tty0).  The last valid name
 * is kept: /dev/console is its terminal (drivers/tty/console.c).  OPTIONS
 * (Linux's baud rate and the like) are accepted and ignored.
 */
static bool console_param_seen;
static char console_last[16];

/* "ttyN" (1 to 63) is a virtual console, as on Linux: the VGA console
 * ("tty0") shows the kernel's messages on the one in front. */
static bool virtual_console_name(const char *name)
{
	unsigned long n = 0;

	if (strncmp(name, "tty", 3) != 0 || name[3] == '0' || strlen(name) > 5)
		return false;
	for (const char *p = name + 3; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		n = n * 10 + (unsigned long)(*p - '0');
	}
	return n >= 1 && n <= 63;	/* (no digits: n is 0) */
}

static struct console *console_find(const char *name)
{
	for (struct console *c = consoles; c; c = c->next)
		if (strcmp(c->name, name) == 0)
			return c;
	if (virtual_console_name(name))
		return console_find("tty0");
	return NULL;
}

const char *console_preferred(void)
{
	return console_last[0] ? console_last : NULL;
}

static int console_param(const char *value)
{
	char name[sizeof(console_last)];
	struct console *found;
	size_t len = strcspn(value, ",");

	if (len >= sizeof(name))
		return -EINVAL;
	memcpy(name, value, len);
	name[len] = '\0';
	found = console_find(name);
	if (!found)
		return -EINVAL;
	if (!console_param_seen) {
		for (struct console *c = consoles; c; c = c->next)
			c->enabled = false;
		console_param_seen = true;
	}
	found->enabled = true;
	strlcpy(console_last, name, sizeof(console_last));
	return 0;
}
KERNEL_PARAM(console, console_param);

static int loglevel_param(const char *value)
{
	unsigned long level;

	if (cmdline_parse_uint(value, &level) < 0 || level > 8)
		return -EINVAL;
	printk_set_loglevel((int)level);
	return 0;
}
KERNEL_PARAM(loglevel, loglevel_param);
