/*
 * printf.h: formatted output into a buffer (lib/vsnprintf.c).
 *
 * Interface:
 *   vsnprintf, snprintf	C99 semantics: write at most size bytes,
 *				always NUL-terminated when size > 0, and
 *				return the length the full output would have
 *				had (so a result >= size means truncation);
 *   vscnprintf, scnprintf	the same, but return the number of characters
 *				actually stored, not counting the NUL (0 when
 *				size is 0), which is handy for appending.
 *
 * Conversions: d i u x X o c s p %.  Flags: - + space # 0.  Width and
 * precision, either of them may be `*`.  Length modifiers: hh h l ll z t j.
 * No floating point and no %n.
 *   %s with a NULL pointer prints "(null)" (cut by a precision like any
 *	string);
 *   %p prints as glibc does: "0x" and lower-case hex digits, "(nil)" for
 *	NULL; the flags - and 0 and the width apply, + and space do not;
 *   an unknown conversion is copied to the output as it stands.
 * A result longer than INT_MAX characters is reported as INT_MAX.
 */
#ifndef LIB_PRINTF_H
#define LIB_PRINTF_H

#include <stdarg.h>
#include <stddef.h>
#include "lib/compiler.h"

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
	__printf(3, 0);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list ap)
	__printf(3, 0);
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);

#endif
