/*
 * test_chacha20.c: crypto/chacha20.c in the kernel, built as the kernel
 * builds it, against RFC 8439's block vectors and its sunscreen
 * encryption (tests/host/chacha20_vectors.h).
 */
#include "crypto/chacha20.h"
#include "kernel/ktest.h"
#include "lib/string.h"
#include "tests/host/chacha20_vectors.h"

KTEST(crypto, chacha20_vectors)
{
	size_t len = sizeof(chacha20_sunscreen_plain) - 1;
	uint8_t out[sizeof(chacha20_sunscreen_plain)];
	struct chacha20 c;

	for (size_t i = 0; i < ARRAY_SIZE(chacha20_block_vectors); i++) {
		const struct chacha20_block_vector *v = &chacha20_block_vectors[i];

		chacha20_init(&c, v->key, v->nonce, v->counter);
		chacha20_block(&c, out);
		KT_EXPECT(ctx, chacha20_matches_hex(out, v->block, CHACHA20_BLOCK_SIZE));
	}
	chacha20_init(&c, chacha20_block_vectors[0].key,
		      chacha20_sunscreen_nonce, 1);
	chacha20_xor(&c, out, (const uint8_t *)chacha20_sunscreen_plain, len);
	KT_EXPECT(ctx, chacha20_matches_hex(out, chacha20_sunscreen_cipher, len));
}
