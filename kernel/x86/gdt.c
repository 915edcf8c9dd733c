/*
 * gdt.c: the global descriptor table and the task state segment.
 *
 * Flat 4 GiB code and data segments for rings 0 and 3, one TSS whose esp0
 * is the kernel stack used when an interrupt arrives from user mode, and
 * three TLS slots that set_thread_area will fill (Linux's entries 6-8),
 * and the descriptor of the loaded LDT (kernel/x86/ldt.c).
 */
#include "kernel/x86/interrupt.h"
#include "kernel/x86/sysenter.h"
#include "lib/compiler.h"
#include "lib/string.h"

struct gdt_entry {
	uint16_t limit_low;
	uint16_t base_low;
	uint8_t base_mid;
	uint8_t access;
	uint8_t flags_limit_high;
	uint8_t base_high;
} __packed;
_Static_assert(sizeof(struct gdt_entry) == 8, "GDT entries are 8 bytes");

struct tss {
	uint32_t prev, esp0, ss0, esp1, ss1, esp2, ss2, cr3, eip, eflags;
	uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi;
	uint32_t es, cs, ss, ds, fs, gs, ldt;
	uint16_t trap, iomap_base;
} __packed;
_Static_assert(sizeof(struct tss) == 104, "the x86 TSS is 104 bytes");

struct gdt_ptr {
	uint16_t limit;
	uint32_t base;
} __packed;

#define ACC_PRESENT	0x80
#define ACC_RING3	0x60
#define ACC_CODE	0x1A	/* code, readable */
#define ACC_DATA	0x12	/* data, writable */
#define ACC_TSS		0x09	/* 32-bit available TSS */
#define ACC_LDT		0x02	/* an LDT */
#define FLAG_4K_32BIT	0xC0

static struct gdt_entry gdt[GDT_ENTRIES] __aligned(8);
static struct tss tss __aligned(16);
extern char boot_stack_top[];

static void gdt_set(int i, uint32_t base, uint32_t limit, uint8_t access,
		    uint8_t flags)
{
	gdt[i].limit_low = limit & 0xffff;
	gdt[i].base_low = base & 0xffff;
	gdt[i].base_mid = (base >> 16) & 0xff;
	gdt[i].access = access;
	gdt[i].flags_limit_high = flags | ((limit >> 16) & 0x0f);
	gdt[i].base_high = base >> 24;
}

static void gdt_load(void)
{
	struct gdt_ptr ptr = { sizeof(gdt) - 1, (uint32_t)gdt };

	__asm__ __volatile__(
		"lgdt %0\n\t"
		"ljmp %1, $1f\n"
		"1:\n\t"
		"mov %2, %%ax\n\t"
		"mov %%ax, %%ds\n\t"
		"mov %%ax, %%es\n\t"
		"mov %%ax, %%ss\n\t"
		"xor %%ax, %%ax\n\t"
		"mov %%ax, %%fs\n\t"
		"mov %%ax, %%gs\n\t"
		"ltr %w3"
		: : "m"(ptr), "i"(SEL_KCODE), "i"(SEL_KDATA), "r"(SEL_TSS)
		: "eax", "memory");
}

void gdt_init(void)
{
	gdt_set(1, 0, 0xfffff, ACC_PRESENT | ACC_CODE, FLAG_4K_32BIT);
	gdt_set(2, 0, 0xfffff, ACC_PRESENT | ACC_DATA, FLAG_4K_32BIT);
	gdt_set(3, 0, 0xfffff, ACC_PRESENT | ACC_RING3 | ACC_CODE, FLAG_4K_32BIT);
	gdt_set(4, 0, 0xfffff, ACC_PRESENT | ACC_RING3 | ACC_DATA, FLAG_4K_32BIT);
	memset(&tss, 0, sizeof(tss));
	tss.ss0 = SEL_KDATA;
	tss.esp0 = (uint32_t)boot_stack_top;
	tss.iomap_base = sizeof(tss);	/* no I/O bitmap: ring 3 gets no ports */
	gdt_set(5, (uint32_t)&tss, sizeof(tss) - 1, ACC_PRESENT | ACC_TSS, 0);
	gdt_load();
}

void tss_set_kernel_stack(uint32_t esp0)
{
	tss.esp0 = esp0;
	sysenter_set_stack(esp0);	/* SYSENTER's own copy of it */
}

void gdt_load_tls(const uint64_t tls[GDT_TLS_COUNT])
{
	memcpy(&gdt[GDT_TLS_FIRST], tls, GDT_TLS_COUNT * sizeof(gdt[0]));
}

/*
 * As Linux's fill_ldt(): flags bit 0 seg_32bit, bits 1-2 contents, bit 3
 * read_exec_only, bit 4 limit_in_pages, bit 5 seg_not_present, bit 6
 * useable.  An entry with base, limit and flags "empty" (read_exec_only
 * and seg_not_present, everything else 0), or all zero, clears the slot.
 */
uint64_t gdt_user_desc(uint32_t base, uint32_t limit, uint32_t flags)
{
	uint32_t contents = (flags >> 1) & 3, lo, hi;

	lo = (base & 0xffff) << 16 | (limit & 0xffff);
	hi = (base & 0xff000000) | ((base >> 16) & 0xff) | (limit & 0xf0000) |
	     1 << 8 | ((~flags >> 3) & 1) << 9 | contents << 10 |
	     ((~flags >> 5) & 1) << 15 | 3 << 13 | 1 << 12 |
	     (flags & 1) << 22 | ((flags >> 4) & 1) << 23 |
	     ((flags >> 6) & 1) << 20;
	return (uint64_t)hi << 32 | lo;
}

uint64_t gdt_tls_desc(uint32_t base, uint32_t limit, uint32_t flags)
{
	if (!base && !limit && ((flags & 0x7f) == 0x28 || !(flags & 0x7f)))
		return 0;
	return gdt_user_desc(base, limit, flags);
}

void gdt_set_ldt(uint32_t base, uint32_t limit)
{
	gdt_set(GDT_LDT, base, limit, ACC_PRESENT | ACC_LDT, 0);
}
