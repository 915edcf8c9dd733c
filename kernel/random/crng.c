/*
 * crng.c: the generator behind every random byte the kernel gives out,
 * ChaCha20 with fast key erasure (crypto/crng.c) under a key taken from
 * the input pool, and the states it goes through at boot.
 *
 * States: empty (keyed from the uncredited boot inputs only), early (the
 * pool was credited POOL_EARLY_BITS), ready (POOL_BITS: "crng init done"
 * in the log; getrandom and /dev/random stop blocking).  Each crossing
 * reseeds at once.  Afterwards the key is renewed from the pool on
 * Linux's schedule: when a request finds it older than the interval, one
 * second early in the boot, then half the uptime, then every 60 seconds
 * from two minutes on.  Each reseed moves the generation on, which throws
 * away the batches of get_random_u32/u64.
 *
 * A request of up to 32 bytes is one ChaCha20 block under the base key,
 * whose first half becomes the next key; up to CRNG_LOCKED_MAX (a batch
 * of get_random_u32, 96 bytes) it goes on with a second block under the
 * same key, still locked.  A longer one takes 32 bytes as a key of its
 * own and runs its blocks under that key with the lock dropped: the base
 * key is busy for at most two blocks whatever the length.
 *
 * Interface: random.h (output, readiness) and internal.h.  Lock:
 * crng_lock, a spinlock with interrupts off, for one ChaCha20 block; the
 * pool's lock is never taken under it.
 */
#include "kernel/random.h"
#include "kernel/export.h"
#include "kernel/random/batch.h"
#include "kernel/random/internal.h"
#include "crypto/crng.h"
#include "kernel/clock.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/wait.h"
#include "lib/string.h"

#define RESEED_INTERVAL_S	60
#define RESEED_START_S		1
#define CRNG_LOCKED_MAX		RANDOM_BATCH_BYTES

enum crng_state { CRNG_EMPTY, CRNG_EARLY, CRNG_READY };

static struct spinlock crng_lock = SPINLOCK_INIT;
static uint8_t crng_key[CHACHA20_KEY_SIZE];
static volatile uint32_t crng_generation;	/* 0: never keyed */
static uint64_t crng_birth;			/* jiffies at the last reseed */
static volatile enum crng_state crng_state_now = CRNG_EMPTY;
static struct random_batch batch_u32, batch_u64;

struct wait_queue crng_ready_wait = WAIT_QUEUE_INIT(crng_ready_wait);

void crng_reseed(void)
{
	uint8_t key[CHACHA20_KEY_SIZE];
	uint32_t flags;

	pool_extract(key, sizeof(key));
	flags = spin_lock_irqsave(&crng_lock);
	memcpy(crng_key, key, sizeof(key));
	crng_birth = jiffies;
	crng_generation = crng_generation + 1 ? crng_generation + 1 : 1;
	spin_unlock_irqrestore(&crng_lock, flags);
	memzero_explicit(key, sizeof(key));
}

/* Whether the key is older than the interval of Linux's schedule. */
static bool crng_has_old_seed(void)
{
	uint64_t uptime_s = clock_ns() / 1000000000u;
	uint64_t interval_s = RESEED_INTERVAL_S;

	if (uptime_s < 2 * RESEED_INTERVAL_S)
		interval_s = uptime_s / 2 > RESEED_START_S ? uptime_s / 2 :
			     RESEED_START_S;
	return jiffies - crng_birth >= interval_s * HZ;
}

static void crng_became(enum crng_state state)
{
	crng_reseed();
	crng_state_now = state;
	if (state == CRNG_READY) {
		/* At any time in a session: in the log, not on the console. */
		pr_debug("random: crng init done\n");
		wake_up(&crng_ready_wait);
	}
}

void random_credit(unsigned int bits)
{
	unsigned int now;
	unsigned int before = pool_credit(bits, &now);

	if (before < POOL_BITS && now >= POOL_BITS)
		crng_became(CRNG_READY);
	else if (before < POOL_EARLY_BITS && now >= POOL_EARLY_BITS &&
		 crng_state_now == CRNG_EMPTY)
		crng_became(CRNG_EARLY);
}

bool crng_ready(void)
{
	return crng_state_now == CRNG_READY;
}

uint32_t crng_generation_now(void)
{
	return crng_generation;
}

void get_random_bytes(void *buf, size_t len)
{
	uint8_t key[CHACHA20_KEY_SIZE];
	uint32_t flags;

	if (!crng_generation || crng_has_old_seed())
		crng_reseed();
	flags = spin_lock_irqsave(&crng_lock);
	if (len <= CRNG_LOCKED_MAX) {
		crng_generate(crng_key, buf, len);
		spin_unlock_irqrestore(&crng_lock, flags);
		return;
	}
	crng_generate(crng_key, key, sizeof(key));
	spin_unlock_irqrestore(&crng_lock, flags);
	crng_generate(key, buf, len);
	memzero_explicit(key, sizeof(key));
}
EXPORT_SYMBOL(get_random_bytes);

/* The batches are per CPU, so interrupts off is their lock. */
uint32_t get_random_u32(void)
{
	uint32_t flags, v;

	flags = irq_save();
	v = random_batch_u32(&batch_u32, crng_generation, get_random_bytes);
	irq_restore(flags);
	return v;
}
EXPORT_SYMBOL(get_random_u32);

uint64_t get_random_u64(void)
{
	uint32_t flags;
	uint64_t v;

	flags = irq_save();
	v = random_batch_u64(&batch_u64, crng_generation, get_random_bytes);
	irq_restore(flags);
	return v;
}
