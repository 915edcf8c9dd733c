/*
 * strlen.c: strlen and strnlen, a word at a time.
 *
 * Interface (lib/string.h):
 *   strlen(s)		length of s, not counting the NUL;
 *   strnlen(s, max)	the same, but at most max (s need not be terminated
 *			within max bytes, and no byte past s + max is used).
 *
 * Both step byte by byte only until the pointer is word-aligned, then read
 * aligned words and test them for a zero byte with word_zero_bytes().  An
 * aligned word never crosses a page boundary, so reading the whole word
 * that holds the terminator cannot fault even when the string ends at the
 * last byte of a mapped page (see lib/word.h).  No `repne scasb`: on current
 * CPUs it is slower than a plain byte loop.
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

/*
 * strlen's main loop takes two words per iteration and tests them with one
 * branch.  The pair is aligned to twice the word size, so its second word is
 * on the same page as the first and may be read even when the first one
 * already holds the terminator.
 */
__word_overread
size_t strlen(const char *s)
{
	const char *p = s;
	const word_t *w;
	unsigned long m0, m1;

	for (; !word_aligned(p); p++)
		if (*p == '\0')
			return (size_t)(p - s);
	w = (const word_t *)p;
	if ((uintptr_t)w & WORD_SIZE) {
		m0 = word_zero_bytes(*w);
		if (m0)
			goto found;
		w++;
	}
	for (;;) {
		m0 = word_zero_bytes(w[0]);
		m1 = word_zero_bytes(w[1]);
		if (m0 | m1)
			break;
		w += 2;
	}
	if (!m0) {
		m0 = m1;
		w++;
	}
found:
	return (size_t)((const char *)w - s) + word_first_byte(m0);
}

__word_overread
size_t strnlen(const char *s, size_t maxlen)
{
	const char *p = s;
	const word_t *w;
	unsigned long m;

	for (; maxlen && !word_aligned(p); p++, maxlen--)
		if (*p == '\0')
			return (size_t)(p - s);
	for (w = (const word_t *)p; maxlen >= WORD_SIZE; w++) {
		m = word_zero_bytes(*w);
		if (m)
			return (size_t)((const char *)w - s) +
			       word_first_byte(m);
		maxlen -= WORD_SIZE;
	}
	for (p = (const char *)w; maxlen && *p; p++, maxlen--)
		;
	return (size_t)(p - s);
}
