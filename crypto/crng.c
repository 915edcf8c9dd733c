/*
 * crng.c: ChaCha20 with fast key erasure (see crng.h): one block turns
 * the key and gives up to 32 bytes; the rest of a request comes from the
 * following blocks of the old key.  Every copy of key material and
 * keystream on the stack is wiped before returning.
 *
 * Interface (crypto/crng.h): crng_generate.
 */
#include "crypto/crng.h"
#include "lib/string.h"

#define CRNG_FIRST	(CHACHA20_BLOCK_SIZE - CHACHA20_KEY_SIZE)

void crng_generate(uint8_t key[CHACHA20_KEY_SIZE], uint8_t *out, size_t len)
{
	static const uint8_t nonce[CHACHA20_NONCE_SIZE];
	uint8_t block[CHACHA20_BLOCK_SIZE];
	size_t n = len < CRNG_FIRST ? len : CRNG_FIRST;
	struct chacha20 c;

	chacha20_init(&c, key, nonce, 0);
	chacha20_block(&c, block);
	memcpy(key, block, CHACHA20_KEY_SIZE);
	memcpy(out, block + CHACHA20_KEY_SIZE, n);
	for (out += n, len -= n; len >= CHACHA20_BLOCK_SIZE;
	     out += CHACHA20_BLOCK_SIZE, len -= CHACHA20_BLOCK_SIZE)
		chacha20_block(&c, out);
	if (len) {
		chacha20_block(&c, block);
		memcpy(out, block, len);
	}
	memzero_explicit(block, sizeof(block));
	memzero_explicit(&c, sizeof(c));
}
