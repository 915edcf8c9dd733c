/*
 * modcheck.c: the second half of elf_mod_parse(): the symbol table and
 * the relocation sections, checked once the section headers are known to
 * be sound (elf/module.c).
 *
 * Interface (elf/modpriv.h): elf_mod_check_symtab(m), elf_mod_check_rels(m).
 *
 * The rules, each giving -ENOEXEC and m->error when broken:
 *   - the symbol table: sh_entsize 16, a whole number of entries, at least
 *     the null symbol, sh_info (the first global) at most the count,
 *     sh_link a SHT_STRTAB section ending with a NUL;
 *   - every symbol: st_name inside that string table; st_shndx SHN_UNDEF
 *     (with a name, except symbol 0), SHN_ABS, or a real section whose
 *     size st_value does not pass; SHN_COMMON (build with -fno-common),
 *     other reserved indices and STT_TLS are refused;
 *   - every SHT_REL section: sh_entsize 8, a whole number of entries,
 *     sh_link the symbol table, sh_info a section with contents (not
 *     NOBITS, not a table);
 *   - every relocation: its symbol index inside the symbol table, its
 *     4 bytes inside the target section; when the target is placed
 *     (elf_mod_is_placed), a type the loader applies (NONE, 32, PC32,
 *     PLT32) and a symbol that is undefined, absolute or in a placed
 *     section.  Relocations of sections that are not placed (debug
 *     information) are skipped by the loader, so their type is not
 *     looked at.
 */
#include "elf/modpriv.h"
#include "lib/errno.h"

#define SYM_SIZE	((uint32_t)sizeof(struct elf32_sym))
#define REL_SIZE	((uint32_t)sizeof(struct elf32_rel))

/* The string table a symbol table names: non-empty, NUL-terminated. */
static int mod_check_strtab(struct elf_mod *m, uint32_t index)
{
	const struct elf32_shdr *sh;
	const char *tab;

	if (index == SHN_UNDEF || index >= m->shnum)
		return elf_mod_fail(m, "symbol table's string table index "
				    "out of range", m->symtab, ELF_MOD_NONE,
				    NULL);
	sh = &m->shdr[index];
	if (sh->sh_type != SHT_STRTAB)
		return elf_mod_fail(m, "symbol table's string table is not "
				    "SHT_STRTAB", m->symtab, ELF_MOD_NONE, NULL);
	tab = (const char *)m->image + sh->sh_offset;
	if (sh->sh_size == 0 || tab[sh->sh_size - 1] != '\0')
		return elf_mod_fail(m, "string table not NUL-terminated",
				    index, ELF_MOD_NONE, NULL);
	m->strtab = tab;
	m->strtab_size = sh->sh_size;
	return 0;
}

/* The rule a symbol breaks, or NULL (its name is known to be valid). */
static const char *mod_symbol_rule(const struct elf_mod *m, uint32_t i)
{
	const struct elf32_sym *sym = &m->syms[i];
	uint16_t shndx = sym->st_shndx;

	if (ELF32_ST_TYPE(sym->st_info) == STT_TLS)
		return "thread-local symbol";
	if (shndx == SHN_UNDEF)
		return i && !m->strtab[sym->st_name] ?
			"undefined symbol without a name" : NULL;
	if (shndx == SHN_ABS)
		return NULL;
	if (shndx == SHN_COMMON)
		return "common symbol (build with -fno-common)";
	if (shndx >= SHN_LORESERVE)
		return "symbol in a reserved section index";
	if (shndx >= m->shnum)
		return "symbol section index out of range";
	if (sym->st_value > m->shdr[shndx].sh_size)
		return "symbol value outside its section";
	return NULL;
}

int elf_mod_check_symtab(struct elf_mod *m)
{
	const struct elf32_shdr *sh = &m->shdr[m->symtab];
	const char *msg = NULL;
	int ret;

	if (sh->sh_entsize != SYM_SIZE)
		msg = "symbol table entry size is not 16";
	else if (sh->sh_size % SYM_SIZE || sh->sh_size == 0)
		msg = "symbol table size not a whole number of symbols";
	else if (sh->sh_info > sh->sh_size / SYM_SIZE)
		msg = "symbol table's first global index out of range";
	if (msg)
		return elf_mod_fail(m, msg, m->symtab, ELF_MOD_NONE, NULL);
	if ((ret = mod_check_strtab(m, sh->sh_link)))
		return ret;
	m->syms = (const struct elf32_sym *)(m->image + sh->sh_offset);
	m->nsyms = sh->sh_size / SYM_SIZE;
	for (uint32_t i = 0; i < m->nsyms; i++) {
		if (m->syms[i].st_name >= m->strtab_size)
			return elf_mod_fail(m, "symbol name outside the string "
					    "table", m->symtab, i, NULL);
		msg = mod_symbol_rule(m, i);
		if (msg)
			return elf_mod_fail(m, msg, m->symtab, i,
					    elf_mod_sym_label(m, &m->syms[i]));
	}
	return 0;
}

/* The rule a relocation section's header breaks, or NULL. */
static const char *mod_relsec_rule(const struct elf_mod *m,
				   const struct elf32_shdr *sh)
{
	if (sh->sh_entsize != REL_SIZE)
		return "relocation entry size is not 8";
	if (sh->sh_size % REL_SIZE)
		return "relocation section size not a whole number of entries";
	if (sh->sh_link != m->symtab)
		return "relocation section not linked to the symbol table";
	if (sh->sh_info == SHN_UNDEF || sh->sh_info >= m->shnum)
		return "relocation target section index out of range";
	switch (m->shdr[sh->sh_info].sh_type) {
	case SHT_NULL: case SHT_NOBITS: case SHT_SYMTAB: case SHT_STRTAB:
	case SHT_REL: case SHT_RELA: case SHT_GROUP: case SHT_SYMTAB_SHNDX:
		return "relocation target section has no bytes to relocate";
	}
	return NULL;
}

/* Whether the loader can use a symbol for a placed section's relocation. */
static bool mod_sym_loaded(const struct elf_mod *m, uint32_t index)
{
	uint16_t shndx = m->syms[index].st_shndx;

	if (shndx == SHN_UNDEF || shndx == SHN_ABS)
		return true;
	return elf_mod_is_placed(m, &m->shdr[shndx]);
}

static int mod_check_rel(struct elf_mod *m, uint32_t sec, uint32_t j,
			 bool placed)
{
	const struct elf32_shdr *sh = &m->shdr[sec];
	const struct elf32_shdr *target = &m->shdr[sh->sh_info];
	const struct elf32_rel *rel =
		(const struct elf32_rel *)(m->image + sh->sh_offset) + j;
	uint32_t sym = ELF32_R_SYM(rel->r_info);
	uint32_t type = ELF32_R_TYPE(rel->r_info);

	if (sym >= m->nsyms)
		return elf_mod_fail(m, "relocation symbol index out of range",
				    sec, j, NULL);
	if (target->sh_size < 4 || rel->r_offset > target->sh_size - 4)
		return elf_mod_fail(m, "relocation outside its target section",
				    sec, j, elf_mod_sec_name(m, sh->sh_info));
	if (!placed)
		return 0;
	if (type != R_386_NONE && type != R_386_32 && type != R_386_PC32 &&
	    type != R_386_PLT32)
		return elf_mod_fail(m, elf_mod_reloc_name(type) ?
				    "unsupported relocation type" :
				    "unknown relocation type", sec, j,
				    elf_mod_reloc_name(type));
	if (!mod_sym_loaded(m, sym))
		return elf_mod_fail(m, "relocation against a symbol in a "
				    "section that is not loaded", sec, j,
				    elf_mod_sym_label(m, &m->syms[sym]));
	return 0;
}

int elf_mod_check_rels(struct elf_mod *m)
{
	for (uint32_t i = 1; i < m->shnum; i++) {
		const struct elf32_shdr *sh = &m->shdr[i];
		const char *msg;
		bool placed;

		if (sh->sh_type != SHT_REL)
			continue;
		msg = mod_relsec_rule(m, sh);
		if (msg)
			return elf_mod_fail(m, msg, i, ELF_MOD_NONE, NULL);
		placed = elf_mod_is_placed(m, &m->shdr[sh->sh_info]);
		for (uint32_t j = 0; j < sh->sh_size / REL_SIZE; j++) {
			int ret = mod_check_rel(m, i, j, placed);

			if (ret)
				return ret;
		}
	}
	return 0;
}
