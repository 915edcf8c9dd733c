/*
 * test_random.c: in-kernel tests of the entropy pool (kernel/random/):
 * a reseed moves the generation on and the batches follow it; two
 * extractions from the pool differ (its key moves on); outputs differ
 * and look random; the interrupt hook feeds the fast pool; waiting for
 * readiness ends (bounded: the jitter credits a bit per tick) with the
 * pool credited 256 bits, and more credit stays capped at 256.
 */
#include "kernel/clock.h"
#include "kernel/ktest.h"
#include "kernel/random.h"
#include "kernel/random/internal.h"
#include "lib/string.h"

KTEST(random, reseed_moves_the_generation)
{
	uint32_t before = crng_generation_now();

	crng_reseed();
	KT_EXPECT(ctx, crng_generation_now() != before);
	KT_EXPECT(ctx, crng_generation_now() != 0);
}

KTEST(random, extractions_differ)
{
	uint8_t a[40], b[40];

	pool_extract(a, sizeof(a));
	pool_extract(b, sizeof(b));
	KT_EXPECT(ctx, memcmp(a, b, sizeof(a)) != 0);
}

/* 1000 bytes: some 4 zero bytes are expected, and ~250 distinct values. */
KTEST(random, outputs_differ_and_spread)
{
	static uint8_t a[1000], b[1000];
	bool seen[256] = { false };
	unsigned int distinct = 0;

	get_random_bytes(a, sizeof(a));
	get_random_bytes(b, sizeof(b));
	KT_EXPECT(ctx, memcmp(a, b, sizeof(a)) != 0);
	for (size_t i = 0; i < sizeof(a); i++)
		if (!seen[a[i]]) {
			seen[a[i]] = true;
			distinct++;
		}
	KT_EXPECT(ctx, distinct > 200);
}

KTEST(random, batched_words_differ_across_a_reseed)
{
	uint32_t x = get_random_u32(), y;
	uint64_t u = get_random_u64(), v;

	crng_reseed();
	y = get_random_u32();
	v = get_random_u64();
	KT_EXPECT(ctx, x != y);
	KT_EXPECT(ctx, u != v);
}

KTEST(random, wait_ends_ready_with_full_credit)
{
	uint64_t start = clock_ns();

	KT_EXPECT_EQ(ctx, wait_for_random_bytes(), 0);
	KT_EXPECT(ctx, crng_ready());
	KT_EXPECT_EQ(ctx, random_entropy_avail(), 256);
	/* 256 ticks at HZ 100 is 2.56 s; TCG on a loaded machine: 60 s. */
	KT_EXPECT(ctx, clock_ns() - start < 60000000000ull);
	random_credit(1000);
	KT_EXPECT_EQ(ctx, random_entropy_avail(), 256);
}
