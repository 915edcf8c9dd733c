/*
 * memcmp.c: compare two blocks of memory.
 *
 * Interface (lib/string.h):
 *   memcmp(a, b, n)	< 0, 0 or > 0 as the first differing byte of a,
 *			taken as unsigned char, is below, absent or above
 *			that of b.
 *
 * Equal words are skipped a word at a time (x86 reads unaligned words
 * cheaply); the first word that differs, and the tail, are compared bytewise.
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n >= WORD_SIZE; n -= WORD_SIZE) {
		if (*(const uword_t *)p != *(const uword_t *)q)
			break;
		p += WORD_SIZE;
		q += WORD_SIZE;
	}
	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}
