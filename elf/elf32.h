/*
 * elf32.h: the on-disk ELF32 structures and constants that exec needs
 * (System V ABI, Intel386 supplement; values as in Linux's <linux/elf.h>).
 *
 * Interface: struct elf32_ehdr (the file header), struct elf32_phdr (one
 * program header), the e_ident indices and values, e_type, e_machine,
 * p_type and p_flags constants; for relocatable objects (modules,
 * elf/module.h) struct elf32_shdr (a section header), struct elf32_sym (a
 * symbol), struct elf32_rel (a relocation without addend) with the
 * sh_type, sh_flags, special section index, symbol binding and type, and
 * i386 relocation type constants.  Fixed-width types throughout; the
 * sizes are checked at compile time.  Everything is little-endian on
 * i386.
 */
#ifndef ELF_ELF32_H
#define ELF_ELF32_H

#include <stdint.h>

#define EI_NIDENT	16
#define EI_MAG0		0
#define EI_MAG1		1
#define EI_MAG2		2
#define EI_MAG3		3
#define EI_CLASS	4
#define EI_DATA		5
#define EI_VERSION	6
#define EI_OSABI	7

#define ELFMAG0		0x7f
#define ELFMAG1		'E'
#define ELFMAG2		'L'
#define ELFMAG3		'F'
#define ELFCLASS32	1
#define ELFDATA2LSB	1
#define EV_CURRENT	1

#define ET_REL		1
#define ET_EXEC		2
#define ET_DYN		3
#define ET_CORE		4
#define EM_386		3

#define PT_NULL		0
#define PT_LOAD		1
#define PT_DYNAMIC	2
#define PT_INTERP	3
#define PT_NOTE		4
#define PT_PHDR		6
#define PT_TLS		7
#define PT_GNU_STACK	0x6474e551
#define PN_XNUM		0xffff

#define PF_X		0x1
#define PF_W		0x2
#define PF_R		0x4

struct elf32_ehdr {
	uint8_t e_ident[EI_NIDENT];
	uint16_t e_type;
	uint16_t e_machine;
	uint32_t e_version;
	uint32_t e_entry;
	uint32_t e_phoff;
	uint32_t e_shoff;
	uint32_t e_flags;
	uint16_t e_ehsize;
	uint16_t e_phentsize;
	uint16_t e_phnum;
	uint16_t e_shentsize;
	uint16_t e_shnum;
	uint16_t e_shstrndx;
};

struct elf32_phdr {
	uint32_t p_type;
	uint32_t p_offset;
	uint32_t p_vaddr;
	uint32_t p_paddr;
	uint32_t p_filesz;
	uint32_t p_memsz;
	uint32_t p_flags;
	uint32_t p_align;
};

/* Section header types and flags. */
#define SHT_NULL	0
#define SHT_PROGBITS	1
#define SHT_SYMTAB	2
#define SHT_STRTAB	3
#define SHT_RELA	4
#define SHT_HASH	5
#define SHT_DYNAMIC	6
#define SHT_NOTE	7
#define SHT_NOBITS	8
#define SHT_REL		9
#define SHT_DYNSYM	11
#define SHT_INIT_ARRAY	14
#define SHT_FINI_ARRAY	15
#define SHT_PREINIT_ARRAY 16
#define SHT_GROUP	17
#define SHT_SYMTAB_SHNDX 18

#define SHF_WRITE	0x1
#define SHF_ALLOC	0x2
#define SHF_EXECINSTR	0x4
#define SHF_TLS		0x400

/* Special section indices (st_shndx, e_shstrndx). */
#define SHN_UNDEF	0
#define SHN_LORESERVE	0xff00
#define SHN_ABS		0xfff1
#define SHN_COMMON	0xfff2
#define SHN_XINDEX	0xffff

/* st_info: binding in the high nibble, type in the low one. */
#define ELF32_ST_BIND(i)	((i) >> 4)
#define ELF32_ST_TYPE(i)	((i) & 0xf)
#define STB_LOCAL	0
#define STB_GLOBAL	1
#define STB_WEAK	2
#define STT_NOTYPE	0
#define STT_OBJECT	1
#define STT_FUNC	2
#define STT_SECTION	3
#define STT_FILE	4
#define STT_COMMON	5
#define STT_TLS		6

/* r_info: symbol index in the high 24 bits, type in the low 8. */
#define ELF32_R_SYM(i)	((i) >> 8)
#define ELF32_R_TYPE(i)	((i) & 0xff)
#define R_386_NONE	0
#define R_386_32	1
#define R_386_PC32	2
#define R_386_PLT32	4

struct elf32_shdr {
	uint32_t sh_name;
	uint32_t sh_type;
	uint32_t sh_flags;
	uint32_t sh_addr;
	uint32_t sh_offset;
	uint32_t sh_size;
	uint32_t sh_link;
	uint32_t sh_info;
	uint32_t sh_addralign;
	uint32_t sh_entsize;
};

struct elf32_sym {
	uint32_t st_name;
	uint32_t st_value;
	uint32_t st_size;
	uint8_t st_info;
	uint8_t st_other;
	uint16_t st_shndx;
};

struct elf32_rel {
	uint32_t r_offset;
	uint32_t r_info;
};

_Static_assert(sizeof(struct elf32_ehdr) == 52, "ELF32 header is 52 bytes");
_Static_assert(sizeof(struct elf32_phdr) == 32, "ELF32 phdr is 32 bytes");
_Static_assert(sizeof(struct elf32_shdr) == 40, "ELF32 shdr is 40 bytes");
_Static_assert(sizeof(struct elf32_sym) == 16, "ELF32 symbol is 16 bytes");
_Static_assert(sizeof(struct elf32_rel) == 8, "ELF32 rel is 8 bytes");

#endif
