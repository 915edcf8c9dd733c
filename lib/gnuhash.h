/*
 * gnuhash.h: symbol lookup in a GNU-style hash table, the layout of ELF's
 * .gnu.hash section: a Bloom filter, buckets, and chains of hash values.
 * The kernel's export table and every module's are such tables, made at
 * build time by tools/gnuhash.py; one lookup serves them all.
 *
 * The table (all words uint32_t, "index" meaning a symbol index):
 *	nsyms		symbols in syms[] and chains[] (in hash order)
 *	symoffset	the index of syms[0], at least 1: a bucket holding 0
 *			is empty (ELF's first symbols are unhashed; here
 *			there are none, so the generator writes 1)
 *	nbuckets	buckets, at least 1
 *	bloom_size	Bloom words (32 bits each, as ELFCLASS32, on the
 *			host too), a power of two
 *	bloom_shift	the second Bloom bit comes from hash >> bloom_shift
 *	bloom[bloom_size]	a name with hash h sets bits h % 32 and
 *			(h >> bloom_shift) % 32 of word (h / 32) % bloom_size
 *	buckets[nbuckets]	the index of the first symbol whose hash %
 *			nbuckets is the bucket's number, or 0
 *	chains[nsyms]	each symbol's hash with bit 0 replaced: set on the
 *			last symbol of a bucket, clear elsewhere
 *	syms[nsyms]	{ value, name }, sorted by bucket, so that a
 *			bucket's symbols are consecutive
 * The hash is GNU's (djb2): h = 5381, then h = h * 33 + c for each byte.
 *
 * Interface:
 *	gnuhash_hash(name)		the hash of a NUL-terminated name
 *	gnuhash_find(t, name)		the symbol called name, or NULL
 *	gnuhash_find_hash(t, name, h)	the same with h = gnuhash_hash(name)
 *					computed once (for searching many
 *					tables: the kernel's, then modules')
 *	gnuhash_bloom_test(t, h)	false when the Bloom filter rules a
 *					name of hash h out (a miss usually
 *					stops there, before any string)
 *	gnuhash_check(t)		0, or -EINVAL for a table whose sizes
 *					or indices are inconsistent
 *
 * A table may come from a module, so nothing here trusts its contents (the
 * caller vouches only that each array is as long as the header says: for
 * a module, the loader checks that the arrays lie inside its image).  On
 * any table,
 * even one gnuhash_check rejects, the lookups read only bloom[0..bloom_size),
 * buckets[0..nbuckets), chains[] and syms[] below nsyms, and the names of
 * the symbols they compare (which must be NUL-terminated strings: the
 * module loader checks that), and give NULL where an index is out of range.
 * A corrupt Bloom filter or hash can only make a lookup miss.  Nothing
 * allocates, locks or writes; the functions are safe anywhere.
 */
#ifndef LIB_GNUHASH_H
#define LIB_GNUHASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GNUHASH_BLOOM_BITS	32	/* bits in a Bloom word */

struct gnuhash_sym {
	uintptr_t value;
	const char *name;
};

struct gnuhash_table {
	uint32_t nsyms;
	uint32_t symoffset;
	uint32_t nbuckets;
	uint32_t bloom_size;
	uint32_t bloom_shift;
	const uint32_t *bloom;
	const uint32_t *buckets;
	const uint32_t *chains;
	const struct gnuhash_sym *syms;
};

uint32_t gnuhash_hash(const char *name);
bool gnuhash_bloom_test(const struct gnuhash_table *t, uint32_t hash);
const struct gnuhash_sym *gnuhash_find_hash(const struct gnuhash_table *t,
					    const char *name, uint32_t hash);
const struct gnuhash_sym *gnuhash_find(const struct gnuhash_table *t,
				       const char *name);
int gnuhash_check(const struct gnuhash_table *t);

#endif
