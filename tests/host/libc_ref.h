/*
 * libc_ref.h: the host C library's vsnprintf under a name of its own
 * (tests/host/libc_ref.c, which is compiled without lib_rename.h), the
 * reference that lib's vsnprintf is compared with.
 */
#ifndef TESTS_HOST_LIBC_REF_H
#define TESTS_HOST_LIBC_REF_H

#include <stdarg.h>
#include <stddef.h>

int libc_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

#endif
