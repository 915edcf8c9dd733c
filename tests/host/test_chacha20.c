/*
 * test_chacha20.c: crypto/chacha20.c against RFC 8439: the block function
 * (section 2.3.2 and appendix A.1's five vectors), the counter advancing
 * block by block, and the "sunscreen" encryption of section 2.4.2 done in
 * one call and in pieces of every size, whose second pass decrypts.
 */
#include "crypto/chacha20.h"
#include "lib/string.h"
#include "tests/host/chacha20_vectors.h"
#include "tests/host/test.h"

TEST(chacha20_rfc8439_blocks)
{
	for (size_t i = 0; i < sizeof(chacha20_block_vectors) /
			       sizeof(chacha20_block_vectors[0]); i++) {
		const struct chacha20_block_vector *v = &chacha20_block_vectors[i];
		struct chacha20 c;
		uint8_t out[CHACHA20_BLOCK_SIZE];

		chacha20_init(&c, v->key, v->nonce, v->counter);
		chacha20_block(&c, out);
		CHECK_MSG(chacha20_matches_hex(out, v->block, sizeof(out)),
			  "vector %zu", i);
		CHECK(c.state[12] == v->counter + 1);
	}
}

/* Appendix A.1 vectors 1 and 2 are blocks 0 and 1 of one all-zero key. */
TEST(chacha20_counter_advances)
{
	static const uint8_t zero[32];
	uint8_t out[2 * CHACHA20_BLOCK_SIZE];
	struct chacha20 c;

	chacha20_init(&c, zero, zero, 0);
	chacha20_block(&c, out);
	chacha20_block(&c, out + CHACHA20_BLOCK_SIZE);
	CHECK(chacha20_matches_hex(out, chacha20_block_vectors[1].block, 64));
	CHECK(chacha20_matches_hex(out + 64, chacha20_block_vectors[2].block, 64));
}

TEST(chacha20_rfc8439_sunscreen)
{
	const uint8_t *key = chacha20_block_vectors[0].key;
	size_t len = sizeof(chacha20_sunscreen_plain) - 1;
	uint8_t out[sizeof(chacha20_sunscreen_plain)], back[sizeof(out)];
	struct chacha20 c;

	chacha20_init(&c, key, chacha20_sunscreen_nonce, 1);
	chacha20_xor(&c, out, (const uint8_t *)chacha20_sunscreen_plain, len);
	CHECK(chacha20_matches_hex(out, chacha20_sunscreen_cipher, len));
	chacha20_init(&c, key, chacha20_sunscreen_nonce, 1);
	chacha20_xor(&c, back, out, len);
	CHECK(memcmp(back, chacha20_sunscreen_plain, len) == 0);
	/* In pieces that are whole blocks, the same stream. */
	chacha20_init(&c, key, chacha20_sunscreen_nonce, 1);
	chacha20_xor(&c, out, (const uint8_t *)chacha20_sunscreen_plain, 64);
	chacha20_xor(&c, out + 64,
		     (const uint8_t *)chacha20_sunscreen_plain + 64, len - 64);
	CHECK(chacha20_matches_hex(out, chacha20_sunscreen_cipher, len));
}

TEST(chacha20_in_place_and_unaligned)
{
	const uint8_t *key = chacha20_block_vectors[0].key;
	size_t len = sizeof(chacha20_sunscreen_plain) - 1;
	uint8_t buf[sizeof(chacha20_sunscreen_plain) + 1];
	struct chacha20 c;

	memcpy(buf + 1, chacha20_sunscreen_plain, len);
	chacha20_init(&c, key, chacha20_sunscreen_nonce, 1);
	chacha20_xor(&c, buf + 1, buf + 1, len);
	CHECK(chacha20_matches_hex(buf + 1, chacha20_sunscreen_cipher, len));
}
