/*
 * blake2s.h: the BLAKE2s hash function (RFC 7693), plain and keyed.
 *
 * BLAKE2s works on 32-bit words and 64-byte blocks and gives a digest of
 * 1 to 32 bytes; with a key of 1 to 32 bytes it is a MAC (a PRF), which
 * is how the entropy pool uses it.  A different digest length gives an
 * unrelated digest, not a prefix of the 32-byte one.
 *
 * Interface:
 *   blake2s_init(s, outlen, key, keylen)
 *		start a hash of outlen bytes (1..BLAKE2S_HASH_SIZE), keyed
 *		when keylen (0..BLAKE2S_KEY_SIZE) is not zero; key may be
 *		NULL when keylen is 0.  Returns 0, or -EINVAL for a length
 *		out of range (the state is then left untouched).
 *   blake2s_update(s, in, inlen)
 *		hash inlen more bytes; pieces of any size give the same
 *		digest as the whole message at once.
 *   blake2s_final(s, out)
 *		write the outlen-byte digest to out and wipe the state (it
 *		must be initialised again before another use).
 *   blake2s(out, outlen, in, inlen, key, keylen)
 *		the three steps at once; returns 0 or -EINVAL as init does.
 *
 * The state holds the key until the first block is hashed, and always the
 * chaining value, so a caller that drops a state without finishing it
 * should wipe it with memzero_explicit (lib/string.h).  No locking: a
 * state belongs to its caller.
 */
#ifndef CRYPTO_BLAKE2S_H
#define CRYPTO_BLAKE2S_H

#include <stddef.h>
#include <stdint.h>

#define BLAKE2S_BLOCK_SIZE	64
#define BLAKE2S_HASH_SIZE	32
#define BLAKE2S_KEY_SIZE	32

struct blake2s_state {
	uint32_t h[8];			/* chaining value */
	uint32_t t[2];			/* bytes hashed so far, low word first */
	uint32_t buflen;		/* bytes waiting in buf, 0..64 */
	uint32_t outlen;		/* digest length asked for */
	uint8_t buf[BLAKE2S_BLOCK_SIZE];	/* the block not yet hashed */
};

int blake2s_init(struct blake2s_state *s, size_t outlen, const void *key,
		 size_t keylen);
void blake2s_update(struct blake2s_state *s, const void *in, size_t inlen);
void blake2s_final(struct blake2s_state *s, uint8_t *out);
int blake2s(uint8_t *out, size_t outlen, const void *in, size_t inlen,
	    const void *key, size_t keylen);

#endif
