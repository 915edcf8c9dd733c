/*
 * pd_elf.c: what the profiler needs from an ELF32 file: its PT_LOAD
 * segments (to turn a file offset into the file's own addresses) and
 * its function symbols.
 *
 * Interface (pd.h): pd_elf_parse(e, buf, len), pd_elf_vaddr(e, off,
 * &vaddr), pd_elf_free(e).
 *
 * Symbols come from .symtab, or from .dynsym when there is none (a
 * stripped file has neither: it gets no names).  Kept: STT_FUNC and
 * STT_NOTYPE symbols (assembly labels) defined in an executable
 * section, with a name that is not a local label (".L", "$").  Each
 * executable section's end is an end marker.  At one address a global
 * beats a weak symbol, which beats a local one; a STT_FUNC beats a
 * STT_NOTYPE.
 *
 * Every table is bounds-checked against the file, and read with memcpy
 * (offsets in a damaged file may be unaligned): a damaged file gives
 * -ENOEXEC, never a crash.
 */
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

#define PD_PAGE_MASK	0xfffu

/* 1 when [off, off + n * size) lies inside a file of len bytes. */
static int pd_in_file(size_t len, uint32_t off, uint32_t n, uint32_t size)
{
	uint64_t end = (uint64_t)off + (uint64_t)n * size;

	return end <= len;
}

static int pd_elf_ehdr(const unsigned char *buf, size_t len, Elf32_Ehdr *eh)
{
	if (len < sizeof(*eh))
		return -ENOEXEC;
	memcpy(eh, buf, sizeof(*eh));
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS32 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return -ENOEXEC;
	if (eh->e_phnum && (eh->e_phentsize != sizeof(Elf32_Phdr) ||
	    !pd_in_file(len, eh->e_phoff, eh->e_phnum, sizeof(Elf32_Phdr))))
		return -ENOEXEC;
	if (eh->e_shnum && (eh->e_shentsize != sizeof(Elf32_Shdr) ||
	    !pd_in_file(len, eh->e_shoff, eh->e_shnum, sizeof(Elf32_Shdr))))
		return -ENOEXEC;
	return 0;
}

static int pd_elf_loads(struct pd_elf *e, const unsigned char *buf,
			const Elf32_Ehdr *eh)
{
	Elf32_Phdr ph;

	e->loads = calloc(eh->e_phnum ? eh->e_phnum : 1, sizeof(*e->loads));
	if (!e->loads)
		return -ENOMEM;
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		memcpy(&ph, buf + eh->e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type != PT_LOAD)
			continue;
		e->loads[e->nloads++] = (struct pd_load){
			.offset = ph.p_offset, .vaddr = ph.p_vaddr,
			.filesz = ph.p_filesz, .memsz = ph.p_memsz,
		};
	}
	return 0;
}

static void pd_elf_shdr(const unsigned char *buf, const Elf32_Ehdr *eh,
			unsigned int i, Elf32_Shdr *sh)
{
	memcpy(sh, buf + eh->e_shoff + i * sizeof(*sh), sizeof(*sh));
}

/* The index of the first section of type, 0 if none. */
static unsigned int pd_elf_find_section(const unsigned char *buf,
					const Elf32_Ehdr *eh, uint32_t type)
{
	Elf32_Shdr sh;

	for (unsigned int i = 1; i < eh->e_shnum; i++) {
		pd_elf_shdr(buf, eh, i, &sh);
		if (sh.sh_type == type)
			return i;
	}
	return 0;
}

/* 1 when section i exists and holds code. */
static int pd_elf_is_text(const unsigned char *buf, const Elf32_Ehdr *eh,
			  unsigned int i)
{
	Elf32_Shdr sh;

	if (i == SHN_UNDEF || i >= eh->e_shnum)
		return 0;
	pd_elf_shdr(buf, eh, i, &sh);
	return (sh.sh_flags & (SHF_EXECINSTR | SHF_ALLOC)) ==
		(SHF_EXECINSTR | SHF_ALLOC);
}

/* Ends of the executable sections, as end markers. */
static int pd_elf_text_ends(struct pd_elf *e, const unsigned char *buf,
			    const Elf32_Ehdr *eh)
{
	Elf32_Shdr sh;
	int err;

	for (unsigned int i = 1; i < eh->e_shnum; i++) {
		if (!pd_elf_is_text(buf, eh, i))
			continue;
		pd_elf_shdr(buf, eh, i, &sh);
		err = pd_symtab_add(&e->syms, sh.sh_addr + sh.sh_size, NULL, 0);
		if (err)
			return err;
	}
	return 0;
}

/* The priority of a kept symbol, -1 for one not kept. */
static int pd_elf_sym_prio(const Elf32_Sym *s, const char *name)
{
	int type = ELF32_ST_TYPE(s->st_info), bind = ELF32_ST_BIND(s->st_info);
	int b;

	if (type != STT_FUNC && type != STT_NOTYPE)
		return -1;
	if (!name[0] || name[0] == '$' || !strncmp(name, ".L", 2))
		return -1;
	b = bind == STB_GLOBAL ? 3 : bind == STB_WEAK ? 2 : 1;
	return 2 * b + (type == STT_FUNC);
}

/* Adds the function symbols of symbol table section idx. */
static int pd_elf_symbols(struct pd_elf *e, const unsigned char *buf,
			  size_t len, const Elf32_Ehdr *eh, unsigned int idx)
{
	Elf32_Shdr symsh, strsh;
	Elf32_Sym s;
	const char *strs, *name;
	int prio, err;

	pd_elf_shdr(buf, eh, idx, &symsh);
	if (symsh.sh_entsize != sizeof(s) || symsh.sh_link >= eh->e_shnum ||
	    !pd_in_file(len, symsh.sh_offset, 1, symsh.sh_size))
		return -ENOEXEC;
	pd_elf_shdr(buf, eh, symsh.sh_link, &strsh);
	if (!strsh.sh_size || !pd_in_file(len, strsh.sh_offset, 1, strsh.sh_size))
		return -ENOEXEC;
	strs = (const char *)buf + strsh.sh_offset;
	for (uint32_t i = 1; i < symsh.sh_size / sizeof(s); i++) {
		memcpy(&s, buf + symsh.sh_offset + i * sizeof(s), sizeof(s));
		if (s.st_name >= strsh.sh_size ||
		    !memchr(strs + s.st_name, '\0', strsh.sh_size - s.st_name))
			continue;
		name = strs + s.st_name;
		prio = pd_elf_sym_prio(&s, name);
		if (prio < 0 || !pd_elf_is_text(buf, eh, s.st_shndx))
			continue;
		err = pd_symtab_add(&e->syms, s.st_value, name, prio);
		if (err)
			return err;
	}
	return 0;
}

int pd_elf_parse(struct pd_elf *e, const unsigned char *buf, size_t len)
{
	Elf32_Ehdr eh;
	unsigned int sym;
	int err;

	err = pd_elf_ehdr(buf, len, &eh);
	if (!err)
		err = pd_elf_loads(e, buf, &eh);
	if (err)
		return err;
	sym = pd_elf_find_section(buf, &eh, SHT_SYMTAB);
	if (!sym)
		sym = pd_elf_find_section(buf, &eh, SHT_DYNSYM);
	if (sym) {
		err = pd_elf_symbols(e, buf, len, &eh, sym);
		if (!err)
			err = pd_elf_text_ends(e, buf, &eh);
	}
	pd_symtab_finish(&e->syms);
	return err;
}

/* A PT_LOAD holding off: first one whose file part holds it, else one
 * whose first page does (a mapping starts at a page boundary). */
int pd_elf_vaddr(const struct pd_elf *e, uint32_t off, uint32_t *vaddr)
{
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < e->nloads; i++) {
			const struct pd_load *l = &e->loads[i];
			uint32_t from = pass ? l->offset & ~PD_PAGE_MASK
					     : l->offset;

			if (off >= from &&
			    off < (uint64_t)l->offset + l->filesz) {
				*vaddr = off - l->offset + l->vaddr;
				return 0;
			}
		}
	}
	return -ENOENT;
}

void pd_elf_free(struct pd_elf *e)
{
	free(e->loads);
	e->loads = NULL;
	e->nloads = 0;
	pd_symtab_free(&e->syms);
}
