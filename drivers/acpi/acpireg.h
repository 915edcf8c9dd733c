/*
 * acpireg.h: ACPI table layouts (ACPI 6.x, the parts used here).
 */
#ifndef DRIVERS_ACPI_ACPIREG_H
#define DRIVERS_ACPI_ACPIREG_H

#include <stdint.h>
#include "lib/compiler.h"

struct acpi_rsdp {
	char signature[8];		/* "RSD PTR " */
	uint8_t checksum;		/* over the first 20 bytes */
	char oem_id[6];
	uint8_t revision;		/* 0: ACPI 1.0, 2: ACPI 2.0+ */
	uint32_t rsdt_address;
	uint32_t length;		/* revision 2 and later */
	uint64_t xsdt_address;
	uint8_t extended_checksum;
	uint8_t reserved[3];
} __packed;
_Static_assert(sizeof(struct acpi_rsdp) == 36, "RSDP layout");

struct acpi_header {
	char signature[4];
	uint32_t length;
	uint8_t revision;
	uint8_t checksum;
	char oem_id[6];
	char oem_table_id[8];
	uint32_t oem_revision;
	uint32_t creator_id;
	uint32_t creator_revision;
} __packed;
_Static_assert(sizeof(struct acpi_header) == 36, "ACPI header layout");

/* The FADT fields up to the PM1 control blocks. */
struct acpi_fadt {
	struct acpi_header header;
	uint32_t firmware_ctrl;
	uint32_t dsdt;
	uint8_t reserved;
	uint8_t preferred_pm_profile;
	uint16_t sci_int;
	uint32_t smi_cmd;
	uint8_t acpi_enable;
	uint8_t acpi_disable;
	uint8_t s4bios_req;
	uint8_t pstate_cnt;
	uint32_t pm1a_evt_blk;
	uint32_t pm1b_evt_blk;
	uint32_t pm1a_cnt_blk;
	uint32_t pm1b_cnt_blk;
} __packed;
_Static_assert(sizeof(struct acpi_fadt) == 72, "FADT layout");

#define ACPI_SLP_TYP_SHIFT	10
#define ACPI_SLP_EN		(1u << 13)
#define ACPI_SCI_EN		1u

#define AML_NAME_OP		0x08
#define AML_PACKAGE_OP		0x12
#define AML_BYTE_PREFIX		0x0a
#define AML_ZERO_OP		0x00
#define AML_ONE_OP		0x01

#endif
