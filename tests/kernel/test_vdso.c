/*
 * test_vdso.c: in-kernel tests of special mappings (mm/vm/special.c) and
 * of the vDSO mapped with them (vdso/vdso.c).
 *
 * The vDSO: where it goes (the top of the mmap area), what it holds (its
 * ELF header, read through the user mapping), its frame shared by two
 * address spaces and by fork and given back by both, writes refused,
 * then copied after mprotect without touching the kernel's frame,
 * MADV_DONTNEED bringing the same frame back, munmap making vdso_base 0.
 * A two-page special object: cutting it (mprotect, munmap, mremap
 * shrink) is -EINVAL, growing it -EFAULT, a whole move keeps its pages
 * and moves vm_special_base; it never merges with a neighbour; its
 * frames' references come back.
 */
#include "tests/kernel/vm_test.h"
#include "lib/string.h"
#include "vdso/vdso.h"

#define VDSO_PROT	(PROT_READ | PROT_EXEC)
#define VDSO_LEN	ALIGN_UP(VDSO_IMAGE_SIZE, PAGE_SIZE)

static void vdso_place_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t base = 0;
	uint32_t w = 0;
	struct vma *vma;

	KT_ASSERT_EQ(ctx, vdso_map(mm, &base), 0);
	KT_EXPECT_EQ(ctx, base, VM_MMAP_BASE - VDSO_LEN);
	KT_EXPECT_EQ(ctx, vdso_base(mm), base);
	vma = vma_find(mm, base);
	KT_ASSERT(ctx, vma != NULL);
	KT_EXPECT_EQ(ctx, vma->prot, VDSO_PROT);
	KT_EXPECT(ctx, vma->special && !strcmp(vma->special->name, "[vdso]"));
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)base), 0);
	KT_EXPECT_EQ(ctx, w, 0x464c457f);			/* "\177ELF" */
	KT_EXPECT_EQ(ctx, put_user(0u, (uint32_t *)base), -EFAULT);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(base +
				   VDSO_SYM_kernel_sigreturn)), 0);
	KT_EXPECT_EQ(ctx, w, 0x0077b858);	/* popl %eax; movl $119 */
}

KTEST(vdso, placed_and_readable)
{
	VMT_RUN(ctx, vdso_place_body);
}

static void vdso_share_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t base = 0, other_base = 0;
	struct mm *other = mm_create(), *child;
	struct page *pg;
	uint32_t refs, w = 0;

	KT_ASSERT(ctx, other != NULL);
	KT_ASSERT_EQ(ctx, vdso_map(mm, &base), 0);
	KT_ASSERT_EQ(ctx, vdso_map(other, &other_base), 0);
	KT_ASSERT_EQ(ctx, get_user(w, (uint32_t *)base), 0);
	pg = vmt_page(mm, base);
	KT_ASSERT(ctx, pg != NULL);
	refs = pg->refcount;
	child = mm_fork(mm);
	KT_ASSERT(ctx, child != NULL);
	KT_EXPECT(ctx, vmt_page(child, base) == pg);
	KT_EXPECT_EQ(ctx, pg->refcount, refs + 1);
	KT_EXPECT_EQ(ctx, vdso_base(child), base);
	mm_switch(other);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)other_base), 0);
	KT_EXPECT_EQ(ctx, w, 0x464c457f);
	KT_EXPECT(ctx, vmt_page(other, other_base) == pg);
	mm_switch(mm);
	mm_destroy(child);
	vmt_end(other);
	mm_switch(mm);
	KT_EXPECT_EQ(ctx, pg->refcount, refs);
}

KTEST(vdso, shared_by_fork_and_processes)
{
	VMT_RUN(ctx, vdso_share_body);
}

static void vdso_write_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t base = 0, other_base = 0;
	struct mm *other = mm_create();
	struct page *pg;
	uint32_t w = 0;

	KT_ASSERT(ctx, other != NULL);
	KT_ASSERT_EQ(ctx, vdso_map(mm, &base), 0);
	KT_ASSERT_EQ(ctx, get_user(w, (uint32_t *)base), 0);
	pg = vmt_page(mm, base);
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, base, VDSO_LEN,
				      VDSO_PROT | PROT_WRITE), 0);
	KT_EXPECT_EQ(ctx, put_user(0x12345678u, (uint32_t *)base), 0);
	KT_EXPECT(ctx, vmt_page(mm, base) != pg);	/* copied */
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)base), 0);
	KT_EXPECT_EQ(ctx, w, 0x12345678);
	/* The kernel's frame is untouched: another process reads ELF. */
	KT_ASSERT_EQ(ctx, vdso_map(other, &other_base), 0);
	mm_switch(other);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)other_base), 0);
	KT_EXPECT_EQ(ctx, w, 0x464c457f);
	vmt_end(other);
	mm_switch(mm);
	/* MADV_DONTNEED drops the copy: the kernel's frame comes back. */
	KT_EXPECT_EQ(ctx, vm_madvise(mm, base, VDSO_LEN, MADV_DONTNEED), 0);
	KT_EXPECT_EQ(ctx, vm_madvise(mm, base, VDSO_LEN, MADV_FREE), -EINVAL);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)base), 0);
	KT_EXPECT_EQ(ctx, w, 0x464c457f);
	KT_EXPECT(ctx, vmt_page(mm, base) == pg);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, base, VDSO_LEN), 0);
	KT_EXPECT_EQ(ctx, vdso_base(mm), 0);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)base), -EFAULT);
}

KTEST(vdso, copy_on_write_dontneed_munmap)
{
	VMT_RUN(ctx, vdso_write_body);
}

/* A two-page special object of the test's own. */
static struct page *two_pages[2];
static const struct vm_special two = {
	.name = "[two]", .pages = two_pages, .npages = 2,
};

static void special_whole_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t at = 0, below, to = 0x50000000, got;
	uint32_t w = 0;

	KT_ASSERT_EQ(ctx, vm_map_special(mm, &at, VDSO_PROT, &two), 0);
	KT_EXPECT_EQ(ctx, at, VM_MMAP_BASE - 2 * PAGE_SIZE);
	below = at - PAGE_SIZE;
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &below, PAGE_SIZE, VDSO_PROT,
				  VMT_ANON | MAP_FIXED), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 2);		/* not merged */
	KT_EXPECT_EQ(ctx, vm_mprotect(mm, at, PAGE_SIZE, PROT_READ), -EINVAL);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, at + PAGE_SIZE, PAGE_SIZE), -EINVAL);
	got = at;
	KT_EXPECT_EQ(ctx, vm_mremap(mm, at, 2 * PAGE_SIZE, PAGE_SIZE, 0, &got),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, vm_mremap(mm, at, 2 * PAGE_SIZE, 3 * PAGE_SIZE,
				    MREMAP_MAYMOVE, &got), -EFAULT);
	KT_EXPECT_EQ(ctx, vm_mremap(mm, at, PAGE_SIZE, PAGE_SIZE,
				    MREMAP_MAYMOVE | MREMAP_FIXED, &to),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(at + PAGE_SIZE)), 0);
	KT_EXPECT_EQ(ctx, w, 0x2222);
	to = 0x50000000;
	KT_ASSERT_EQ(ctx, vm_mremap(mm, at, 2 * PAGE_SIZE, 2 * PAGE_SIZE,
				    MREMAP_MAYMOVE | MREMAP_FIXED, &to), 0);
	KT_EXPECT_EQ(ctx, vm_special_base(mm, &two), 0x50000000);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(to + PAGE_SIZE)), 0);
	KT_EXPECT_EQ(ctx, w, 0x2222);
	KT_EXPECT(ctx, vmt_page(mm, to + PAGE_SIZE) == two_pages[1]);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)to), 0);
	KT_EXPECT_EQ(ctx, w, 0x1111);
	KT_EXPECT_EQ(ctx, vm_mprotect(mm, to, 2 * PAGE_SIZE, PROT_READ), 0);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, to, 2 * PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, vm_special_base(mm, &two), 0);
}

KTEST(vdso, special_used_whole)
{
	two_pages[0] = page_alloc(0);
	two_pages[1] = page_alloc(0);
	KT_ASSERT(ctx, two_pages[0] && two_pages[1]);
	*(uint32_t *)page_address(two_pages[0]) = 0x1111;
	*(uint32_t *)page_address(two_pages[1]) = 0x2222;
	VMT_RUN(ctx, special_whole_body);
	KT_EXPECT_EQ(ctx, two_pages[0]->refcount, 1);
	KT_EXPECT_EQ(ctx, two_pages[1]->refcount, 1);
	page_put(two_pages[0]);
	page_put(two_pages[1]);
}
