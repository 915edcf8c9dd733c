/*
 * multiboot.c: copy what a Multiboot 1 loader gave us into boot_info.
 *
 * Runs on the boot page directory, which maps physical 0..256 MiB at
 * KERNEL_BASE: a structure the loader left above that is ignored with a
 * warning.  The image path that GRUB and QEMU put first on the command
 * line is dropped, so boot_info.cmdline holds only the options.
 */
#include "kernel/boot.h"
#include "kernel/x86/multiboot.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

#define EARLY_MAP_LIMIT	0x10000000u	/* mapped by boot/entry.asm */

struct boot_info boot_info;

/* Kernel pointer to len bytes at physical pa, or NULL if not mapped yet. */
static const void *early_ptr(uint32_t pa, uint32_t len)
{
	if (pa >= EARLY_MAP_LIMIT || len > EARLY_MAP_LIMIT - pa) {
		pr_warn("multiboot: data at 0x%08x is beyond the early map\n", pa);
		return NULL;
	}
	return phys_to_virt(pa);
}

static void copy_string(char *dst, uint32_t pa, size_t size)
{
	const char *src = early_ptr(pa, 1);

	dst[0] = '\0';
	if (src)
		strlcpy(dst, src, size);
}

/*
 * GRUB and QEMU put the kernel image's path first ("/boot/maestro.elf
 * opts..."): a first word with a '/' or a '.' and no '=' is that path.
 */
static bool is_image_path(const char *word, size_t len)
{
	bool path = false;

	for (size_t i = 0; i < len; i++) {
		if (word[i] == '=')
			return false;
		if (word[i] == '/' || word[i] == '.')
			path = true;
	}
	return path;
}

static void parse_cmdline(uint32_t pa)
{
	char *s = boot_info.cmdline;
	const char *rest;

	copy_string(s, pa, sizeof(boot_info.cmdline));
	rest = strchr(s, ' ');
	if (!rest)
		rest = s + strlen(s);
	if (is_image_path(s, rest - s)) {
		rest += *rest == ' ';
		memmove(s, rest, strlen(rest) + 1);
	}
}

static void parse_mmap(uint32_t pa, uint32_t len)
{
	const uint8_t *p = early_ptr(pa, len), *end = p + len;

	if (!p)
		return;
	while (p + sizeof(struct multiboot_mmap) <= end &&
	       boot_info.mmap_count < BOOT_MAX_MMAP) {
		const struct multiboot_mmap *m = (const void *)p;
		struct boot_mmap_entry *e = &boot_info.mmap[boot_info.mmap_count++];

		e->base = m->base;
		e->len = m->len;
		e->type = m->type;
		p += m->size + sizeof(m->size);
	}
}

/* Without a memory map, the basic lower/upper sizes describe two ranges. */
static void parse_basic_memory(const struct multiboot_info *mbi)
{
	boot_info.mmap[0] = (struct boot_mmap_entry){
		0, (uint64_t)mbi->mem_lower * 1024, BOOT_MEM_AVAILABLE };
	boot_info.mmap[1] = (struct boot_mmap_entry){
		0x100000, (uint64_t)mbi->mem_upper * 1024, BOOT_MEM_AVAILABLE };
	boot_info.mmap_count = 2;
}

static void parse_modules(uint32_t pa, uint32_t count)
{
	const struct multiboot_module *m = early_ptr(pa, count * sizeof(*m));

	if (!m)
		return;
	if (count > BOOT_MAX_MODULES) {
		pr_warn("multiboot: %u modules, only %u used\n", count,
			BOOT_MAX_MODULES);
		count = BOOT_MAX_MODULES;
	}
	for (uint32_t i = 0; i < count; i++) {
		boot_info.modules[i].start = m[i].start;
		boot_info.modules[i].end = m[i].end;
		copy_string(boot_info.modules[i].cmdline, m[i].cmdline,
			    sizeof(boot_info.modules[i].cmdline));
	}
	boot_info.module_count = count;
}

int multiboot_parse(uint32_t magic, uint32_t info_phys)
{
	const struct multiboot_info *mbi;

	if (magic != MULTIBOOT_LOADER_MAGIC) {
		pr_err("multiboot: bad loader magic 0x%08x\n", magic);
		return -EINVAL;
	}
	mbi = early_ptr(info_phys, sizeof(*mbi));
	if (!mbi)
		return -EINVAL;
	if (mbi->flags & MB_INFO_CMDLINE)
		parse_cmdline(mbi->cmdline);
	if (mbi->flags & MB_INFO_LOADER_NAME)
		copy_string(boot_info.loader, mbi->boot_loader_name,
			    sizeof(boot_info.loader));
	if (mbi->flags & MB_INFO_MMAP)
		parse_mmap(mbi->mmap_addr, mbi->mmap_length);
	else if (mbi->flags & MB_INFO_MEMORY)
		parse_basic_memory(mbi);
	if (mbi->flags & MB_INFO_MODS)
		parse_modules(mbi->mods_addr, mbi->mods_count);
	return 0;
}
