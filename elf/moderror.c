/*
 * moderror.c: the module loader's error reports and relocation names.
 *
 * Interface (elf/module.h, elf/modpriv.h): elf_mod_fail, elf_mod_sec_name,
 * elf_mod_sym_label, elf_mod_strerror, elf_mod_reloc_name.
 */
#include "elf/modpriv.h"
#include "lib/errno.h"
#include "lib/printf.h"

int elf_mod_fail(struct elf_mod *m, const char *msg, uint32_t section,
		 uint32_t entry, const char *name)
{
	m->error = msg;
	m->error_section = section;
	m->error_entry = entry;
	m->error_name = name;
	return -ENOEXEC;
}

const char *elf_mod_sec_name(const struct elf_mod *m, uint32_t index)
{
	if (!m->shstrtab || index >= m->shnum)
		return "?";
	return m->shstrtab + m->shdr[index].sh_name;
}

const char *elf_mod_sym_label(const struct elf_mod *m,
			      const struct elf32_sym *sym)
{
	if (ELF32_ST_TYPE(sym->st_info) == STT_SECTION &&
	    sym->st_shndx < m->shnum)
		return elf_mod_sec_name(m, sym->st_shndx);
	return elf_mod_sym_name(m, sym);
}

/* "symbol 3 of section 9 (.symtab): " and the like, or "". */
static int mod_where(const struct elf_mod *m, char *buf, size_t size)
{
	uint32_t sec = m->error_section;
	const char *kind;

	if (sec == ELF_MOD_NONE || sec >= m->shnum)
		return snprintf(buf, size, "%s", "");
	if (m->error_entry == ELF_MOD_NONE)
		return snprintf(buf, size, "section %u (%s): ", sec,
				elf_mod_sec_name(m, sec));
	kind = m->shdr[sec].sh_type == SHT_SYMTAB ? "symbol" : "relocation";
	return snprintf(buf, size, "%s %u of section %u (%s): ", kind,
			m->error_entry, sec, elf_mod_sec_name(m, sec));
}

int elf_mod_strerror(const struct elf_mod *m, char *buf, size_t size)
{
	int n = mod_where(m, buf, size);
	size_t used = (size_t)n < size ? (size_t)n : size;

	if (m->error_name)
		return n + snprintf(buf + used, size - used, "%s (%s)",
				    m->error ? m->error : "no error",
				    m->error_name);
	return n + snprintf(buf + used, size - used, "%s",
			    m->error ? m->error : "no error");
}

/* i386 relocation types (System V ABI, Intel386 supplement). */
static const char *const mod_reloc_names[] = {
	[0] = "R_386_NONE", [1] = "R_386_32", [2] = "R_386_PC32",
	[3] = "R_386_GOT32", [4] = "R_386_PLT32", [5] = "R_386_COPY",
	[6] = "R_386_GLOB_DAT", [7] = "R_386_JMP_SLOT",
	[8] = "R_386_RELATIVE", [9] = "R_386_GOTOFF", [10] = "R_386_GOTPC",
	[11] = "R_386_32PLT", [14] = "R_386_TLS_TPOFF",
	[15] = "R_386_TLS_IE", [16] = "R_386_TLS_GOTIE",
	[17] = "R_386_TLS_LE", [18] = "R_386_TLS_GD", [19] = "R_386_TLS_LDM",
	[20] = "R_386_16", [21] = "R_386_PC16", [22] = "R_386_8",
	[23] = "R_386_PC8", [24] = "R_386_TLS_GD_32",
	[25] = "R_386_TLS_GD_PUSH", [26] = "R_386_TLS_GD_CALL",
	[27] = "R_386_TLS_GD_POP", [28] = "R_386_TLS_LDM_32",
	[29] = "R_386_TLS_LDM_PUSH", [30] = "R_386_TLS_LDM_CALL",
	[31] = "R_386_TLS_LDM_POP", [32] = "R_386_TLS_LDO_32",
	[33] = "R_386_TLS_IE_32", [34] = "R_386_TLS_LE_32",
	[35] = "R_386_TLS_DTPMOD32", [36] = "R_386_TLS_DTPOFF32",
	[37] = "R_386_TLS_TPOFF32", [38] = "R_386_SIZE32",
	[39] = "R_386_TLS_GOTDESC", [40] = "R_386_TLS_DESC_CALL",
	[41] = "R_386_TLS_DESC", [42] = "R_386_IRELATIVE",
	[43] = "R_386_GOT32X",
};

const char *elf_mod_reloc_name(uint32_t type)
{
	if (type >= sizeof(mod_reloc_names) / sizeof(mod_reloc_names[0]))
		return NULL;
	return mod_reloc_names[type];
}
