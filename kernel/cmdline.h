/*
 * cmdline.h: the kernel command line, Linux style.
 *
 * The line is split into words separated by spaces; "quoted values" keep
 * their spaces.  A word is "key=value" or a bare "key".  Each known key is
 * registered with KERNEL_PARAM(key, handler) anywhere in the kernel (the
 * descriptor lands in the .kparam section); cmdline_parse() calls the
 * handler of every word in order, with the value ("" for a bare key).
 * A handler returns 0, or -EINVAL for a malformed value: the parser then
 * prints a warning and goes on.  Unknown keys get a warning too; boot never
 * fails because of the command line.
 *
 * cmdline_get() reads the raw value of the last occurrence of a key.
 */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <stdbool.h>
#include "lib/compiler.h"

struct kernel_param {
	const char *key;
	int (*handler)(const char *value);
};

#define KERNEL_PARAM(key_, handler_)					\
	static const struct kernel_param kparam_##handler_		\
		__section(".kparam") __used __aligned(4) = {		\
		.key = #key_, .handler = handler_,			\
	}

/* Parse line and run handlers.  Returns the number of words warned about. */
int cmdline_parse(const char *line);

/* Value of the last "key=value" or "" for a bare "key"; NULL if absent. */
const char *cmdline_get(const char *line, const char *key, char *buf,
			unsigned int buflen);

/* Parse a decimal or 0x-hex unsigned number; 0 or -EINVAL. */
int cmdline_parse_uint(const char *s, unsigned long *out);

#endif
