/*
 * internal.h: what the files of kernel/random/ share (random.h is the
 * interface for the rest of the kernel).
 *
 *   pool.c       the BLAKE2s input pool: pool_mix, pool_extract, and its
 *                credit (pool_credit, pool_bits)
 *   crng.c       the ChaCha20 generator: crng_reseed, random_credit (the
 *                pool's credit and the generator's states), output
 *   interrupt.c  the per-interrupt fast pool and device timings, hashed
 *                into the input pool from the timer tick
 *   boot.c       the inputs of the boot (CPU generator, RTC, identity)
 *   jitter.c     wait_for_random_bytes, which makes entropy while it waits
 *   user.c       the user's side: reads, writes and credited additions
 */
#ifndef KERNEL_RANDOM_INTERNAL_H
#define KERNEL_RANDOM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#define POOL_BITS		256	/* the most the pool is credited */
#define POOL_EARLY_BITS		128	/* first reseed from a credited pool */

/* Hash len bytes into the input pool (any context). */
void pool_mix(const void *buf, size_t len);
/* len bytes derived from the pool, whose key then moves on (any
 * context; about len / 32 + 3 BLAKE2s compressions). */
void pool_extract(uint8_t *out, size_t len);
/* Add bits to the pool's credit (capped at POOL_BITS); returns the credit
 * before, the new one in *now. */
unsigned int pool_credit(unsigned int bits, unsigned int *now);
unsigned int pool_bits(void);

/* A new generator key from the pool (any context). */
void crng_reseed(void);
/* Credit bits to the pool; reseeds at POOL_EARLY_BITS and POOL_BITS, and
 * at POOL_BITS the generator is ready (any context). */
void random_credit(unsigned int bits);

/* The timer tick's part (interrupt.c): register the hook. */
void random_tick_init(void);

#endif
