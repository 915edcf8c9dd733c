/*
 * strcmp.c: compare strings.
 *
 * Interface (lib/string.h):
 *   strcmp(a, b)	< 0, 0 or > 0 as a sorts before, equal to or after b,
 *			comparing bytes as unsigned char;
 *   strncmp(a, b, n)	the same over at most n bytes.
 *
 * strcmp aligns a, then skips equal words that hold no terminator a word
 * at a time, then finds the deciding byte with the byte loop.  a's reads
 * are aligned (safe as in strlen); b's are aligned too when b has a's
 * alignment, else unaligned (x86 reads them cheaply), and then only where
 * b's word stays within a page: b's first byte there is part of its string
 * (or its terminator), so the read cannot fault.  Names compared at random
 * alignments (symbol lookups) are compared four or eight bytes a step.
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

/* The smallest page size: a read within one page of a valid byte is safe. */
#define SAFE_PAGE	4096u

/* As skip_equal_words, for an aligned a and an unaligned b; stops before a
 * word of b that would cross into the next page. */
__word_overread
static void skip_equal_words_unaligned(const char **a, const char **b)
{
	const char *pa = *a, *pb = *b;

	while (((uintptr_t)pb & (SAFE_PAGE - 1)) <= SAFE_PAGE - WORD_SIZE) {
		unsigned long w = *(const word_t *)pa;

		if (w != *(const uword_t *)pb || word_zero_bytes(w))
			break;
		pa += WORD_SIZE;
		pb += WORD_SIZE;
	}
	*a = pa;
	*b = pb;
}

__word_overread
int strcmp(const char *a, const char *b)
{
	for (; !word_aligned(a); a++, b++)
		if (*a != *b || *a == '\0')
			return byte_diff(a, b);
	if (word_aligned(b))
		skip_equal_words(&a, &b);
	else
		skip_equal_words_unaligned(&a, &b);
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
