/*
 * elf.h: what exec needs to know about an executable before it maps it.
 *
 * Pure code (elf/elf.c, elf/script.c, elf/stack.c): no memory allocation,
 * no locks, no user-space access; the host tests build it as it is.
 *
 * Interface:
 *   elf_parse(hdr, len, img)	validate an ELF32 i386 executable (ET_EXEC,
 *				or ET_DYN for static-PIE) from its first
 *				bytes (normally one page read from offset 0)
 *				and describe it in *img.  0 or -ENOEXEC.
 *   elf_is_script(buf, len)	true when the file starts with "#!".
 *   elf_script_parse(buf, len, s)
 *				split a "#!" line Linux's way into the
 *				interpreter and its one optional argument.
 *				0 or -ENOEXEC.
 *   elf_stack_build(buf, size, top, args, out)
 *				lay out the initial user stack (argc, argv,
 *				envp, auxv, strings) as Linux i386 does.
 *				0, -E2BIG or -EINVAL.
 *
 * Addresses in struct elf_image are final user addresses: for ET_DYN the
 * load bias is already added to the segments, the entry and the phdr.
 * A PT_INTERP is recorded, not followed: exec refuses such a program
 * (-ENOEXEC with a message) until dynamic loading exists.
 */
#ifndef ELF_ELF_H
#define ELF_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "elf/elf32.h"

#define ELF_PAGE_SIZE	4096u
#define ELF_USER_TOP	0xC0000000u	/* first kernel address */
/* Where a static-PIE is placed: Linux's ELF_ET_DYN_BASE for ia32. */
#define ELF_ET_DYN_BASE	0x00400000u
#define ELF_MAX_LOAD	16		/* PT_LOAD segments we accept */

/* Segment protections, with the values of Linux's PROT_READ/WRITE/EXEC. */
#define ELF_PROT_READ	0x1
#define ELF_PROT_WRITE	0x2
#define ELF_PROT_EXEC	0x4

/*
 * One PT_LOAD segment: [vaddr, vaddr + memsz) in memory, of which the
 * first filesz bytes come from the file at offset; the rest is zero.
 * vaddr and offset are congruent modulo ELF_PAGE_SIZE but not aligned:
 * the loader maps from ALIGN_DOWN(vaddr) and ALIGN_DOWN(offset).  Two
 * consecutive segments never overlap but may share a page (the last page
 * of one and the first page of the next).
 */
struct elf_segment {
	uint32_t vaddr;
	uint32_t memsz;
	uint32_t offset;
	uint32_t filesz;
	int prot;		/* ELF_PROT_* */
};

struct elf_image {
	uint16_t type;		/* ET_EXEC or ET_DYN */
	uint32_t entry;		/* biased */
	uint32_t phdr;		/* user address of the program headers, or 0 */
	uint16_t phnum;		/* for AT_PHNUM */
	uint16_t phent;		/* for AT_PHENT: always 32 */
	uint32_t load_bias;	/* added to every address; 0 for ET_EXEC */
	uint32_t start;		/* lowest mapped address, page aligned */
	uint32_t end;		/* end of the highest segment (brk start) */
	unsigned int nload;
	struct elf_segment load[ELF_MAX_LOAD];	/* ascending vaddr */
	bool has_interp;	/* PT_INTERP present */
	uint32_t interp_offset;	/* the interpreter path in the file */
	uint32_t interp_size;
	bool exec_stack;	/* PT_GNU_STACK has PF_X, or is absent */
	/* No PT_GNU_STACK at all: an old i386 program, which Linux runs
	 * with READ_IMPLIES_EXEC (every readable mapping executable). */
	bool read_implies_exec;
};

int elf_parse(const void *hdr, size_t len, struct elf_image *img);

/* "#!" scripts.  Linux 5.1+: the line is read from the first 256 bytes. */
#define ELF_SCRIPT_BUF	256

struct elf_script {
	char buf[ELF_SCRIPT_BUF];	/* the strings below point in here */
	const char *interp;		/* interpreter path, non-empty */
	const char *arg;		/* the optional argument, or NULL */
};

bool elf_is_script(const void *buf, size_t len);
int elf_script_parse(const void *buf, size_t len, struct elf_script *s);

/* The initial stack: see elf/stack.c for the layout. */
#define ELF_MAX_ARG_STRLEN	(32u * ELF_PAGE_SIZE)	/* with the NUL */
#define ELF_STACK_RLIMIT	(8u << 20)		/* _STK_LIM */
#define ELF_ARG_MAX		(ELF_STACK_RLIMIT / 4)	/* strings + ptrs */
#define ELF_CLKTCK		100
#define ELF_RANDOM_BYTES	16

struct elf_stack_args {
	const char *const *argv;	/* argc kernel strings */
	unsigned int argc;
	const char *const *envp;	/* envc kernel strings */
	unsigned int envc;
	const char *execfn;		/* AT_EXECFN: the path given to exec */
	const struct elf_image *img;	/* AT_PHDR, AT_PHNUM, AT_ENTRY */
	uint32_t base;			/* AT_BASE: interpreter base, or 0 */
	uint32_t uid, euid, gid, egid;
	bool secure;			/* AT_SECURE (set-user-id exec) */
	uint32_t hwcap;			/* AT_HWCAP: CPUID.1:EDX */
	uint32_t sysinfo;		/* AT_SYSINFO entry, 0 for none */
	uint32_t sysinfo_ehdr;		/* AT_SYSINFO_EHDR (the vDSO), or 0 */
	const uint8_t *random;		/* ELF_RANDOM_BYTES for AT_RANDOM */
	const char *platform;		/* AT_PLATFORM ("i686"), or NULL */
};

/* Where things landed, as user addresses. */
struct elf_stack {
	uint32_t sp;		/* initial %esp: points at argc */
	uint32_t argv;		/* argv[0] pointer slot */
	uint32_t envp;		/* envp[0] pointer slot */
	uint32_t auxv;		/* first auxv pair */
	uint32_t strings;	/* lowest byte used by strings and AT_RANDOM */
	uint32_t arg_start, arg_end;	/* the argv strings (Linux's mm */
	uint32_t env_start, env_end;	/* fields), end exclusive */
};

int elf_stack_build(void *buf, size_t size, uint32_t top,
		    const struct elf_stack_args *a, struct elf_stack *out);

#endif
