/*
 * elf.c: validate an ELF32 i386 executable and describe its layout.
 *
 * Interface (elf/elf.h): elf_parse(hdr, len, img).
 *
 * hdr holds the first len bytes of the file (exec reads one page).  The
 * file header and the whole program header table must lie inside them;
 * Linux asks the same (the table is at most one page there too).  Every
 * rule broken gives -ENOEXEC:
 *   - ident: magic, ELFCLASS32, ELFDATA2LSB, EV_CURRENT; e_version 1;
 *     e_machine EM_386; e_type ET_EXEC or ET_DYN; e_phentsize 32;
 *     1 <= e_phnum, no PN_XNUM, table inside hdr;
 *   - PT_LOAD: filesz <= memsz, vaddr congruent to offset modulo the page
 *     size, no 32-bit wrap of vaddr + memsz or offset + filesz, ascending
 *     and not overlapping, at most ELF_MAX_LOAD, at least one, nothing
 *     in page 0 nor at or above ELF_USER_TOP once biased;
 *   - the entry inside a PT_LOAD segment;
 *   - PT_INTERP: at most one, size 2..4096 (Linux's PATH_MAX bound).
 * What cannot be checked from the first page (segment contents past the
 * end of the file) is for the loader: a short file is a SIGBUS later, as
 * on Linux.
 *
 * ET_DYN (static-PIE) is placed at ELF_ET_DYN_BASE; the bias is added to
 * every address in *img.  AT_PHDR is computed as Linux does (5.18 on):
 * the address of e_phoff in the PT_LOAD whose file part holds the whole
 * table; failing that, PT_PHDR's p_vaddr; failing that, 0.
 */
#include "elf/elf.h"
#include "lib/errno.h"
#include "lib/string.h"

#define ELF_INTERP_MAX	4096

static int elf_check_ident(const struct elf32_ehdr *eh)
{
	const uint8_t *id = eh->e_ident;

	if (id[EI_MAG0] != ELFMAG0 || id[EI_MAG1] != ELFMAG1 ||
	    id[EI_MAG2] != ELFMAG2 || id[EI_MAG3] != ELFMAG3)
		return -ENOEXEC;
	if (id[EI_CLASS] != ELFCLASS32 || id[EI_DATA] != ELFDATA2LSB ||
	    id[EI_VERSION] != EV_CURRENT)
		return -ENOEXEC;
	return 0;
}

/* 0 when the file header is one we run and its phdr table is in hdr. */
static int elf_check_ehdr(const struct elf32_ehdr *eh, size_t len)
{
	uint32_t table;

	if (elf_check_ident(eh))
		return -ENOEXEC;
	if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
		return -ENOEXEC;
	if (eh->e_machine != EM_386 || eh->e_version != EV_CURRENT)
		return -ENOEXEC;
	if (eh->e_phentsize != sizeof(struct elf32_phdr))
		return -ENOEXEC;
	if (eh->e_phnum == 0 || eh->e_phnum == PN_XNUM)
		return -ENOEXEC;
	table = (uint32_t)eh->e_phnum * sizeof(struct elf32_phdr);
	if (eh->e_phoff < sizeof(*eh) || eh->e_phoff > len ||
	    table > len - eh->e_phoff)
		return -ENOEXEC;
	return 0;
}

static int elf_prot(uint32_t flags)
{
	return (flags & PF_R ? ELF_PROT_READ : 0) |
	       (flags & PF_W ? ELF_PROT_WRITE : 0) |
	       (flags & PF_X ? ELF_PROT_EXEC : 0);
}

/* Append one PT_LOAD after checking it alone and against the previous. */
static int elf_add_load(struct elf_image *img, const struct elf32_phdr *ph)
{
	struct elf_segment *seg, *prev;

	if (ph->p_memsz == 0)
		return 0;	/* maps nothing; Linux skips it as well */
	if (ph->p_filesz > ph->p_memsz)
		return -ENOEXEC;
	if ((ph->p_vaddr - ph->p_offset) % ELF_PAGE_SIZE)
		return -ENOEXEC;
	if (ph->p_vaddr + ph->p_memsz < ph->p_vaddr ||
	    ph->p_offset + ph->p_filesz < ph->p_offset)
		return -ENOEXEC;
	if (img->nload == ELF_MAX_LOAD)
		return -ENOEXEC;
	prev = img->nload ? &img->load[img->nload - 1] : NULL;
	if (prev && ph->p_vaddr < prev->vaddr + prev->memsz)
		return -ENOEXEC;	/* out of order or overlapping */
	seg = &img->load[img->nload++];
	seg->vaddr = ph->p_vaddr;
	seg->memsz = ph->p_memsz;
	seg->offset = ph->p_offset;
	seg->filesz = ph->p_filesz;
	seg->prot = elf_prot(ph->p_flags);
	return 0;
}

static int elf_add_interp(struct elf_image *img, const struct elf32_phdr *ph)
{
	if (img->has_interp || ph->p_filesz < 2 ||
	    ph->p_filesz > ELF_INTERP_MAX ||
	    ph->p_offset + ph->p_filesz < ph->p_offset)
		return -ENOEXEC;
	img->has_interp = true;
	img->interp_offset = ph->p_offset;
	img->interp_size = ph->p_filesz;
	return 0;
}

/* One program header; *phdr_vaddr gets PT_PHDR's address (unbiased). */
static int elf_add_phdr(struct elf_image *img, const struct elf32_phdr *ph,
			uint32_t *phdr_vaddr)
{
	switch (ph->p_type) {
	case PT_LOAD:
		return elf_add_load(img, ph);
	case PT_INTERP:
		return elf_add_interp(img, ph);
	case PT_GNU_STACK:
		img->exec_stack = (ph->p_flags & PF_X) != 0;
		img->read_implies_exec = false;
		return 0;
	case PT_PHDR:
		*phdr_vaddr = ph->p_vaddr;
		return 0;
	default:
		return 0;
	}
}

/* The unbiased address of the phdr table (see the top of the file). */
static uint32_t elf_find_phdr(const struct elf_image *img,
			      const struct elf32_ehdr *eh, uint32_t pt_phdr)
{
	uint32_t size = (uint32_t)eh->e_phnum * sizeof(struct elf32_phdr);
	const struct elf_segment *seg;

	for (unsigned int i = 0; i < img->nload; i++) {
		seg = &img->load[i];
		if (eh->e_phoff >= seg->offset &&
		    eh->e_phoff + size <= seg->offset + seg->filesz)
			return seg->vaddr + (eh->e_phoff - seg->offset);
	}
	return pt_phdr;
}

static bool elf_in_load(const struct elf_image *img, uint32_t addr)
{
	for (unsigned int i = 0; i < img->nload; i++)
		if (addr - img->load[i].vaddr < img->load[i].memsz)
			return true;
	return false;
}

/*
 * Choose the bias, apply it, and check that the image fits between page 1
 * and ELF_USER_TOP.  Segments are ascending, so the span is first..last.
 */
static int elf_place(struct elf_image *img, uint32_t entry, uint32_t phdr)
{
	uint32_t lo = img->load[0].vaddr & ~(ELF_PAGE_SIZE - 1);
	const struct elf_segment *last = &img->load[img->nload - 1];
	uint32_t hi = last->vaddr + last->memsz;

	if (!elf_in_load(img, entry))
		return -ENOEXEC;
	img->load_bias = img->type == ET_DYN ? ELF_ET_DYN_BASE - lo : 0;
	if (hi - lo > ELF_USER_TOP - ELF_PAGE_SIZE)
		return -ENOEXEC;
	img->start = lo + img->load_bias;
	img->end = hi + img->load_bias;
	if (img->start < ELF_PAGE_SIZE || img->end > ELF_USER_TOP)
		return -ENOEXEC;
	for (unsigned int i = 0; i < img->nload; i++)
		img->load[i].vaddr += img->load_bias;
	img->entry = entry + img->load_bias;
	img->phdr = phdr ? phdr + img->load_bias : 0;
	return 0;
}

int elf_parse(const void *hdr, size_t len, struct elf_image *img)
{
	const uint8_t *bytes = hdr;
	struct elf32_ehdr eh;
	struct elf32_phdr ph;
	uint32_t pt_phdr = 0;

	memset(img, 0, sizeof(*img));
	if (len < sizeof(eh))
		return -ENOEXEC;
	memcpy(&eh, bytes, sizeof(eh));
	if (elf_check_ehdr(&eh, len))
		return -ENOEXEC;
	img->type = eh.e_type;
	img->phnum = eh.e_phnum;
	img->phent = sizeof(ph);
	img->exec_stack = true;	/* no PT_GNU_STACK: Linux i386 default */
	img->read_implies_exec = true;
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		memcpy(&ph, bytes + eh.e_phoff + i * sizeof(ph), sizeof(ph));
		if (elf_add_phdr(img, &ph, &pt_phdr))
			return -ENOEXEC;
	}
	if (img->nload == 0)
		return -ENOEXEC;
	return elf_place(img, eh.e_entry, elf_find_phdr(img, &eh, pt_phdr));
}
