/*
 * interrupt.c: the entropy of interrupts and devices.
 *
 * Every interrupt, the timer's included, folds the cycle counter and the
 * interrupted address into the fast pool (fastmix.h): about ten cycles,
 * no lock (the pool is this CPU's and interrupts are off).  A keyboard,
 * a serial line or a disk also folds in its value and the jiffies, and
 * adds credit for the irregularity of its timing as Linux's
 * add_timer_randomness estimates it: the smallest of the first, second
 * and third differences between events, in jiffies, gives fls(d / 2)
 * bits, at most 11, kept in the fast pool as 64 counts per bit.
 *
 * The timer tick hashes the fast pool into the input pool when it holds
 * FAST_POOL_MIX_COUNT counts or a second after the last time, and
 * credits a bit per 64 counts (at least one, at most 128, Linux's rate):
 * the expensive BLAKE2s work runs at most about once a second.
 *
 * Interface: random.h (add_*_randomness), internal.h (random_tick_init).
 */
#include "kernel/random.h"
#include "kernel/random/fastmix.h"
#include "kernel/random/internal.h"
#include "kernel/clock.h"
#include "kernel/timer.h"
#include "kernel/x86/cpu.h"
#include "lib/string.h"

#define COUNTS_PER_BIT		64
#define TIMING_MAX_BITS		11

static struct fast_pool irq_pool;
static uint64_t irq_pool_mixed_at;		/* jiffies */

void add_interrupt_randomness(unsigned int irq, uint32_t ip)
{
	fast_pool_add(&irq_pool, (uint32_t)rdtsc(), ip ^ (irq << 24));
}

/* Timer tick: hash the fast pool into the input pool when its time has
 * come, and credit it. */
static void random_tick(struct tick_hook *hook)
{
	uint32_t words[4], count = irq_pool.count;

	if (count < FAST_POOL_MIX_COUNT && jiffies - irq_pool_mixed_at < HZ)
		return;
	memcpy(words, irq_pool.w, sizeof(words));
	irq_pool.count = 0;
	irq_pool_mixed_at = jiffies;
	pool_mix(words, sizeof(words));
	memzero_explicit(words, sizeof(words));
	count /= COUNTS_PER_BIT;
	random_credit(count < 1 ? 1 : count > 128 ? 128 : count);
}

static struct tick_hook random_tick_hook = { .fn = random_tick };

void random_tick_init(void)
{
	tick_hook_register(&random_tick_hook);
}

static int64_t abs64(int64_t v)
{
	return v < 0 ? -v : v;
}

static unsigned int fls64(uint64_t v)
{
	unsigned int n = 0;

	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

/* The credit of an event at now for state: bits, 0..TIMING_MAX_BITS. */
static unsigned int timing_bits(struct random_timing *s, uint64_t now)
{
	int64_t delta = (int64_t)(now - s->last_time);
	int64_t delta2 = delta - s->last_delta;
	int64_t delta3 = delta2 - s->last_delta2;
	unsigned int bits;

	s->last_time = now;
	s->last_delta = delta;
	s->last_delta2 = delta2;
	delta = abs64(delta);
	if (abs64(delta2) < delta)
		delta = abs64(delta2);
	if (abs64(delta3) < delta)
		delta = abs64(delta3);
	bits = fls64((uint64_t)delta >> 1);
	return bits < TIMING_MAX_BITS ? bits : TIMING_MAX_BITS;
}

static void add_timing_randomness(struct random_timing *s, uint32_t value)
{
	uint32_t flags;
	uint64_t now;

	flags = irq_save();
	now = jiffies;
	fast_mix(irq_pool.w, (uint32_t)rdtsc(), value ^ (uint32_t)now);
	irq_pool.count += timing_bits(s, now) * COUNTS_PER_BIT;
	irq_restore(flags);
}

void add_input_randomness(uint32_t value)
{
	static struct random_timing input_timing;

	add_timing_randomness(&input_timing, value);
}

void add_disk_randomness(struct random_timing *state, uint32_t value)
{
	add_timing_randomness(state, value);
}

void add_device_randomness(const void *buf, size_t len)
{
	uint32_t cycles = (uint32_t)rdtsc();

	pool_mix(&cycles, sizeof(cycles));
	pool_mix(buf, len);
}
