/*
 * test_crypto.c: in-kernel tests of crypto/: BLAKE2s against RFC 7693's
 * Appendix B ("abc") and Appendix E self-test and the reference
 * package's 256 keyed known answers (one also streamed), built with the
 * kernel's own flags (-m32, no SSE) and lib/, as the host tests
 * (tests/host/test_blake2s.c) check them under sanitizers.
 */
#include "crypto/blake2s.h"
#include "kernel/ktest.h"
#include "lib/string.h"
#include "tests/host/blake2s_kat.h"
#include "tests/host/blake2s_selftest.h"
#include "tests/host/chacha20_vectors.h"

static const uint8_t blake2s_abc[32] = {
	0x50, 0x8c, 0x5e, 0x8c, 0x32, 0x7c, 0x14, 0xe2,
	0xe1, 0xa7, 0x2b, 0xa3, 0x4e, 0xeb, 0x45, 0x2f,
	0x37, 0x45, 0x8b, 0x20, 0x9e, 0xd6, 0x3a, 0x29,
	0x4d, 0x99, 0x9b, 0x4c, 0x86, 0x67, 0x59, 0x82,
};

KTEST(crypto, blake2s_vectors)
{
	uint8_t in[256], key[BLAKE2S_KEY_SIZE], out[BLAKE2S_HASH_SIZE];
	struct blake2s_state s;

	KT_EXPECT_EQ(ctx, blake2s(out, 32, "abc", 3, NULL, 0), 0);
	KT_EXPECT(ctx, memcmp(out, blake2s_abc, 32) == 0);

	KT_EXPECT_EQ(ctx, blake2s_selftest(out), 0);
	KT_EXPECT(ctx, chacha20_matches_hex(out, blake2s_selftest_digest, 32));

	for (int i = 0; i < 256; i++)
		in[i] = (uint8_t)i;
	for (int i = 0; i < BLAKE2S_KEY_SIZE; i++)
		key[i] = (uint8_t)i;
	for (int n = 0; n < 256; n++) {
		KT_EXPECT_EQ(ctx, blake2s(out, 32, in, n, key, sizeof(key)), 0);
		KT_EXPECT(ctx, chacha20_matches_hex(out, blake2s_keyed_kat[n],
						    32));
	}

	/* The 255-byte one streamed across block boundaries. */
	KT_ASSERT_EQ(ctx, blake2s_init(&s, 32, key, sizeof(key)), 0);
	blake2s_update(&s, in, 100);
	blake2s_update(&s, in + 100, 155);
	blake2s_final(&s, out);
	KT_EXPECT(ctx, chacha20_matches_hex(out, blake2s_keyed_kat[255], 32));
}
