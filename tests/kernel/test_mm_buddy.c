/*
 * test_mm_buddy.c: in-kernel tests of the buddy frame allocator.
 *
 * Basic allocation and accounting, splitting and coalescing (the free
 * lists must come back exactly as they were: a buddy allocator that merges
 * fully has one canonical set of free blocks), random alloc/free patterns
 * with a pattern written into every block to catch overlaps, exhaustion of
 * one order, and the detection of bad page_free calls.
 */
#include "kernel/ktest.h"
#include "lib/random.h"
#include "mm/mm.h"
#include "mm/pagecache.h"

/* Per-order free block counts, to compare before and after a test. */
struct buddy_snapshot {
	size_t blocks[PAGE_MAX_ORDER];
	size_t free;
};

static void snapshot(struct buddy_snapshot *s)
{
	unsigned int o;

	for (o = 0; o < PAGE_MAX_ORDER; o++)
		s->blocks[o] = mm_free_blocks(o);
	s->free = mm_free_pages();
}

static void expect_snapshot(struct ktest_ctx *ctx,
			    const struct buddy_snapshot *s)
{
	struct buddy_snapshot now;
	unsigned int o;

	snapshot(&now);
	KT_EXPECT_EQ(ctx, now.free, s->free);
	for (o = 0; o < PAGE_MAX_ORDER; o++)
		KT_EXPECT_EQ(ctx, now.blocks[o], s->blocks[o]);
}

KTEST(buddy, alloc_free_accounting)
{
	size_t free = mm_free_pages();
	struct page *pg;

	KT_ASSERT(ctx, mm_total_pages() > 0);
	KT_ASSERT(ctx, free > 0 && free <= mm_total_pages());
	pg = page_alloc(0);
	KT_ASSERT(ctx, pg != NULL);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free - 1);
	KT_EXPECT(ctx, virt_to_page(page_address(pg)) == pg);
	KT_EXPECT(ctx, pfn_to_page(page_to_pfn(pg)) == pg);
	KT_EXPECT(ctx, page_to_phys(pg) >= 0x100000);
	*(volatile uint32_t *)page_address(pg) = 0xdeadbeef;
	page_free(pg, 0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free);
	KT_EXPECT(ctx, page_alloc(PAGE_MAX_ORDER) == NULL);
}

KTEST(buddy, split_and_coalesce)
{
	struct buddy_snapshot before;
	struct page *a, *b;

	snapshot(&before);
	a = page_alloc(0);
	b = page_alloc(3);
	KT_ASSERT(ctx, a && b);
	KT_EXPECT(ctx, (page_to_pfn(b) & 7) == 0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), before.free - 9);
	page_free(a, 0);
	page_free(b, 3);
	expect_snapshot(ctx, &before);
}

/* A live block of the random test. */
struct block {
	struct page *pg;
	unsigned int order;
	uint32_t tag;
};

static void fill_block(struct block *b)
{
	uint32_t *w = page_address(b->pg);
	size_t i, n = ((size_t)PAGE_SIZE << b->order) / sizeof(*w);

	for (i = 0; i < n; i++)
		w[i] = b->tag ^ (uint32_t)i;
}

static bool block_intact(const struct block *b)
{
	const uint32_t *w = page_address(b->pg);
	size_t i, n = ((size_t)PAGE_SIZE << b->order) / sizeof(*w);

	for (i = 0; i < n; i++)
		if (w[i] != (b->tag ^ (uint32_t)i))
			return false;
	return true;
}

static bool blocks_overlap(const struct block *a, const struct block *b)
{
	uint32_t a0 = page_to_pfn(a->pg), a1 = a0 + (1u << a->order);
	uint32_t b0 = page_to_pfn(b->pg), b1 = b0 + (1u << b->order);

	return a0 < b1 && b0 < a1;
}

#define NR_BLOCKS	48

/* Free slot i after checking its pattern; counts corrupted blocks. */
static void free_block(struct block *blocks, unsigned int i, int *bad)
{
	if (!block_intact(&blocks[i]))
		(*bad)++;
	page_free(blocks[i].pg, blocks[i].order);
	blocks[i].pg = NULL;
}

/* Allocate into slot i; counts overlaps with other live blocks. */
static void alloc_block(struct block *blocks, unsigned int i, uint32_t rnd,
			int *overlaps)
{
	struct block *b = &blocks[i];
	unsigned int j;

	b->order = rnd % 5;
	b->pg = page_alloc(b->order);
	if (!b->pg)
		return;
	b->tag = rnd;
	for (j = 0; j < NR_BLOCKS; j++)
		if (j != i && blocks[j].pg && blocks_overlap(b, &blocks[j]))
			(*overlaps)++;
	fill_block(b);
}

KTEST(buddy, random_pattern)
{
	static struct block blocks[NR_BLOCKS];
	struct buddy_snapshot before;
	uint32_t seed = 0x2545f491;
	int bad = 0, overlaps = 0, step;
	unsigned int i;

	snapshot(&before);
	for (step = 0; step < 1500; step++) {
		uint32_t r = xorshift32(&seed);

		i = r % NR_BLOCKS;
		if (blocks[i].pg)
			free_block(blocks, i, &bad);
		else
			alloc_block(blocks, i, xorshift32(&seed), &overlaps);
	}
	for (i = 0; i < NR_BLOCKS; i++)
		if (blocks[i].pg)
			free_block(blocks, i, &bad);
	KT_EXPECT_EQ(ctx, bad, 0);
	KT_EXPECT_EQ(ctx, overlaps, 0);
	expect_snapshot(ctx, &before);
}

/*
 * Allocate order-6 blocks (256 KiB) until there are none, chained through
 * their struct page list field (free for the owner of an allocated block;
 * writing into the blocks themselves would make QEMU fault in all of RAM),
 * then free them all.
 */
KTEST(buddy, exhaustion)
{
	const unsigned int order = 6;
	struct buddy_snapshot before;
	struct list_head taken = LIST_HEAD_INIT(taken);
	struct page *pg, *tmp;
	unsigned int o, n = 0;

	/* Running out of memory makes the page cache give pages back; empty
	 * it first so that the free counts can be compared afterwards. */
	while (pagecache_reclaim(64))
		;
	snapshot(&before);
	while ((pg = page_alloc(order)) != NULL) {
		list_add(&pg->list, &taken);
		n++;
	}
	KT_EXPECT(ctx, n > 0);
	for (o = order; o < PAGE_MAX_ORDER; o++)
		KT_EXPECT_EQ(ctx, mm_free_blocks(o), 0);
	KT_EXPECT(ctx, page_alloc(order) == NULL);
	KT_EXPECT(ctx, mm_free_pages() < before.free);
	list_for_each_entry_safe(pg, tmp, &taken, list) {
		list_del(&pg->list);
		page_free(pg, order);
	}
	expect_snapshot(ctx, &before);
}

KTEST(buddy, bad_free_detected)
{
	unsigned long errors = mm_page_errors;
	size_t free = mm_free_pages();
	struct page *pg;

	page_free(pfn_to_page(0), 0);		/* the first MiB is reserved */
	KT_EXPECT_EQ(ctx, mm_page_errors, errors + 1);
	pg = page_alloc(1);
	KT_ASSERT(ctx, pg != NULL);
	page_free(pg + 1, 0);			/* a tail page */
	KT_EXPECT_EQ(ctx, mm_page_errors, errors + 2);
	page_free(pg, 0);			/* the wrong order */
	KT_EXPECT_EQ(ctx, mm_page_errors, errors + 3);
	page_free(pg, 1);
	KT_EXPECT_EQ(ctx, mm_page_errors, errors + 3);
	page_free(pg, 1);			/* a double free */
	KT_EXPECT_EQ(ctx, mm_page_errors, errors + 4);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free);
}
