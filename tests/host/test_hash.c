/*
 * test_hash.c: lib/hash.h: FNV-1a against its published test vectors, the
 * spread of hash_32 over buckets, and a chained table of 1000 entries
 * built, searched and torn down with the hlist helpers.
 */
#include <stdlib.h>
#include "lib/hash.h"
#include "lib/string.h"
#include "tests/host/test.h"

TEST(fnv1a_known_values)
{
	CHECK(hash_fnv1a("", 0) == 0x811c9dc5u);
	CHECK(hash_fnv1a("a", 1) == 0xe40c292cu);
	CHECK(hash_fnv1a("foobar", 6) == 0xbf9cf968u);
	CHECK(hash_str("") == 0x811c9dc5u);
	CHECK(hash_str("a") == 0xe40c292cu);
	CHECK(hash_str("foobar") == 0xbf9cf968u);
	CHECK(hash_str("ext2_lookup") == hash_fnv1a("ext2_lookup", 11));
}

TEST(hash_32_range_and_spread)
{
	unsigned int count[64] = { 0 };

	CHECK(hash_32(12345, 0) == 0);
	CHECK(hash_32(0xffffffffu, 32) == 0xffffffffu * GOLDEN_RATIO_32);
	CHECK(hash_64(~0ULL, 1) <= 1);
	for (uint32_t i = 0; i < 64 * 100; i++) {
		uint32_t h = hash_32(i * 4096, 6);	/* page-aligned keys */

		CHECK(h < 64);
		count[h]++;
	}
	for (int b = 0; b < 64; b++)
		CHECK_MSG(count[b] > 50 && count[b] < 150,
			  "bucket %d has %u of 6400", b, count[b]);
	CHECK(hash_ptr(&count[0], 10) < 1024);
}

struct item {
	uint32_t key;
	int value;
	struct hlist_node node;
};

static struct item *table_find(struct hlist_head *table, uint32_t key)
{
	struct item *it;

	hlist_for_each_entry(it, &table[hash_32(key, 7)], node)
		if (it->key == key)
			return it;
	return NULL;
}

TEST(hlist_table_add_find_delete)
{
	DEFINE_HASHTABLE(table, 7);
	struct item *items = calloc(1000, sizeof(*items));
	struct item *it;
	struct hlist_node *tmp;
	int found = 0;

	hash_init(table);
	CHECK(HASH_BITS(table) == 7);
	for (int i = 0; i < 1000; i++) {
		items[i].key = (uint32_t)i * 7919u;
		items[i].value = i;
		hlist_node_init(&items[i].node);
		CHECK(hlist_unhashed(&items[i].node));
		hash_add(table, &items[i].node, items[i].key);
	}
	for (int i = 0; i < 1000; i++) {
		it = table_find(table, (uint32_t)i * 7919u);
		CHECK(it && it->value == i);
		hash_for_each_possible(table, it, node, (uint32_t)i * 7919u)
			found += it->key == (uint32_t)i * 7919u;
	}
	CHECK(found == 1000);
	CHECK(table_find(table, 1) == NULL);
	/* Delete the even entries, then all of the rest while iterating. */
	for (int i = 0; i < 1000; i += 2)
		hash_del(&items[i].node);
	for (int i = 0; i < 1000; i++)
		CHECK((table_find(table, (uint32_t)i * 7919u) != NULL) ==
		      (i % 2 == 1));
	CHECK(hlist_unhashed(&items[0].node));
	for (size_t b = 0; b < ARRAY_SIZE(table); b++)
		hlist_for_each_entry_safe(it, tmp, &table[b], node)
			hlist_del(&it->node);
	for (size_t b = 0; b < ARRAY_SIZE(table); b++)
		CHECK(hlist_empty(&table[b]));
	free(items);
}

TEST(hlist_delete_middle_first_last)
{
	struct hlist_head head = HLIST_HEAD_INIT;
	struct item a = { .key = 1 }, b = { .key = 2 }, c = { .key = 3 };
	struct item *it;
	uint32_t keys = 0;

	hlist_add_head(&a.node, &head);
	hlist_add_head(&b.node, &head);
	hlist_add_head(&c.node, &head);		/* c, b, a */
	hlist_del(&b.node);
	hlist_for_each_entry(it, &head, node)
		keys = keys * 10 + it->key;
	CHECK_EQ(keys, 31);
	hlist_del(&c.node);
	CHECK(head.first == &a.node && a.node.pprev == &head.first);
	hlist_del(&a.node);
	CHECK(hlist_empty(&head));
}
