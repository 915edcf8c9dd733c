/*
 * test_mm_paging.c: in-kernel tests of the page-table API and kmap.
 *
 * Translation of lowmem (2 MiB pages, 4 KiB ones over the kernel image,
 * executable only for the text), map/unmap/translate of a fresh frame at a
 * KMAP address, the error returns, kmap_phys/kunmap, a second address
 * space that shares the kernel quarter and gets user page tables on
 * demand, 64-bit entries through the API (NX, the high word), and NX on
 * whenever the CPU has it.
 */
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "mm/mm.h"

#define MSR_EFER	0xC0000080u
#define EFER_NXE	(1ull << 11)

/* In .data, just after the text, in the 2 MiB page the text ends in, which
 * is mapped 4 KiB at a time (the .bss may reach past it). */
static int lowmem_probe = 1;

/* Whether CPUID says this CPU has NX. */
static bool cpu_nx(void)
{
	uint32_t a, b, c, d;

	cpuid(0x80000000u, &a, &b, &c, &d);
	if (a < 0x80000001u || a > 0x8000ffffu)
		return false;
	cpuid(0x80000001u, &a, &b, &c, &d);
	return d & (1u << 20);
}

KTEST(paging, translate_lowmem)
{
	uintptr_t pa = 0;
	pte_t flags = 0;

	/* The kernel image: 4 KiB pages. */
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, (uintptr_t)&lowmem_probe,
					&pa, &flags));
	KT_EXPECT_EQ(ctx, pa, virt_to_phys(&lowmem_probe));
	KT_EXPECT(ctx, !(flags & PTE_PSE));
	KT_EXPECT(ctx, flags & PTE_WRITE);
	KT_EXPECT(ctx, !(flags & PTE_USER));
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, KERNEL_BASE + 0x100123,
					&pa, NULL));
	KT_EXPECT_EQ(ctx, pa, 0x100123);
	/* Above it: 2 MiB pages. */
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, KERNEL_BASE + 0x400123,
					&pa, &flags));
	KT_EXPECT_EQ(ctx, pa, 0x400123);
	KT_EXPECT(ctx, flags & PTE_PSE);
	KT_EXPECT(ctx, flags & PTE_WRITE);
	/* No identity map is left, and the guard at the top is empty. */
	KT_EXPECT(ctx, !paging_translate(kernel_pgdir, 0x100000, &pa, NULL));
	KT_EXPECT(ctx, !paging_translate(kernel_pgdir, 0xFFFFF000, NULL, NULL));
}

KTEST(paging, map_unmap_kmap)
{
	uintptr_t va = kmap_va_alloc(1), pa = 0;
	struct page *pg = page_alloc(0);
	volatile uint32_t *w = (uint32_t *)va;
	pte_t flags = 0;

	KT_ASSERT(ctx, va >= KMAP_START && va < KMAP_END && pg);
	KT_EXPECT(ctx, !paging_translate(kernel_pgdir, va, &pa, NULL));
	KT_ASSERT_EQ(ctx, paging_map(kernel_pgdir, va, page_to_phys(pg),
				     PTE_WRITE), 0);
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, va + 8, &pa, &flags));
	KT_EXPECT_EQ(ctx, pa, page_to_phys(pg) + 8);
	KT_EXPECT(ctx, (flags & (PTE_PRESENT | PTE_WRITE)) ==
		  (PTE_PRESENT | PTE_WRITE));
	KT_EXPECT(ctx, !(flags & PTE_PSE));
	w[0] = 0x12345678;
	w[1023] = 0x9abcdef0;
	KT_EXPECT_EQ(ctx, ((uint32_t *)page_address(pg))[0], 0x12345678);
	KT_EXPECT_EQ(ctx, ((uint32_t *)page_address(pg))[1023], 0x9abcdef0);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, va, page_to_phys(pg), 0),
		     -EEXIST);
	KT_EXPECT_EQ(ctx, paging_unmap(kernel_pgdir, va), 0);
	KT_EXPECT(ctx, !paging_translate(kernel_pgdir, va, &pa, NULL));
	KT_EXPECT_EQ(ctx, paging_unmap(kernel_pgdir, va), -ENOENT);
	kmap_va_free(va, 1);
	page_free(pg, 0);
}

KTEST(paging, bad_arguments)
{
	uintptr_t lowmem = (uintptr_t)&lowmem_probe & PAGE_MASK;
	uintptr_t va = kmap_va_alloc(1);

	KT_ASSERT(ctx, va != 0);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, va + 4, 0x200000, 0),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, va, 0x200004, 0), -EINVAL);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, va, 0x200000, PTE_USER),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, va, 0x200000, PTE_PSE),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, 0xFFC00000, 0x200000, 0),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, lowmem, 0x200000, 0),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, KERNEL_BASE + 0x800000,
				     0x200000, 0), -EINVAL);
	KT_EXPECT_EQ(ctx, paging_map(kernel_pgdir, 0x08048000, 0x200000, 0),
		     -EINVAL);		/* kernel_pgdir has no user half */
	KT_EXPECT_EQ(ctx, paging_unmap(kernel_pgdir, lowmem), -EINVAL);
	KT_EXPECT_EQ(ctx, paging_unmap(kernel_pgdir, KERNEL_BASE + 0x800000),
		     -EINVAL);
	KT_EXPECT_EQ(ctx, paging_unmap(kernel_pgdir, va + 1), -EINVAL);
	KT_EXPECT_EQ(ctx, paging_unmap(kernel_pgdir, va), -ENOENT);
	kmap_va_free(va, 1);
}

KTEST(paging, kmap_phys)
{
	struct page *pg = page_alloc(0);
	uintptr_t pa;
	char *p;

	KT_ASSERT(ctx, pg != NULL);
	p = kmap_phys(page_to_phys(pg) + 0x10);
	KT_ASSERT(ctx, p != NULL);
	KT_EXPECT_EQ(ctx, (uintptr_t)p & (PAGE_SIZE - 1), 0x10);
	KT_EXPECT(ctx, (uintptr_t)p >= KMAP_START);
	p[0] = 'm';
	KT_EXPECT_EQ(ctx, ((char *)page_address(pg))[0x10], 'm');
	kunmap(p);
	KT_EXPECT(ctx, !paging_translate(kernel_pgdir, (uintptr_t)p, &pa,
					 NULL));
	page_free(pg, 0);
}

KTEST(paging, kmap_va_ranges)
{
	uintptr_t a = kmap_va_alloc(3), b = kmap_va_alloc(5);

	KT_ASSERT(ctx, a && b);
	KT_EXPECT(ctx, a + 3 * PAGE_SIZE <= b || b + 5 * PAGE_SIZE <= a);
	KT_EXPECT_EQ(ctx, kmap_va_alloc(0), 0);
	kmap_va_free(a, 3);
	kmap_va_free(b, 5);
}

KTEST(paging, user_pgdir)
{
	size_t free = mm_free_pages();
	pte_t *pgdir = paging_pgdir_create();
	struct page *pg = page_alloc(0);
	uintptr_t user = 0x08048000, kva, pa = 0;
	pte_t flags = 0;

	KT_ASSERT(ctx, pgdir && pg);
	KT_EXPECT(ctx, !paging_translate(pgdir, user, &pa, NULL));
	KT_ASSERT_EQ(ctx, paging_map(pgdir, user, page_to_phys(pg),
				     PTE_USER | PTE_WRITE), 0);
	KT_ASSERT(ctx, paging_translate(pgdir, user + 4, &pa, &flags));
	KT_EXPECT_EQ(ctx, pa, page_to_phys(pg) + 4);
	KT_EXPECT(ctx, flags & PTE_USER);
	KT_EXPECT(ctx, !paging_translate(kernel_pgdir, user, &pa, NULL));
	KT_EXPECT_EQ(ctx, paging_map(pgdir, user, 0, PTE_GLOBAL), -EINVAL);
	/* A KMAP mapping made later shows through the shared page tables. */
	kva = (uintptr_t)kmap_phys(page_to_phys(pg));
	KT_ASSERT(ctx, kva != 0);
	KT_ASSERT(ctx, paging_translate(pgdir, kva, &pa, NULL));
	KT_EXPECT_EQ(ctx, pa, page_to_phys(pg));
	kunmap((void *)kva);
	KT_EXPECT_EQ(ctx, paging_unmap(pgdir, user), 0);
	paging_pgdir_destroy(pgdir);
	page_free(pg, 0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free);
}

/* Entries are 64 bits wide: NX (bit 63) and every flag go through the API
 * and come back, in each of the three user directories. */
KTEST(paging, entries_64bit)
{
	const uintptr_t users[] = { 0x00400000, 0x7ffff000, 0xbffff000 };
	pte_t *pgdir = paging_pgdir_create();
	struct page *pg = page_alloc(0);
	uintptr_t pa = 0;
	pte_t flags = 0, want;

	KT_ASSERT(ctx, pgdir && pg);
	KT_EXPECT_EQ(ctx, (uintptr_t)pgdir & 31, 0);
	KT_EXPECT(ctx, pgdir[3] == kernel_pgdir[3]);
	for (unsigned int i = 0; i < 3; i++) {
		KT_EXPECT(ctx, !pte_present(pgdir[i]));	/* made on demand */
		KT_ASSERT_EQ(ctx, paging_map(pgdir, users[i], page_to_phys(pg),
			     PTE_USER | PTE_NX | (i ? PTE_WRITE : 0)), 0);
		KT_ASSERT(ctx, paging_translate(pgdir, users[i] + 0xabc, &pa,
						&flags));
		KT_EXPECT_EQ(ctx, pa, page_to_phys(pg) + 0xabc);
		want = PTE_PRESENT | PTE_USER | (i ? PTE_WRITE : 0) |
		       (paging_nx ? PTE_NX : 0);
		KT_EXPECT(ctx, (flags & ~(PTE_ACCESSED | PTE_DIRTY)) == want);
		KT_EXPECT(ctx, pte_present(pgdir[i]));
		KT_EXPECT(ctx, !(pgdir[i] & (PTE_WRITE | PTE_USER | PTE_NX)));
		KT_EXPECT_EQ(ctx, paging_unmap(pgdir, users[i]), 0);
		KT_EXPECT(ctx, !paging_translate(pgdir, users[i], NULL, NULL));
	}
	paging_pgdir_destroy(pgdir);
	page_free(pg, 0);
}

/* pte_make/pte_addr/pte_flags and pte_set keep both halves of an entry. */
KTEST(paging, pte_accessors)
{
	pte_t e = pte_make(0x12345000, PTE_PRESENT | PTE_WRITE | PTE_NX), slot;

	KT_EXPECT_EQ(ctx, pte_addr(e), 0x12345000);
	KT_EXPECT(ctx, pte_present(e));
	KT_EXPECT(ctx, (pte_flags(e) & PTE_NX) == (paging_nx ? PTE_NX : 0));
	KT_EXPECT(ctx, !(pte_make(0, PTE_NX | PTE_GLOBAL) &
			 ~(PTE_NX | PTE_GLOBAL)));
	slot = 0xffffffffffffffffull;
	pte_set(&slot, (1ull << 62) | 0x5000 | PTE_PRESENT);
	KT_EXPECT(ctx, slot == ((1ull << 62) | 0x5000 | PTE_PRESENT));
	pte_clear(&slot);
	KT_EXPECT(ctx, slot == 0);
}

/* The kernel's text may run; its data, the lowmem map and KMAP may not,
 * whenever the CPU has NX (and then EFER.NXE is on). */
KTEST(paging, nx_active)
{
	static int data_probe;
	extern char _text_start[];
	uintptr_t va = (uintptr_t)kmap_phys(0x100000);
	pte_t flags = 0;

	KT_EXPECT_EQ(ctx, paging_nx, cpu_nx());
	KT_EXPECT_EQ(ctx, !!(rdmsr(MSR_EFER) & EFER_NXE), cpu_nx());
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, (uintptr_t)_text_start,
					NULL, &flags));
	KT_EXPECT(ctx, !(flags & PTE_NX));
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, (uintptr_t)kmap_phys,
					NULL, &flags));
	KT_EXPECT(ctx, !(flags & PTE_NX));
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, (uintptr_t)&data_probe,
					NULL, &flags));
	KT_EXPECT_EQ(ctx, !!(flags & PTE_NX), cpu_nx());
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, KERNEL_BASE + 0x400000,
					NULL, &flags));
	KT_EXPECT_EQ(ctx, !!(flags & PTE_NX), cpu_nx());
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, KERNEL_BASE + 0x1000,
					NULL, &flags));
	KT_EXPECT_EQ(ctx, !!(flags & PTE_NX), cpu_nx());
	KT_ASSERT(ctx, va != 0);
	KT_ASSERT(ctx, paging_translate(kernel_pgdir, va, NULL, &flags));
	KT_EXPECT_EQ(ctx, !!(flags & PTE_NX), cpu_nx());
	kunmap((void *)va);
}
