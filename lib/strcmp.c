/*
 * strcmp.c: compare strings.
 *
 * Interface (lib/string.h):
 *   strcmp(a, b)	< 0, 0 or > 0 as a sorts before, equal to or after b,
 *			comparing bytes as unsigned char;
 *   strncmp(a, b, n)	the same over at most n bytes.
 *
 * When a and b have the same alignment, strcmp skips equal words that hold
 * no terminator a word at a time (aligned reads, safe as in strlen), then
 * finds the deciding byte with the byte loop.
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

static inline int byte_diff(const char *a, const char *b)
{
	return (unsigned char)*a - (unsigned char)*b;
}

/* Advance a and b past equal, unterminated words; both are aligned. */
__word_overread
static void skip_equal_words(const char **a, const char **b)
{
	const word_t *wa = (const word_t *)*a, *wb = (const word_t *)*b;

	while (*wa == *wb && !word_zero_bytes(*wa)) {
		wa++;
		wb++;
	}
	*a = (const char *)wa;
	*b = (const char *)wb;
}

__word_overread
int strcmp(const char *a, const char *b)
{
	if ((((uintptr_t)a ^ (uintptr_t)b) & (WORD_SIZE - 1)) == 0) {
		for (; !word_aligned(a); a++, b++)
			if (*a != *b || *a == '\0')
				return byte_diff(a, b);
		skip_equal_words(&a, &b);
	}
	for (; *a == *b && *a; a++, b++)
		;
	return byte_diff(a, b);
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (*a != *b || *a == '\0')
			return byte_diff(a, b);
	return 0;
}
