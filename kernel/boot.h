/*
 * boot.h: what the boot loader told us, copied into kernel memory.
 *
 * multiboot_parse() fills boot_info from the Multiboot 1 information block
 * before anything can overwrite it: the command line, the physical memory
 * map (BIOS e820 types) and the modules GRUB loaded.  Everything after
 * early boot reads boot_info only.
 */
#ifndef KERNEL_BOOT_H
#define KERNEL_BOOT_H

#include <stdint.h>

#define BOOT_MAX_MMAP		64
#define BOOT_MAX_MODULES	8
#define BOOT_CMDLINE_MAX	512

#define BOOT_MEM_AVAILABLE	1	/* e820 type 1: usable RAM */

struct boot_mmap_entry {
	uint64_t base;
	uint64_t len;
	uint32_t type;
};

struct boot_module {
	uint32_t start;		/* physical address of the first byte */
	uint32_t end;		/* physical address past the last byte */
	char cmdline[64];
};

struct boot_info {
	char cmdline[BOOT_CMDLINE_MAX];
	char loader[32];
	struct boot_mmap_entry mmap[BOOT_MAX_MMAP];
	unsigned int mmap_count;
	struct boot_module modules[BOOT_MAX_MODULES];
	unsigned int module_count;
};

extern struct boot_info boot_info;

/* Returns 0, or -EINVAL when magic is not the Multiboot 1 loader magic. */
int multiboot_parse(uint32_t magic, uint32_t info_phys);

/* Linker-script symbols: the kernel image's virtual bounds. */
extern char _kernel_start[], _kernel_end[], _text_start[], _text_end[];

#endif
