/*
 * batch.c: batches of random integers (see batch.h).
 */
#include "kernel/random/batch.h"

/* Make room for size more bytes in b: refill it when it has fewer left
 * or was filled under another generation.  Returns the offset of the
 * next word. */
static uint32_t batch_next(struct random_batch *b, uint32_t size,
			   uint32_t generation, random_fill_fn fill)
{
	if (b->left < size || b->generation != generation) {
		fill(b->words.u32, RANDOM_BATCH_BYTES);
		b->left = RANDOM_BATCH_BYTES;
		b->generation = generation;
	}
	b->left -= size;
	return RANDOM_BATCH_BYTES - size - b->left;
}

uint32_t random_batch_u32(struct random_batch *b, uint32_t generation,
			  random_fill_fn fill)
{
	uint32_t i = batch_next(b, 4, generation, fill) / 4;
	uint32_t v = b->words.u32[i];

	b->words.u32[i] = 0;
	return v;
}

uint64_t random_batch_u64(struct random_batch *b, uint32_t generation,
			  random_fill_fn fill)
{
	uint32_t i = batch_next(b, 8, generation, fill) / 8;
	uint64_t v = b->words.u64[i];

	b->words.u64[i] = 0;
	return v;
}
