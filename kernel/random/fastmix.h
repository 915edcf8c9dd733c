/*
 * fastmix.h: the per-interrupt mix of the entropy pool (kernel/random/),
 * pure code that the host benchmark builds too.
 *
 * Every interrupt folds two words (the cycle counter and the interrupted
 * address) into a 128-bit fast pool with fast_mix(): two rounds of the
 * HalfSipHash permutation, keyless, about ten cycles and no lock (the pool
 * belongs to one CPU and is touched with interrupts off).  The fast pool
 * is only a collector: every 64 interrupts' worth of it is later hashed
 * into the BLAKE2s input pool, which is where the security comes from.
 *
 * Interface:
 *   fast_mix(w, a, b)   fold a and b into the four words w
 *   fast_pool_add(p, cycles, ip)   one interrupt: fold both words into p
 *                       and count it (the timer tick hashes p into the
 *                       input pool when the count reaches
 *                       FAST_POOL_MIX_COUNT, or a second after the last
 *                       time, and resets the count)
 */
#ifndef KERNEL_RANDOM_FASTMIX_H
#define KERNEL_RANDOM_FASTMIX_H

#include <stdint.h>

#define FAST_POOL_MIX_COUNT	1024

struct fast_pool {
	uint32_t w[4];
	uint32_t count;			/* interrupts (and credit) since the hash */
};

static inline uint32_t fastmix_rol32(uint32_t v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

/* One HalfSipHash round over the four words. */
static inline void fastmix_round(uint32_t w[4])
{
	w[0] += w[1];
	w[1] = fastmix_rol32(w[1], 5) ^ w[0];
	w[0] = fastmix_rol32(w[0], 16);
	w[2] += w[3];
	w[3] = fastmix_rol32(w[3], 8) ^ w[2];
	w[0] += w[3];
	w[3] = fastmix_rol32(w[3], 7) ^ w[0];
	w[2] += w[1];
	w[1] = fastmix_rol32(w[1], 13) ^ w[2];
	w[2] = fastmix_rol32(w[2], 16);
}

/* Each input goes in at w[3] before a round and at w[0] after it, as
 * SipHash absorbs a message word. */
static inline void fast_mix(uint32_t w[4], uint32_t a, uint32_t b)
{
	w[3] ^= a;
	fastmix_round(w);
	w[0] ^= a;
	w[3] ^= b;
	fastmix_round(w);
	w[0] ^= b;
}

static inline void fast_pool_add(struct fast_pool *p, uint32_t cycles,
				 uint32_t ip)
{
	fast_mix(p->w, cycles, ip);
	p->count++;
}

#endif
