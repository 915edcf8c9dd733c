/*
 * pd_name.c: the name of one frame of a stack.
 *
 * Interface (pd.h): pd_name_kernel(b, ksyms, addr, exact),
 * pd_name_user(b, elfs, proc, addr, exact).
 *
 * A return address is looked up at addr - 1: a call that is the last
 * instruction of a function returns past its end, and the caller is
 * what is meant.  A frame is never dropped; one that has no name is:
 *   kernel	"[kernel]+0xADDR_[k]";
 *   user	"FILE+0xADDR", FILE the basename of the mapping's path and
 *		ADDR the file's own address (its vaddr, as nm and addr2line
 *		show, through the PT_LOADs; the file offset if none holds
 *		it), or "[unknown]+0xADDR" outside every known mapping.
 * Kernel frames carry the suffix "_[k]" (flamegraph.pl's convention).
 */
#include <string.h>
#include "userland/profile/pd.h"

#define PD_KSUFFIX	"_[k]"

void pd_name_kernel(struct pd_str *b, const struct pd_symtab *ksyms,
		    uint32_t addr, int exact)
{
	const char *name = pd_symtab_find(ksyms, exact ? addr : addr - 1);
	char unknown[32];

	if (!name) {
		snprintf(unknown, sizeof(unknown), "[kernel]+0x%x", addr);
		name = unknown;
	}
	pd_str_frame(b, name, PD_KSUFFIX);
}

static const char *pd_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

void pd_name_user(struct pd_str *b, struct pd_elfcache *elfs,
		  const struct pd_proc *p, uint32_t addr, int exact)
{
	uint32_t look = exact ? addr : addr - 1, off, vaddr;
	const struct pd_map *map = p ? pd_maps_find(p, look) : NULL;
	const struct pd_elf *elf;
	const char *name;
	char unknown[32];

	if (!map) {
		snprintf(unknown, sizeof(unknown), "[unknown]+0x%x", addr);
		pd_str_frame(b, unknown, "");
		return;
	}
	off = look - map->start + map->offset;
	elf = pd_elfcache_get(elfs, map->path);
	if (elf && !pd_elf_vaddr(elf, off, &vaddr)) {
		name = pd_symtab_find(&elf->syms, vaddr);
		if (name) {
			pd_str_frame(b, name, "");
			return;
		}
		off = vaddr;
	}
	snprintf(unknown, sizeof(unknown), "+0x%x", off + (look != addr));
	pd_str_frame(b, pd_basename(map->path), unknown);
}
