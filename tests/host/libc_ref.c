/*
 * libc_ref.c: reaches the host C library's own vsnprintf for the tests.
 * Compiled WITHOUT tests/host/lib_rename.h (see tests/host/host.mk), so
 * vsnprintf here is the C library's, not lib's.
 */
#include <stdio.h>
#include "tests/host/libc_ref.h"

int libc_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	return vsnprintf(buf, size, fmt, ap);
}
