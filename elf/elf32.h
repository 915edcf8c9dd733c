/*
 * elf32.h: the on-disk ELF32 structures and constants that exec needs
 * (System V ABI, Intel386 supplement; values as in Linux's <linux/elf.h>).
 *
 * Interface: struct elf32_ehdr (the file header), struct elf32_phdr (one
 * program header), the e_ident indices and values, e_type, e_machine,
 * p_type and p_flags constants.  Fixed-width types throughout; the sizes
 * are checked at compile time.  Everything is little-endian on i386.
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

_Static_assert(sizeof(struct elf32_ehdr) == 52, "ELF32 header is 52 bytes");
_Static_assert(sizeof(struct elf32_phdr) == 32, "ELF32 phdr is 32 bytes");

#endif
