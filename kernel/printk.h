/*
 * printk.h: the kernel log.
 *
 * printk() formats a message (lib/printf.h conversions), stores it in the
 * log ring buffer (read later as dmesg) and, when its level is at or below
 * the console log level (loglevel= on the command line), writes it to every
 * registered console.  A message starts with an optional KERN_* level
 * prefix, as in Linux; the default is KERN_INFO.  Safe in interrupts.
 *
 * Interface: printk, pr_emerg..pr_debug, console_register,
 * console_preferred, printk_set_loglevel, printk_loglevel, printk_emit
 * (a message already formatted, from /dev/kmsg).  The log itself is read
 * through kernel/logbuf.h and kernel/syslog.h.
 */
#ifndef KERNEL_PRINTK_H
#define KERNEL_PRINTK_H

#include <stddef.h>
#include <stdarg.h>
#include "lib/compiler.h"

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"

#define LOGLEVEL_DEFAULT	7	/* console shows levels 0..6 */

int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list ap);

#define pr_emerg(...)	printk(KERN_EMERG __VA_ARGS__)
#define pr_err(...)	printk(KERN_ERR __VA_ARGS__)
#define pr_warn(...)	printk(KERN_WARNING __VA_ARGS__)
#define pr_notice(...)	printk(KERN_NOTICE __VA_ARGS__)
#define pr_info(...)	printk(KERN_INFO __VA_ARGS__)
#define pr_debug(...)	printk(KERN_DEBUG __VA_ARGS__)

/* A console receives every message at or below the console log level. */
struct console {
	const char *name;
	void (*write)(const char *s, size_t len);
	struct console *next;
	bool enabled;
};

void console_register(struct console *con);
/* The name of the last valid console= ("ttyS0", "tty0"), or NULL. */
const char *console_preferred(void);
void printk_set_loglevel(int level);

int printk_loglevel(void);
/* Log text (len bytes, no final newline, no level prefix) with a syslog
 * facility and level, and show it on the consoles as printk does. */
void printk_emit(int facility, int level, const char *text, size_t len);

#endif
