/*
 * string.h: the kernel's string and memory functions, with the standard C
 * names and contracts (gcc also emits calls to memcpy, memset, memmove and
 * memcmp by itself, for structure copies and the like).
 *
 * Interface:
 *   memcpy, memmove, memset, memcmp, memchr	(lib/memcpy.c, memset.c,
 *						 memcmp.c, memchr.c)
 *   strlen, strnlen				(lib/strlen.c)
 *   strcmp, strncmp				(lib/strcmp.c)
 *   strchr, strrchr				(lib/strchr.c)
 *   strcpy, strncpy, strlcpy, strlcat		(lib/strcpy.c)
 *   strspn, strcspn				(lib/strspn.c)
 *   strstr					(lib/strstr.c)
 *   memzero_explicit(s, n)			(lib/memzero_explicit.c)
 *
 * strlcpy and strlcat are the OpenBSD ones: they take the full size of the
 * destination, always NUL-terminate it when that size is non-zero, and
 * return the length of the string they tried to create, so a result
 * >= size means the output was truncated.
 *
 * memzero_explicit clears n bytes like memset(s, 0, n), but is never
 * removed as a dead store: use it to wipe keys and other secrets.
 *
 * The kernel is built freestanding, which turns gcc's builtins off; the
 * macros at the end bring back __builtin_memcpy and __builtin_memset so
 * that small constant-size copies and fills are inlined, while everything
 * else still calls the functions here.  The files that define these
 * functions, and the host tests (which rename them), set
 * LIB_STRING_NO_BUILTINS first.
 */
#ifndef LIB_STRING_H
#define LIB_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
void *memchr_inv(const void *s, int c, size_t n);

size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);

char *strcpy(char *dst, const char *src);
char *strncpy(char *dst, const char *src, size_t n);
size_t strlcpy(char *dst, const char *src, size_t size);
size_t strlcat(char *dst, const char *src, size_t size);

size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strstr(const char *haystack, const char *needle);

void memzero_explicit(void *s, size_t n);

#ifndef LIB_STRING_NO_BUILTINS
#define memcpy(dst, src, n)	__builtin_memcpy(dst, src, n)
#define memset(s, c, n)		__builtin_memset(s, c, n)
#endif

#endif
