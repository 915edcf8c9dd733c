/*
 * paging.c: the page-table API, on PAE tables (mm/pte.h).
 *
 * A pgdir is the 32-byte page-directory-pointer table of an address space
 * (kmalloc'd: small objects are aligned to their size).  Slot 3 is the
 * kernel's directory (mm/paging_init.c), shared by all; slots 0-2 get a
 * user directory when a first page table below them is needed, since most
 * processes use two of the three (program and heap low, stack and mmap
 * high).  The CPU reads the four slots only when CR3 is written, so
 * installing a directory in the loaded pgdir reloads CR3 (a second CPU
 * running the same address space will need the same, by IPI, with SMP).
 * kernel_pgdir has no user directories and never gets any.
 *
 * paging_map/unmap/translate work on any pgdir; tables are reached through
 * the lowmem map.  User page tables are allocated on demand and freed with
 * their pgdir; kernel page tables all exist from boot.  One spinlock
 * (paging_lock) serialises page-table changes; the TLB entry of the
 * changed address is flushed on this CPU.
 *
 * Interface (mm/mm.h): paging_map, paging_unmap, paging_translate,
 * paging_flush_page, paging_flush_all, paging_pgdir_create,
 * paging_pgdir_destroy; paging_user_pte for mm/vm (mm/internal.h).
 */
#include "mm/mm.h"
#include "mm/internal.h"
#include "lib/compiler.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"
#include "lib/string.h"

#define PDPT_SIZE	(PDPT_ENTRIES * sizeof(pte_t))
#define PDE_LARGE_ADDR	(~(uintptr_t)(PDE_SPAN - 1))
#define PTE_MAP_FLAGS	(PTE_PRESENT | PTE_WRITE | PTE_USER | PTE_PWT | \
			 PTE_PCD | PTE_ACCESSED | PTE_DIRTY | PTE_GLOBAL | \
			 PTE_NX)
#define CR4_PGE		0x80

static struct spinlock paging_lock = SPINLOCK_INIT;

static inline void *table_of(pte_t e)
{
	return phys_to_virt(pte_addr(e));
}

/* A zeroed page for a table or directory, or NULL. */
static pte_t *paging_zeroed_page(void)
{
	struct page *pg = page_alloc(0);

	if (!pg)
		return NULL;
	memset(page_address(pg), 0, PAGE_SIZE);
	return page_address(pg);
}

/* The directory entry of va in pgdir, or NULL when its slot is empty. */
static pte_t *paging_pde(pte_t *pgdir, uintptr_t va)
{
	pte_t slot = pgdir[pdpt_index(va)];

	if (!pte_present(slot))
		return NULL;
	return (pte_t *)table_of(slot) + pde_index(va);
}

/*
 * Give the empty user slot of va in pgdir a zeroed directory; reload CR3
 * when pgdir is the one loaded.  Returns 0 or -ENOMEM.  Caller holds
 * paging_lock.
 */
static int paging_new_directory(pte_t *pgdir, uintptr_t va)
{
	pte_t *dir = paging_zeroed_page();

	if (!dir)
		return -ENOMEM;
	/* A PDPT entry takes no access bits: present and address only. */
	pte_set(&pgdir[pdpt_index(va)], pte_make(virt_to_phys(dir),
						 PTE_PRESENT));
	if (read_cr3() == virt_to_phys(pgdir))
		write_cr3(virt_to_phys(pgdir));
	return 0;
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

/*
 * The page-table entry for va, or an error pointer: -EEXIST for va inside
 * a 2 MiB page, -ENOENT when there is no page table and alloc is false (or
 * va is a kernel address, whose tables are never made here, or a user
 * address of kernel_pgdir), -ENOMEM.  Caller holds paging_lock.
 */
static pte_t *paging_walk(pte_t *pgdir, uintptr_t va, bool alloc)
{
	pte_t *pde = paging_pde(pgdir, va), *table;

	if (!pde) {
		if (!alloc || va >= KERNEL_BASE || pgdir == kernel_pgdir)
			return ERR_PTR(-ENOENT);
		if (paging_new_directory(pgdir, va))
			return ERR_PTR(-ENOMEM);
		pde = paging_pde(pgdir, va);
	}
	if (*pde & PTE_PSE)
		return ERR_PTR(-EEXIST);
	if (pte_present(*pde)) {
		table = table_of(*pde);
	} else {
		if (!alloc || va >= KERNEL_BASE)
			return ERR_PTR(-ENOENT);
		table = paging_zeroed_page();
		if (!table)
			return ERR_PTR(-ENOMEM);
		pte_set(pde, pte_make(virt_to_phys(table),
				      PTE_PRESENT | PTE_WRITE | PTE_USER));
	}
	return &table[pte_index(va)];
}

/* Whether va may be mapped or unmapped by paging_map/unmap. */
static bool paging_va_ok(uintptr_t va)
{
	if (!IS_ALIGNED(va, PAGE_SIZE))
		return false;
	return va < KERNEL_BASE || (va >= KMAP_START && va < KMAP_END);
}

/* Whether paging_map may install flags at va.  See mm/mm.h. */
static bool paging_map_ok(uintptr_t va, uintptr_t pa, pte_t flags)
{
	if (!paging_va_ok(va) || !IS_ALIGNED(pa, PAGE_SIZE))
		return false;
	if (flags & ~PTE_MAP_FLAGS)
		return false;
	if (va >= KERNEL_BASE)
		return !(flags & PTE_USER);
	return !(flags & PTE_GLOBAL);
}

int paging_map(pte_t *pgdir, uintptr_t va, uintptr_t pa, pte_t flags)
{
	uint32_t irq;
	pte_t *pte;
	int ret = 0;

	if (!paging_map_ok(va, pa, flags))
		return -EINVAL;
	irq = spin_lock_irqsave(&paging_lock);
	pte = paging_walk(pgdir, va, true);
	if (IS_ERR(pte))	/* -ENOENT: a kernel address with no table */
		ret = PTR_ERR(pte) == -ENOENT ? -EINVAL : PTR_ERR(pte);
	else if (pte_present(*pte))
		ret = -EEXIST;
	else
		pte_set(pte, pte_make(pa, flags | PTE_PRESENT));
	spin_unlock_irqrestore(&paging_lock, irq);
	if (!ret)
		paging_flush_page(va);
	return ret;
}

int paging_unmap(pte_t *pgdir, uintptr_t va)
{
	uint32_t irq;
	pte_t *pte;
	int ret = 0;

	if (!paging_va_ok(va))
		return -EINVAL;
	irq = spin_lock_irqsave(&paging_lock);
	pte = paging_walk(pgdir, va, false);
	if (IS_ERR(pte))
		ret = PTR_ERR(pte) == -EEXIST ? -EINVAL : PTR_ERR(pte);
	else if (!pte_present(*pte))
		ret = -ENOENT;
	else
		pte_clear(pte);
	spin_unlock_irqrestore(&paging_lock, irq);
	if (!ret)
		paging_flush_page(va);
	return ret;
}

/*
 * The page-table entry of the user address va in pgdir, for mm/vm code that
 * edits user mappings directly (with pte_set/pte_clear).  With alloc, a
 * missing page table is made; returns NULL when there is none (alloc
 * false), when it cannot be had, or for a kernel address.  Takes
 * paging_lock only to install a table: user entries are changed by the
 * owner of their address space alone, which serialises its own changes
 * and flushes the TLB.
 */
pte_t *paging_user_pte(pte_t *pgdir, uintptr_t va, bool alloc)
{
	uint32_t irq;
	pte_t *pte;

	if (va >= KERNEL_BASE)
		return NULL;
	irq = spin_lock_irqsave(&paging_lock);
	pte = paging_walk(pgdir, va, alloc);
	spin_unlock_irqrestore(&paging_lock, irq);
	return IS_ERR(pte) ? NULL : pte;
}

bool paging_translate(pte_t *pgdir, uintptr_t va, uintptr_t *pa,
		      pte_t *flags)
{
	pte_t *pde, entry = 0;
	uintptr_t addr = 0;
	uint32_t irq;

	irq = spin_lock_irqsave(&paging_lock);
	pde = paging_pde(pgdir, va);
	if (pde && (*pde & (PTE_PRESENT | PTE_PSE)) ==
		   (PTE_PRESENT | PTE_PSE)) {
		entry = *pde;
		addr = (pte_addr(entry) & PDE_LARGE_ADDR) |
		       (va & ~PDE_LARGE_ADDR);
	} else if (pde && pte_present(*pde)) {
		entry = ((pte_t *)table_of(*pde))[pte_index(va)];
		addr = pte_addr(entry) | (va & ~PAGE_MASK);
	}
	spin_unlock_irqrestore(&paging_lock, irq);
	if (!pte_present(entry))
		return false;
	if (pa)
		*pa = addr;
	if (flags)
		*flags = pte_flags(entry);
	return true;
}

/* Free the page tables of one user directory, then the directory. */
static void paging_free_directory(pte_t *dir)
{
	for (unsigned int i = 0; i < PTE_PER_TABLE; i++) {
		if (pte_present(dir[i]) && !(dir[i] & PTE_PSE))
			page_free(virt_to_page(table_of(dir[i])), 0);
	}
	page_free(virt_to_page(dir), 0);
}

/*
 * A new pgdir: no user directory yet, and slot 3 shared with kernel_pgdir
 * (the kernel's directory never changes after boot).  Returns its virtual
 * address, or NULL.
 */
pte_t *paging_pgdir_create(void)
{
	pte_t *pgdir = kmalloc(PDPT_SIZE);

	if (!pgdir)
		return NULL;
	if (!IS_ALIGNED((uintptr_t)pgdir, PDPT_SIZE))
		panic("paging: kmalloc gave a misaligned PDPT %p", pgdir);
	for (unsigned int i = 0; i < PDPT_KERNEL; i++)
		pgdir[i] = 0;
	pgdir[PDPT_KERNEL] = kernel_pgdir[PDPT_KERNEL];
	return pgdir;
}

/*
 * Free pgdir and its user directories and page tables; the frames they
 * map are the caller's business.  pgdir must not be loaded in CR3.
 */
void paging_pgdir_destroy(pte_t *pgdir)
{
	if (!pgdir || pgdir == kernel_pgdir)
		return;
	for (unsigned int i = 0; i < PDPT_KERNEL; i++) {
		if (pte_present(pgdir[i]))
			paging_free_directory(table_of(pgdir[i]));
	}
	kfree(pgdir);
}
