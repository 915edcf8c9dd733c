/*
 * test_gnuhash.c: lib/gnuhash.c on tables that tools/gnuhash.py generated
 * at build time (tests/host/symtab.mk lists them): every name found with
 * its value, misses rejected, the Bloom filter's false-positive rate
 * against what its fill predicts, and corrupt tables refused by
 * gnuhash_check and searched without a read out of bounds (the arrays are
 * copied into buffers of their exact size, under ASan in the host build).
 */
#include <stdio.h>
#include <stdlib.h>
#include "lib/errno.h"
#include "lib/gnuhash.h"
#include "lib/string.h"
#include "tests/host/test.h"

extern const struct gnuhash_table gnuhash_test_empty, gnuhash_test_one,
	gnuhash_test_two, gnuhash_test_collide, gnuhash_test_k1000,
	gnuhash_test_k1000_miss;

/* The symbol gnuhash_test_two holds the address of. */
void gnuhash_test_target(void);
void gnuhash_test_target(void)
{
}

/* Check that every symbol of t is found, with value index (or its own). */
static void check_all_found(const struct gnuhash_table *t, bool index_values)
{
	for (uint32_t i = 0; i < t->nsyms; i++) {
		const struct gnuhash_sym *s = gnuhash_find(t, t->syms[i].name);
		char copy[128];

		CHECK_MSG(s == &t->syms[i], "%s not found", t->syms[i].name);
		if (index_values && s)
			CHECK_MSG(s->value < t->nsyms, "%s: value %lu",
				  s->name, (unsigned long)s->value);
		/* The lookup compares strings, not pointers. */
		snprintf(copy, sizeof(copy), "%s", t->syms[i].name);
		CHECK(gnuhash_find(t, copy) == s);
	}
	CHECK_EQ(gnuhash_check(t), 0);
}

TEST(gnuhash_hash_values)
{
	CHECK_EQ(gnuhash_hash(""), 5381);
	CHECK_EQ(gnuhash_hash("printf"), 0x156b2bb8u);
	CHECK_EQ(gnuhash_hash("az"), gnuhash_hash("bY"));
	/* Bytes are unsigned. */
	CHECK_EQ(gnuhash_hash("\xff"), 5381u * 33 + 255);
}

/* gnuhash_hash takes four bytes a step: the same as one at a time at
 * every length and tail, bytes above 0x7f included. */
TEST(gnuhash_hash_every_length)
{
	char name[72];
	uint32_t seed = 99;

	for (int round = 0; round < 20; round++)
		for (size_t len = 0; len < sizeof(name); len++) {
			uint32_t h = 5381;

			for (size_t i = 0; i < len; i++) {
				seed = seed * 1103515245 + 12345;
				name[i] = (char)(1 + (seed >> 16) % 255);
				h = h * 33 + (unsigned char)name[i];
			}
			name[len] = 0;
			CHECK_EQ(gnuhash_hash(name), h);
		}
}

TEST(gnuhash_empty_table)
{
	const struct gnuhash_table *t = &gnuhash_test_empty;

	CHECK_EQ(t->nsyms, 0);
	CHECK_EQ(gnuhash_check(t), 0);
	CHECK(gnuhash_find(t, "") == NULL);
	CHECK(gnuhash_find(t, "kmalloc") == NULL);
	CHECK(!gnuhash_bloom_test(t, gnuhash_hash("kmalloc")));
}

TEST(gnuhash_small_tables)
{
	const struct gnuhash_sym *s;

	check_all_found(&gnuhash_test_one, true);
	CHECK_EQ(gnuhash_test_one.nsyms, 1);
	s = gnuhash_find(&gnuhash_test_one, "gnuhash_only_name");
	CHECK(s && s->value == 0);
	CHECK(!gnuhash_find(&gnuhash_test_one, "gnuhash_only_nam"));
	CHECK(!gnuhash_find(&gnuhash_test_one, "gnuhash_only_name_"));
	CHECK(!gnuhash_find(&gnuhash_test_one, ""));

	check_all_found(&gnuhash_test_two, false);
	s = gnuhash_find(&gnuhash_test_two, "gnuhash_test_target");
	CHECK(s && s->value == (uintptr_t)gnuhash_test_target);
	s = gnuhash_find(&gnuhash_test_two, "second_name");
	CHECK(s && s->value == 0x1235);
}

/* The collide table: groups of 16 names of one hash, all found, and names
 * of the same hash that are absent rejected by strcmp. */
TEST(gnuhash_full_hash_collisions)
{
	const struct gnuhash_table *t = &gnuhash_test_collide;
	char name[64];

	CHECK_EQ(t->nsyms, 256);
	check_all_found(t, true);
	CHECK_EQ(gnuhash_hash("coll_3_azazazaz"), gnuhash_hash("coll_3_bYbYbYbY"));
	/* Same hash as coll_3_azazazaz, one pair longer: absent. */
	snprintf(name, sizeof(name), "coll_3_azazazazaz");
	CHECK(gnuhash_find(t, name) == NULL);
	/* Group 16 does not exist, though its hashes may share buckets. */
	snprintf(name, sizeof(name), "coll_16_azazazaz");
	CHECK(gnuhash_find(t, name) == NULL);
}

TEST(gnuhash_kernel_names)
{
	const struct gnuhash_table *t = &gnuhash_test_k1000;
	const struct gnuhash_table *m = &gnuhash_test_k1000_miss;
	char name[160];
	uint32_t misses = 0;

	CHECK_EQ(t->nsyms, 1000);
	CHECK_EQ(t->nbuckets, 521);
	CHECK_EQ(t->bloom_size, 256);
	CHECK_EQ(t->bloom_shift, 13);
	check_all_found(t, true);
	for (uint32_t i = 0; i < m->nsyms; i++)
		misses += gnuhash_find(t, m->syms[i].name) == NULL;
	CHECK_EQ(misses, m->nsyms);
	for (uint32_t i = 0; i < t->nsyms; i++) {
		const char *s = t->syms[i].name;

		snprintf(name, sizeof(name), "%s_", s);
		CHECK(gnuhash_find(t, name) == NULL);
		snprintf(name, sizeof(name), "%.*s", (int)strlen(s) - 1, s);
		CHECK(gnuhash_find(t, name) == NULL || strcmp(name, s) != 0);
	}
}

/* The chance that a uniformly random hash passes t's filter: the word is
 * uniform and the two bits independent (bloom_shift is past the bits that
 * choose the word), so it is the mean over words of (set bits / 32)^2. */
static double bloom_expected_rate(const struct gnuhash_table *t)
{
	double sum = 0;

	for (uint32_t w = 0; w < t->bloom_size; w++) {
		double f = __builtin_popcount(t->bloom[w]) / 32.0;

		sum += f * f;
	}
	return sum / t->bloom_size;
}

/*
 * The rate the sizes predict (tools/gnuhash.py's gnuhash_bloom_fp): a word
 * holds Binomial(nsyms, 1 / bloom_size) names of two bits each; an absent
 * name's two bits (one bit, 1 time in 32) must both be set.
 */
static double bloom_predicted_rate(const struct gnuhash_table *t)
{
	double p = 1.0 / t->bloom_size, pm = 1, set = 0, rate = 0;

	for (uint32_t i = 0; i < t->nsyms; i++)
		pm *= 1 - p;			/* P(m = 0) */
	for (uint32_t m = 0; m <= t->nsyms && m < 400; m++) {
		rate += pm * (31.0 / 32 * set * set + set / 32);
		pm *= (double)(t->nsyms - m) / (m + 1) * p / (1 - p);
		set = 1 - (1 - set) * (31.0 / 32) * (31.0 / 32);
	}
	return rate;
}

TEST(gnuhash_bloom_false_positives)
{
	const struct gnuhash_table *t = &gnuhash_test_k1000;
	const uint32_t probes = 200000;
	uint32_t passed = 0, bits = 0;
	double expected, measured, var, predicted;
	char name[160];

	for (uint32_t w = 0; w < t->bloom_size; w++)
		bits += __builtin_popcount(t->bloom[w]);
	for (uint32_t i = 0; i < probes; i++) {
		snprintf(name, sizeof(name), "%s_%u",
			 t->syms[i % t->nsyms].name, i / t->nsyms);
		passed += gnuhash_bloom_test(t, gnuhash_hash(name));
	}
	expected = bloom_expected_rate(t);
	predicted = bloom_predicted_rate(t);
	measured = (double)passed / probes;
	var = expected * (1 - expected) / probes;
	printf("     bloom: %u symbols, %u words, %u bits set (%.1f per symbol); "
	       "false positives %.2f%% (%u of %u), expected %.2f%% from the "
	       "filter's words, %.2f%% from its sizes\n",
	       t->nsyms, t->bloom_size, bits, (double)bits / t->nsyms,
	       100 * measured, passed, probes, 100 * expected, 100 * predicted);
	/* Two bits per symbol; binutils' sizes give 3-10%. */
	CHECK(bits <= 2 * t->nsyms);
	CHECK(predicted > 0.02 && predicted < 0.12);
	CHECK(expected > 0.8 * predicted && expected < 1.25 * predicted);
	/* Within six standard deviations of a binomial count. */
	CHECK_MSG((measured - expected) * (measured - expected) < 36 * var,
		  "measured %f expected %f", measured, expected);
	for (uint32_t i = 0; i < t->nsyms; i++)
		CHECK(gnuhash_bloom_test(t, gnuhash_hash(t->syms[i].name)));
}

/* ----------------------------------------------------------------------
 * Corrupt tables: a writable copy of k1000 in buffers of exact size. */

struct table_copy {
	struct gnuhash_table t;
	uint32_t *bloom, *buckets, *chains;
	struct gnuhash_sym *syms;
};

static void *dup_exact(const void *p, size_t n)
{
	void *q = malloc(n ? n : 1);

	if (q && n)
		memcpy(q, p, n);
	return q;
}

static void copy_table(struct table_copy *c, const struct gnuhash_table *t)
{
	c->bloom = dup_exact(t->bloom, t->bloom_size * 4);
	c->buckets = dup_exact(t->buckets, t->nbuckets * 4);
	c->chains = dup_exact(t->chains, t->nsyms * 4);
	c->syms = dup_exact(t->syms, t->nsyms * sizeof(*t->syms));
	c->t = *t;
	c->t.bloom = c->bloom;
	c->t.buckets = c->buckets;
	c->t.chains = c->chains;
	c->t.syms = c->syms;
}

static void free_table(struct table_copy *c)
{
	free(c->bloom);
	free(c->buckets);
	free(c->chains);
	free(c->syms);
}

/* Search c for every name of k1000 and some misses; count the hits. */
static uint32_t search_all(const struct table_copy *c)
{
	const struct gnuhash_table *k = &gnuhash_test_k1000;
	const struct gnuhash_table *m = &gnuhash_test_k1000_miss;
	uint32_t found = 0;

	for (uint32_t i = 0; i < k->nsyms; i++) {
		found += gnuhash_find(&c->t, k->syms[i].name) != NULL;
		found += gnuhash_find(&c->t, m->syms[i].name) != NULL;
	}
	return found;
}

/* Apply one corruption by number; false when there are no more. */
static bool corrupt(struct table_copy *c, int which)
{
	uint32_t n = c->t.nsyms, last_head = 0;

	for (uint32_t b = 0; b < c->t.nbuckets; b++)
		if (c->buckets[b])
			last_head = b;
	switch (which) {
	case 0: c->buckets[last_head] = n + 1; break;	/* one past the end */
	case 1: c->buckets[last_head] = 0xffffffffu; break;
	case 2: c->t.symoffset = 0; break;
	case 3: c->t.nbuckets = 0; break;
	case 4: c->t.bloom_size = 0; break;
	case 5: c->t.bloom_size = 3; break;		/* not a power of two */
	case 6: c->t.bloom_shift = 32; break;
	case 7: c->chains[n - 1] &= ~1u; break;		/* the last chain runs on */
	case 8: for (uint32_t i = 0; i < n; i++) c->chains[i] &= ~1u; break;
	case 9: c->t.nsyms = n - 5; break;		/* chains run past nsyms */
	case 10: c->syms[17].name = NULL; break;
	case 11: c->t.chains = NULL; break;
	case 12: c->t.symoffset = 0xfffffff0u; break;	/* nsyms + symoffset wraps */
	case 13: c->chains[10] ^= 0x80000000u; break;	/* hash of another bucket */
	case 14: {					/* buckets out of order */
		uint32_t b = 0;

		while (!c->buckets[b])
			b++;
		c->buckets[last_head] = c->buckets[b];
		break;
	}
	default: return false;
	}
	return true;
}

TEST(gnuhash_check_rejects_corruption)
{
	struct table_copy c;
	int which;

	for (which = 0;; which++) {
		copy_table(&c, &gnuhash_test_k1000);
		CHECK_EQ(gnuhash_check(&c.t), 0);
		if (!corrupt(&c, which)) {
			free_table(&c);
			break;
		}
		CHECK_MSG(gnuhash_check(&c.t) == -EINVAL, "corruption %d accepted",
			  which);
		if (c.t.chains && c.t.syms)	/* the header's own promise */
			search_all(&c);
		free_table(&c);
	}
	CHECK_EQ(which, 15);
	CHECK_EQ(gnuhash_check(NULL), -EINVAL);
}

/* Random words, bits and header fields changed, in bounds of the buffers
 * the header describes (shrinking sizes, never growing them): check and
 * find must neither crash nor read out of bounds. */
TEST(gnuhash_fuzz_in_bounds)
{
	const struct gnuhash_table *k = &gnuhash_test_k1000;
	uint32_t n = k->nsyms, nb = k->nbuckets, nw = k->bloom_size;
	uint32_t seed = 12345, accepted = 0;
	struct table_copy c;

	for (int round = 0; round < 300; round++) {
		copy_table(&c, k);
		for (int j = 0; j < 1 + round % 8; j++) {
			seed = seed * 1103515245 + 12345;
			uint32_t r = seed >> 8, v = seed * 2654435761u;

			switch (r % 7) {
			case 0: c.buckets[r % nb] = v % 1100; break;
			case 1: c.chains[r % n] ^= 1u << (v % 32); break;
			case 2: c.bloom[r % nw] = v; break;
			case 3: c.t.nsyms = v % (c.t.nsyms + 1); break;
			case 4: c.t.nbuckets = v % (c.t.nbuckets + 1); break;
			case 5: c.t.bloom_shift = v; break;
			case 6: c.t.symoffset = v % 4; break;
			}
		}
		accepted += gnuhash_check(&c.t) == 0;
		search_all(&c);
		free_table(&c);
	}
	/* Some corruptions are harmless (a Bloom word, a shift); most not. */
	CHECK(accepted < 300);
}
