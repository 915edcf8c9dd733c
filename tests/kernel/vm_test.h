/*
 * vm_test.h: helpers shared by the address-space tests (test_vm*.c).
 *
 * vmt_begin() makes an address space and loads it; vmt_end() loads the
 * kernel's directory again and destroys it.  A test body runs between them
 * so that a failed assertion still restores the kernel's address space.
 */
#ifndef TESTS_KERNEL_VM_TEST_H
#define TESTS_KERNEL_VM_TEST_H

#include "lib/errno.h"
#include "kernel/ktest.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define VMT_ANON	(MAP_PRIVATE | MAP_ANONYMOUS)
#define VMT_RW		(PROT_READ | PROT_WRITE)

static inline struct mm *vmt_begin(void)
{
	struct mm *mm = mm_create();

	if (mm)
		mm_switch(mm);
	return mm;
}

static inline void vmt_end(struct mm *mm)
{
	mm_switch(NULL);
	mm_destroy(mm);
}

/* The frame mapped at user address va of mm, or NULL. */
static inline struct page *vmt_page(struct mm *mm, uintptr_t va)
{
	uintptr_t pa;

	if (!paging_translate(mm->pgdir, va, &pa, NULL))
		return NULL;
	return pfn_to_page(pa >> PAGE_SHIFT);
}

/* Run body(ctx, mm) inside a fresh address space. */
#define VMT_RUN(ctx, body) do {						\
	struct mm *mm_ = vmt_begin();					\
	KT_ASSERT(ctx, mm_ != NULL);					\
	body(ctx, mm_);							\
	vmt_end(mm_);							\
} while (0)

#endif
