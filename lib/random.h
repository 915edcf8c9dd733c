/*
 * random.h: a tiny deterministic pseudo-random generator for tests and
 * stress loops (Marsaglia's xorshift32).  Not for anything that must be
 * unpredictable: that is the entropy pool's job.
 *
 *	uint32_t seed = 12345;		(never 0)
 *	uint32_t r = xorshift32(&seed);
 */
#ifndef LIB_RANDOM_H
#define LIB_RANDOM_H

#include <stdint.h>

static inline uint32_t xorshift32(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

#endif
