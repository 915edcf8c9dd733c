/*
 * user.c: the user's side of the pool: what getrandom and the ioctls of
 * /dev/random need (random.h).
 *
 * A read of more than 32 bytes takes a key of its own from the generator
 * (one block under the base key) and runs ChaCha20 under it into a small
 * buffer, copied out piece by piece: the base key is held for one block
 * whatever the length, as in get_random_bytes, and nothing is allocated.
 * Between pages a pending signal ends the read with what was given, as
 * Linux's getrandom does; so does a fault (at the byte).  Everything written or credited goes into the
 * input pool; before the generator is ready it is also reseeded at once,
 * so that output depends on a seed file as soon as init writes it.
 *
 * Interface: random_read_user, random_write, random_add_entropy_user,
 * random_credit_bits, random_reseed, random_entropy_avail (random.h).
 */
#include "kernel/random.h"
#include "kernel/random/internal.h"
#include "crypto/chacha20.h"
#include "kernel/proc/signal.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define USER_PIECE	256		/* four ChaCha20 blocks */

/* Copy n bytes out; when that faults, the bytes before the fault, as
 * Linux's copy_to_iter does.  Returns the count copied. */
static size_t copy_out(uint8_t *udst, const uint8_t *src, size_t n)
{
	size_t i = 0;

	if (!copy_to_user(udst, src, n))
		return n;
	while (i < n && !copy_to_user(udst + i, src + i, 1))
		i++;
	return i;
}

static long read_short(void *ubuf, size_t len)
{
	uint8_t buf[CHACHA20_KEY_SIZE];
	size_t done;

	get_random_bytes(buf, len);
	done = copy_out(ubuf, buf, len);
	memzero_explicit(buf, sizeof(buf));
	return done ? (long)done : -EFAULT;
}

long random_read_user(void *ubuf, size_t len)
{
	static const uint8_t nonce[CHACHA20_NONCE_SIZE];
	uint8_t key[CHACHA20_KEY_SIZE], buf[USER_PIECE];
	struct chacha20 c;
	size_t done = 0;

	if (len <= CHACHA20_KEY_SIZE)
		return read_short(ubuf, len);
	get_random_bytes(key, sizeof(key));
	chacha20_init(&c, key, nonce, 0);
	memzero_explicit(key, sizeof(key));
	while (done < len) {
		size_t n = len - done < USER_PIECE ? len - done : USER_PIECE;
		size_t copied;

		for (size_t i = 0; i < n; i += CHACHA20_BLOCK_SIZE)
			chacha20_block(&c, buf + i);
		copied = copy_out((uint8_t *)ubuf + done, buf, n);
		done += copied;
		if (copied < n)
			break;
		if (done % PAGE_SIZE == 0 && done < len && signal_check())
			break;
	}
	memzero_explicit(&c, sizeof(c));
	memzero_explicit(buf, sizeof(buf));
	return done ? (long)done : -EFAULT;
}

void random_write(const void *buf, size_t len)
{
	pool_mix(buf, len);
	if (!crng_ready())
		crng_reseed();
}

int random_add_entropy_user(const void *ubuf, size_t len, unsigned int bits)
{
	uint8_t buf[USER_PIECE];
	int err = 0;

	for (size_t done = 0; done < len && !err; done += USER_PIECE) {
		size_t n = len - done < USER_PIECE ? len - done : USER_PIECE;

		err = copy_from_user(buf, (const uint8_t *)ubuf + done, n);
		if (!err)
			pool_mix(buf, n);
	}
	memzero_explicit(buf, sizeof(buf));
	if (err)
		return err;
	random_credit_bits(bits);
	return 0;
}

void random_credit_bits(unsigned int bits)
{
	random_credit(bits);
	if (!crng_ready())
		crng_reseed();
}

int random_reseed(void)
{
	if (!crng_ready())
		return -ENODATA;
	crng_reseed();
	return 0;
}

unsigned int random_entropy_avail(void)
{
	return pool_bits();
}
