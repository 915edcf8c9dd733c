/*
 * memchr.c: find a byte in a block of memory, a word at a time.
 *
 * Interface (lib/string.h):
 *   memchr(s, c, n)	pointer to the first byte equal to (unsigned char)c
 *			among the n bytes at s, or NULL.
 *
 * As strnlen does, it steps byte by byte up to word alignment, then XORs
 * each aligned word with c repeated in every byte, so that matching bytes
 * become zero bytes for word_zero_bytes(), and ends with a byte loop over
 * the last partial word.  Only words that lie wholly inside the n bytes are
 * read as words; __word_overread is there because C lets a caller pass an
 * n larger than the object when a match comes first (memchr(s, 0, -1)).
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

__word_overread
void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	unsigned char ch = (unsigned char)c;
	unsigned long pattern = word_repeat(ch);
	const word_t *w;
	unsigned long m;

	for (; n && !word_aligned(p); p++, n--)
		if (*p == ch)
			return (void *)p;
	for (w = (const word_t *)p; n >= WORD_SIZE; w++, n -= WORD_SIZE) {
		m = word_zero_bytes(*w ^ pattern);
		if (m)
			return (char *)w + word_first_byte(m);
	}
	for (p = (const unsigned char *)w; n; p++, n--)
		if (*p == ch)
			return (void *)p;
	return NULL;
}

/*
 * memchr_inv(s, c, n): pointer to the first of the n bytes at s that is not
 * (unsigned char)c, or NULL when all are.  Used to check poison and fill
 * patterns; a byte loop is enough for that.
 */
void *memchr_inv(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)c)
			return (void *)(p + i);
	return NULL;
}
