/*
 * module.c: elf_mod_parse(), the validation of a relocatable i386 object
 * before anything uses it: the file header and the section headers here,
 * the symbol table and the relocations in elf/modcheck.c.
 *
 * Interface (elf/module.h): elf_mod_parse(image, len, m).
 *
 * Every rule broken gives -ENOEXEC and m->error:
 *   - the file: at most 4 GiB (so that no offset + size wraps);
 *   - the file header: ELF magic, ELFCLASS32, ELFDATA2LSB, EV_CURRENT,
 *     ET_REL, EM_386, e_shentsize 40, 1 <= e_shnum <= ELF_MOD_MAX_SECTIONS,
 *     the section header table 4-byte aligned and inside the file,
 *     e_shstrndx a real section (extended numbering is refused);
 *   - every section: its bytes inside the file (except SHT_NOBITS),
 *     sh_addralign 0 or a power of two up to ELF_MOD_MAX_ALIGN, no
 *     SHT_RELA (i386 objects use SHT_REL) nor SHT_SYMTAB_SHNDX, exactly
 *     one SHT_SYMTAB, symbol and relocation tables 4-byte aligned in the
 *     file, an SHF_ALLOC section of a loadable type (PROGBITS, NOBITS,
 *     NOTE, INIT/FINI/PREINIT_ARRAY), never both writable and
 *     executable, never thread-local (SHF_TLS);
 *   - the section name table: SHT_STRTAB, non-empty, ending with a NUL,
 *     and every sh_name inside it;
 *   - no two sections' bytes overlap in the file, nor overlap the file
 *     header or the section header table.
 * The image pointer itself must be 4-byte aligned (-EINVAL otherwise: a
 * caller's bug, not the file's).
 */
#include "elf/modpriv.h"
#include "lib/errno.h"
#include "lib/string.h"

#define SHDR_SIZE	((uint32_t)sizeof(struct elf32_shdr))

/* Whether [off, off + size) lies inside a file of len bytes. */
static bool mod_inside(size_t len, uint32_t off, uint32_t size)
{
	return size <= len && off <= len - size;
}

static bool mod_has_bytes(const struct elf32_shdr *sh)
{
	return sh->sh_type != SHT_NOBITS && sh->sh_type != SHT_NULL &&
	       sh->sh_size != 0;
}

static int mod_check_ident(struct elf_mod *m, const struct elf32_ehdr *eh)
{
	const uint8_t *id = eh->e_ident;

	if (id[EI_MAG0] != ELFMAG0 || id[EI_MAG1] != ELFMAG1 ||
	    id[EI_MAG2] != ELFMAG2 || id[EI_MAG3] != ELFMAG3)
		return elf_mod_fail(m, "not an ELF file", ELF_MOD_NONE,
				    ELF_MOD_NONE, NULL);
	if (id[EI_CLASS] != ELFCLASS32)
		return elf_mod_fail(m, "not a 32-bit ELF file (ELFCLASS32)",
				    ELF_MOD_NONE, ELF_MOD_NONE, NULL);
	if (id[EI_DATA] != ELFDATA2LSB)
		return elf_mod_fail(m, "not a little-endian ELF file",
				    ELF_MOD_NONE, ELF_MOD_NONE, NULL);
	if (id[EI_VERSION] != EV_CURRENT || eh->e_version != EV_CURRENT)
		return elf_mod_fail(m, "unknown ELF version", ELF_MOD_NONE,
				    ELF_MOD_NONE, NULL);
	return 0;
}

/* The file header and the section header table's place. */
static int mod_check_ehdr(struct elf_mod *m, const struct elf32_ehdr *eh)
{
	const char *msg = NULL;
	int ret = mod_check_ident(m, eh);

	if (ret)
		return ret;
	if (eh->e_type != ET_REL)
		msg = "not a relocatable object (ET_REL)";
	else if (eh->e_machine != EM_386)
		msg = "not an i386 object (EM_386)";
	else if (eh->e_shentsize != SHDR_SIZE)
		msg = "section header size is not 40";
	else if (eh->e_shnum == 0)
		msg = "no section headers (or extended numbering)";
	else if (eh->e_shnum > ELF_MOD_MAX_SECTIONS)
		msg = "too many sections";
	else if (eh->e_shoff % 4)
		msg = "section header table not 4-byte aligned";
	else if (!mod_inside(m->len, eh->e_shoff, eh->e_shnum * SHDR_SIZE))
		msg = "section header table outside the file";
	else if (eh->e_shstrndx == SHN_UNDEF || eh->e_shstrndx >= eh->e_shnum)
		msg = "section name table index out of range";
	if (msg)
		return elf_mod_fail(m, msg, ELF_MOD_NONE, ELF_MOD_NONE, NULL);
	m->shdr = (const struct elf32_shdr *)(m->image + eh->e_shoff);
	m->shnum = eh->e_shnum;
	return 0;
}

/* The rules on an SHF_ALLOC section; NULL when it keeps them. */
static const char *mod_alloc_rule(const struct elf32_shdr *sh)
{
	switch (sh->sh_type) {
	case SHT_PROGBITS: case SHT_NOBITS: case SHT_NOTE:
	case SHT_INIT_ARRAY: case SHT_FINI_ARRAY: case SHT_PREINIT_ARRAY:
		break;
	default:
		return "allocated section of an unexpected type";
	}
	if ((sh->sh_flags & SHF_WRITE) && (sh->sh_flags & SHF_EXECINSTR))
		return "section both writable and executable";
	if (sh->sh_flags & SHF_TLS)
		return "thread-local section (SHF_TLS)";
	return NULL;
}

/* The rules on one section by itself; NULL when it keeps them. */
static const char *mod_section_rule(const struct elf_mod *m,
				    const struct elf32_shdr *sh)
{
	uint32_t align = sh->sh_addralign;

	if (sh->sh_type == SHT_RELA)
		return "SHT_RELA section (i386 uses SHT_REL)";
	if (sh->sh_type == SHT_SYMTAB_SHNDX)
		return "extended section indices (SHT_SYMTAB_SHNDX)";
	if (sh->sh_type != SHT_NOBITS &&
	    !mod_inside(m->len, sh->sh_offset, sh->sh_size))
		return "section extends past the end of the file";
	if (align & (align - 1))
		return "section alignment not a power of two";
	if (align > ELF_MOD_MAX_ALIGN)
		return "section alignment above 4096";
	if ((sh->sh_type == SHT_SYMTAB || sh->sh_type == SHT_REL) &&
	    sh->sh_offset % 4)
		return "symbol or relocation table not 4-byte aligned";
	if (sh->sh_flags & SHF_ALLOC)
		return mod_alloc_rule(sh);
	return NULL;
}

static int mod_check_sections(struct elf_mod *m)
{
	for (uint32_t i = 1; i < m->shnum; i++) {
		const struct elf32_shdr *sh = &m->shdr[i];
		const char *msg = mod_section_rule(m, sh);

		if (!msg && sh->sh_type == SHT_SYMTAB) {
			if (m->symtab)
				msg = "more than one symbol table";
			m->symtab = i;
		}
		if (msg)
			return elf_mod_fail(m, msg, i, ELF_MOD_NONE, NULL);
	}
	if (!m->symtab)
		return elf_mod_fail(m, "no symbol table", ELF_MOD_NONE,
				    ELF_MOD_NONE, NULL);
	return 0;
}

/* The section names, checked first so that later errors can name
 * sections: a NUL-terminated table, every name inside it. */
static int mod_check_names(struct elf_mod *m, uint32_t index)
{
	const struct elf32_shdr *sh = &m->shdr[index];
	const char *tab = (const char *)m->image + sh->sh_offset;

	if (sh->sh_type != SHT_STRTAB)
		return elf_mod_fail(m, "section name table is not SHT_STRTAB",
				    index, ELF_MOD_NONE, NULL);
	if (!mod_inside(m->len, sh->sh_offset, sh->sh_size))
		return elf_mod_fail(m, "section extends past the end of the "
				    "file", index, ELF_MOD_NONE, NULL);
	if (sh->sh_size == 0 || tab[sh->sh_size - 1] != '\0')
		return elf_mod_fail(m, "string table not NUL-terminated",
				    index, ELF_MOD_NONE, NULL);
	for (uint32_t i = 0; i < m->shnum; i++)
		if (m->shdr[i].sh_name >= sh->sh_size)
			return elf_mod_fail(m, "section name outside the "
					    "section name table", i,
					    ELF_MOD_NONE, NULL);
	m->shstrtab = tab;
	m->shstrtab_size = sh->sh_size;
	return 0;
}

static bool mod_overlap(uint32_t a, uint32_t alen, uint32_t b, uint32_t blen)
{
	return a < b + blen && b < a + alen;
}

/* No two sections share file bytes, nor share them with the headers. */
static int mod_check_overlaps(struct elf_mod *m, const struct elf32_ehdr *eh)
{
	uint32_t table = m->shnum * SHDR_SIZE;

	for (uint32_t i = 1; i < m->shnum; i++) {
		const struct elf32_shdr *a = &m->shdr[i];
		const char *msg = NULL;

		if (!mod_has_bytes(a))
			continue;
		if (mod_overlap(a->sh_offset, a->sh_size, 0, sizeof(*eh)))
			msg = "section overlaps the ELF header";
		else if (mod_overlap(a->sh_offset, a->sh_size, eh->e_shoff,
				     table))
			msg = "section overlaps the section header table";
		if (msg)
			return elf_mod_fail(m, msg, i, ELF_MOD_NONE, NULL);
		for (uint32_t j = 1; j < i; j++) {
			const struct elf32_shdr *b = &m->shdr[j];

			if (mod_has_bytes(b) &&
			    mod_overlap(a->sh_offset, a->sh_size,
					b->sh_offset, b->sh_size))
				return elf_mod_fail(m, "sections overlap in "
					"the file", i, ELF_MOD_NONE,
					elf_mod_sec_name(m, j));
		}
	}
	return 0;
}

/* ".modinfo", read from the file (never placed). */
static void mod_find_modinfo(struct elf_mod *m)
{
	const void *data;
	uint32_t size;

	if (elf_mod_section(m, ".modinfo", &data, &size) > 0 && data) {
		m->modinfo = data;
		m->modinfo_size = size;
	}
}

int elf_mod_parse(const void *image, size_t len, struct elf_mod *m)
{
	const struct elf32_ehdr *eh = image;
	int ret;

	memset(m, 0, sizeof(*m));
	m->image = image;
	m->len = len;
	m->error_section = m->error_entry = ELF_MOD_NONE;
	if ((uintptr_t)image % 4) {
		elf_mod_fail(m, "image not 4-byte aligned in memory",
			     ELF_MOD_NONE, ELF_MOD_NONE, NULL);
		return -EINVAL;
	}
	if (len < sizeof(*eh))
		return elf_mod_fail(m, "file shorter than an ELF header",
				    ELF_MOD_NONE, ELF_MOD_NONE, NULL);
	if (len > UINT32_MAX)	/* ELF32 offsets: and no sum below wraps */
		return elf_mod_fail(m, "file larger than 4 GiB", ELF_MOD_NONE,
				    ELF_MOD_NONE, NULL);
	if ((ret = mod_check_ehdr(m, eh)) ||
	    (ret = mod_check_names(m, eh->e_shstrndx)) ||
	    (ret = mod_check_sections(m)) ||
	    (ret = mod_check_overlaps(m, eh)) ||
	    (ret = elf_mod_check_symtab(m)) || (ret = elf_mod_check_rels(m)))
		return ret;
	mod_find_modinfo(m);
	return 0;
}
