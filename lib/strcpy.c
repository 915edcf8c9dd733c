/*
 * strcpy.c: copy strings.
 *
 * Interface (lib/string.h):
 *   strcpy(dst, src)		copy src with its NUL; returns dst;
 *   strncpy(dst, src, n)	copy at most n bytes of src and pad dst with
 *				NULs up to n bytes; dst is not terminated
 *				when src has n bytes or more; returns dst;
 *   strlcpy(dst, src, size)	copy at most size - 1 bytes and terminate
 *				dst when size > 0; returns strlen(src), so a
 *				result >= size means src was truncated;
 *   strlcat(dst, src, size)	append src to the string in dst, which holds
 *				size bytes in all, terminating it when there
 *				is room; returns the length of the string it
 *				tried to create (the length of dst, at most
 *				size, plus strlen(src)), so a result >= size
 *				means truncation.
 *
 * Each one measures first with the word-at-a-time strlen/strnlen and then
 * moves the bytes with memcpy/memset.
 */
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

char *strcpy(char *dst, const char *src)
{
	return memcpy(dst, src, strlen(src) + 1);
}

char *strncpy(char *dst, const char *src, size_t n)
{
	size_t len = strnlen(src, n);

	memcpy(dst, src, len);
	memset(dst + len, 0, n - len);
	return dst;
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);
	size_t copy;

	if (size) {
		copy = len < size ? len : size - 1;
		memcpy(dst, src, copy);
		dst[copy] = '\0';
	}
	return len;
}

size_t strlcat(char *dst, const char *src, size_t size)
{
	size_t used = strnlen(dst, size);

	if (used == size)
		return size + strlen(src);
	return used + strlcpy(dst + used, src, size - used);
}
