/*
 * strchr.c: find a character in a string.
 *
 * Interface (lib/string.h):
 *   strchr(s, c)	pointer to the first (unsigned char)c in s, or NULL;
 *			with c == '\0', pointer to the terminator;
 *   strrchr(s, c)	the same for the last occurrence.
 *
 * strchr tests each aligned word for a zero byte and for a byte equal to c
 * at once: the lowest flagged byte of either mask is the first byte that
 * ends the search, and comparing it with c says which case it is.
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

__word_overread
char *strchr(const char *s, int c)
{
	unsigned char ch = (unsigned char)c;
	unsigned long pattern = word_repeat(ch);
	const word_t *w;
	unsigned long m;

	for (; !word_aligned(s); s++) {
		if ((unsigned char)*s == ch)
			return (char *)s;
		if (*s == '\0')
			return NULL;
	}
	for (w = (const word_t *)s;; w++) {
		m = word_zero_bytes(*w) | word_zero_bytes(*w ^ pattern);
		if (m)
			break;
	}
	s = (const char *)w + word_first_byte(m);
	return (unsigned char)*s == ch ? (char *)s : NULL;
}

char *strrchr(const char *s, int c)
{
	unsigned char ch = (unsigned char)c;
	const char *last = NULL;

	do {
		if ((unsigned char)*s == ch)
			last = s;
	} while (*s++);
	return (char *)last;
}
