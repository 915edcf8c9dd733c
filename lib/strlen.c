/*
 * strlen.c: strlen and strnlen, a word at a time.
 *
 * Interface (lib/string.h):
 *   strlen(s)		length of s, not counting the NUL;
 *   strnlen(s, max)	the same, but at most max (s need not be terminated
 *			within max bytes, and no byte past s + max is used).
 *
 * Both read aligned words and test them for a zero byte with
 * word_zero_bytes() (lib/word.h); strnlen gets to alignment with a byte
 * loop, strlen with one masked read (see below).  An aligned word never
 * crosses a page boundary, so reading the whole word that holds the
 * terminator cannot fault even when the string ends at the last byte of a
 * mapped page.  No `repne scasb`: on current CPUs it is slower than a plain
 * byte loop.  tests/bench/strlen_bench.c measures strlen.
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

/*
 * True when one of the two words at w may hold a zero byte.  This is a
 * cheaper test than word_zero_bytes(): it flags every word that has a
 * zero byte, but also words with a byte of 0x81 or more, which plain ASCII
 * never has.  The pair is aligned to twice the word size, so it never
 * crosses a page boundary either, and its second word may be read even
 * when the first one already holds the terminator.
 */
__word_overread
static inline bool pair_maybe_zero(const word_t *w)
{
	return ((w[0] - WORD_ONES) | (w[1] - WORD_ONES)) & WORD_HIGHS;
}

/*
 * head_mask[n]: a word whose n lowest-address bytes are 0xff, for n below
 * WORD_SIZE (with 32-bit words the last four entries are never used).  A
 * table load is cheaper here than a shift by a variable count.
 */
#define HEAD_MASK(n)	((n) ? ~0UL >> (8 * (WORD_SIZE - (n))) : 0UL)

static const unsigned long head_mask[8] = {
	HEAD_MASK(0), HEAD_MASK(1), HEAD_MASK(2), HEAD_MASK(3),
	HEAD_MASK(4 % WORD_SIZE), HEAD_MASK(5 % WORD_SIZE),
	HEAD_MASK(6 % WORD_SIZE), HEAD_MASK(7 % WORD_SIZE),
};

/*
 * strlen starts with the aligned word that holds s, its bytes before s
 * forced to 0xff so that they cannot look like a terminator (one read
 * instead of a byte loop up to alignment), and takes one more word if that
 * is needed to reach an aligned pair.  It then skips pairs with the cheap
 * pair_maybe_zero() test, two pairs per iteration, and finishes a word at
 * a time with the exact word_zero_bytes() test.  For ASCII strings the
 * exact loop only ever runs over the last pair; a string with bytes of
 * 0x81 or more stops the cheap loop early and is scanned to its end by the
 * exact loop, which is still a word at a time.
 */
__word_overread
size_t strlen(const char *s)
{
	unsigned int off = (uintptr_t)s & (WORD_SIZE - 1);
	const word_t *w = (const word_t *)(s - off);
	unsigned long m;

	m = word_zero_bytes(*w | head_mask[off]);
	if (m)
		goto found;
	if ((uintptr_t)++w & WORD_SIZE) {
		m = word_zero_bytes(*w);
		if (m)
			goto found;
		w++;
	}
	for (;; w += 4) {
		if (pair_maybe_zero(w))
			break;
		if (pair_maybe_zero(w + 2)) {
			w += 2;
			break;
		}
	}
	while (!(m = word_zero_bytes(*w)))
		w++;
found:
	return (uintptr_t)w + word_first_byte(m) - (uintptr_t)s;
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
