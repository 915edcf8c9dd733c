/*
 * init.c: mm_init(), from the boot memory map to a working allocator.
 *
 * The boot loader's memory map (boot_info.mmap, e820 types) is read once:
 * only BOOT_MEM_AVAILABLE entries count, clipped to LOWMEM_MAX.  The boot
 * log says how much RAM there is, how much of it is usable, and that RAM
 * above LOWMEM_MAX (896 MiB) is not used when there is some.
 *
 * Frames never given out: the first MiB (BIOS data, real-mode tables, the
 * VGA hole), the kernel image (_kernel_start.._kernel_end), every GRUB
 * module, and the struct page array itself, which goes in the first
 * available region above all of those.  The order of the steps is given in
 * mm/internal.h.
 *
 * Interface (mm/mm.h): mm_init.
 */
#include "mm/mm.h"
#include "mm/internal.h"
#include "kernel/boot.h"
#include "lib/compiler.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

#define MM_FIRST_MIB		0x100000u
#define MM_MAX_RESERVED		(3 + BOOT_MAX_MODULES)

/* What the memory map says about RAM, in bytes. */
struct mm_census {
	uint64_t ram;		/* every available byte */
	uint64_t above;		/* available bytes above LOWMEM_MAX */
	uint32_t usable;	/* available whole frames below LOWMEM_MAX */
	uint32_t lowmem_end;	/* end of the highest of those frames */
};

/* The part of available entry e below LOWMEM_MAX, in whole frames. */
static bool mm_entry_lowmem(const struct boot_mmap_entry *e,
			    struct mm_range *r)
{
	uint64_t start = ALIGN_UP(e->base, (uint64_t)PAGE_SIZE);
	uint64_t end = ALIGN_DOWN(e->base + e->len, (uint64_t)PAGE_SIZE);

	if (e->type != BOOT_MEM_AVAILABLE || start >= LOWMEM_MAX)
		return false;
	end = MIN(end, (uint64_t)LOWMEM_MAX);
	if (end <= start)
		return false;
	r->start = start;
	r->end = end;
	return true;
}

static void mm_count(struct mm_census *c)
{
	unsigned int i;

	*c = (struct mm_census){ 0 };
	for (i = 0; i < boot_info.mmap_count; i++) {
		const struct boot_mmap_entry *e = &boot_info.mmap[i];
		uint64_t end = e->base + e->len;
		struct mm_range r;

		if (e->type != BOOT_MEM_AVAILABLE)
			continue;
		c->ram += e->len;
		if (end > LOWMEM_MAX)
			c->above += end - MAX(e->base, (uint64_t)LOWMEM_MAX);
		if (mm_entry_lowmem(e, &r)) {
			c->usable += r.end - r.start;
			c->lowmem_end = MAX(c->lowmem_end, r.end);
		}
	}
}

static void mm_report(const struct mm_census *c)
{
	unsigned int i;

	for (i = 0; i < boot_info.mmap_count; i++) {
		const struct boot_mmap_entry *e = &boot_info.mmap[i];

		pr_debug("mm: [mem 0x%09llx-0x%09llx] %s\n",
			 (unsigned long long)e->base,
			 (unsigned long long)(e->base + e->len - 1),
			 e->type == BOOT_MEM_AVAILABLE ? "usable" : "reserved");
	}
	pr_info("mm: %lu KiB of RAM found, %lu KiB usable below 0x%x\n",
		(unsigned long)(c->ram >> 10), (unsigned long)(c->usable >> 10),
		LOWMEM_MAX);
	if (c->above)
		pr_notice("mm: %lu MiB of RAM above %u MiB is not used "
			  "(no highmem support)\n",
			  (unsigned long)(c->above >> 20), LOWMEM_MAX >> 20);
}

/* Fill res with the ranges never handed out; returns how many. */
static unsigned int mm_collect_reserved(struct mm_range *res)
{
	unsigned int n = 0, i;

	res[n++] = (struct mm_range){ 0, MM_FIRST_MIB };
	res[n].start = ALIGN_DOWN(virt_to_phys(_kernel_start), PAGE_SIZE);
	res[n++].end = ALIGN_UP(virt_to_phys(_kernel_end), PAGE_SIZE);
	for (i = 0; i < boot_info.module_count && i < BOOT_MAX_MODULES; i++) {
		const struct boot_module *m = &boot_info.modules[i];

		if (m->end <= m->start)
			continue;
		res[n].start = ALIGN_DOWN(m->start, PAGE_SIZE);
		res[n++].end = ALIGN_UP(m->end, PAGE_SIZE);
		pr_info("mm: module %u at 0x%x-0x%x reserved\n", i, m->start,
			m->end);
	}
	return n;
}

/*
 * Lowest physical address, at or above every reserved range, where size
 * bytes of available RAM below lowmem_end are free.  Panics when none.
 */
static uint32_t mm_place_array(uint32_t size, const struct mm_range *res,
			       unsigned int nres, uint32_t lowmem_end)
{
	uint32_t above = 0, best = UINT32_MAX;
	unsigned int i;

	for (i = 0; i < nres; i++)
		above = MAX(above, res[i].end);
	for (i = 0; i < boot_info.mmap_count; i++) {
		struct mm_range r;

		if (!mm_entry_lowmem(&boot_info.mmap[i], &r))
			continue;
		r.start = MAX(r.start, above);
		r.end = MIN(r.end, lowmem_end);
		if (r.end > r.start && r.end - r.start >= size)
			best = MIN(best, r.start);
	}
	if (best == UINT32_MAX)
		panic("mm: no room for the page array (%u KiB) above 0x%x",
		      size >> 10, above);
	return best;
}

/* Build the buddy allocator over lowmem; returns the page array's range. */
static struct mm_range mm_setup_buddy(uint32_t lowmem_end,
				      struct mm_range *res, unsigned int nres)
{
	uint32_t npages = lowmem_end >> PAGE_SHIFT;
	uint32_t size = ALIGN_UP(npages * (uint32_t)sizeof(struct page),
				 PAGE_SIZE);
	struct mm_range array;
	unsigned int i;

	array.start = mm_place_array(size, res, nres, lowmem_end);
	array.end = array.start + size;
	buddy_init(phys_to_virt(array.start), npages);
	for (i = 0; i < boot_info.mmap_count; i++) {
		struct mm_range r;

		if (mm_entry_lowmem(&boot_info.mmap[i], &r))
			buddy_mark_available(r.start >> PAGE_SHIFT,
					     r.end >> PAGE_SHIFT);
	}
	res[nres++] = array;
	for (i = 0; i < nres; i++)
		buddy_mark_reserved(res[i].start >> PAGE_SHIFT,
				    res[i].end >> PAGE_SHIFT);
	buddy_release();
	return array;
}

void mm_init(void)
{
	struct mm_range res[MM_MAX_RESERVED + 1], array;
	struct mm_census c;
	unsigned int nres;

	mm_count(&c);
	mm_report(&c);
	if (c.lowmem_end <= MM_FIRST_MIB)
		panic("mm: no usable RAM above 1 MiB in the boot memory map");
	nres = mm_collect_reserved(res);
	paging_init_lowmem(c.lowmem_end);
	array = mm_setup_buddy(c.lowmem_end, res, nres);
	paging_init_kmap();
	kmalloc_init();
	pr_info("mm: %lu KiB free, kernel 0x%lx-0x%lx, page array 0x%x-0x%x\n",
		(unsigned long)(mm_free_pages() << (PAGE_SHIFT - 10)),
		(unsigned long)virt_to_phys(_kernel_start),
		(unsigned long)virt_to_phys(_kernel_end),
		array.start, array.end);
}
