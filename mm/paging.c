/*
 * paging.c: the kernel page directory and the page-table API.
 *
 * kernel_pgdir lives in .bss.  paging_init_lowmem() fills it with the
 * linear map of physical 0..lowmem end at KERNEL_BASE in 4 MiB PSE pages
 * (global when the CPU has PGE), turns on CR4.PSE/PGE and loads it: the
 * boot loader's identity map is gone from then on.  paging_init_kmap()
 * then gives the whole KMAP area page tables from the buddy allocator, so
 * the kernel half of the address space never changes at the directory
 * level and a new directory shares it by copying the kernel entries
 * (paging_pgdir_create).
 *
 * paging_map/unmap/translate work on any directory; page tables are reached
 * through the lowmem map.  User page tables (below KERNEL_BASE) are
 * allocated on demand and freed with their directory.  One spinlock
 * (paging_lock) serialises page-table changes; the TLB entry of the changed
 * address is flushed on this CPU.
 *
 * Interface (mm/mm.h): kernel_pgdir, paging_map, paging_unmap,
 * paging_translate, paging_flush_page, paging_flush_all,
 * paging_pgdir_create, paging_pgdir_destroy; paging_user_pte for mm/vm
 * (mm/internal.h).
 */
#include "mm/mm.h"
#include "mm/internal.h"
#include "kernel/compiler.h"
#include "kernel/cpu.h"
#include "kernel/errno.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "lib/string.h"

#define PDE_COUNT	1024u
#define PDE_KERNEL	(KERNEL_BASE >> 22)	/* first kernel-half entry */
#define PTE_ADDR	PAGE_MASK
#define PDE_LARGE_ADDR	(~(MM_LARGE_PAGE - 1))
#define PTE_MAP_FLAGS	(PTE_PRESENT | PTE_WRITE | PTE_USER | PTE_PWT | \
			 PTE_PCD | PTE_ACCESSED | PTE_DIRTY | PTE_GLOBAL)

#define CR4_PSE		0x10
#define CR4_PGE		0x80
#define CPUID_PSE	(1u << 3)
#define CPUID_PGE	(1u << 13)

static uint32_t kernel_pgdir_store[PDE_COUNT] __aligned(PAGE_SIZE);
uint32_t *kernel_pgdir = kernel_pgdir_store;

static uint32_t global_flag;		/* PTE_GLOBAL when the CPU has PGE */
static struct spinlock paging_lock = SPINLOCK_INIT;

static inline unsigned int pde_index(uintptr_t va) { return va >> 22; }
static inline unsigned int pte_index(uintptr_t va)
{
	return (va >> PAGE_SHIFT) & (PDE_COUNT - 1);
}

/* Feature bits (EDX) of CPUID leaf 1. */
static uint32_t cpuid_features(void)
{
	uint32_t a = 1, b, c = 0, d;

	__asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
	return d;
}

/*
 * Build the lowmem map (physical 0..lowmem_end, rounded up to 4 MiB) in
 * kernel_pgdir and switch to it.  Panics without PSE: the boot code needs
 * it already.
 */
void paging_init_lowmem(uintptr_t lowmem_end)
{
	uint32_t feat = cpuid_features();
	uint32_t cr4 = read_cr4() | CR4_PSE;
	uintptr_t pa;

	if (!(feat & CPUID_PSE))
		panic("paging: the CPU has no 4 MiB pages (PSE)");
	if (feat & CPUID_PGE) {
		global_flag = PTE_GLOBAL;
		cr4 |= CR4_PGE;
	}
	lowmem_end = MIN(ALIGN_UP(lowmem_end, MM_LARGE_PAGE), LOWMEM_MAX);
	for (pa = 0; pa < lowmem_end; pa += MM_LARGE_PAGE)
		kernel_pgdir[pde_index(KERNEL_BASE + pa)] =
			pa | PTE_PRESENT | PTE_WRITE | PTE_PSE | global_flag;
	write_cr4(cr4);
	write_cr3(virt_to_phys(kernel_pgdir));
	pr_info("paging: %lu MiB mapped at 0x%x with 4 MiB pages%s\n",
		(unsigned long)(lowmem_end >> 20), KERNEL_BASE,
		global_flag ? ", global" : "");
}

/* Give every directory entry of the KMAP area a zeroed page table. */
void paging_init_kmap(void)
{
	uintptr_t va;

	for (va = KMAP_START; va < KMAP_END; va += MM_LARGE_PAGE) {
		struct page *pg = page_alloc(0);

		if (!pg)
			panic("paging: no memory for the KMAP page tables");
		memset(page_address(pg), 0, PAGE_SIZE);
		kernel_pgdir[pde_index(va)] = page_to_phys(pg) | PTE_PRESENT |
					      PTE_WRITE;
	}
}

void paging_flush_page(uintptr_t va)
{
	tlb_flush_page(va);
}

/* Flush the whole TLB, global entries included (toggling CR4.PGE). */
void paging_flush_all(void)
{
	uint32_t cr4 = read_cr4();

	if (cr4 & CR4_PGE) {
		write_cr4(cr4 & ~CR4_PGE);
		write_cr4(cr4);
	} else {
		tlb_flush_all();
	}
}

/* A zeroed user page table for entry pde, or NULL.  Caller holds the lock. */
static uint32_t *paging_new_table(uint32_t *pde)
{
	struct page *pg = page_alloc(0);

	if (!pg)
		return NULL;
	memset(page_address(pg), 0, PAGE_SIZE);
	*pde = page_to_phys(pg) | PTE_PRESENT | PTE_WRITE | PTE_USER;
	return page_address(pg);
}

/*
 * The page-table entry for va, or an error pointer: -EEXIST for va inside
 * a 4 MiB page, -ENOENT when there is no page table and alloc is false (or
 * va is a kernel address, whose tables are never made here), -ENOMEM.
 * Caller holds paging_lock.
 */
static uint32_t *paging_walk(uint32_t *pgdir, uintptr_t va, bool alloc)
{
	uint32_t *pde = &pgdir[pde_index(va)];
	uint32_t *table;

	if (*pde & PTE_PSE)
		return ERR_PTR(-EEXIST);
	if (*pde & PTE_PRESENT) {
		table = phys_to_virt(*pde & PTE_ADDR);
	} else {
		if (!alloc || va >= KERNEL_BASE)
			return ERR_PTR(-ENOENT);
		table = paging_new_table(pde);
		if (!table)
			return ERR_PTR(-ENOMEM);
	}
	return &table[pte_index(va)];
}

/* Whether paging_map may install flags at va.  See mm/mm.h. */
static bool paging_map_ok(uintptr_t va, uintptr_t pa, uint32_t flags)
{
	if (!IS_ALIGNED(va, PAGE_SIZE) || !IS_ALIGNED(pa, PAGE_SIZE))
		return false;
	if (flags & ~PTE_MAP_FLAGS)
		return false;
	if (va >= KERNEL_BASE)
		return !(flags & PTE_USER) && va < KMAP_END;
	return !(flags & PTE_GLOBAL);
}

int paging_map(uint32_t *pgdir, uintptr_t va, uintptr_t pa, uint32_t flags)
{
	uint32_t *pte, irq;
	int ret = 0;

	if (!paging_map_ok(va, pa, flags))
		return -EINVAL;
	flags = (flags & ~PTE_GLOBAL) | (flags & global_flag) | PTE_PRESENT;
	irq = spin_lock_irqsave(&paging_lock);
	pte = paging_walk(pgdir, va, true);
	if (IS_ERR(pte))	/* -ENOENT: a kernel address with no table */
		ret = PTR_ERR(pte) == -ENOENT ? -EINVAL : PTR_ERR(pte);
	else if (*pte & PTE_PRESENT)
		ret = -EEXIST;
	else
		*pte = pa | flags;
	spin_unlock_irqrestore(&paging_lock, irq);
	if (!ret)
		paging_flush_page(va);
	return ret;
}

int paging_unmap(uint32_t *pgdir, uintptr_t va)
{
	uint32_t *pte, irq;
	int ret = 0;

	if (!IS_ALIGNED(va, PAGE_SIZE))
		return -EINVAL;
	irq = spin_lock_irqsave(&paging_lock);
	pte = paging_walk(pgdir, va, false);
	if (IS_ERR(pte))
		ret = PTR_ERR(pte) == -EEXIST ? -EINVAL : PTR_ERR(pte);
	else if (!(*pte & PTE_PRESENT))
		ret = -ENOENT;
	else
		*pte = 0;
	spin_unlock_irqrestore(&paging_lock, irq);
	if (!ret)
		paging_flush_page(va);
	return ret;
}

/*
 * The page-table entry of the user address va in pgdir, for mm/vm code that
 * edits user mappings directly.  With alloc, a missing page table is made;
 * returns NULL when there is none (alloc false), when it cannot be had, or
 * for a kernel address.  Takes paging_lock only to install a table: user
 * entries are changed by the owner of their address space alone, which
 * serialises its own changes and flushes the TLB.
 */
uint32_t *paging_user_pte(uint32_t *pgdir, uintptr_t va, bool alloc)
{
	uint32_t *pte, irq;

	if (va >= KERNEL_BASE)
		return NULL;
	irq = spin_lock_irqsave(&paging_lock);
	pte = paging_walk(pgdir, va, alloc);
	spin_unlock_irqrestore(&paging_lock, irq);
	return IS_ERR(pte) ? NULL : pte;
}

bool paging_translate(uint32_t *pgdir, uintptr_t va, uintptr_t *pa,
		      uint32_t *flags)
{
	uint32_t pde, entry = 0, irq;
	uintptr_t addr = 0;

	irq = spin_lock_irqsave(&paging_lock);
	pde = pgdir[pde_index(va)];
	if ((pde & (PTE_PRESENT | PTE_PSE)) == (PTE_PRESENT | PTE_PSE)) {
		entry = pde;
		addr = (pde & PDE_LARGE_ADDR) | (va & ~PDE_LARGE_ADDR);
	} else if (pde & PTE_PRESENT) {
		uint32_t *table = phys_to_virt(pde & PTE_ADDR);

		entry = table[pte_index(va)];
		addr = (entry & PTE_ADDR) | (va & ~PAGE_MASK);
	}
	spin_unlock_irqrestore(&paging_lock, irq);
	if (!(entry & PTE_PRESENT))
		return false;
	if (pa)
		*pa = addr;
	if (flags)
		*flags = entry & ~PTE_ADDR;
	return true;
}

/*
 * A new page directory: user half empty, kernel half copied from
 * kernel_pgdir (the kernel page tables are all preallocated, so these
 * entries never change).  Returns its virtual address, or NULL.
 */
uint32_t *paging_pgdir_create(void)
{
	struct page *pg = page_alloc(0);
	uint32_t *pgdir;

	if (!pg)
		return NULL;
	pgdir = page_address(pg);
	memset(pgdir, 0, PDE_KERNEL * sizeof(*pgdir));
	memcpy(pgdir + PDE_KERNEL, kernel_pgdir + PDE_KERNEL,
	       (PDE_COUNT - PDE_KERNEL) * sizeof(*pgdir));
	return pgdir;
}

/*
 * Free pgdir and its user page tables; the frames they map are the
 * caller's business.  pgdir must not be loaded in CR3.
 */
void paging_pgdir_destroy(uint32_t *pgdir)
{
	unsigned int i;

	if (!pgdir || pgdir == kernel_pgdir)
		return;
	for (i = 0; i < PDE_KERNEL; i++) {
		if ((pgdir[i] & PTE_PRESENT) && !(pgdir[i] & PTE_PSE))
			page_free(pfn_to_page(pgdir[i] >> PAGE_SHIFT), 0);
	}
	page_free(virt_to_page(pgdir), 0);
}
