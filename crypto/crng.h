/*
 * crng.h: ChaCha20 with fast key erasure, the output generator of the
 * entropy pool (issue 12), as Linux's random.c has used since 5.17.
 *
 *	uint8_t key[CHACHA20_KEY_SIZE];		secret, from the pool
 *	crng_generate(key, out, len);		key has moved on
 *
 * Each call runs ChaCha20 under key (counter 0, nonce 0): the first 32
 * bytes of block 0 replace key before anything is returned, the next 32
 * are the first output bytes, and a longer request goes on with blocks 1,
 * 2... under the old key, which only a local, wiped state still holds.
 * Someone who reads key later cannot find what earlier calls returned.
 */
#ifndef CRYPTO_CRNG_H
#define CRYPTO_CRNG_H

#include <stddef.h>
#include <stdint.h>
#include "crypto/chacha20.h"

void crng_generate(uint8_t key[CHACHA20_KEY_SIZE], uint8_t *out, size_t len);

#endif
