/*
 * modlayout.c: where a module's sections go, copying them there, and
 * reading sections and ".modinfo" from the file.
 *
 * Interface (elf/module.h): elf_mod_is_placed, elf_mod_layout,
 * elf_mod_copy, elf_mod_section, elf_mod_section_addr,
 * elf_mod_section_mem, elf_mod_modinfo_next, elf_mod_modinfo_get.
 *
 * A placed section (SHF_ALLOC, but not ".modinfo", which Linux does not
 * load either) goes into a region by what it holds: ".init*" sections
 * into the init regions (the kernel frees them after the module's init),
 * executable ones into text, writable ones (.data, .bss) into data, the
 * rest into rodata.  Inside a region sections keep their order in the
 * file, each at a multiple of its sh_addralign; the region's alignment is
 * the largest of them.
 */
#include "elf/modpriv.h"
#include "lib/errno.h"
#include "lib/string.h"

bool elf_mod_is_placed(const struct elf_mod *m, const struct elf32_shdr *sh)
{
	return (sh->sh_flags & SHF_ALLOC) &&
	       strcmp(m->shstrtab + sh->sh_name, ".modinfo") != 0;
}

static enum elf_mod_region mod_region_of(const struct elf_mod *m,
					 const struct elf32_shdr *sh)
{
	bool exec = sh->sh_flags & SHF_EXECINSTR;

	if (strncmp(m->shstrtab + sh->sh_name, ".init", 5) == 0)
		return exec ? ELF_MOD_INIT_TEXT : ELF_MOD_INIT_DATA;
	if (exec)
		return ELF_MOD_TEXT;
	return (sh->sh_flags & SHF_WRITE) ? ELF_MOD_DATA : ELF_MOD_RODATA;
}

/* Put section i at the end of its region. */
static int mod_place(struct elf_mod *m, uint32_t i)
{
	const struct elf32_shdr *sh = &m->shdr[i];
	enum elf_mod_region r = mod_region_of(m, sh);
	struct elf_mod_region_size *reg = &m->region[r];
	uint32_t align = sh->sh_addralign ? sh->sh_addralign : 1;
	uint32_t off = (reg->size + align - 1) & ~(align - 1);

	/* reg->size <= ELF_MOD_MAX_REGION, align <= 4096: no wrap above. */
	if (off > ELF_MOD_MAX_REGION || sh->sh_size > ELF_MOD_MAX_REGION - off)
		return elf_mod_fail(m, "module region larger than 16 MiB", i,
				    ELF_MOD_NONE, NULL);
	m->secs[i].region = r;
	m->secs[i].off = off;
	reg->size = off + sh->sh_size;
	if (align > reg->align)
		reg->align = align;
	return 0;
}

int elf_mod_layout(struct elf_mod *m, struct elf_mod_sec *secs)
{
	m->secs = secs;
	for (int r = 0; r < ELF_MOD_NREGIONS; r++)
		m->region[r] = (struct elf_mod_region_size){ 0, 1 };
	for (uint32_t i = 0; i < m->shnum; i++) {
		secs[i] = (struct elf_mod_sec){ 0, ELF_MOD_NOT_PLACED };
		if (i && elf_mod_is_placed(m, &m->shdr[i])) {
			int ret = mod_place(m, i);

			if (ret)
				return ret;
		}
	}
	return 0;
}

/* -EINVAL unless every needed region has memory at an aligned address. */
static int mod_check_bases(struct elf_mod *m, const struct elf_mod_bases *b)
{
	for (int r = 0; r < ELF_MOD_NREGIONS; r++) {
		const struct elf_mod_region_size *reg = &m->region[r];

		if (!reg->size)
			continue;
		if (!b->mem[r] || b->addr[r] % reg->align ||
		    b->addr[r] > UINT32_MAX - reg->size) {
			elf_mod_fail(m, "region memory missing or misaligned",
				     ELF_MOD_NONE, ELF_MOD_NONE, NULL);
			return -EINVAL;
		}
	}
	return 0;
}

int elf_mod_copy(struct elf_mod *m, const struct elf_mod_bases *bases)
{
	int ret = m->secs ? mod_check_bases(m, bases) : -EINVAL;

	if (ret)
		return ret;
	for (int r = 0; r < ELF_MOD_NREGIONS; r++)
		if (m->region[r].size)
			memset(bases->mem[r], 0, m->region[r].size);
	for (uint32_t i = 1; i < m->shnum; i++) {
		const struct elf32_shdr *sh = &m->shdr[i];
		const struct elf_mod_sec *s = &m->secs[i];

		if (s->region == ELF_MOD_NOT_PLACED || sh->sh_type == SHT_NOBITS)
			continue;
		memcpy(bases->mem[s->region] + s->off,
		       m->image + sh->sh_offset, sh->sh_size);
	}
	return 0;
}

int elf_mod_section(const struct elf_mod *m, const char *name,
		    const void **data, uint32_t *size)
{
	for (uint32_t i = 1; i < m->shnum; i++) {
		const struct elf32_shdr *sh = &m->shdr[i];

		if (strcmp(m->shstrtab + sh->sh_name, name) != 0)
			continue;
		*data = sh->sh_type == SHT_NOBITS ? NULL :
			m->image + sh->sh_offset;
		*size = sh->sh_size;
		return (int)i;
	}
	return -ENOENT;
}

/* Where section index went, or NULL when it was not placed. */
static const struct elf_mod_sec *mod_placed(const struct elf_mod *m,
					    uint32_t index)
{
	if (!m->secs || index >= m->shnum ||
	    m->secs[index].region == ELF_MOD_NOT_PLACED)
		return NULL;
	return &m->secs[index];
}

uint32_t elf_mod_section_addr(const struct elf_mod *m,
			      const struct elf_mod_bases *bases,
			      uint32_t index)
{
	const struct elf_mod_sec *s = mod_placed(m, index);

	return s ? bases->addr[s->region] + s->off : 0;
}

uint8_t *elf_mod_section_mem(const struct elf_mod *m,
			     const struct elf_mod_bases *bases, uint32_t index)
{
	const struct elf_mod_sec *s = mod_placed(m, index);

	return s ? bases->mem[s->region] + s->off : NULL;
}

const char *elf_mod_modinfo_next(const struct elf_mod *m, const char *prev)
{
	const char *end = m->modinfo + m->modinfo_size;
	const char *p = m->modinfo;

	if (!p)
		return NULL;
	if (prev)
		p = prev + strlen(prev) + 1;	/* prev was returned: ends */
	while (p < end && *p == '\0')
		p++;
	if (p >= end || !memchr(p, '\0', end - p))
		return NULL;
	return p;
}

const char *elf_mod_modinfo_get(const struct elf_mod *m, const char *key)
{
	size_t klen = strlen(key);
	const char *s = NULL;

	while ((s = elf_mod_modinfo_next(m, s)))
		if (strncmp(s, key, klen) == 0 && s[klen] == '=')
			return s + klen + 1;
	return NULL;
}
