/*
 * chacha20_vectors.h: RFC 8439's ChaCha20 test vectors, shared by the host
 * tests (tests/host/test_chacha20.c) and the kernel's
 * (tests/kernel/test_chacha20.c): the block of section 2.3.2, the five
 * blocks of appendix A.1 and the "sunscreen" encryption of section 2.4.2.
 */
#ifndef TESTS_HOST_CHACHA20_VECTORS_H
#define TESTS_HOST_CHACHA20_VECTORS_H

#include <stddef.h>
#include <stdint.h>

struct chacha20_block_vector {
	uint8_t key[32];
	uint8_t nonce[12];
	uint32_t counter;
	const char *block;	/* 128 hex digits */
};

/* Section 2.3.2, then appendix A.1 test vectors 1 to 5. */
static const struct chacha20_block_vector chacha20_block_vectors[] = {
	{ { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
	    19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 },
	  { 0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0 }, 1,
	  "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
	  "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e" },
	{ { 0 }, { 0 }, 0,
	  "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
	  "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586" },
	{ { 0 }, { 0 }, 1,
	  "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
	  "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f" },
	{ { [31] = 1 }, { 0 }, 1,
	  "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
	  "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0" },
	{ { [1] = 0xff }, { 0 }, 2,
	  "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
	  "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096" },
	{ { 0 }, { [11] = 2 }, 0,
	  "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
	  "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d" },
};

/* Section 2.4.2: key 00..1f, this nonce, counter 1. */
static const uint8_t chacha20_sunscreen_nonce[12] = {
	0, 0, 0, 0, 0, 0, 0, 0x4a, 0, 0, 0, 0
};
static const char chacha20_sunscreen_plain[] =
	"Ladies and Gentlemen of the class of '99: If I could offer you "
	"only one tip for the future, sunscreen would be it.";
static const char chacha20_sunscreen_cipher[] =
	"6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
	"f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
	"07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
	"5af90bbf74a35be6b40b8eedf2785e42874d";

/* The byte of hex digits at s (two digits). */
static inline uint8_t chacha20_hex_byte(const char *s)
{
	uint8_t v = 0;

	for (int i = 0; i < 2; i++) {
		char ch = s[i];

		v = (uint8_t)(v << 4 | (ch <= '9' ? ch - '0' : ch - 'a' + 10));
	}
	return v;
}

/* Whether the len bytes at got are the bytes hex spells. */
static inline int chacha20_matches_hex(const uint8_t *got, const char *hex,
				       size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (got[i] != chacha20_hex_byte(hex + 2 * i))
			return 0;
	return 1;
}

#endif
