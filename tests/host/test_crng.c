/*
 * test_crng.c: crypto/crng.c, ChaCha20 with fast key erasure: the key
 * turns into the first half of block 0 and the output starts with its
 * second half (checked on RFC 8439's all-zero-key block, appendix A.1
 * vector 1); a long request goes on with blocks 1, 2... of the old key;
 * successive calls never repeat; a request of 0 bytes still turns the
 * key.
 */
#include "crypto/crng.h"
#include "lib/string.h"
#include "tests/host/chacha20_vectors.h"
#include "tests/host/test.h"

TEST(crng_key_turns_on_the_rfc_block)
{
	const char *block0 = chacha20_block_vectors[1].block;	/* A.1 #1 */
	uint8_t key[CHACHA20_KEY_SIZE] = { 0 }, out[32];

	crng_generate(key, out, sizeof(out));
	CHECK(chacha20_matches_hex(key, block0, 32));
	CHECK(chacha20_matches_hex(out, block0 + 64, 32));
}

/* 32 + 64 + 64 + 40 bytes: the second half of block 0, then blocks 1, 2
 * and the start of 3, all under the key as it was. */
TEST(crng_long_request_uses_the_old_key)
{
	uint8_t key[CHACHA20_KEY_SIZE], old[CHACHA20_KEY_SIZE], out[200];
	uint8_t want[4 * CHACHA20_BLOCK_SIZE];
	static const uint8_t nonce[CHACHA20_NONCE_SIZE];
	struct chacha20 c;

	for (int i = 0; i < CHACHA20_KEY_SIZE; i++)
		key[i] = old[i] = (uint8_t)(i * 37 + 5);
	chacha20_init(&c, old, nonce, 0);
	for (int b = 0; b < 4; b++)
		chacha20_block(&c, want + b * CHACHA20_BLOCK_SIZE);
	crng_generate(key, out, sizeof(out));
	CHECK(memcmp(key, want, 32) == 0);
	CHECK(memcmp(out, want + 32, sizeof(out)) == 0);
}

TEST(crng_calls_never_repeat)
{
	uint8_t key[CHACHA20_KEY_SIZE] = { 9 }, a[100], b[100], k1[32];

	crng_generate(key, a, sizeof(a));
	memcpy(k1, key, sizeof(k1));
	crng_generate(key, b, sizeof(b));
	CHECK(memcmp(a, b, sizeof(a)) != 0);
	CHECK(memcmp(k1, key, sizeof(k1)) != 0);
	for (size_t i = 0; i + 16 <= sizeof(a); i += 16)
		for (size_t j = 0; j + 16 <= sizeof(b); j += 16)
			CHECK(memcmp(a + i, b + j, 16) != 0);
}

TEST(crng_zero_bytes_still_turn_the_key)
{
	uint8_t key[CHACHA20_KEY_SIZE] = { 0 }, none[1] = { 0x5a };

	crng_generate(key, none, 0);
	CHECK(chacha20_matches_hex(key, chacha20_block_vectors[1].block, 32));
	CHECK(none[0] == 0x5a);
}
