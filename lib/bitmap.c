/*
 * bitmap.c: the bitmap operations that loop over words (interface in
 * lib/bitmap.h).
 *
 * Searches skip a whole word at a time when it has no matching bit and
 * locate the bit with __builtin_ctzl (bsf on x86).  The population count is
 * done by hand, because on i386 __builtin_popcountl would call libgcc,
 * which the kernel does not link.
 */
#include "lib/compiler.h"
#include "lib/bitmap.h"

/* Mask of n bits (1 <= n <= BITS_PER_LONG) starting at bit `bit`. */
static unsigned long range_mask(size_t bit, size_t n)
{
	unsigned long low = n == BITS_PER_LONG ? ~0UL : (1UL << n) - 1;

	return low << bit;
}

void bitmap_zero(unsigned long *map, size_t nbits)
{
	for (size_t i = 0; i < BITS_TO_LONGS(nbits); i++)
		map[i] = 0;
}

/* Set bits [0, nbits); the unused bits of the last word are cleared. */
void bitmap_fill(unsigned long *map, size_t nbits)
{
	bitmap_zero(map, nbits);
	bitmap_set_range(map, 0, nbits);
}

/* Apply `set ? |= : &= ~` with the masks covering [start, start + n). */
static void update_range(unsigned long *map, size_t start, size_t n, bool set)
{
	size_t end = start + n, bit, cnt;
	unsigned long mask;

	while (start < end) {
		bit = start % BITS_PER_LONG;
		cnt = MIN(BITS_PER_LONG - bit, end - start);
		mask = range_mask(bit, cnt);
		if (set)
			map[start / BITS_PER_LONG] |= mask;
		else
			map[start / BITS_PER_LONG] &= ~mask;
		start += cnt;
	}
}

void bitmap_set_range(unsigned long *map, size_t start, size_t n)
{
	update_range(map, start, n, true);
}

void bitmap_clear_range(unsigned long *map, size_t start, size_t n)
{
	update_range(map, start, n, false);
}

/*
 * The lowest bit >= start and < nbits whose value, XORed with the matching
 * bit of invert (0 or ~0UL), is 1; nbits if there is none.
 */
static size_t find_next(const unsigned long *map, size_t nbits, size_t start,
			unsigned long invert)
{
	size_t i, nwords = BITS_TO_LONGS(nbits);
	unsigned long w;

	if (start >= nbits)
		return nbits;
	i = start / BITS_PER_LONG;
	w = (map[i] ^ invert) & (~0UL << (start % BITS_PER_LONG));
	while (!w) {
		if (++i >= nwords)
			return nbits;
		w = map[i] ^ invert;
	}
	return MIN(i * BITS_PER_LONG + (size_t)__builtin_ctzl(w), nbits);
}

size_t bitmap_find_next_set(const unsigned long *map, size_t nbits,
			    size_t start)
{
	return find_next(map, nbits, start, 0);
}

size_t bitmap_find_next_zero(const unsigned long *map, size_t nbits,
			     size_t start)
{
	return find_next(map, nbits, start, ~0UL);
}

static unsigned int popcount(unsigned long w)
{
	w -= (w >> 1) & (~0UL / 3);
	w = (w & (~0UL / 5)) + ((w >> 2) & (~0UL / 5));
	w = (w + (w >> 4)) & (~0UL / 17);
	return (unsigned int)((w * (~0UL / 255)) >> (BITS_PER_LONG - 8));
}

size_t bitmap_weight(const unsigned long *map, size_t nbits)
{
	size_t i, full = nbits / BITS_PER_LONG, n = 0;

	for (i = 0; i < full; i++)
		n += popcount(map[i]);
	if (nbits % BITS_PER_LONG)
		n += popcount(map[i] & range_mask(0, nbits % BITS_PER_LONG));
	return n;
}
