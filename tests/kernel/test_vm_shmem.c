/*
 * test_vm_shmem.c: in-kernel tests of shared anonymous memory
 * (MAP_SHARED | MAP_ANONYMOUS, mm/vm/shmem.c).
 *
 * Pages neither side touched before a fork are one frame for both after
 * it, whoever touches them first; a split (munmap of the middle page,
 * mprotect of a part) and a move by mremap keep each piece at its index
 * in the object; the object outlives the mappings of one process while
 * another maps it, and the last unmap gives every frame back (free page
 * count before and after, after a warm-up round for the kmalloc caches).
 */
#include "tests/kernel/vm_test.h"

#define SHM_FLAGS	(MAP_SHARED | MAP_ANONYMOUS)

/* The word at va of mm (loaded for the read), or 0xdead on a fault. */
static uint32_t peek(struct mm *mm, uintptr_t va)
{
	uint32_t w = 0xdead;

	mm_switch(mm);
	if (get_user(w, (uint32_t *)va))
		w = 0xdead;
	return w;
}

/* Store w at va of mm: 0 or -EFAULT. */
static int poke(struct mm *mm, uintptr_t va, uint32_t w)
{
	mm_switch(mm);
	return put_user(w, (uint32_t *)va);
}

static void untouched_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0;
	struct mm *child;
	uint32_t i;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, 5 * PAGE_SIZE, VMT_RW, SHM_FLAGS), 0);
	KT_ASSERT_EQ(ctx, poke(mm, a + PAGE_SIZE, 1), 0);
	child = mm_fork(mm);
	KT_ASSERT(ctx, child != NULL);
	for (i = 0; i < 5; i++)
		KT_EXPECT_EQ(ctx, poke(child, a + i * PAGE_SIZE, 42), 0);
	for (i = 0; i < 5; i++)
		KT_EXPECT_EQ(ctx, peek(mm, a + i * PAGE_SIZE), 42);
	/* The parent touching first after the fork is seen too. */
	KT_ASSERT_EQ(ctx, vm_munmap(mm, a, 5 * PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, peek(child, a + 4 * PAGE_SIZE), 42);
	mm_switch(mm);
	mm_destroy(child);
}

KTEST(vm_shmem, untouched_pages_shared_after_fork)
{
	VMT_RUN(ctx, untouched_body);
}

static void split_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0, moved = 0x40000000;
	struct mm *child;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, 4 * PAGE_SIZE, VMT_RW, SHM_FLAGS), 0);
	child = mm_fork(mm);
	KT_ASSERT(ctx, child != NULL);
	/* The child cuts out page 1 and makes page 2 read-only. */
	mm_switch(child);
	KT_EXPECT_EQ(ctx, vm_munmap(child, a + PAGE_SIZE, PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, vm_mprotect(child, a + 2 * PAGE_SIZE, PAGE_SIZE,
				      PROT_READ), 0);
	KT_EXPECT_EQ(ctx, poke(mm, a + 2 * PAGE_SIZE, 7), 0);
	KT_EXPECT_EQ(ctx, peek(child, a + 2 * PAGE_SIZE), 7);
	KT_EXPECT_EQ(ctx, poke(child, a + 3 * PAGE_SIZE, 8), 0);
	KT_EXPECT_EQ(ctx, peek(mm, a + 3 * PAGE_SIZE), 8);
	/* The parent moves its last page: still page 3 of the object. */
	KT_EXPECT_EQ(ctx, vm_mremap(mm, a + 3 * PAGE_SIZE, PAGE_SIZE,
				    2 * PAGE_SIZE, MREMAP_MAYMOVE | MREMAP_FIXED,
				    &moved), 0);
	KT_EXPECT_EQ(ctx, moved, 0x40000000);
	KT_EXPECT_EQ(ctx, poke(child, a + 3 * PAGE_SIZE, 9), 0);
	KT_EXPECT_EQ(ctx, peek(mm, moved), 9);
	/* Past the object's end there is nothing: -EIO (SIGBUS). */
	mm_switch(mm);
	KT_EXPECT_EQ(ctx, vm_fault(mm, moved + PAGE_SIZE, 0), -EIO);
	mm_destroy(child);
}

KTEST(vm_shmem, split_and_moved_pieces_stay_shared)
{
	VMT_RUN(ctx, split_body);
}

/*
 * One round: a shared mapping touched before and after a fork, part of it
 * unmapped in the parent, the child gone, then the rest unmapped.
 * Returns 0 when every check held.
 */
static int leak_round(struct mm *mm)
{
	uintptr_t a = 0;
	struct mm *child;
	int err;

	if (vm_mmap(mm, &a, 3 * PAGE_SIZE, VMT_RW, SHM_FLAGS) || poke(mm, a, 1))
		return -ENOMEM;
	child = mm_fork(mm);
	if (!child)
		return -ENOMEM;
	err = poke(child, a + 2 * PAGE_SIZE, 3);
	if (!err)
		err = vm_munmap(mm, a, PAGE_SIZE);
	if (!err && peek(child, a) != 1)
		err = -EINVAL;
	mm_switch(mm);
	mm_destroy(child);
	if (!err && peek(mm, a + 2 * PAGE_SIZE) != 3)
		err = -EINVAL;
	mm_switch(mm);
	if (!err)
		err = vm_munmap(mm, a + PAGE_SIZE, 2 * PAGE_SIZE);
	return err;
}

static void leak_body(struct ktest_ctx *ctx, struct mm *mm)
{
	unsigned long errors0 = mm_page_errors;
	size_t free0;
	int i;

	KT_ASSERT_EQ(ctx, leak_round(mm), 0);	/* warms the kmalloc caches */
	free0 = mm_free_pages();
	for (i = 0; i < 50; i++)
		KT_ASSERT_EQ(ctx, leak_round(mm), 0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free0);
	KT_EXPECT_EQ(ctx, mm_page_errors, errors0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 0);
}

KTEST(vm_shmem, object_freed_with_last_mapping)
{
	VMT_RUN(ctx, leak_body);
}
