/*
 * pool.c: the input pool, a running BLAKE2s hash of everything the
 * kernel learns about the world (interrupt timings from the fast pool,
 * device timings, the CPU's generator, the boot's identity, what root
 * credits and what anyone writes to /dev/random), and its credit: how
 * many bits of it are believed unpredictable (at most POOL_BITS).
 *
 * Extraction (pool_extract) is the construction of Linux 5.17's random.c,
 * a hash-based key derivation: the digest of the pool so far is a seed;
 * the pool restarts keyed with PRF(seed, salt || 0), so that what follows
 * still depends on everything before; the output is PRF(seed, salt || 1),
 * PRF(seed, salt || 2), ...  The salt is 32 bytes from the CPU's generator
 * (or the cycle counter).  Extraction does not lower the credit: the
 * credit only says whether the generator has ever been seeded well.
 *
 * Interface: internal.h.  Lock: pool_lock, a spinlock taken with
 * interrupts off (the timer tick mixes), held for one BLAKE2s
 * compression at most; nothing else is taken under it.
 */
#include "kernel/random/internal.h"
#include "crypto/blake2s.h"
#include "kernel/spinlock.h"
#include "kernel/x86/archrandom.h"
#include "kernel/x86/cpu.h"
#include "lib/string.h"

static struct spinlock pool_lock = SPINLOCK_INIT;
static struct blake2s_state pool_hash;
static bool pool_started;
static unsigned int pool_credit_bits;

/* With pool_lock held: the hash has been set up. */
static void pool_start_locked(void)
{
	if (!pool_started) {
		blake2s_init(&pool_hash, BLAKE2S_HASH_SIZE, NULL, 0);
		pool_started = true;
	}
}

void pool_mix(const void *buf, size_t len)
{
	uint32_t flags;

	flags = spin_lock_irqsave(&pool_lock);
	pool_start_locked();
	blake2s_update(&pool_hash, buf, len);
	spin_unlock_irqrestore(&pool_lock, flags);
}

/* The salt of an extraction: the CPU's seed generator, its plain
 * generator, or the cycle counter, word by word. */
static void pool_salt(uint32_t salt[8])
{
	for (int i = 0; i < 8; i++)
		if (!arch_random_seed32(&salt[i]) && !arch_random32(&salt[i]))
			salt[i] = (uint32_t)rdtsc();
}

void pool_extract(uint8_t *out, size_t len)
{
	struct {
		uint32_t salt[8];
		uint32_t counter;
	} block;
	uint8_t seed[BLAKE2S_HASH_SIZE], next[BLAKE2S_HASH_SIZE];
	uint32_t flags;

	pool_salt(block.salt);
	block.counter = 0;
	flags = spin_lock_irqsave(&pool_lock);
	pool_start_locked();
	blake2s_final(&pool_hash, seed);
	blake2s(next, sizeof(next), &block, sizeof(block), seed, sizeof(seed));
	blake2s_init(&pool_hash, BLAKE2S_HASH_SIZE, next, sizeof(next));
	spin_unlock_irqrestore(&pool_lock, flags);
	memzero_explicit(next, sizeof(next));
	while (len) {
		size_t n = len < BLAKE2S_HASH_SIZE ? len : BLAKE2S_HASH_SIZE;

		block.counter++;
		blake2s(out, n, &block, sizeof(block), seed, sizeof(seed));
		out += n;
		len -= n;
	}
	memzero_explicit(seed, sizeof(seed));
	memzero_explicit(&block, sizeof(block));
}

unsigned int pool_credit(unsigned int bits, unsigned int *now)
{
	unsigned int before;
	uint32_t flags;

	flags = spin_lock_irqsave(&pool_lock);
	before = pool_credit_bits;
	if (bits > POOL_BITS - before)
		bits = POOL_BITS - before;
	pool_credit_bits = before + bits;
	*now = pool_credit_bits;
	spin_unlock_irqrestore(&pool_lock, flags);
	return before;
}

unsigned int pool_bits(void)
{
	return pool_credit_bits;
}
