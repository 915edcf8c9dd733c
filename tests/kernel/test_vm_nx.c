/*
 * test_vm_nx.c: in-kernel tests of execute permission in address spaces.
 *
 * A user page gets PTE_NX exactly when its VMA lacks PROT_EXEC and the CPU
 * has NX (mmap, mprotect both ways, the stack with and without exec);
 * vm_fault refuses an instruction fetch from a VMA without PROT_EXEC and
 * serves one from a VMA with it; READ_IMPLIES_EXEC makes readable
 * mappings, mprotect and the heap executable, and fork keeps it.
 */
#include "tests/kernel/vm_test.h"

#define PF_USER_FETCH	(0x4 | 0x10)	/* user-mode instruction fetch */

/* Whether the page at va of mm is mapped without execute permission. */
static bool vmt_nx(struct mm *mm, uintptr_t va)
{
	pte_t flags = 0;

	return paging_translate(mm->pgdir, va, NULL, &flags) &&
	       (flags & PTE_NX);
}

static void nx_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t data = 0, code = 0;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &data, PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &code, PAGE_SIZE, VMT_RW | PROT_EXEC,
				  VMT_ANON), 0);
	KT_ASSERT_EQ(ctx, put_user(1u, (uint32_t *)data), 0);
	KT_ASSERT_EQ(ctx, put_user(1u, (uint32_t *)code), 0);
	KT_EXPECT_EQ(ctx, vmt_nx(mm, data), paging_nx);
	KT_EXPECT(ctx, !vmt_nx(mm, code));
	/* The fault handler's view: a fetch needs PROT_EXEC. */
	KT_EXPECT_EQ(ctx, vm_fault(mm, data, PF_USER_FETCH | 1), -EFAULT);
	KT_EXPECT_EQ(ctx, vm_fault(mm, code, PF_USER_FETCH | 1), 0);
	/* mprotect both ways rewrites the entries. */
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, data, PAGE_SIZE,
				      PROT_READ | PROT_EXEC), 0);
	KT_EXPECT(ctx, !vmt_nx(mm, data));
	KT_EXPECT_EQ(ctx, vm_fault(mm, data, PF_USER_FETCH | 1), 0);
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, code, PAGE_SIZE, PROT_READ), 0);
	KT_EXPECT_EQ(ctx, vmt_nx(mm, code), paging_nx);
	/* A page not there yet: the fetch is refused before any frame. */
	KT_ASSERT_EQ(ctx, vm_munmap(mm, data, PAGE_SIZE), 0);
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &data, PAGE_SIZE, VMT_RW,
				  VMT_ANON | MAP_FIXED), 0);
	KT_EXPECT_EQ(ctx, vm_fault(mm, data, PF_USER_FETCH), -EFAULT);
	KT_EXPECT_EQ(ctx, mm_rss(mm), 1);
}

KTEST(vm_nx, mmap_mprotect)
{
	VMT_RUN(ctx, nx_body);
}

static void stack_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t top = 0xB0000000u;

	KT_ASSERT_EQ(ctx, vm_stack_setup(mm, top, PAGE_SIZE, false), 0);
	KT_ASSERT_EQ(ctx, vm_stack_setup(mm, top - 0x100000, PAGE_SIZE, true),
		     0);
	KT_ASSERT_EQ(ctx, put_user(1u, (uint32_t *)(top - 4)), 0);
	KT_ASSERT_EQ(ctx, put_user(1u, (uint32_t *)(top - 0x100004)), 0);
	KT_EXPECT_EQ(ctx, vmt_nx(mm, top - PAGE_SIZE), paging_nx);
	KT_EXPECT(ctx, !vmt_nx(mm, top - 0x100000 - PAGE_SIZE));
}

KTEST(vm_nx, stack)
{
	VMT_RUN(ctx, stack_body);
}

static void rie_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0, wo = 0, heap = 0x10000000u;
	struct mm *child;

	mm->read_implies_exec = true;
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, PAGE_SIZE, PROT_READ, VMT_ANON), 0);
	KT_EXPECT_EQ(ctx, vma_find(mm, a)->prot, PROT_READ | PROT_EXEC);
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &wo, PAGE_SIZE, PROT_WRITE, VMT_ANON),
		     0);
	KT_EXPECT_EQ(ctx, vma_find(mm, wo)->prot, PROT_WRITE);
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, wo, PAGE_SIZE, VMT_RW), 0);
	KT_EXPECT_EQ(ctx, vma_find(mm, wo)->prot, VMT_RW | PROT_EXEC);
	vm_brk_init(mm, heap);
	KT_EXPECT_EQ(ctx, vm_brk(mm, heap + PAGE_SIZE), heap + PAGE_SIZE);
	KT_EXPECT_EQ(ctx, vma_find(mm, heap)->prot, VMT_RW | PROT_EXEC);
	KT_ASSERT_EQ(ctx, put_user(1u, (uint32_t *)heap), 0);
	KT_EXPECT(ctx, !vmt_nx(mm, heap));
	child = mm_fork(mm);
	KT_ASSERT(ctx, child != NULL);
	KT_EXPECT(ctx, child->read_implies_exec);
	mm_destroy(child);
	/* Without it, the heap is data. */
	mm->read_implies_exec = false;
	KT_EXPECT_EQ(ctx, vm_brk(mm, heap + 2 * PAGE_SIZE),
		     heap + 2 * PAGE_SIZE);
	KT_EXPECT_EQ(ctx, vma_find(mm, heap + PAGE_SIZE)->prot, VMT_RW);
}

KTEST(vm_nx, read_implies_exec)
{
	VMT_RUN(ctx, rie_body);
}
