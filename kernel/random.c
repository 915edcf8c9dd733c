/*
 * random.c: the stop-gap random generator (see random.h: not secure).
 *
 * Interface: get_random_bytes.
 */
#include "kernel/random.h"
#include "kernel/x86/cpu.h"
#include "kernel/spinlock.h"

static uint64_t random_state = 0x9e3779b97f4a7c15ull;
static struct spinlock random_lock = SPINLOCK_INIT;

static uint64_t xorshift64s(void)
{
	random_state ^= random_state >> 12;
	random_state ^= random_state << 25;
	random_state ^= random_state >> 27;
	return random_state * 0x2545f4914f6cdd1dull;
}

void get_random_bytes(void *buf, size_t len)
{
	uint32_t flags = spin_lock_irqsave(&random_lock);
	uint8_t *p = buf;

	random_state ^= rdtsc();
	while (len) {
		uint64_t v = xorshift64s();

		for (int i = 0; i < 8 && len; i++, len--, v >>= 8)
			*p++ = (uint8_t)v;
	}
	spin_unlock_irqrestore(&random_lock, flags);
}
