/*
 * batch.h: batches of random integers (kernel/random/), pure inline code
 * that the host tests and benchmark build too.
 *
 * get_random_u32() and get_random_u64() would cost a ChaCha20 block each
 * if they went to the generator every time.  Instead each takes its words
 * from a batch of one and a half blocks (96 bytes) filled by one call of
 * the generator, and wipes each word as it hands it out, so that the
 * batch never holds a value already given.  A batch remembers the
 * generator's generation when it was filled: after a reseed the
 * generation differs and the rest of the batch is thrown away.
 *
 * Interface (the caller keeps the batch to itself: interrupts off):
 *   random_batch_u32(b, generation, fill)   the next word of b, refilled
 *   random_batch_u64(b, generation, fill)   with fill(buf, len) first
 *                                           when used up or stale
 * A zeroed batch is empty.
 */
#ifndef KERNEL_RANDOM_BATCH_H
#define KERNEL_RANDOM_BATCH_H

#include <stddef.h>
#include <stdint.h>

#define RANDOM_BATCH_BYTES	96	/* 1.5 ChaCha20 blocks */

struct random_batch {
	union {
		uint32_t u32[RANDOM_BATCH_BYTES / 4];
		uint64_t u64[RANDOM_BATCH_BYTES / 8];
	} words;
	uint32_t left;			/* bytes not yet handed out */
	uint32_t generation;		/* of the generator at the fill */
};

typedef void (*random_fill_fn)(void *buf, size_t len);

/* Make room for size more bytes in b: refill it when it has fewer left
 * or was filled under another generation.  Returns the offset of the
 * next word.  Inline, as the two below: the call would cost as much as
 * the rest of the work. */
static inline uint32_t random_batch_next(struct random_batch *b,
					 uint32_t size, uint32_t generation,
					 random_fill_fn fill)
{
	if (b->left < size || b->generation != generation) {
		fill(b->words.u32, RANDOM_BATCH_BYTES);
		b->left = RANDOM_BATCH_BYTES;
		b->generation = generation;
	}
	b->left -= size;
	return RANDOM_BATCH_BYTES - size - b->left;
}

static inline uint32_t random_batch_u32(struct random_batch *b,
					uint32_t generation,
					random_fill_fn fill)
{
	uint32_t i = random_batch_next(b, 4, generation, fill) / 4;
	uint32_t v = b->words.u32[i];

	b->words.u32[i] = 0;
	return v;
}

static inline uint64_t random_batch_u64(struct random_batch *b,
					uint32_t generation,
					random_fill_fn fill)
{
	uint32_t i = random_batch_next(b, 8, generation, fill) / 8;
	uint64_t v = b->words.u64[i];

	b->words.u64[i] = 0;
	return v;
}

#endif
