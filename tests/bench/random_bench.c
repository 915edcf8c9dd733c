/*
 * random_bench.c: the host CPU rows of bench-random (tests/bench/random.mk,
 * issue 12): what the entropy pool's hot paths cost, in cycles of the time
 * stamp counter, built from the kernel's own sources (crypto/chacha20.c,
 * crng.c, blake2s.c, kernel/random/batch.c and fastmix.h, compiled with
 * the kernel's code-generation flags) into a static musl program; random.mk
 * builds it for i386 and for x86_64.
 *
 * Each row is the cost of one call of a small function (a "body"), timed
 * with rdtsc around ITERS calls through a volatile function pointer, so
 * that nothing is hoisted out of the loop or inlined into it:
 *   empty	the loop and the call alone, subtracted from every other row;
 *   rdtsc	the time stamp counter read into a variable;
 *   fastmix	fast_pool_add() alone, of a counter instead of the TSC;
 *   hook	what irq_dispatch runs on every interrupt
 *		(add_interrupt_randomness): rdtsc, then fast_pool_add() into
 *		a global pool (the timer tick hashes it later);
 *   maestro	the Rust Maestro's design: rdtsc, then a full ChaCha20 block
 *		(chacha20_block) per interrupt;
 *   irqflags	pushf; pop then a test of the saved IF, the user-mode
 *		stand-in for the kernel's irq_save()/irq_restore() (which add
 *		cli and sti, which fault in user mode: a cycle or two each);
 *   pushf	pushf; pop alone;
 *   u32/u64	get_random_u32/u64 as the kernel runs them: irq_save,
 *		random_batch_u32/u64 with a fill that is get_random_bytes
 *		(irq_save, the spinlock's xchg, crng_generate into the batch,
 *		unlock, irq_restore), irq_restore;
 *   u32-1blk/u64-1blk  the same without the batch: get_random_bytes of 4
 *		or 8 bytes, one crng_generate (one ChaCha20 block) per call;
 *   chacha20	one chacha20_block;
 *   blake2s	blake2s_update of 64 bytes into a running state (one
 *		compression per call: BLAKE2s keeps the last block back).
 * Every body runs WARMUP_ITERS times first; then RUNS runs of each, the
 * bodies taking turns so that a noisy moment of a shared machine hits them
 * all alike, and each row is the median run's ticks per call minus the
 * median of empty's, then the fastest run's minus the fastest empty run's
 * (a busy neighbour on a shared or hyperthreaded machine can slow a whole
 * program run down: the fastest run shows what a quiet moment gives).
 *
 * The TSC counts at a fixed rate, not the core's clock: the program also
 * times a chain of dependent adds (one add per core cycle on every x86
 * since the i486) and prints core cycles per TSC tick.
 *
 * Output, one line each (BITS is 32 or 64): "random-host: BITS method RUNS
 * ITERS", "random-host: BITS clock CORE-CYCLES-PER-TICK", then
 * "random-host: BITS NAME MEDIAN FASTEST" in TSC ticks per call for empty
 * (as measured) and each body (empty subtracted); tools/linux-peer.py
 * random-table makes the table.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "crypto/blake2s.h"
#include "crypto/chacha20.h"
#include "crypto/crng.h"
#include "kernel/random/batch.h"
#include "kernel/random/fastmix.h"

#define RUNS		11
#define ITERS		100000
#define WARMUP_ITERS	20000
#define ADD_CHAIN	1000

#define WORD_BITS	((int)(8 * sizeof(size_t)))

static inline uint64_t read_tsc(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

/* rdtsc that waits for the instructions before it (lfence), for the
 * edges of a timed loop. */
static inline uint64_t read_tsc_fenced(void)
{
	__asm__ __volatile__("lfence" ::: "memory");
	return read_tsc();
}

static inline unsigned long irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf; pop %0" : "=r"(flags) : : "memory");
	return flags;
}

/* The kernel's irq_restore (kernel/x86/cpu.h) tests the saved IF and runs
 * sti when it was set; sti faults in user mode, so only the test is here. */
#define EFLAGS_IF	0x200ul
static inline void irq_restore(unsigned long flags)
{
	if (flags & EFLAGS_IF)
		__asm__ __volatile__("" : : : "memory");
}

/* The kernel's state, as globals as in the kernel. */
static struct fast_pool pool;
static struct chacha20 maestro_state, block_state;
static uint8_t block_out[CHACHA20_BLOCK_SIZE];
static uint8_t base_key[CHACHA20_KEY_SIZE] = { 1, 2, 3 };
static uint32_t crng_generation = 1;
static struct random_batch batch;
static struct blake2s_state hash_state;
static const uint8_t hash_input[BLAKE2S_BLOCK_SIZE] = { 42 };
static volatile uint32_t base_lock;
static volatile uintptr_t base_lock_at;
static volatile uint64_t sink;
static uint64_t seed_birth;
#define RESEED_TICKS	(1ull << 62)

/* get_random_bytes as the kernel runs it for a short request:
 * the reseed check (a clock read), spin_lock_irqsave (irq_save and an
 * xchg on the lock word), crng_generate
 * under the base key, spin_unlock_irqrestore. */
static void locked_generate(void *buf, size_t len)
{
	unsigned long flags;

	/* crng_has_old_seed(): the clock read and a comparison. */
	if (read_tsc() - seed_birth > RESEED_TICKS)
		abort();
	flags = irq_save();
	if (__atomic_exchange_n(&base_lock, 1, __ATOMIC_ACQUIRE))
		abort();
	base_lock_at = (uintptr_t)locked_generate;
	crng_generate(base_key, buf, len);
	__atomic_store_n(&base_lock, 0, __ATOMIC_RELEASE);
	irq_restore(flags);
}

#define BODY	__attribute__((noinline, noipa)) static void

BODY body_empty(uint32_t i)
{
	__asm__ __volatile__("");
}

BODY body_rdtsc(uint32_t i)
{
	sink = (uint32_t)read_tsc();
}

/* add_interrupt_randomness(irq, ip), here for IRQ 14. */
BODY body_hook(uint32_t ip)
{
	fast_pool_add(&pool, (uint32_t)read_tsc(), ip ^ (14u << 24));
}

BODY body_fastmix(uint32_t ip)
{
	fast_pool_add(&pool, ip * 0x9e3779b9u, ip);
}

BODY body_maestro(uint32_t ip)
{
	maestro_state.state[4] ^= (uint32_t)read_tsc();
	maestro_state.state[5] ^= ip;
	chacha20_block(&maestro_state, block_out);
}

BODY body_irqflags(uint32_t i)
{
	irq_restore(irq_save());
}

BODY body_pushf(uint32_t i)
{
	sink = irq_save();
}

BODY body_u32(uint32_t i)
{
	unsigned long flags = irq_save();

	sink = random_batch_u32(&batch, crng_generation, locked_generate);
	irq_restore(flags);
}

BODY body_u64(uint32_t i)
{
	unsigned long flags = irq_save();

	sink = random_batch_u64(&batch, crng_generation, locked_generate);
	irq_restore(flags);
}

BODY body_u32_1blk(uint32_t i)
{
	uint32_t v;

	locked_generate(&v, sizeof(v));
	sink = v;
}

BODY body_u64_1blk(uint32_t i)
{
	uint64_t v;

	locked_generate(&v, sizeof(v));
	sink = v;
}

BODY body_chacha20(uint32_t i)
{
	chacha20_block(&block_state, block_out);
}

BODY body_blake2s(uint32_t i)
{
	blake2s_update(&hash_state, hash_input, sizeof(hash_input));
}

static const struct {
	const char *name;
	void (*fn)(uint32_t);
} bodies[] = {
	{ "empty", body_empty },
	{ "rdtsc", body_rdtsc },
	{ "fastmix", body_fastmix },
	{ "hook", body_hook },
	{ "maestro", body_maestro },
	{ "irqflags", body_irqflags },
	{ "pushf", body_pushf },
	{ "u32", body_u32 },
	{ "u32-1blk", body_u32_1blk },
	{ "u64", body_u64 },
	{ "u64-1blk", body_u64_1blk },
	{ "chacha20", body_chacha20 },
	{ "blake2s", body_blake2s },
};
#define NBODIES	(sizeof(bodies) / sizeof(bodies[0]))

/* TSC ticks per call of fn, over n calls. */
static double time_body(void (*f)(uint32_t), uint32_t n)
{
	void (*volatile fn)(uint32_t) = f;
	uint64_t t = read_tsc_fenced();

	for (uint32_t i = 0; i < n; i++)
		fn(0x00101000u + 4 * (i & 255));	/* an "interrupted EIP" */
	return (double)(read_tsc_fenced() - t) / n;
}

/* Core cycles per TSC tick: ADD_CHAIN dependent adds take as many core
 * cycles; the best of many tries. */
static double core_per_tick(void)
{
	double best = 0;

	for (int r = 0; r < 200; r++) {
		unsigned long x = 0;
		uint64_t t = read_tsc_fenced();

		for (int k = 0; k < ADD_CHAIN / 10; k++)
			__asm__ __volatile__(
				"add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
				"add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
				"add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
				"add $1, %0" : "+r"(x));
		t = read_tsc_fenced() - t;
		if (ADD_CHAIN / (double)t > best)
			best = ADD_CHAIN / (double)t;
	}
	return best;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(void)
{
	static double runs[NBODIES][RUNS];
	double empty, empty_min;

	seed_birth = read_tsc();
	blake2s_init(&hash_state, BLAKE2S_HASH_SIZE, NULL, 0);
	for (unsigned b = 0; b < NBODIES; b++)
		time_body(bodies[b].fn, WARMUP_ITERS);
	for (int r = 0; r < RUNS; r++)
		for (unsigned b = 0; b < NBODIES; b++)
			runs[b][r] = time_body(bodies[b].fn, ITERS);
	for (unsigned b = 0; b < NBODIES; b++)
		qsort(runs[b], RUNS, sizeof(double), cmp_double);
	empty = runs[0][RUNS / 2];
	empty_min = runs[0][0];
	printf("random-host: %d method %d %d\n", WORD_BITS, RUNS, ITERS);
	printf("random-host: %d clock %.3f\n", WORD_BITS, core_per_tick());
	printf("random-host: %d empty %.1f %.1f\n", WORD_BITS, empty,
	       empty_min);
	for (unsigned b = 1; b < NBODIES; b++)
		printf("random-host: %d %s %.1f %.1f\n", WORD_BITS,
		       bodies[b].name, runs[b][RUNS / 2] - empty,
		       runs[b][0] - empty_min);
	return 0;
}
