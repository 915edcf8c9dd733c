/*
 * test_mm_kmalloc.c: in-kernel tests of the kernel heap.
 *
 * Size classes and alignment, a random stress run (contents must stay
 * intact and every page must go back to the buddy allocator), and the
 * debug mode: poisoning, overrun and double-free detection.  The debug
 * tests switch the mode on themselves (kmalloc_debug_set) and read the
 * error counter, so they do not depend on the command line or the log.
 */
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "lib/random.h"
#include "lib/string.h"
#include "mm/mm.h"

/* Whether the n bytes at p are all c. */
static bool all_bytes(const void *p, int c, size_t n)
{
	return memchr_inv(p, c, n) == NULL;
}

KTEST(kmalloc, sizes_and_alignment)
{
	static const size_t sizes[] = { 1, 8, 16, 17, 100, 128, 1000, 2048,
					2049, 4096, 5000, 20000 };
	size_t free = mm_free_pages();
	void *p[ARRAY_SIZE(sizes)];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t align = sizes[i] <= 16 ? 16 : 32;

		p[i] = kmalloc(sizes[i]);
		KT_ASSERT(ctx, p[i] != NULL);
		KT_EXPECT(ctx, ((uintptr_t)p[i] & (align - 1)) == 0);
		if (sizes[i] > KMALLOC_MAX_SMALL)
			KT_EXPECT(ctx, ((uintptr_t)p[i] & (PAGE_SIZE - 1)) == 0);
		KT_EXPECT_EQ(ctx, kmalloc_check(p[i]), 0);
		memset(p[i], i, sizes[i]);
	}
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		KT_EXPECT(ctx, all_bytes(p[i], i, sizes[i]));
		kfree(p[i]);
	}
	KT_EXPECT_EQ(ctx, mm_free_pages(), free);
}

KTEST(kmalloc, zero_null_and_too_big)
{
	unsigned long errors = kmalloc_debug_errors;
	void *p = kmalloc(0);

	KT_EXPECT(ctx, p != NULL);
	kfree(p);
	kfree(NULL);
	KT_EXPECT(ctx, kmalloc((size_t)PAGE_SIZE << PAGE_MAX_ORDER) == NULL);
	KT_EXPECT(ctx, kmalloc((size_t)-1) == NULL);
	p = kzalloc(300);
	KT_ASSERT(ctx, p != NULL);
	KT_EXPECT(ctx, all_bytes(p, 0, 300));
	kfree(p);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors);
}

#define NR_OBJS	200

struct obj {
	unsigned char *p;
	size_t size;
	unsigned char fill;
};

static size_t random_size(uint32_t r)
{
	if (r % 16 == 0)
		return 1 + (r >> 8) % (3 * PAGE_SIZE);	/* a large one */
	return 1 + (r >> 8) % KMALLOC_MAX_SMALL;
}

/* Free o after checking its contents; returns false when they changed. */
static bool obj_release(struct obj *o)
{
	bool intact = all_bytes(o->p, o->fill, o->size);

	kfree(o->p);
	o->p = NULL;
	return intact;
}

/* Random allocations and frees; every object is checked before its free. */
static void stress(struct ktest_ctx *ctx, uint32_t seed, int steps)
{
	static struct obj objs[NR_OBJS];
	size_t free = mm_free_pages();
	int bad = 0, step;
	unsigned int i;

	for (step = 0; step < steps; step++) {
		uint32_t r = xorshift32(&seed);
		struct obj *o = &objs[r % NR_OBJS];

		if (o->p) {
			bad += !obj_release(o);
			continue;
		}
		o->size = random_size(xorshift32(&seed));
		o->fill = r >> 24;
		o->p = kmalloc(o->size);
		if (o->p)
			memset(o->p, o->fill, o->size);
	}
	for (i = 0; i < NR_OBJS; i++)
		if (objs[i].p)
			bad += !obj_release(&objs[i]);
	KT_EXPECT_EQ(ctx, bad, 0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free);
}

KTEST(kmalloc, stress_random)
{
	bool old = kmalloc_debug_set(false);
	unsigned long errors = kmalloc_debug_errors;

	stress(ctx, 0x9e3779b9, 4000);
	kmalloc_debug_set(old);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors);
}

KTEST(kmalloc, stress_random_debug)
{
	bool old = kmalloc_debug_set(true);
	unsigned long errors = kmalloc_debug_errors;

	stress(ctx, 0x12345678, 4000);
	kmalloc_debug_set(old);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors);
}

/*
 * Two objects of one size class from the same page: the page stays a
 * kmalloc page while one of them is freed.  Returns false when none found.
 */
static bool same_page_pair(size_t size, void **a, void **b)
{
	void *p[8];
	unsigned int i, j;
	bool found = false;

	for (i = 0; i < ARRAY_SIZE(p); i++)
		p[i] = kmalloc(size);
	for (i = 0; i < ARRAY_SIZE(p) && !found; i++)
		for (j = i + 1; j < ARRAY_SIZE(p) && !found; j++)
			if (p[i] && p[j] && virt_to_page(p[i]) ==
			    virt_to_page(p[j])) {
				*a = p[i];
				*b = p[j];
				p[i] = p[j] = NULL;
				found = true;
			}
	for (i = 0; i < ARRAY_SIZE(p); i++)
		kfree(p[i]);
	return found;
}

KTEST(kmalloc, debug_poison)
{
	bool old = kmalloc_debug_set(true);
	unsigned long errors = kmalloc_debug_errors;
	unsigned char *a, *b;

	KT_ASSERT(ctx, same_page_pair(100, (void **)&a, (void **)&b));
	KT_EXPECT(ctx, all_bytes(a, KMALLOC_POISON_INUSE, 100));
	KT_EXPECT(ctx, all_bytes(a + 100, KMALLOC_POISON_REDZONE, 4));
	memset(a, 0x11, 100);
	kfree(a);
	/* The first word links the free list; the rest is poisoned. */
	KT_EXPECT(ctx, all_bytes(a + sizeof(void *), KMALLOC_POISON_FREE,
				 100 - sizeof(void *)));
	KT_EXPECT_EQ(ctx, kmalloc_check(a), -ENOENT);
	kfree(b);
	kmalloc_debug_set(old);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors);
}

KTEST(kmalloc, debug_overrun)
{
	bool old = kmalloc_debug_set(true);
	unsigned long errors = kmalloc_debug_errors;
	unsigned char *p = kmalloc(24), *big = kmalloc(5000);

	KT_ASSERT(ctx, p && big);
	KT_EXPECT_EQ(ctx, kmalloc_check(p), 0);
	p[24] = 0;			/* one byte past the end */
	KT_EXPECT_EQ(ctx, kmalloc_check(p), -EOVERFLOW);
	kfree(p);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 1);
	big[5001] = 0;
	KT_EXPECT_EQ(ctx, kmalloc_check(big), -EOVERFLOW);
	kfree(big);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 2);
	kmalloc_debug_set(old);
}

KTEST(kmalloc, debug_double_free)
{
	bool old = kmalloc_debug_set(true);
	unsigned long errors = kmalloc_debug_errors;
	size_t free;
	void *a, *b;

	KT_ASSERT(ctx, same_page_pair(64, &a, &b));
	free = mm_free_pages();
	kfree(a);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors);
	kfree(a);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 1);
	/* The free list must still be sound: the next two are distinct. */
	a = kmalloc(64);
	KT_ASSERT(ctx, a != NULL);
	KT_EXPECT(ctx, a != b);
	kfree(a);
	kfree(b);
	KT_EXPECT(ctx, mm_free_pages() >= free);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 1);
	kmalloc_debug_set(old);
}

KTEST(kmalloc, bad_pointers)
{
	unsigned long errors = kmalloc_debug_errors;
	static char not_heap[64];
	char *p = kmalloc(64);

	KT_ASSERT(ctx, p != NULL);
	KT_EXPECT_EQ(ctx, kmalloc_check(p + 8), -EINVAL);
	kfree(p + 8);			/* inside an object */
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 1);
	kfree(not_heap);		/* the kernel image */
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 2);
	kfree(p);
	KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 2);
}

KTEST(kmalloc, debug_write_after_free)
{
	bool old = kmalloc_debug_set(true);
	unsigned long errors = kmalloc_debug_errors;
	unsigned char *a, *b, *c;

	KT_ASSERT(ctx, same_page_pair(200, (void **)&a, (void **)&b));
	kfree(a);
	a[50] = 1;			/* a write after free */
	c = kmalloc(200);		/* the last freed slot comes first */
	KT_ASSERT(ctx, c != NULL);
	if (c == a)
		KT_EXPECT_EQ(ctx, kmalloc_debug_errors, errors + 1);
	else
		a[50] = KMALLOC_POISON_FREE;	/* undo, for later tests */
	kfree(c);
	kfree(b);
	kmalloc_debug_set(old);
}
