/*
 * multiboot.h: the Multiboot 1 information block, as the boot loader
 * leaves it in memory (physical addresses, little endian).
 */
#ifndef KERNEL_X86_MULTIBOOT_H
#define KERNEL_X86_MULTIBOOT_H

#include <stdint.h>
#include "lib/compiler.h"

#define MULTIBOOT_LOADER_MAGIC	0x2BADB002

#define MB_INFO_MEMORY		(1u << 0)
#define MB_INFO_CMDLINE		(1u << 2)
#define MB_INFO_MODS		(1u << 3)
#define MB_INFO_MMAP		(1u << 6)
#define MB_INFO_LOADER_NAME	(1u << 9)

struct multiboot_info {
	uint32_t flags;
	uint32_t mem_lower;	/* KiB below 1 MiB */
	uint32_t mem_upper;	/* KiB above 1 MiB */
	uint32_t boot_device;
	uint32_t cmdline;
	uint32_t mods_count;
	uint32_t mods_addr;
	uint32_t syms[4];
	uint32_t mmap_length;
	uint32_t mmap_addr;
	uint32_t drives_length;
	uint32_t drives_addr;
	uint32_t config_table;
	uint32_t boot_loader_name;
} __packed;
_Static_assert(sizeof(struct multiboot_info) == 68, "multiboot_info layout");

struct multiboot_mmap {
	uint32_t size;		/* of the rest of this entry */
	uint64_t base;
	uint64_t len;
	uint32_t type;
} __packed;
_Static_assert(sizeof(struct multiboot_mmap) == 24, "multiboot_mmap layout");

struct multiboot_module {
	uint32_t start;
	uint32_t end;
	uint32_t cmdline;
	uint32_t reserved;
} __packed;
_Static_assert(sizeof(struct multiboot_module) == 16, "multiboot_module layout");

#endif
