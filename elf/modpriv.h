/*
 * modpriv.h: what the files of the module loader (elf/module.c,
 * modcheck.c, modlayout.c, modreloc.c, moderror.c) share and nobody else
 * uses.
 *
 *   elf_mod_fail(m, msg, section, entry, name)
 *		record an error in m (see elf/module.h); returns -ENOEXEC.
 *   elf_mod_sec_name(m, index)
 *		a section's name, or "?" before the names are checked.
 *   elf_mod_sym_name(m, sym)
 *		a symbol's name (valid once the symbol table is checked).
 *   elf_mod_sym_label(m, sym)
 *		the same for an error message: a section symbol (which
 *		has no name) is called by its section's name.
 *   elf_mod_check_symtab(m), elf_mod_check_rels(m)
 *		the parts of elf_mod_parse in elf/modcheck.c.
 */
#ifndef ELF_MODPRIV_H
#define ELF_MODPRIV_H

#include "elf/module.h"

int elf_mod_fail(struct elf_mod *m, const char *msg, uint32_t section,
		 uint32_t entry, const char *name);
const char *elf_mod_sec_name(const struct elf_mod *m, uint32_t index);
const char *elf_mod_sym_label(const struct elf_mod *m,
			      const struct elf32_sym *sym);
int elf_mod_check_symtab(struct elf_mod *m);
int elf_mod_check_rels(struct elf_mod *m);

static inline const char *elf_mod_sym_name(const struct elf_mod *m,
					   const struct elf32_sym *sym)
{
	return m->strtab + sym->st_name;
}

#endif
