/*
 * chacha20.h: the ChaCha20 stream cipher of RFC 8439 (20 rounds, a
 * 256-bit key, a 32-bit block counter and a 96-bit nonce).
 *
 *	struct chacha20 c;
 *	chacha20_init(&c, key, nonce, 1);
 *	chacha20_xor(&c, out, in, len);		encrypt or decrypt
 *	chacha20_block(&c, block);		or one 64-byte keystream block
 *
 * Each block is the one at the state's counter, which then advances; a
 * partial last block of chacha20_xor uses the start of its block and
 * drops the rest, as RFC 8439 encrypts.  The state holds the key: the
 * caller wipes it (memzero_explicit) when done.
 */
#ifndef CRYPTO_CHACHA20_H
#define CRYPTO_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

#define CHACHA20_KEY_SIZE	32
#define CHACHA20_NONCE_SIZE	12
#define CHACHA20_BLOCK_SIZE	64

struct chacha20 {
	uint32_t state[16];	/* constants, key, counter (12), nonce */
};

void chacha20_init(struct chacha20 *c, const uint8_t key[CHACHA20_KEY_SIZE],
		   const uint8_t nonce[CHACHA20_NONCE_SIZE], uint32_t counter);
void chacha20_block(struct chacha20 *c, uint8_t out[CHACHA20_BLOCK_SIZE]);
void chacha20_xor(struct chacha20 *c, uint8_t *dst, const uint8_t *src,
		  size_t len);

#endif
