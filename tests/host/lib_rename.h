/*
 * lib_rename.h: give lib's functions names of their own in host builds.
 *
 * lib/ defines memcpy, strlen, snprintf and the rest under their standard
 * names, which the host's C library also defines.  tests/host/host.mk and
 * tests/bench/bench.mk force-include this header (-include) in front of
 * lib's sources and of the tests, so that lib's copies become lib_memcpy,
 * lib_strlen, ... and the C library, compiled elsewhere, is left alone.
 * The macros also rename the C library's declarations when a test includes
 * a system header, which is harmless: the prototypes are the same.
 * Sources that need the C library's own functions (tests/host/libc_ref.c,
 * the benchmark's driver) are compiled without this header.
 *
 * LIB_STRING_NO_BUILTINS keeps lib/string.h from mapping memcpy and memset
 * to gcc's builtins, so that the tests always call lib's code.
 */
#ifndef TESTS_HOST_LIB_RENAME_H
#define TESTS_HOST_LIB_RENAME_H

#define LIB_STRING_NO_BUILTINS

#define memcpy		lib_memcpy
#define memmove		lib_memmove
#define memset		lib_memset
#define memcmp		lib_memcmp
#define memchr		lib_memchr
#define strlen		lib_strlen
#define strnlen		lib_strnlen
#define strcmp		lib_strcmp
#define strncmp		lib_strncmp
#define strchr		lib_strchr
#define strrchr		lib_strrchr
#define strcpy		lib_strcpy
#define strncpy		lib_strncpy
#define strlcpy		lib_strlcpy
#define strlcat		lib_strlcat
#define strspn		lib_strspn
#define strcspn		lib_strcspn
#define strstr		lib_strstr
#define vsnprintf	lib_vsnprintf
#define snprintf	lib_snprintf
#define vscnprintf	lib_vscnprintf
#define scnprintf	lib_scnprintf

#endif
