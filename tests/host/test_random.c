/*
 * test_random.c: the pure pieces of kernel/random/.  fast_mix: each of
 * its inputs changes all four words, order matters, and the same inputs
 * give the same state.  The batches: one fill of 1.5 blocks serves 24
 * u32 or 12 u64 calls in order, each word handed out is wiped, a new
 * generation throws the rest away, and an empty (zeroed) batch is filled
 * before its first word even when the generation is 0.
 */
#include "kernel/random/batch.h"
#include "kernel/random/fastmix.h"
#include "lib/string.h"
#include "tests/host/test.h"

static unsigned int fills;
static uint8_t fill_byte;

/* Each fill is a run of bytes fill_byte, fill_byte + 1, ... */
static void counting_fill(void *buf, size_t len)
{
	uint8_t *p = buf;

	fills++;
	for (size_t i = 0; i < len; i++)
		p[i] = fill_byte++;
}

TEST(fast_mix_changes_every_word)
{
	uint32_t a[4] = { 0 }, b[4] = { 0 };

	fast_mix(a, 1, 0);
	for (int i = 0; i < 4; i++)
		CHECK(a[i] != 0);
	fast_mix(b, 0, 1);
	CHECK(memcmp(a, b, sizeof(a)) != 0);
}

TEST(fast_mix_is_order_sensitive_and_repeatable)
{
	uint32_t a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 2, 3, 4 };
	uint32_t c[4] = { 1, 2, 3, 4 };

	fast_mix(a, 10, 20);
	fast_mix(a, 30, 40);
	fast_mix(b, 30, 40);
	fast_mix(b, 10, 20);
	CHECK(memcmp(a, b, sizeof(a)) != 0);
	fast_mix(c, 10, 20);
	fast_mix(c, 30, 40);
	CHECK(memcmp(a, c, sizeof(a)) == 0);
}

TEST(fast_pool_add_counts)
{
	struct fast_pool p = { { 0 }, 0 };

	for (int i = 0; i < 5; i++)
		fast_pool_add(&p, (uint32_t)i, 0xc0100000u);
	CHECK(p.count == 5);
}

TEST(batch_u32_one_fill_serves_24_calls)
{
	struct random_batch b;
	uint32_t want;

	memset(&b, 0, sizeof(b));
	fills = 0;
	fill_byte = 0;
	for (uint32_t i = 0; i < RANDOM_BATCH_BYTES / 4; i++) {
		uint8_t k = (uint8_t)(4 * i);

		want = (uint32_t)k | (uint32_t)(k + 1) << 8 |
		       (uint32_t)(k + 2) << 16 | (uint32_t)(k + 3) << 24;
		CHECK(random_batch_u32(&b, 7, counting_fill) == want);
		CHECK(b.words.u32[i] == 0);
	}
	CHECK(fills == 1);
	random_batch_u32(&b, 7, counting_fill);
	CHECK(fills == 2);
}

TEST(batch_u64_one_fill_serves_12_calls)
{
	struct random_batch b;

	memset(&b, 0, sizeof(b));
	fills = 0;
	for (int i = 0; i < RANDOM_BATCH_BYTES / 8; i++)
		random_batch_u64(&b, 1, counting_fill);
	CHECK(fills == 1);
	for (int i = 0; i < RANDOM_BATCH_BYTES / 8; i++)
		CHECK(b.words.u64[i] == 0);
	random_batch_u64(&b, 1, counting_fill);
	CHECK(fills == 2);
}

TEST(batch_new_generation_refills)
{
	struct random_batch b;

	memset(&b, 0, sizeof(b));
	fills = 0;
	random_batch_u32(&b, 3, counting_fill);
	random_batch_u32(&b, 3, counting_fill);
	CHECK(fills == 1);
	random_batch_u32(&b, 4, counting_fill);
	CHECK(fills == 2);
	CHECK(b.left == RANDOM_BATCH_BYTES - 4);
}

TEST(batch_empty_is_filled_at_generation_zero)
{
	struct random_batch b;

	memset(&b, 0, sizeof(b));
	fills = 0;
	fill_byte = 0x40;
	CHECK(random_batch_u32(&b, 0, counting_fill) == 0x43424140u);
	CHECK(fills == 1);
}
