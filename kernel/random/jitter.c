/*
 * jitter.c: waiting until the generator is ready, and making entropy
 * meanwhile, as Linux's try_to_generate_entropy does, so that a machine
 * with no CPU generator, no disk and no keyboard does not wait for ever.
 *
 * The waiting task samples the cycle counter in a loop that yields the CPU
 * at every turn, and hashes each sample.  Where the timer interrupt falls
 * among those samples is not predictable to the cycle (the CPU's clock and
 * the timer's drift apart; other tasks and interrupts change the loop's
 * pace), so each tick during which the counter was seen to move is
 * credited one bit, Linux's rate for its entropy timer.  At HZ 100 that
 * bounds the wait at 2.56 s even with no other source.  A counter that
 * never moves earns nothing: the wait then rests on the interrupts.
 *
 * Interface: wait_for_random_bytes, random_wait_ready (random.h).
 */
#include "kernel/random.h"
#include "kernel/random/fastmix.h"
#include "kernel/random/internal.h"
#include "kernel/clock.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "lib/string.h"

#define JITTER_MIN_CHANGES	2	/* counter moves seen in a tick */

/* Sample until the next tick (or readiness); one bit if the counter
 * moved. */
static void jitter_one_tick(void)
{
	uint64_t tick = jiffies;
	uint32_t w[4] = { 0 };
	uint32_t last = (uint32_t)rdtsc(), samples = 0, changes = 0;

	while (jiffies == tick && !crng_ready()) {
		uint32_t now = (uint32_t)rdtsc();

		fast_mix(w, now, samples++);
		changes += now != last;
		last = now;
		yield();
	}
	pool_mix(w, sizeof(w));
	memzero_explicit(w, sizeof(w));
	if (changes >= JITTER_MIN_CHANGES)
		random_credit(1);
}

int random_wait_ready(bool nonblock)
{
	if (crng_ready())
		return 0;
	return nonblock ? -EAGAIN : wait_for_random_bytes();
}

int wait_for_random_bytes(void)
{
	while (!crng_ready()) {
		int err = signal_check();

		if (err)
			return err;
		jitter_one_tick();
	}
	return 0;
}
