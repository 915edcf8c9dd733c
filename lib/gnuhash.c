/*
 * gnuhash.c: lookups in GNU-style hash tables (interface and layout in
 * lib/gnuhash.h; tools/gnuhash.py makes the tables).
 *
 * A lookup hashes the name once (four bytes a step), probes one Bloom
 * word (two bits), reads one bucket, then walks that bucket's run of
 * chain words comparing the 31 high bits of the hash; only a word that
 * matches costs a string comparison.  Every index taken from the table is checked against the
 * table's sizes before it is used.
 */
#include "lib/gnuhash.h"
#include "lib/errno.h"
#include "lib/string.h"

#define GNUHASH_SEED	5381u
#define CHAIN_END	1u	/* bit 0 of a chain word: last of its bucket */

/*
 * Four bytes a step: h * 33^4 + (((c0 * 33 + c1) * 33 + c2) * 33 + c3)
 * is the same hash as four single steps, but the chain of operations
 * that waits on h is one multiply and one add per four bytes, not two
 * adds per byte; the bytes' own sum and the NUL tests run beside it.
 */
uint32_t gnuhash_hash(const char *name)
{
	const unsigned char *p = (const unsigned char *)name;
	uint32_t h = GNUHASH_SEED;

	for (;; p += 4) {
		uint32_t c0 = p[0], c1, c2, c3;

		if (!c0)
			return h;
		if (!(c1 = p[1]))
			return h * 33 + c0;
		if (!(c2 = p[2]))
			return (h * 33 + c0) * 33 + c1;
		if (!(c3 = p[3]))
			return ((h * 33 + c0) * 33 + c1) * 33 + c2;
		h = h * (33u * 33 * 33 * 33) + ((c0 * 33 + c1) * 33 + c2) * 33 + c3;
	}
}

static inline bool bloom_test(const struct gnuhash_table *t, uint32_t h)
{
	uint32_t word, mask;

	if (t->bloom_size == 0)
		return false;
	word = t->bloom[(h / GNUHASH_BLOOM_BITS) & (t->bloom_size - 1)];
	mask = 1u << (h % GNUHASH_BLOOM_BITS);
	mask |= 1u << ((h >> (t->bloom_shift % GNUHASH_BLOOM_BITS)) %
		       GNUHASH_BLOOM_BITS);
	return (word & mask) == mask;
}

/*
 * Return false when the filter proves no name of hash h is in t.  The
 * shift is masked to a word's bits, so a hostile bloom_shift is harmless.
 */
bool gnuhash_bloom_test(const struct gnuhash_table *t, uint32_t h)
{
	return bloom_test(t, h);
}

/*
 * The symbol of t called name, whose hash is h, or NULL.  A bucket holding
 * 0 (or anything below symoffset) wraps to an index >= nsyms and the walk
 * never starts; the walk stops at nsyms even when no chain word ends it.
 */
static inline const struct gnuhash_sym *lookup(const struct gnuhash_table *t,
					       const char *name, uint32_t h)
{
	uint32_t i;

	if (!bloom_test(t, h) || t->nbuckets == 0)
		return NULL;
	for (i = t->buckets[h % t->nbuckets] - t->symoffset; i < t->nsyms; i++) {
		uint32_t c = t->chains[i];
		const char *s = t->syms[i].name;

		if (((c ^ h) >> 1) == 0 && s && strcmp(s, name) == 0)
			return &t->syms[i];
		if (c & CHAIN_END)
			break;
	}
	return NULL;
}

const struct gnuhash_sym *gnuhash_find_hash(const struct gnuhash_table *t,
					    const char *name, uint32_t h)
{
	return lookup(t, name, h);
}

const struct gnuhash_sym *gnuhash_find(const struct gnuhash_table *t,
				       const char *name)
{
	return lookup(t, name, gnuhash_hash(name));
}

/* The header: sizes that make every index computable and in range. */
static bool gnuhash_sizes_ok(const struct gnuhash_table *t)
{
	if (t->nbuckets == 0 || !t->buckets || !t->bloom)
		return false;
	if (t->bloom_size == 0 || (t->bloom_size & (t->bloom_size - 1)))
		return false;
	if (t->bloom_shift >= GNUHASH_BLOOM_BITS || t->symoffset == 0)
		return false;
	if (t->nsyms > UINT32_MAX - t->symoffset)
		return false;
	return t->nsyms == 0 || (t->chains && t->syms);
}

/* True when chain word c (bit 0 lost) can be the hash of a name in bucket b. */
static bool in_bucket(uint32_t c, uint32_t b, uint32_t nbuckets)
{
	return (c & ~CHAIN_END) % nbuckets == b || (c | CHAIN_END) % nbuckets == b;
}

/*
 * Walk bucket b's chain, which must start at symbol first; return the
 * index after its last symbol, or 0 (never a valid end) when the chain
 * runs past nsyms, holds a hash of another bucket or a nameless symbol.
 */
static uint32_t chain_end(const struct gnuhash_table *t, uint32_t b,
			  uint32_t first)
{
	uint32_t i = first, c;

	do {
		if (i >= t->nsyms)
			return 0;
		c = t->chains[i];
		if (!in_bucket(c, b, t->nbuckets) || !t->syms[i].name)
			return 0;
		i++;
	} while (!(c & CHAIN_END));
	return i;
}

/*
 * Return 0 when t is consistent: sizes as gnuhash.h says, every non-empty
 * bucket starting where the previous bucket's chain ended (symbols sorted
 * by bucket), every chain ended within nsyms, the chains covering all the
 * symbols, each chain word a hash of its bucket, every name non-NULL.
 * Otherwise -EINVAL.  O(nbuckets + nsyms); the names are not read.
 */
int gnuhash_check(const struct gnuhash_table *t)
{
	uint32_t b, next = 0;

	if (!t || !gnuhash_sizes_ok(t))
		return -EINVAL;
	for (b = 0; b < t->nbuckets; b++) {
		uint32_t head = t->buckets[b];

		if (head == 0)
			continue;
		if (head < t->symoffset || head - t->symoffset != next)
			return -EINVAL;
		next = chain_end(t, b, next);
		if (next == 0)
			return -EINVAL;
	}
	return next == t->nsyms ? 0 : -EINVAL;
}
