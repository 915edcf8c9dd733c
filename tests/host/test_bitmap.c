/*
 * test_bitmap.c: lib/bitmap.h against a bool array model: single bits,
 * ranges, fill and zero, the find functions at every start position, and
 * the population count, on sizes that do and do not end on a word.
 */
#include <stdbool.h>
#include "lib/bitmap.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

#define MAX_BITS	200

static size_t model_next(const bool *model, size_t nbits, size_t start,
			 bool value)
{
	for (size_t i = start; i < nbits; i++)
		if (model[i] == value)
			return i;
	return nbits;
}

static void check_against_model(const unsigned long *map, const bool *model,
				size_t nbits)
{
	size_t weight = 0;

	for (size_t i = 0; i < nbits; i++) {
		CHECK_MSG(bitmap_test_bit(map, i) == model[i], "bit %zu/%zu",
			  i, nbits);
		weight += model[i];
	}
	for (size_t s = 0; s <= nbits + 1; s++) {
		CHECK_MSG(bitmap_find_next_set(map, nbits, s) ==
			  model_next(model, nbits, s, true),
			  "next set from %zu/%zu", s, nbits);
		CHECK_MSG(bitmap_find_next_zero(map, nbits, s) ==
			  model_next(model, nbits, s, false),
			  "next zero from %zu/%zu", s, nbits);
	}
	CHECK(bitmap_find_first_set(map, nbits) ==
	      model_next(model, nbits, 0, true));
	CHECK(bitmap_find_first_zero(map, nbits) ==
	      model_next(model, nbits, 0, false));
	CHECK(bitmap_weight(map, nbits) == weight);
}

TEST(bitmap_random_bits_and_searches)
{
	DECLARE_BITMAP(map, MAX_BITS);
	bool model[MAX_BITS];

	for (size_t nbits = 0; nbits <= MAX_BITS; nbits += 1 + nbits / 16) {
		for (int density = 0; density < 4; density++) {
			bitmap_zero(map, MAX_BITS);
			for (size_t i = 0; i < nbits; i++) {
				model[i] = test_rand() % 4 < (unsigned)density;
				if (model[i])
					bitmap_set_bit(map, i);
			}
			check_against_model(map, model, nbits);
			for (size_t i = 0; i < nbits; i += 3) {
				bitmap_clear_bit(map, i);
				model[i] = false;
			}
			check_against_model(map, model, nbits);
		}
	}
}

TEST(bitmap_ranges_fill_zero)
{
	DECLARE_BITMAP(map, MAX_BITS);
	bool model[MAX_BITS];

	for (size_t start = 0; start < 70; start += 3)
		for (size_t n = 0; start + n <= MAX_BITS; n += 1 + n / 4) {
			bitmap_fill(map, MAX_BITS);
			for (size_t i = 0; i < MAX_BITS; i++)
				model[i] = !(i >= start && i < start + n);
			bitmap_clear_range(map, start, n);
			check_against_model(map, model, MAX_BITS);
			bitmap_zero(map, MAX_BITS);
			bitmap_set_range(map, start, n);
			for (size_t i = 0; i < MAX_BITS; i++)
				model[i] = !model[i];
			check_against_model(map, model, MAX_BITS);
		}
}

TEST(bitmap_fill_clears_tail_and_test_and_set)
{
	DECLARE_BITMAP(map, 2 * BITS_PER_LONG);

	map[0] = map[1] = 0;
	bitmap_fill(map, BITS_PER_LONG + 3);
	CHECK(map[0] == ~0UL);
	CHECK(map[1] == 7);
	CHECK(bitmap_weight(map, 2 * BITS_PER_LONG) == BITS_PER_LONG + 3);
	CHECK(bitmap_find_first_zero(map, 2 * BITS_PER_LONG) ==
	      BITS_PER_LONG + 3);
	CHECK(bitmap_find_first_zero(map, BITS_PER_LONG + 3) ==
	      BITS_PER_LONG + 3);
	CHECK(bitmap_test_and_set_bit(map, 0) == true);
	CHECK(bitmap_test_and_set_bit(map, BITS_PER_LONG + 5) == false);
	CHECK(bitmap_test_bit(map, BITS_PER_LONG + 5));
	CHECK(bitmap_test_and_clear_bit(map, BITS_PER_LONG + 5) == true);
	CHECK(bitmap_test_and_clear_bit(map, BITS_PER_LONG + 5) == false);
	CHECK(BITS_TO_LONGS(0) == 0 && BITS_TO_LONGS(1) == 1 &&
	      BITS_TO_LONGS(BITS_PER_LONG + 1) == 2);
}
