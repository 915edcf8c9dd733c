/*
 * bitmap.h: bitmaps stored in arrays of unsigned long.
 *
 * Bit nr lives in word nr / BITS_PER_LONG, at bit nr % BITS_PER_LONG.
 * Nothing here is atomic or locked: the bitmap's owner serializes access.
 *
 * Interface:
 *   BITS_PER_LONG, BITS_TO_LONGS(n), DECLARE_BITMAP(name, nbits);
 *   bitmap_set_bit, bitmap_clear_bit, bitmap_test_bit,
 *   bitmap_test_and_set_bit, bitmap_test_and_clear_bit	one bit;
 *   bitmap_zero, bitmap_fill				the first nbits bits;
 *   bitmap_set_range, bitmap_clear_range		bits [start, start+n);
 *   bitmap_find_first_set, bitmap_find_first_zero,
 *   bitmap_find_next_set, bitmap_find_next_zero	(lib/bitmap.c) the
 *	lowest matching bit >= start (or >= 0) and < nbits, or nbits when
 *	there is none;
 *   bitmap_weight					number of set bits.
 */
#ifndef LIB_BITMAP_H
#define LIB_BITMAP_H

#include <stddef.h>
#include <stdbool.h>

#define BITS_PER_LONG		(8 * sizeof(unsigned long))
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define DECLARE_BITMAP(name, nbits)	unsigned long name[BITS_TO_LONGS(nbits)]

static inline unsigned long bitmap_mask(size_t nr)
{
	return 1UL << (nr % BITS_PER_LONG);
}

static inline void bitmap_set_bit(unsigned long *map, size_t nr)
{
	map[nr / BITS_PER_LONG] |= bitmap_mask(nr);
}

static inline void bitmap_clear_bit(unsigned long *map, size_t nr)
{
	map[nr / BITS_PER_LONG] &= ~bitmap_mask(nr);
}

static inline bool bitmap_test_bit(const unsigned long *map, size_t nr)
{
	return map[nr / BITS_PER_LONG] & bitmap_mask(nr);
}

/* Set bit nr; returns its old value. */
static inline bool bitmap_test_and_set_bit(unsigned long *map, size_t nr)
{
	bool old = bitmap_test_bit(map, nr);

	bitmap_set_bit(map, nr);
	return old;
}

/* Clear bit nr; returns its old value. */
static inline bool bitmap_test_and_clear_bit(unsigned long *map, size_t nr)
{
	bool old = bitmap_test_bit(map, nr);

	bitmap_clear_bit(map, nr);
	return old;
}

void bitmap_zero(unsigned long *map, size_t nbits);
void bitmap_fill(unsigned long *map, size_t nbits);
void bitmap_set_range(unsigned long *map, size_t start, size_t n);
void bitmap_clear_range(unsigned long *map, size_t start, size_t n);
size_t bitmap_find_next_set(const unsigned long *map, size_t nbits,
			    size_t start);
size_t bitmap_find_next_zero(const unsigned long *map, size_t nbits,
			     size_t start);
size_t bitmap_weight(const unsigned long *map, size_t nbits);

static inline size_t bitmap_find_first_set(const unsigned long *map,
					   size_t nbits)
{
	return bitmap_find_next_set(map, nbits, 0);
}

static inline size_t bitmap_find_first_zero(const unsigned long *map,
					    size_t nbits)
{
	return bitmap_find_next_zero(map, nbits, 0);
}

#endif
