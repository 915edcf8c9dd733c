/*
 * acpi.c: find the ACPI tables and power off through S5 (see acpi.h).
 *
 * Tables may lie above the kernel's linear map (near the top of a large
 * RAM), so they are reached through acpi_map(), which maps pages in the
 * KMAP area when needed.  Every table's checksum and length are checked;
 * a firmware with broken tables just gets no ACPI power-off.
 */
#include "drivers/acpi/acpi.h"
#include "drivers/acpi/acpireg.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

#define BIOS_EBDA_SEGMENT_PTR	0x40e
#define BIOS_ROM_START		0xe0000
#define BIOS_ROM_END		0x100000
#define ACPI_TABLE_MAX		(1024 * 1024)

static uint16_t pm1a_cnt, pm1b_cnt;
static uint8_t slp_typa, slp_typb;
static bool s5_found;

/* Kernel address of len bytes at physical pa, or NULL. */
static const void *acpi_map(uintptr_t pa, uint32_t len)
{
	uintptr_t first = pa & PAGE_MASK, va;
	uint32_t pages = (uint32_t)((pa + len - first + PAGE_SIZE - 1) >> PAGE_SHIFT);
	uintptr_t phys;

	if (len == 0 || pa + len < pa)
		return NULL;
	if (pa + len <= LOWMEM_MAX &&
	    paging_translate(kernel_pgdir, (uintptr_t)phys_to_virt(pa + len - 1),
			     &phys, NULL))
		return phys_to_virt(pa);
	va = kmap_va_alloc(pages);
	if (!va)
		return NULL;
	for (uint32_t i = 0; i < pages; i++)
		if (paging_map(kernel_pgdir, va + i * PAGE_SIZE,
			       first + i * PAGE_SIZE, PTE_NX) < 0)
			return NULL;
	return (const void *)(va + (pa - first));
}

static bool acpi_checksum_ok(const void *p, uint32_t len)
{
	const uint8_t *b = p;
	uint8_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum += b[i];
	return sum == 0;
}

static const struct acpi_rsdp *rsdp_scan(uintptr_t start, uintptr_t end)
{
	for (uintptr_t pa = start; pa + sizeof(struct acpi_rsdp) <= end; pa += 16) {
		const struct acpi_rsdp *r = phys_to_virt(pa);

		if (memcmp(r->signature, "RSD PTR ", 8) == 0 &&
		    acpi_checksum_ok(r, 20))
			return r;
	}
	return NULL;
}

static const struct acpi_rsdp *rsdp_find(void)
{
	uintptr_t ebda = (uintptr_t)*(const uint16_t *)phys_to_virt(BIOS_EBDA_SEGMENT_PTR) << 4;
	const struct acpi_rsdp *r = NULL;

	if (ebda >= 0x80000 && ebda < 0xa0000)
		r = rsdp_scan(ebda, ebda + 1024);
	return r ? r : rsdp_scan(BIOS_ROM_START, BIOS_ROM_END);
}

/* The whole table at pa, checked, or NULL. */
static const struct acpi_header *acpi_table(uintptr_t pa)
{
	const struct acpi_header *h = acpi_map(pa, sizeof(*h));

	if (!h || h->length < sizeof(*h) || h->length > ACPI_TABLE_MAX)
		return NULL;
	h = acpi_map(pa, h->length);
	return h && acpi_checksum_ok(h, h->length) ? h : NULL;
}

/* The FADT ("FACP") listed in the RSDT. */
static const struct acpi_fadt *fadt_find(const struct acpi_rsdp *rsdp)
{
	const struct acpi_header *rsdt = acpi_table(rsdp->rsdt_address);
	uint32_t n;

	if (!rsdt || memcmp(rsdt->signature, "RSDT", 4) != 0)
		return NULL;
	n = (rsdt->length - sizeof(*rsdt)) / 4;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t pa;
		const struct acpi_header *t;

		memcpy(&pa, (const uint8_t *)(rsdt + 1) + i * 4, 4);
		t = acpi_table(pa);
		if (t && memcmp(t->signature, "FACP", 4) == 0 &&
		    t->length >= sizeof(struct acpi_fadt))
			return (const struct acpi_fadt *)t;
	}
	return NULL;
}

/* One small integer of an AML package: ZeroOp, OneOp or BytePrefix n. */
static const uint8_t *aml_small_int(const uint8_t *p, const uint8_t *end,
				    uint8_t *out)
{
	if (p < end && (*p == AML_ZERO_OP || *p == AML_ONE_OP)) {
		*out = *p;
		return p + 1;
	}
	if (p + 1 < end && *p == AML_BYTE_PREFIX) {
		*out = p[1];
		return p + 2;
	}
	return NULL;
}

/* Find Name(_S5_, Package() { SLP_TYPa, SLP_TYPb, ... }) in the DSDT. */
static bool s5_parse(const struct acpi_header *dsdt)
{
	const uint8_t *p = (const uint8_t *)(dsdt + 1);
	const uint8_t *end = (const uint8_t *)dsdt + dsdt->length;

	for (; p + 8 < end; p++) {
		if (memcmp(p, "_S5_", 4) != 0 || p[4] != AML_PACKAGE_OP)
			continue;
		if (p[-1] != AML_NAME_OP && !(p[-1] == '\\' && p[-2] == AML_NAME_OP))
			continue;
		p += 5;
		p += (*p >> 6) + 1;	/* PkgLength: 1 to 4 bytes */
		p++;			/* NumElements */
		p = aml_small_int(p, end, &slp_typa);
		if (p)
			p = aml_small_int(p, end, &slp_typb);
		return p != NULL;
	}
	return false;
}

static int acpi_init(void)
{
	const struct acpi_rsdp *rsdp = rsdp_find();
	const struct acpi_fadt *fadt;
	const struct acpi_header *dsdt;

	if (!rsdp) {
		pr_info("acpi: no RSDP, power-off will not work\n");
		return 0;
	}
	fadt = fadt_find(rsdp);
	dsdt = fadt ? acpi_table(fadt->dsdt) : NULL;
	if (!fadt || !dsdt || memcmp(dsdt->signature, "DSDT", 4) != 0) {
		pr_warn("acpi: no usable FADT or DSDT, power-off will not work\n");
		return 0;
	}
	pm1a_cnt = (uint16_t)fadt->pm1a_cnt_blk;
	pm1b_cnt = (uint16_t)fadt->pm1b_cnt_blk;
	s5_found = pm1a_cnt && s5_parse(dsdt);
	pr_info("acpi: RSDP %.6s rev %u, PM1a_CNT 0x%x, S5 %s (SLP_TYP %u)\n",
		rsdp->oem_id, rsdp->revision, pm1a_cnt,
		s5_found ? "found" : "missing", slp_typa);
	return 0;
}
INITCALL(INIT_DEVICE, acpi_init);

int acpi_poweroff(void)
{
	if (!s5_found)
		return -ENODEV;
	outw(pm1a_cnt, (uint16_t)(slp_typa << ACPI_SLP_TYP_SHIFT | ACPI_SLP_EN));
	if (pm1b_cnt)
		outw(pm1b_cnt, (uint16_t)(slp_typb << ACPI_SLP_TYP_SHIFT | ACPI_SLP_EN));
	return 0;
}
