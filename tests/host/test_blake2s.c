/*
 * test_blake2s.c: crypto/blake2s.h against published vectors: RFC 7693
 * Appendix B ("abc"), the RFC's Appendix E self-test (a hash of 48 plain
 * and keyed hashes of every digest and input length it lists), and the
 * 256 keyed known-answer vectors of the BLAKE2 reference package
 * (testvectors/blake2s-kat.txt: key 00..1f, input 00 01 02 ... of length
 * n; tests/host/blake2s_kat.h).  Then streaming in uneven pieces
 * against one-shot hashing, the refusal of bad lengths, and the wipe of
 * the state by final.
 */
#include <stdint.h>
#include "crypto/blake2s.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "tests/host/blake2s_kat.h"
#include "tests/host/blake2s_selftest.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

static int hexval(char c)
{
	return c <= '9' ? c - '0' : c - 'a' + 10;
}

/* Decode a string of 2n lower-case hex digits into n bytes. */
static size_t unhex(uint8_t *out, const char *hex)
{
	size_t n = 0;

	for (; hex[0] && hex[1]; hex += 2)
		out[n++] = (uint8_t)(hexval(hex[0]) << 4 | hexval(hex[1]));
	return n;
}

static int digest_is(const uint8_t *got, const char *hex)
{
	uint8_t want[BLAKE2S_HASH_SIZE];
	size_t n = unhex(want, hex);

	return memcmp(got, want, n) == 0;
}

TEST(blake2s_rfc7693_abc)
{
	uint8_t out[BLAKE2S_HASH_SIZE];

	CHECK_EQ(blake2s(out, 32, "abc", 3, NULL, 0), 0);
	CHECK(digest_is(out, "508c5e8c327c14e2e1a72ba34eeb452f"
			     "37458b209ed63a294d999b4c86675982"));
	CHECK_EQ(blake2s(out, 32, "", 0, NULL, 0), 0);
	CHECK(digest_is(out, "69217a3079908094e11121d042354a7c"
			     "1f55b6482ca1a51e1b250dfd1ed0eef9"));
	/* A shorter digest is a different hash, not a prefix. */
	CHECK_EQ(blake2s(out, 16, "abc", 3, NULL, 0), 0);
	CHECK(digest_is(out, "aa4938119b1dc7b87cbad0ffd200d0ae"));
}

TEST(blake2s_rfc7693_selftest)
{
	uint8_t md[BLAKE2S_HASH_SIZE];

	CHECK_EQ(blake2s_selftest(md), 0);
	CHECK(digest_is(md, blake2s_selftest_digest));
}

static void kat_input(uint8_t *in, uint8_t *key)
{
	for (int i = 0; i < 256; i++)
		in[i] = (uint8_t)i;
	for (int i = 0; i < BLAKE2S_KEY_SIZE; i++)
		key[i] = (uint8_t)i;
}

TEST(blake2s_keyed_kat_all_256)
{
	uint8_t in[256], key[BLAKE2S_KEY_SIZE], out[BLAKE2S_HASH_SIZE];

	kat_input(in, key);
	for (size_t n = 0; n < 256; n++) {
		CHECK_EQ(blake2s(out, 32, in, n, key, sizeof(key)), 0);
		CHECK_MSG(digest_is(out, blake2s_keyed_kat[n]), "length %zu",
			  n);
	}
}

/* Hash in[0..len) in pieces of random sizes up to max. */
static void hash_in_pieces(uint8_t *out, size_t outlen, const uint8_t *in,
			   size_t len, const uint8_t *key, size_t keylen,
			   size_t max)
{
	struct blake2s_state s;
	size_t done = 0;

	CHECK_EQ(blake2s_init(&s, outlen, key, keylen), 0);
	while (done < len) {
		size_t n = test_rand() % (max + 1);

		if (n > len - done)
			n = len - done;
		blake2s_update(&s, in + done, n);
		done += n;
	}
	blake2s_final(&s, out);
}

TEST(blake2s_streaming_equals_one_shot)
{
	static const size_t max_piece[] = { 1, 3, 17, 63, 64, 65, 200 };
	static uint8_t in[600];
	uint8_t key[BLAKE2S_KEY_SIZE], one[32], streamed[32];

	fill_nonzero(in, sizeof(in));
	fill_nonzero(key, sizeof(key));
	for (size_t len = 0; len <= sizeof(in); len += 1 + len / 16)
		for (size_t p = 0; p < 7; p++)
			for (size_t keylen = 0; keylen <= 32; keylen += 16) {
				size_t outlen = 32 - (p + len) % 32;

				CHECK_EQ(blake2s(one, outlen, in, len, key,
						 keylen), 0);
				hash_in_pieces(streamed, outlen, in, len, key,
					       keylen, max_piece[p]);
				CHECK_MSG(!memcmp(one, streamed, outlen),
					  "len %zu pieces <= %zu keylen %zu",
					  len, max_piece[p], keylen);
			}
}

/* The KAT at 255 bytes again, fed one byte, then 63, then 64, then the rest. */
TEST(blake2s_streaming_kat_at_block_edges)
{
	uint8_t in[256], key[BLAKE2S_KEY_SIZE], out[BLAKE2S_HASH_SIZE];
	struct blake2s_state s;

	kat_input(in, key);
	CHECK_EQ(blake2s_init(&s, 32, key, sizeof(key)), 0);
	blake2s_update(&s, in, 1);
	blake2s_update(&s, in + 1, 63);
	blake2s_update(&s, in + 64, 0);
	blake2s_update(&s, in + 64, 64);
	blake2s_update(&s, in + 128, 127);
	blake2s_final(&s, out);
	CHECK(digest_is(out, blake2s_keyed_kat[255]));
}

TEST(blake2s_bad_lengths_refused)
{
	uint8_t key[40] = { 1 }, out[40], before[40];
	struct blake2s_state s, untouched;

	memset(&s, 0x5a, sizeof(s));
	memcpy(&untouched, &s, sizeof(s));
	CHECK_EQ(blake2s_init(&s, 0, NULL, 0), -EINVAL);
	CHECK_EQ(blake2s_init(&s, 33, NULL, 0), -EINVAL);
	CHECK_EQ(blake2s_init(&s, 32, key, 33), -EINVAL);
	CHECK_EQ(blake2s_init(&s, 32, NULL, 1), -EINVAL);
	CHECK(!memcmp(&s, &untouched, sizeof(s)));

	memset(out, 0xa5, sizeof(out));
	memcpy(before, out, sizeof(out));
	CHECK_EQ(blake2s(out, 0, "abc", 3, NULL, 0), -EINVAL);
	CHECK_EQ(blake2s(out, 33, "abc", 3, NULL, 0), -EINVAL);
	CHECK_EQ(blake2s(out, 32, "abc", 3, key, 33), -EINVAL);
	CHECK(!memcmp(out, before, sizeof(out)));

	/* The limits themselves are fine; a zero-length key is no key. */
	CHECK_EQ(blake2s(out, 1, "abc", 3, key, 32), 0);
	CHECK_EQ(blake2s(out, 32, "abc", 3, key, 0), 0);
	CHECK(digest_is(out, "508c5e8c327c14e2e1a72ba34eeb452f"
			     "37458b209ed63a294d999b4c86675982"));
	/* Only the bytes asked for are written. */
	memset(out, 0xa5, sizeof(out));
	CHECK_EQ(blake2s(out, 16, "abc", 3, NULL, 0), 0);
	CHECK(!memcmp(out + 16, before + 16, sizeof(out) - 16));
}

TEST(blake2s_final_wipes_state)
{
	uint8_t key[BLAKE2S_KEY_SIZE], out[BLAKE2S_HASH_SIZE];
	uint8_t zero[sizeof(struct blake2s_state)] = { 0 };
	struct blake2s_state s;

	fill_nonzero(key, sizeof(key));
	CHECK_EQ(blake2s_init(&s, 32, key, sizeof(key)), 0);
	blake2s_update(&s, "secret", 6);
	blake2s_final(&s, out);
	CHECK(!memcmp(&s, zero, sizeof(s)));
}
