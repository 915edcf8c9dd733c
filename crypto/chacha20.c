/*
 * chacha20.c: the ChaCha20 block function and stream cipher (RFC 8439,
 * sections 2.1 to 2.4), written for 32-bit x86 without vector units.
 *
 * The state is 16 words: the four constants of "expand 32-byte k", the
 * key, the block counter and the nonce, all little-endian.  A block runs
 * ten double rounds (four column quarter rounds, then four diagonal
 * ones) on a copy of the state, adds the state back in (the feed-forward
 * that makes the function one-way) and writes the 16 words out
 * little-endian.  Bytes are assembled one by one, so no alignment or
 * byte order is assumed of the buffers.
 *
 * Interface (crypto/chacha20.h): chacha20_init, chacha20_block,
 * chacha20_xor.
 */
#include "crypto/chacha20.h"
#include "lib/string.h"

static inline uint32_t rotl32(uint32_t v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

static inline uint32_t load_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline void store_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

#define QUARTER_ROUND(x, a, b, c, d) do {				\
	x[a] += x[b]; x[d] = rotl32(x[d] ^ x[a], 16);			\
	x[c] += x[d]; x[b] = rotl32(x[b] ^ x[c], 12);			\
	x[a] += x[b]; x[d] = rotl32(x[d] ^ x[a], 8);			\
	x[c] += x[d]; x[b] = rotl32(x[b] ^ x[c], 7);			\
} while (0)

void chacha20_init(struct chacha20 *c, const uint8_t key[CHACHA20_KEY_SIZE],
		   const uint8_t nonce[CHACHA20_NONCE_SIZE], uint32_t counter)
{
	c->state[0] = 0x61707865;	/* "expa" */
	c->state[1] = 0x3320646e;	/* "nd 3" */
	c->state[2] = 0x79622d32;	/* "2-by" */
	c->state[3] = 0x6b206574;	/* "te k" */
	for (int i = 0; i < 8; i++)
		c->state[4 + i] = load_le32(key + 4 * i);
	c->state[12] = counter;
	for (int i = 0; i < 3; i++)
		c->state[13 + i] = load_le32(nonce + 4 * i);
}

void chacha20_block(struct chacha20 *c, uint8_t out[CHACHA20_BLOCK_SIZE])
{
	uint32_t x[16];

	for (int i = 0; i < 16; i++)
		x[i] = c->state[i];
	for (int round = 0; round < 10; round++) {
		QUARTER_ROUND(x, 0, 4, 8, 12);
		QUARTER_ROUND(x, 1, 5, 9, 13);
		QUARTER_ROUND(x, 2, 6, 10, 14);
		QUARTER_ROUND(x, 3, 7, 11, 15);
		QUARTER_ROUND(x, 0, 5, 10, 15);
		QUARTER_ROUND(x, 1, 6, 11, 12);
		QUARTER_ROUND(x, 2, 7, 8, 13);
		QUARTER_ROUND(x, 3, 4, 9, 14);
	}
	for (int i = 0; i < 16; i++)
		store_le32(out + 4 * i, x[i] + c->state[i]);
	c->state[12]++;
}

void chacha20_xor(struct chacha20 *c, uint8_t *dst, const uint8_t *src,
		  size_t len)
{
	uint8_t block[CHACHA20_BLOCK_SIZE];

	while (len) {
		size_t n = len < sizeof(block) ? len : sizeof(block);

		chacha20_block(c, block);
		for (size_t i = 0; i < n; i++)
			dst[i] = src[i] ^ block[i];
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(block, sizeof(block));	/* keystream gone */
}
