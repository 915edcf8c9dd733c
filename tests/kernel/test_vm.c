/*
 * test_vm.c: in-kernel tests of address spaces.
 *
 * mmap placement (top-down, hint, fixed, no-replace), munmap splitting a
 * VMA and freeing its pages, brk growing and shrinking with Linux's return
 * values, copy-on-write fork (separate copies, refcounts back to 1, shared
 * mappings stay shared), stack growth within its limit, vm_fault refusals,
 * and a leak test: 200 address spaces created, forked and destroyed give
 * every frame back.
 */
#include "kernel/sched/task.h"
#include "tests/kernel/vm_test.h"

static void placement_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0, b = 0, c = 0x40000000, d;
	uint32_t w = 0;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, 2 * PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_EXPECT_EQ(ctx, a, VM_MMAP_BASE - 2 * PAGE_SIZE);
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &b, 100, VMT_RW, VMT_ANON), 0);
	KT_EXPECT_EQ(ctx, b, a - PAGE_SIZE);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 1);	/* alike neighbours joined */
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &c, PAGE_SIZE, PROT_READ, VMT_ANON), 0);
	KT_EXPECT_EQ(ctx, c, 0x40000000);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 2);
	d = c + 1;
	KT_EXPECT_EQ(ctx, vm_mmap(mm, &d, PAGE_SIZE, VMT_RW,
				  VMT_ANON | MAP_FIXED), -EINVAL);
	d = c;
	KT_EXPECT_EQ(ctx, vm_mmap(mm, &d, PAGE_SIZE, VMT_RW,
				  VMT_ANON | MAP_FIXED_NOREPLACE), -EEXIST);
	KT_EXPECT_EQ(ctx, vm_mmap(mm, &d, 0, VMT_RW, VMT_ANON), -EINVAL);
	KT_EXPECT_EQ(ctx, vm_mmap(mm, &d, PAGE_SIZE, VMT_RW, MAP_ANONYMOUS),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, vm_mmap(mm, &d, PAGE_SIZE, VMT_RW, MAP_PRIVATE),
		     -ENODEV);
	d = KERNEL_BASE - PAGE_SIZE;
	KT_EXPECT_EQ(ctx, vm_mmap(mm, &d, 2 * PAGE_SIZE, VMT_RW,
				  VMT_ANON | MAP_FIXED), -ENOMEM);
	/* MAP_FIXED replaces: old data gone, protection the new one's. */
	KT_ASSERT_EQ(ctx, put_user(9u, (uint32_t *)a), 0);
	d = a;
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &d, PAGE_SIZE, PROT_READ,
				  VMT_ANON | MAP_FIXED), 0);
	KT_EXPECT_EQ(ctx, d, a);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)a), 0);
	KT_EXPECT_EQ(ctx, w, 0);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)a), -EFAULT);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 4);
}

KTEST(vm, mmap_placement)
{
	VMT_RUN(ctx, placement_body);
}

static void munmap_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0;
	uint32_t w = 0, i;
	size_t free0, free1;
	void *spare[3];
	int err;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, 4 * PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	for (i = 0; i < 4; i++)
		KT_ASSERT_EQ(ctx, put_user(i + 1, (uint32_t *)(a + i * PAGE_SIZE)), 0);
	/* The split takes a struct vma from kmalloc, which must not need a
	 * page of its own: three objects of its size class, the middle one
	 * freed, leave a free slot in a page that stays (whichever of them
	 * opened a page, a neighbour is kept).  Not preempted between the
	 * two counts: another task (the flusher) may allocate. */
	spare[0] = kmalloc(sizeof(struct vma));
	spare[1] = kmalloc(sizeof(struct vma));
	spare[2] = kmalloc(sizeof(struct vma));
	kfree(spare[1]);
	preempt_disable();
	free0 = mm_free_pages();
	err = vm_munmap(mm, a + PAGE_SIZE, 2 * PAGE_SIZE);
	free1 = mm_free_pages();
	preempt_enable();
	kfree(spare[0]);
	kfree(spare[2]);
	KT_ASSERT_EQ(ctx, err, 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 2);
	KT_EXPECT_EQ(ctx, mm_rss(mm), 2);
	KT_EXPECT_EQ(ctx, free1, free0 + 2);
	KT_EXPECT(ctx, vma_find(mm, a + PAGE_SIZE) == NULL);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(a + PAGE_SIZE)), -EFAULT);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(a + 3 * PAGE_SIZE)), 0);
	KT_EXPECT_EQ(ctx, w, 4);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)a), 0);
	KT_EXPECT_EQ(ctx, w, 1);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, a + 1, PAGE_SIZE), -EINVAL);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, a, 0), -EINVAL);
	/* Unmapping across both pieces and the hole removes everything. */
	KT_EXPECT_EQ(ctx, vm_munmap(mm, a, 4 * PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 0);
	KT_EXPECT_EQ(ctx, mm_rss(mm), 0);
}

KTEST(vm, munmap_split)
{
	VMT_RUN(ctx, munmap_body);
}

static void brk_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t start = 0x08050000, fix = start + 0x10000;
	uint32_t w = 0;

	vm_brk_init(mm, 0x0804f123);
	KT_EXPECT_EQ(ctx, vm_brk(mm, 0), start);
	KT_EXPECT_EQ(ctx, vm_brk(mm, start + 10000), start + 10000);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)(start + 9996)), 0);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)(start + 3 * PAGE_SIZE)),
		     -EFAULT);
	KT_EXPECT_EQ(ctx, vm_brk(mm, start + 20000), start + 20000);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 1);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(start + 9996)), 0);
	KT_EXPECT_EQ(ctx, w, 1);
	KT_EXPECT_EQ(ctx, vm_brk(mm, start + 10), start + 10);
	KT_EXPECT_EQ(ctx, mm_rss(mm), 0);	/* page 2 went */
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(start + PAGE_SIZE)), -EFAULT);
	KT_EXPECT_EQ(ctx, vm_brk(mm, start - 1), start + 10);
	/* A mapping in the way stops the heap (one guard page kept). */
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &fix, PAGE_SIZE, VMT_RW,
				  VMT_ANON | MAP_FIXED), 0);
	KT_EXPECT_EQ(ctx, vm_brk(mm, fix), start + 10);
	KT_EXPECT_EQ(ctx, vm_brk(mm, fix - PAGE_SIZE), fix - PAGE_SIZE);
	KT_EXPECT_EQ(ctx, vm_brk(mm, start), start);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 1);
}

KTEST(vm, brk)
{
	VMT_RUN(ctx, brk_body);
}

static void fork_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0, s = 0;
	uint32_t w = 0;
	struct mm *child;
	struct page *pg;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &s, PAGE_SIZE, VMT_RW,
				  MAP_SHARED | MAP_ANONYMOUS), 0);
	KT_ASSERT_EQ(ctx, put_user(0xAAu, (uint32_t *)a), 0);
	KT_ASSERT_EQ(ctx, put_user(0x55u, (uint32_t *)s), 0);
	child = mm_fork(mm);
	KT_ASSERT(ctx, child != NULL);
	pg = vmt_page(mm, a);
	KT_ASSERT(ctx, pg && pg == vmt_page(child, a));
	KT_EXPECT_EQ(ctx, pg->refcount, 2);
	mm_switch(child);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)a), 0);
	KT_EXPECT_EQ(ctx, w, 0xAA);
	KT_EXPECT_EQ(ctx, put_user(0xBBu, (uint32_t *)a), 0);
	KT_EXPECT_EQ(ctx, put_user(0x66u, (uint32_t *)s), 0);
	KT_EXPECT(ctx, vmt_page(child, a) != pg);
	KT_EXPECT_EQ(ctx, pg->refcount, 1);
	mm_switch(mm);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)a), 0);
	KT_EXPECT_EQ(ctx, w, 0xAA);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)s), 0);
	KT_EXPECT_EQ(ctx, w, 0x66);		/* MAP_SHARED stays shared */
	/* The parent's frame is its own again: written in place. */
	KT_EXPECT_EQ(ctx, put_user(0xCCu, (uint32_t *)a), 0);
	KT_EXPECT(ctx, vmt_page(mm, a) == pg);
	/* Two mappings and the shared memory's object (mm/vm/shmem.c). */
	KT_EXPECT_EQ(ctx, vmt_page(mm, s)->refcount, 3);
	mm_destroy(child);
	KT_EXPECT_EQ(ctx, vmt_page(mm, s)->refcount, 2);
}

KTEST(vm, fork_cow)
{
	VMT_RUN(ctx, fork_body);
}

static void stack_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t top = VM_STACK_TOP, below = 0;
	uint32_t w = 0;

	KT_ASSERT_EQ(ctx, vm_stack_setup(mm, top, PAGE_SIZE, false), 0);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)(top - 4)), 0);
	KT_EXPECT_EQ(ctx, put_user(2u, (uint32_t *)(top - 0x10000)), 0);
	KT_EXPECT_EQ(ctx, vma_find(mm, top - 0x10000)->start, top - 0x10000);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(top - 0x8000)), 0);
	KT_EXPECT_EQ(ctx, w, 0);
	KT_EXPECT_EQ(ctx, put_user(3u, (uint32_t *)(top - VM_STACK_MAX)), 0);
	KT_EXPECT_EQ(ctx, put_user(3u, (uint32_t *)(top - VM_STACK_MAX - 4)),
		     -EFAULT);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 1);
	/* The stack never grows onto (or right against) another mapping. */
	KT_ASSERT_EQ(ctx, vm_munmap(mm, top - VM_STACK_MAX, VM_STACK_MAX - 0x1000),
		     0);
	below = top - 0x3000;
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &below, PAGE_SIZE, VMT_RW,
				  VMT_ANON | MAP_FIXED), 0);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)(top - 0x1004)), -EFAULT);
	KT_EXPECT_EQ(ctx, vm_fault(mm, 0x100, 0), -EFAULT);
	KT_EXPECT_EQ(ctx, vm_fault(mm, KERNEL_BASE + 4, 0), -EFAULT);
}

KTEST(vm, stack_growth)
{
	VMT_RUN(ctx, stack_body);
}

/* One round: an mm with touched pages, a fork writing, both destroyed. */
static int leak_round(void)
{
	struct mm *mm = vmt_begin(), *child;
	uintptr_t a = 0;
	int err = -ENOMEM;

	if (!mm)
		return -ENOMEM;
	vm_brk_init(mm, 0x08048000);
	if (vm_mmap(mm, &a, 8 * PAGE_SIZE, VMT_RW, VMT_ANON) ||
	    vm_brk(mm, 0x08050000) != 0x08050000 ||
	    put_user(1u, (uint32_t *)0x0804c000) ||
	    clear_user((void *)a, 5 * PAGE_SIZE))
		goto out;
	child = mm_fork(mm);
	if (!child)
		goto out;
	mm_switch(child);
	err = put_user(2u, (uint32_t *)a) ?: put_user(3u, (uint32_t *)0x0804c000);
	mm_switch(mm);
	mm_destroy(child);
out:
	vmt_end(mm);
	return err;
}

KTEST(vm, no_leak_200)
{
	unsigned long errors0 = mm_page_errors;
	size_t free0;
	int i;

	KT_ASSERT_EQ(ctx, leak_round(), 0);	/* warms the kmalloc caches */
	free0 = mm_free_pages();
	for (i = 0; i < 200; i++)
		KT_ASSERT_EQ(ctx, leak_round(), 0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free0);
	KT_EXPECT(ctx, vm_current == NULL);
	KT_EXPECT_EQ(ctx, mm_page_errors, errors0);
}
