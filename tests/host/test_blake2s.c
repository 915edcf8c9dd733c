/*
 * test_blake2s.c: crypto/blake2s.h against published vectors: RFC 7693
 * Appendix B ("abc"), the RFC's Appendix E self-test (a hash of 48 plain
 * and keyed hashes of every digest and input length it lists), and the
 * keyed known-answer vectors of the BLAKE2 reference package
 * (testvectors/blake2s-kat.txt: key 00..1f, input 00 01 02 ... of length
 * n).  Then streaming in uneven pieces against one-shot hashing, the
 * refusal of bad lengths, and the wipe of the state by final.
 */
#include <stdint.h>
#include "crypto/blake2s.h"
#include "lib/errno.h"
#include "lib/string.h"
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

/* RFC 7693 Appendix E: a deterministic byte sequence (Fibonacci mod 2^32). */
static void selftest_seq(uint8_t *out, size_t len, uint32_t seed)
{
	uint32_t a = 0xdead4bad * seed, b = 1;

	for (size_t i = 0; i < len; i++) {
		uint32_t t = a + b;

		a = b;
		b = t;
		out[i] = (uint8_t)(t >> 24);
	}
}

TEST(blake2s_rfc7693_selftest)
{
	static const size_t md_len[] = { 16, 20, 28, 32 };
	static const size_t in_len[] = { 0, 3, 64, 65, 255, 1024 };
	static uint8_t in[1024];
	uint8_t md[32], key[32];
	struct blake2s_state all;

	CHECK_EQ(blake2s_init(&all, 32, NULL, 0), 0);
	for (size_t i = 0; i < 4; i++) {
		size_t outlen = md_len[i];

		for (size_t j = 0; j < 6; j++) {
			size_t inlen = in_len[j];

			selftest_seq(in, inlen, (uint32_t)inlen);
			CHECK_EQ(blake2s(md, outlen, in, inlen, NULL, 0), 0);
			blake2s_update(&all, md, outlen);
			selftest_seq(key, outlen, (uint32_t)outlen);
			CHECK_EQ(blake2s(md, outlen, in, inlen, key, outlen),
				 0);
			blake2s_update(&all, md, outlen);
		}
	}
	blake2s_final(&all, md);
	CHECK(digest_is(md, "6a411f08ce25adcdfb02aba641451cec"
			    "53c598b24f4fc787fbdc88797f4c1dfe"));
}

/* testvectors/blake2s-kat.txt, copied exactly: BLAKE2s-256 keyed. */
static const struct {
	size_t inlen;
	const char *hash;
} blake2s_kat[] = {
	{ 0, "48a8997da407876b3d79c0d92325ad3b89cbb754d86ab71aee047ad345fd2c49" },
	{ 1, "40d15fee7c328830166ac3f918650f807e7e01e177258cdc0a39b11f598066f1" },
	{ 2, "6bb71300644cd3991b26ccd4d274acd1adeab8b1d7914546c1198bbe9fc9d803" },
	{ 3, "1d220dbe2ee134661fdf6d9e74b41704710556f2f6e5a091b227697445dbea6b" },
	{ 63, "c65382513f07460da39833cb666c5ed82e61b9e998f4b0c4287cee56c3cc9bcd" },
	{ 64, "8975b0577fd35566d750b362b0897a26c399136df07bababbde6203ff2954ed4" },
	{ 65, "21fe0ceb0052be7fb0f004187cacd7de67fa6eb0938d927677f2398c132317a8" },
	{ 127, "ddbfea75cc467882eb3483ce5e2e756a4f4701b76b445519e89f22d60fa86e06" },
	{ 128, "0c311f38c35a4fb90d651c289d486856cd1413df9b0677f53ece2cd9e477c60a" },
	{ 255, "3fb735061abc519dfe979e54c1ee5bfad0a9d858b3315bad34bde999efd724dd" },
};

static void kat_input(uint8_t *in, uint8_t *key)
{
	for (int i = 0; i < 256; i++)
		in[i] = (uint8_t)i;
	for (int i = 0; i < BLAKE2S_KEY_SIZE; i++)
		key[i] = (uint8_t)i;
}

TEST(blake2s_keyed_kat)
{
	uint8_t in[256], key[BLAKE2S_KEY_SIZE], out[BLAKE2S_HASH_SIZE];

	kat_input(in, key);
	for (size_t i = 0; i < sizeof(blake2s_kat) / sizeof(blake2s_kat[0]);
	     i++) {
		size_t n = blake2s_kat[i].inlen;

		CHECK_EQ(blake2s(out, 32, in, n, key, sizeof(key)), 0);
		CHECK_MSG(digest_is(out, blake2s_kat[i].hash), "length %zu",
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
	CHECK(digest_is(out, blake2s_kat[9].hash));
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
