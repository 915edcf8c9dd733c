/*
 * hash.h: hash functions and chained hash tables.
 *
 * Interface, hash functions:
 *   hash_32(v, bits), hash_64(v, bits), hash_ptr(p, bits)
 *		multiplicative hashes (Knuth; the golden-ratio constants of
 *		Linux) giving a bucket index of bits bits, 0 <= bits <= 32;
 *   hash_fnv1a(data, len), hash_str(s)
 *		32-bit FNV-1a of a block of memory or a string (lib/hash.c),
 *		to be folded with hash_32 (or masked) into a bucket index.
 *
 * Interface, hash lists (singly linked heads, doubly linked nodes, so a
 * node is removed in O(1) without knowing its bucket):
 *   struct hlist_head, struct hlist_node, HLIST_HEAD_INIT, hlist_head_init,
 *   hlist_node_init, hlist_unhashed, hlist_empty, hlist_add_head, hlist_del,
 *   hlist_entry, hlist_for_each_entry, hlist_for_each_entry_safe.
 *
 * Interface, fixed-size tables (an array of 2^bits heads):
 *   DEFINE_HASHTABLE(name, bits), hash_init(table), hash_add(table, node,
 *   key), hash_del(node), hash_for_each_possible(table, pos, member, key):
 *   the key is a 32-bit integer, already a good hash or an integer id.
 *
 * Nothing here locks: the table's owner does.
 */
#ifndef LIB_HASH_H
#define LIB_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "lib/compiler.h"

#define GOLDEN_RATIO_32	0x61C88647u
#define GOLDEN_RATIO_64	0x61C8864680B583EBull

static inline uint32_t hash_32(uint32_t v, unsigned int bits)
{
	return bits ? (v * GOLDEN_RATIO_32) >> (32 - bits) : 0;
}

static inline uint32_t hash_64(uint64_t v, unsigned int bits)
{
	return bits ? (uint32_t)((v * GOLDEN_RATIO_64) >> (64 - bits)) : 0;
}

static inline uint32_t hash_ptr(const void *p, unsigned int bits)
{
	return sizeof(p) == 8 ? hash_64((uintptr_t)p, bits) :
				hash_32((uint32_t)(uintptr_t)p, bits);
}

uint32_t hash_fnv1a(const void *data, size_t len);
uint32_t hash_str(const char *s);

struct hlist_node {
	struct hlist_node *next;
	struct hlist_node **pprev;	/* the pointer that points to us */
};

struct hlist_head {
	struct hlist_node *first;
};

#define HLIST_HEAD_INIT		{ .first = NULL }

static inline void hlist_head_init(struct hlist_head *h)
{
	h->first = NULL;
}

static inline void hlist_node_init(struct hlist_node *n)
{
	n->next = NULL;
	n->pprev = NULL;
}

/* True when n is in no list (never added, or deleted since). */
static inline bool hlist_unhashed(const struct hlist_node *n)
{
	return !n->pprev;
}

static inline bool hlist_empty(const struct hlist_head *h)
{
	return !h->first;
}

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	n->next = h->first;
	if (h->first)
		h->first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

/* Unlink n, which must be in a list; it is left unhashed. */
static inline void hlist_del(struct hlist_node *n)
{
	*n->pprev = n->next;
	if (n->next)
		n->next->pprev = n->pprev;
	hlist_node_init(n);
}

#define hlist_entry(ptr, type, member)	container_of(ptr, type, member)

/* NULL for a NULL node, else the entry that holds it. */
#define hlist_entry_safe(ptr, type, member) ({				\
	struct hlist_node *__n = (ptr);					\
	__n ? hlist_entry(__n, type, member) : NULL;			\
})

#define hlist_for_each_entry(pos, head, member)				\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*pos), member); \
	     pos;							\
	     pos = hlist_entry_safe(pos->member.next, __typeof__(*pos), member))

/*
 * As hlist_for_each_entry, but pos may be deleted inside the loop; tmp is a
 * struct hlist_node * that holds the next node.
 */
#define hlist_for_each_entry_safe(pos, tmp, head, member)		\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*pos), member); \
	     pos && ((tmp = pos->member.next), 1);			\
	     pos = hlist_entry_safe(tmp, __typeof__(*pos), member))

#define DEFINE_HASHTABLE(name, bits)	struct hlist_head name[1u << (bits)]
#define HASH_BITS(table) \
	((unsigned int)__builtin_ctzl(ARRAY_SIZE(table)))

static inline void hash_init_heads(struct hlist_head *heads, size_t n)
{
	for (size_t i = 0; i < n; i++)
		hlist_head_init(&heads[i]);
}

#define hash_init(table)	hash_init_heads(table, ARRAY_SIZE(table))
#define hash_bucket(table, key)	(&(table)[hash_32((key), HASH_BITS(table))])
#define hash_add(table, node, key) \
	hlist_add_head(node, hash_bucket(table, key))
#define hash_del(node)		hlist_del(node)
#define hash_for_each_possible(table, pos, member, key) \
	hlist_for_each_entry(pos, hash_bucket(table, key), member)

#endif
