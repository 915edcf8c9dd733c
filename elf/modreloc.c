/*
 * modreloc.c: a module's symbols' run-time addresses and its relocations.
 *
 * Interface (elf/module.h): elf_mod_relocate, elf_mod_symbol,
 * elf_mod_global_next.
 *
 * elf_mod_parse has checked every relocation of a placed section (its
 * type, its symbol, its 4 bytes inside the target), so this file only
 * computes: the word at P is A; R_386_32 stores S + A, R_386_PC32 and
 * R_386_PLT32 store S + A - P, with 32-bit wrap-around as the CPU has it.
 * The word at P may be unaligned (debug sections, instructions): it is
 * read and written a byte at a time, little-endian.
 */
#include "elf/modpriv.h"
#include "lib/errno.h"
#include "lib/string.h"

#define REL_SIZE	((uint32_t)sizeof(struct elf32_rel))

static uint32_t mod_get32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void mod_put32(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* A defined symbol's address; false when its section is not placed. */
static bool mod_defined_addr(const struct elf_mod *m,
			     const struct elf_mod_bases *bases,
			     const struct elf32_sym *sym, uint32_t *value)
{
	if (sym->st_shndx == SHN_ABS) {
		*value = sym->st_value;
		return true;
	}
	if (sym->st_shndx == SHN_UNDEF ||
	    m->secs[sym->st_shndx].region == ELF_MOD_NOT_PLACED)
		return false;
	*value = elf_mod_section_addr(m, bases, sym->st_shndx) + sym->st_value;
	return true;
}

/* S for symbol index: 0, -ENOENT or resolve's error (m->error set). */
static int mod_sym_value(struct elf_mod *m, const struct elf_mod_bases *bases,
			 uint32_t index, elf_mod_resolve_fn resolve, void *ctx,
			 uint32_t *value)
{
	const struct elf32_sym *sym = &m->syms[index];
	const char *name = elf_mod_sym_name(m, sym);
	int ret;

	*value = 0;
	if (index == 0 || mod_defined_addr(m, bases, sym, value))
		return 0;
	ret = resolve(ctx, name, value);
	if (ret == -ENOENT && ELF32_ST_BIND(sym->st_info) == STB_WEAK) {
		*value = 0;
		return 0;
	}
	if (ret) {
		elf_mod_fail(m, ret == -ENOENT ? "undefined symbol" :
			     "symbol lookup failed", m->symtab, index, name);
		return ret;
	}
	return 0;
}

/* Apply relocation j of section sec (whose target is placed). */
static int mod_apply(struct elf_mod *m, const struct elf_mod_bases *bases,
		     uint32_t sec, uint32_t j, elf_mod_resolve_fn resolve,
		     void *ctx)
{
	const struct elf32_shdr *sh = &m->shdr[sec];
	const struct elf32_rel *rel =
		(const struct elf32_rel *)(m->image + sh->sh_offset) + j;
	const struct elf_mod_sec *t = &m->secs[sh->sh_info];
	uint8_t *where = bases->mem[t->region] + t->off + rel->r_offset;
	uint32_t p = bases->addr[t->region] + t->off + rel->r_offset;
	uint32_t type = ELF32_R_TYPE(rel->r_info), s;
	int ret;

	if (type == R_386_NONE)
		return 0;
	ret = mod_sym_value(m, bases, ELF32_R_SYM(rel->r_info), resolve, ctx,
			    &s);
	if (ret)
		return ret;
	if (type == R_386_32)
		mod_put32(where, s + mod_get32(where));
	else	/* R_386_PC32, R_386_PLT32: elf_mod_parse let nothing else by */
		mod_put32(where, s + mod_get32(where) - p);
	return 0;
}

int elf_mod_relocate(struct elf_mod *m, const struct elf_mod_bases *bases,
		     elf_mod_resolve_fn resolve, void *ctx)
{
	if (!m->secs)
		return -EINVAL;
	for (uint32_t i = 1; i < m->shnum; i++) {
		const struct elf32_shdr *sh = &m->shdr[i];

		if (sh->sh_type != SHT_REL ||
		    m->secs[sh->sh_info].region == ELF_MOD_NOT_PLACED)
			continue;
		for (uint32_t j = 0; j < sh->sh_size / REL_SIZE; j++) {
			int ret = mod_apply(m, bases, i, j, resolve, ctx);

			if (ret)
				return ret;
		}
	}
	return 0;
}

/* Whether symbol i is a defined global or weak one, with its address. */
static bool mod_global(const struct elf_mod *m,
		       const struct elf_mod_bases *bases, uint32_t i,
		       uint32_t *value)
{
	const struct elf32_sym *sym = &m->syms[i];
	uint8_t bind = ELF32_ST_BIND(sym->st_info);

	if (bind != STB_GLOBAL && bind != STB_WEAK)
		return false;
	return mod_defined_addr(m, bases, sym, value);
}

int elf_mod_symbol(const struct elf_mod *m, const struct elf_mod_bases *bases,
		   const char *name, uint32_t *value)
{
	uint32_t i = 0;
	const char *n;

	while (elf_mod_global_next(m, bases, &i, &n, value))
		if (strcmp(n, name) == 0)
			return 0;
	return -ENOENT;
}

bool elf_mod_global_next(const struct elf_mod *m,
			 const struct elf_mod_bases *bases, uint32_t *i,
			 const char **name, uint32_t *value)
{
	if (!m->secs)
		return false;
	while (*i < m->nsyms) {
		uint32_t index = (*i)++;

		if (index && mod_global(m, bases, index, value)) {
			*name = elf_mod_sym_name(m, &m->syms[index]);
			return true;
		}
	}
	return false;
}
