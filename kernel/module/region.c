/*
 * region.c: the memory of a loaded module, page-granular regions in the
 * KMAP area with their own permissions.
 *
 * A region is allocated writable and not executable, so that the loader
 * can copy and relocate into it; region_seal() then gives it its final
 * rights: text read and execute, read-only data read only, data read and
 * write, never writable and executable at once (with NX on; without NX,
 * every mapped page can be executed, and only the write protection
 * holds).  The kernel's lowmem map is made of 2 MiB pages, which cannot
 * carry per-page rights: hence the KMAP area, whose 4 KiB page tables
 * exist already.  The frames come from the page allocator one by one.
 *
 * Interface (internal.h): region_alloc, region_seal, region_free.
 */
#include "kernel/module/internal.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/pte.h"

static void region_unmap_pages(uintptr_t va, uint32_t npages)
{
	for (uint32_t i = 0; i < npages; i++) {
		uintptr_t pa;
		uintptr_t page_va = va + i * PAGE_SIZE;

		if (!paging_translate(kernel_pgdir, page_va, &pa, NULL))
			continue;
		paging_unmap(kernel_pgdir, page_va);
		paging_flush_page(page_va);
		page_free(pfn_to_page((uint32_t)(pa >> PAGE_SHIFT)), 0);
	}
}

int region_alloc(struct module_region *r, size_t size, enum region_kind kind)
{
	uint32_t npages = (uint32_t)((size + PAGE_SIZE - 1) / PAGE_SIZE);
	uintptr_t va;

	memset(r, 0, sizeof(*r));
	r->kind = kind;
	if (!npages)
		return 0;
	va = kmap_va_alloc(npages);
	if (!va)
		return -ENOMEM;
	for (uint32_t i = 0; i < npages; i++) {
		struct page *pg = page_alloc(0);

		if (!pg || paging_map(kernel_pgdir, va + i * PAGE_SIZE,
				      page_to_phys(pg), PTE_WRITE | PTE_NX)) {
			page_free(pg, 0);
			region_unmap_pages(va, i);
			kmap_va_free(va, npages);
			return -ENOMEM;
		}
	}
	memset((void *)va, 0, npages * PAGE_SIZE);
	r->va = va;
	r->npages = npages;
	return 0;
}

static pte_t region_flags(enum region_kind kind)
{
	switch (kind) {
	case REGION_TEXT:
	case REGION_INIT_TEXT:
		return 0;			/* read, execute */
	case REGION_RODATA:
		return PTE_NX;
	default:
		return PTE_WRITE | PTE_NX;
	}
}

/* Remap each page with the region's final rights. */
void region_seal(struct module_region *r)
{
	pte_t flags = region_flags(r->kind);

	for (uint32_t i = 0; i < r->npages; i++) {
		uintptr_t va = r->va + i * PAGE_SIZE, pa;

		if (!paging_translate(kernel_pgdir, va, &pa, NULL))
			continue;
		paging_unmap(kernel_pgdir, va);
		paging_map(kernel_pgdir, va, pa, flags);
		paging_flush_page(va);
	}
}

void region_free(struct module_region *r)
{
	if (!r->npages)
		return;
	region_unmap_pages(r->va, r->npages);
	kmap_va_free(r->va, r->npages);
	r->va = 0;
	r->npages = 0;
}
