/*
 * paging_init.c: the kernel's final page tables, built once at boot.
 *
 * boot/entry.asm has already turned on PAE paging (it refuses a CPU
 * without PAE with a message) with a temporary map.  paging_init_lowmem()
 * then:
 *   - turns on EFER.NXE when CPUID 0x80000001 has NX, and CR4.PGE when the
 *     CPU has global pages; pte_cpu_mask keeps only the bits it has;
 *   - maps physical 0..lowmem end at KERNEL_BASE in kernel_pmd, the
 *     directory of the kernel quarter, with 2 MiB global pages that cannot
 *     be executed.  The 2 MiB pages that hold the kernel's text are cut
 *     into 4 KiB pages (kernel_image_tables) so that only the text is
 *     executable: data, bss, the boot stack and the first MiB are not;
 *   - loads kernel_pgdir, whose slot 3 is kernel_pmd and slots 0-2 empty:
 *     the boot loader's identity map is gone from then on.
 * paging_init_kmap() gives the KMAP area its page tables (kmap_tables,
 * in the kernel's bss, which the boot loader has zeroed; not executable
 * through the entries' users' flags), so that kernel_pmd never changes
 * after boot.  They are not taken from the buddy allocator and zeroed:
 * the first free frames are where the boot loader ran, and under QEMU's
 * TCG each store to a frame that still holds translated code takes the
 * slow path, 16 ms for these 248 KiB after GRUB.  Every address space points its
 * slot 3 at kernel_pmd (paging_pgdir_create copies kernel_pgdir[3]).
 *
 * Interface (mm/mm.h, mm/internal.h, mm/pte.h): kernel_pgdir, paging_nx,
 * pte_cpu_mask, paging_init_lowmem, paging_init_kmap.
 */
#include "mm/mm.h"
#include "mm/internal.h"
#include "lib/compiler.h"
#include "kernel/x86/cpu.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "lib/string.h"

#define CR4_PGE		0x80
#define CPUID_PGE	(1u << 13)		/* leaf 1, EDX */
#define CPUID_EXT_NX	(1u << 20)		/* leaf 0x80000001, EDX */
#define MSR_EFER	0xC0000080u
#define EFER_NXE	(1ull << 11)

/* 4 KiB page tables for the 2 MiB pages the kernel's text touches. */
#define IMAGE_TABLES	2u
#define KMAP_TABLES	((KMAP_END - KMAP_START) / PDE_SPAN)

extern char _text_start[], _text_end[];

static pte_t kernel_pdpt[PDPT_ENTRIES] __aligned(32);
static pte_t kernel_pmd[PTE_PER_TABLE] __aligned(PAGE_SIZE);
static pte_t kernel_image_tables[IMAGE_TABLES][PTE_PER_TABLE]
	__aligned(PAGE_SIZE);
static pte_t kmap_tables[KMAP_TABLES][PTE_PER_TABLE] __aligned(PAGE_SIZE);

pte_t *kernel_pgdir = kernel_pdpt;
pte_t pte_cpu_mask = ~(PTE_NX | PTE_GLOBAL);
bool paging_nx;

/* Whether CPUID says the CPU has NX (leaf 0x80000001 may not exist). */
static bool cpu_has_nx(void)
{
	uint32_t a, b, c, d;

	cpuid(0x80000000u, &a, &b, &c, &d);
	if (a < 0x80000001u || a > 0x8000ffffu)
		return false;
	cpuid(0x80000001u, &a, &b, &c, &d);
	return d & CPUID_EXT_NX;
}

/* Turn on what the CPU has (NX, PGE); pte_cpu_mask keeps those bits. */
static void paging_cpu_setup(void)
{
	uint32_t a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	if (d & CPUID_PGE) {
		pte_cpu_mask |= PTE_GLOBAL;
		write_cr4(read_cr4() | CR4_PGE);
	}
	if (cpu_has_nx()) {
		wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_NXE);
		pte_cpu_mask |= PTE_NX;
		paging_nx = true;
	}
}

/* Map the first n 2 MiB pages of lowmem 4 KiB at a time: the kernel's
 * text executable, everything else not. */
static void paging_map_image(unsigned int n)
{
	uintptr_t text = ALIGN_DOWN(virt_to_phys(_text_start), PAGE_SIZE);
	uintptr_t etext = ALIGN_UP(virt_to_phys(_text_end), PAGE_SIZE);
	pte_t base = PTE_PRESENT | PTE_WRITE | PTE_GLOBAL;

	for (unsigned int t = 0; t < n; t++) {
		for (unsigned int i = 0; i < PTE_PER_TABLE; i++) {
			uintptr_t pa = t * PDE_SPAN + i * PAGE_SIZE;
			bool exec = pa >= text && pa < etext;

			kernel_image_tables[t][i] =
				pte_make(pa, base | (exec ? 0 : PTE_NX));
		}
		kernel_pmd[t] = pte_make(virt_to_phys(kernel_image_tables[t]),
					 PTE_PRESENT | PTE_WRITE);
	}
}

/*
 * Build the lowmem map (physical 0..lowmem_end, rounded up to 2 MiB) in
 * kernel_pmd and switch to kernel_pgdir.
 */
void paging_init_lowmem(uintptr_t lowmem_end)
{
	unsigned int image = ALIGN_UP(virt_to_phys(_text_end), PDE_SPAN) /
			     PDE_SPAN;
	uintptr_t pa;

	if (image > IMAGE_TABLES)
		panic("paging: the kernel's text ends beyond %u MiB",
		      IMAGE_TABLES * (PDE_SPAN >> 20));
	paging_cpu_setup();
	lowmem_end = MIN(ALIGN_UP(lowmem_end, PDE_SPAN), LOWMEM_MAX);
	paging_map_image(image);
	for (pa = image * PDE_SPAN; pa < lowmem_end; pa += PDE_SPAN)
		kernel_pmd[pde_index(KERNEL_BASE + pa)] = pte_make(pa,
			PTE_PRESENT | PTE_WRITE | PTE_PSE | PTE_GLOBAL | PTE_NX);
	/* A PDPT entry takes no access bits: present and address only. */
	kernel_pdpt[PDPT_KERNEL] = pte_make(virt_to_phys(kernel_pmd),
					    PTE_PRESENT);
	write_cr3(virt_to_phys(kernel_pdpt));
	pr_info("paging: PAE, %lu MiB mapped at 0x%x with 2 MiB pages%s\n",
		(unsigned long)(lowmem_end >> 20), KERNEL_BASE,
		pte_cpu_mask & PTE_GLOBAL ? ", global" : "");
	if (paging_nx)
		pr_info("paging: NX on: data, stacks and heaps are not executable\n");
	else
		pr_notice("paging: no NX in this CPU: every readable page is executable\n");
}

/* Give every directory entry of the KMAP area its page table. */
void paging_init_kmap(void)
{
	for (unsigned int i = 0; i < KMAP_TABLES; i++)
		kernel_pmd[pde_index(KMAP_START) + i] = pte_make(
			virt_to_phys(kmap_tables[i]), PTE_PRESENT | PTE_WRITE);
}
