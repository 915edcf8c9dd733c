/*
 * module.h: load a relocatable ELF object (ET_REL, ELF32, i386), a
 * kernel module, into memory the caller provides.
 *
 * Pure code (elf/module.c, modcheck.c, modlayout.c, modreloc.c,
 * moderror.c): no memory allocation, no locks, no user-space access; the
 * host tests build it as it is.  The caller (kernel/module/) reads the file,
 * allocates the memory, maps it and runs the module.
 *
 * The steps, in this order:
 *
 *   elf_mod_parse(image, len, m)
 *	Validate the whole object before anything else looks at it (the
 *	checks are listed at the top of elf/module.c and elf/modcheck.c).
 *	image must stay valid and unchanged while m is used, and must be
 *	4-byte aligned (kmalloc'ed or page memory is).  Fills the parse
 *	fields of *m.  0, -ENOEXEC, or -EINVAL for a misaligned image.
 *
 *   elf_mod_layout(m, secs)
 *	Give every placed section (SHF_ALLOC, except ".modinfo", which is
 *	read from the file) an offset in one of the ELF_MOD_NREGIONS
 *	regions, honouring its sh_addralign, and compute each region's
 *	size and alignment (m->region[]).  secs is the caller's array of
 *	m->shnum entries (ELF_MOD_SECS_SIZE(m) bytes); m keeps the pointer.
 *	0 or -ENOEXEC (a region larger than ELF_MOD_MAX_REGION).
 *
 *   The caller then allocates each region with a non-zero size:
 *	bases->mem[r], where the loader writes it, and bases->addr[r], the
 *	address the module will run at: the same address, or another
 *	mapping of the same memory (tests/kernel/test_elf_mod.c writes text
 *	through the linear map and runs it from a read-only executable
 *	alias; the host tests use fake addresses).  addr[r] must be a
 *	multiple of m->region[r].align (at most ELF_MOD_MAX_ALIGN, a page),
 *	so each region can have pages, and protections, of its own.
 *
 *   elf_mod_copy(m, bases)
 *	Zero every region, then copy each placed SHT_PROGBITS-like
 *	section's bytes in (SHT_NOBITS stay zero).  0, or -EINVAL before
 *	elf_mod_layout, for a misaligned addr[r], or a NULL mem[r] with a
 *	non-zero size.
 *
 *   elf_mod_relocate(m, bases, resolve, ctx)
 *	Apply every SHT_REL section whose target is placed: R_386_32
 *	(S + A), R_386_PC32 and R_386_PLT32 (S + A - P; without PIC a PLT
 *	call is a direct call), R_386_NONE.  A is the 32-bit word already
 *	at P.  S is 0 for symbol 0, st_value for SHN_ABS, the placed
 *	address of the symbol's section plus st_value for a defined
 *	symbol, and resolve(ctx, name, &S) for an undefined one; an
 *	undefined weak symbol that resolve does not know is 0.  Relocations
 *	of sections that are not placed (debug info) are skipped.  0,
 *	-ENOENT (an undefined symbol resolve does not know: m->error_name
 *	is its name), resolve's other negative return, or -EINVAL before
 *	elf_mod_layout.  Call it once, after elf_mod_copy: it adds to the
 *	words in place.
 *
 *   elf_mod_symbol(m, bases, name, &value)
 *	The run-time address of the defined global or weak symbol name
 *	(init_module, cleanup_module, exports).  0 or -ENOENT.
 *   elf_mod_global_next(m, bases, &i, &name, &value)
 *	Iterate over the defined global and weak symbols; start with
 *	i = 0.  true while there is one.
 *
 * Sections and .modinfo:
 *   elf_mod_section(m, name, &data, &size)
 *	The index of the first section called name, its bytes in the
 *	image (NULL for SHT_NOBITS) and its size; -ENOENT if none.  The
 *	kernel reads ".modinfo" and its own tables this way.
 *   elf_mod_section_addr(m, bases, index)
 *	The run-time address of a placed section, or 0 (after layout;
 *	also 0 before it).
 *   elf_mod_section_mem(m, bases, index)
 *	Where the loader wrote a placed section (bases->mem), or NULL:
 *	to read a table the relocations filled in.
 *   elf_mod_modinfo_next(m, prev)
 *	The ".modinfo" strings ("key=value", in the file) one by one: NULL
 *	starts, prev must be what the last call returned, NULL comes back
 *	at the end.  Empty strings (padding) are skipped and an
 *	unterminated last string is not returned.  After elf_mod_parse.
 *   elf_mod_modinfo_get(m, key)
 *	The value of the first "key=value" string, or NULL.
 *
 * Errors.  Every -ENOEXEC and -ENOENT sets m->error, a static sentence
 * saying what is wrong, with what it concerns: m->error_section (a
 * section index, or ELF_MOD_NONE), m->error_entry (the symbol or
 * relocation number inside that section, or ELF_MOD_NONE) and
 * m->error_name (a symbol's name, a relocation type's name such as
 * "R_386_GOT32", the other section of an overlap or a relocation's
 * target, or NULL; it points into the image or is static).
 * elf_mod_strerror(m, buf, size) writes all of it as one line for a log
 * message, e.g. "relocation 12 of section 2 (.rel.text): relocation
 * outside its target section (.text)" or "symbol 37 of section 28
 * (.symtab): undefined symbol (foo)".  On success m->error is NULL.
 * -EINVAL (the caller's mistake) sets m->error too.
 *
 * Addresses are uint32_t: an i386 module's address space (the same type as
 * uintptr_t in the kernel).
 */
#ifndef ELF_MODULE_H
#define ELF_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "elf/elf32.h"

/* The regions a module's memory is made of, by what is in them. */
enum elf_mod_region {
	ELF_MOD_TEXT,		/* SHF_EXECINSTR: read + execute */
	ELF_MOD_RODATA,		/* neither write nor exec: read only */
	ELF_MOD_DATA,		/* SHF_WRITE, .bss included: read + write */
	ELF_MOD_INIT_TEXT,	/* ".init*" executable: read + execute, freed
				   after init */
	ELF_MOD_INIT_DATA,	/* ".init*" other: read + write, freed after
				   init */
	ELF_MOD_NREGIONS
};

#define ELF_MOD_NOT_PLACED	0xff	/* elf_mod_sec.region: not loaded */
#define ELF_MOD_NONE		0xffffffffu	/* error_section, error_entry */

#define ELF_MOD_MAX_SECTIONS	1024		/* e_shnum */
#define ELF_MOD_MAX_ALIGN	4096u		/* sh_addralign */
#define ELF_MOD_MAX_REGION	(16u << 20)	/* bytes per region */

/* Where one section goes (elf_mod_layout). */
struct elf_mod_sec {
	uint32_t off;		/* offset in its region */
	uint8_t region;		/* enum elf_mod_region or ELF_MOD_NOT_PLACED */
};

#define ELF_MOD_SECS_SIZE(m)	((m)->shnum * sizeof(struct elf_mod_sec))

struct elf_mod_region_size {
	uint32_t size;		/* bytes; 0 means the region is not needed */
	uint32_t align;		/* a power of two, at least 1 */
};

/* The caller's memory for each region (see the top of the file). */
struct elf_mod_bases {
	uint8_t *mem[ELF_MOD_NREGIONS];		/* where the loader writes */
	uint32_t addr[ELF_MOD_NREGIONS];	/* where the module runs */
};

/*
 * One module being loaded.  The caller reads these fields; only the
 * functions below write them.  Pointers point into the image.
 */
struct elf_mod {
	const uint8_t *image;
	size_t len;
	const struct elf32_shdr *shdr;	/* the section header table */
	uint32_t shnum;
	const char *shstrtab;		/* section names */
	uint32_t shstrtab_size;
	uint32_t symtab;		/* its section index */
	const struct elf32_sym *syms;
	uint32_t nsyms;
	const char *strtab;		/* symbol names */
	uint32_t strtab_size;
	const char *modinfo;		/* ".modinfo" bytes, or NULL */
	uint32_t modinfo_size;

	/* elf_mod_layout */
	struct elf_mod_sec *secs;	/* m->shnum entries, or NULL */
	struct elf_mod_region_size region[ELF_MOD_NREGIONS];

	/* The last error. */
	const char *error;
	uint32_t error_section;
	uint32_t error_entry;
	const char *error_name;
};

/* resolve: 0 and *value, or -ENOENT (or another -Exxx, passed on). */
typedef int (*elf_mod_resolve_fn)(void *ctx, const char *name,
				  uint32_t *value);

int elf_mod_parse(const void *image, size_t len, struct elf_mod *m);
int elf_mod_layout(struct elf_mod *m, struct elf_mod_sec *secs);
int elf_mod_copy(struct elf_mod *m, const struct elf_mod_bases *bases);
int elf_mod_relocate(struct elf_mod *m, const struct elf_mod_bases *bases,
		     elf_mod_resolve_fn resolve, void *ctx);

int elf_mod_symbol(const struct elf_mod *m, const struct elf_mod_bases *bases,
		   const char *name, uint32_t *value);
bool elf_mod_global_next(const struct elf_mod *m,
			 const struct elf_mod_bases *bases, uint32_t *i,
			 const char **name, uint32_t *value);

int elf_mod_section(const struct elf_mod *m, const char *name,
		    const void **data, uint32_t *size);
uint32_t elf_mod_section_addr(const struct elf_mod *m,
			      const struct elf_mod_bases *bases,
			      uint32_t index);
uint8_t *elf_mod_section_mem(const struct elf_mod *m,
			     const struct elf_mod_bases *bases, uint32_t index);
const char *elf_mod_modinfo_next(const struct elf_mod *m, const char *prev);
const char *elf_mod_modinfo_get(const struct elf_mod *m, const char *key);

/* The name of an i386 relocation type ("R_386_GOT32"), or NULL. */
const char *elf_mod_reloc_name(uint32_t type);
/* Whether a section is loaded into a region (SHF_ALLOC, not .modinfo). */
bool elf_mod_is_placed(const struct elf_mod *m, const struct elf32_shdr *sh);
/* The error as one line; returns what snprintf returns. */
int elf_mod_strerror(const struct elf_mod *m, char *buf, size_t size);

#endif
