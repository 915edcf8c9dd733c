/*
 * blake2s_selftest.h: RFC 7693 Appendix E's self-test of BLAKE2s, shared
 * by tests/host/test_blake2s.c and tests/kernel/test_crypto.c.
 *
 * blake2s_selftest(md) hashes, for every digest length 16, 20, 28, 32
 * and input length 0, 3, 64, 65, 255, 1024, the plain and the keyed
 * digest of a deterministic input (keyed with a key of the digest's
 * length) into one running BLAKE2s-256, and writes its digest to md:
 * 0, or the first error of blake2s().  It must equal
 * blake2s_selftest_digest.
 */
#ifndef TESTS_HOST_BLAKE2S_SELFTEST_H
#define TESTS_HOST_BLAKE2S_SELFTEST_H

#include <stddef.h>
#include <stdint.h>
#include "crypto/blake2s.h"

static const char blake2s_selftest_digest[] =
	"6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe";

/* The RFC's input sequence: Fibonacci modulo 2^32, top bytes. */
static inline void blake2s_selftest_seq(uint8_t *out, size_t len,
					uint32_t seed)
{
	uint32_t a = 0xdead4bad * seed, b = 1;

	for (size_t i = 0; i < len; i++) {
		uint32_t t = a + b;

		a = b;
		b = t;
		out[i] = (uint8_t)(t >> 24);
	}
}

static inline int blake2s_selftest(uint8_t md[BLAKE2S_HASH_SIZE])
{
	static const size_t md_len[] = { 16, 20, 28, 32 };
	static const size_t in_len[] = { 0, 3, 64, 65, 255, 1024 };
	static uint8_t in[1024];
	uint8_t one[BLAKE2S_HASH_SIZE], key[BLAKE2S_KEY_SIZE];
	struct blake2s_state all;
	int err = blake2s_init(&all, BLAKE2S_HASH_SIZE, NULL, 0);

	for (size_t i = 0; i < 4 && !err; i++) {
		size_t outlen = md_len[i];

		for (size_t j = 0; j < 6 && !err; j++) {
			size_t inlen = in_len[j];

			blake2s_selftest_seq(in, inlen, (uint32_t)inlen);
			err = blake2s(one, outlen, in, inlen, NULL, 0);
			blake2s_update(&all, one, outlen);
			blake2s_selftest_seq(key, outlen, (uint32_t)outlen);
			if (!err)
				err = blake2s(one, outlen, in, inlen, key,
					      outlen);
			blake2s_update(&all, one, outlen);
		}
	}
	blake2s_final(&all, md);
	return err;
}

#endif
