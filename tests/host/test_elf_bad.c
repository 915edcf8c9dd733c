/*
 * test_elf_bad.c: elf_parse() on a synthetic executable, on a table of
 * single defects in it (each must give -ENOEXEC), on every truncation,
 * and under a bounded, deterministic fuzz loop over the real hello's first
 * page.  Every input is copied into a heap buffer of exactly its length,
 * so AddressSanitizer reports any read past it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elf/elf.h"
#include "lib/errno.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

#define SYN_PHNUM_MAX	20

struct syn {
	struct elf32_ehdr eh;
	struct elf32_phdr ph[SYN_PHNUM_MAX];
};

static void syn_ph(struct elf32_phdr *ph, uint32_t type, uint32_t off,
		   uint32_t vaddr, uint32_t filesz, uint32_t memsz,
		   uint32_t flags)
{
	*ph = (struct elf32_phdr){ .p_type = type, .p_offset = off,
		.p_vaddr = vaddr, .p_paddr = vaddr, .p_filesz = filesz,
		.p_memsz = memsz, .p_flags = flags, .p_align = 0x1000 };
}

/* text (headers included), code, data+bss, GNU_STACK RW. */
static void syn_init(struct syn *s)
{
	static const uint8_t ident[EI_NIDENT] = { 0x7f, 'E', 'L', 'F', 1, 1,
						  1 };

	memset(s, 0, sizeof(*s));
	memcpy(s->eh.e_ident, ident, sizeof(ident));
	s->eh.e_type = ET_EXEC;
	s->eh.e_machine = EM_386;
	s->eh.e_version = 1;
	s->eh.e_entry = 0x08049010;
	s->eh.e_phoff = sizeof(s->eh);
	s->eh.e_ehsize = sizeof(s->eh);
	s->eh.e_phentsize = sizeof(struct elf32_phdr);
	s->eh.e_phnum = 4;
	syn_ph(&s->ph[0], PT_LOAD, 0, 0x08048000, 0x200, 0x200, PF_R);
	syn_ph(&s->ph[1], PT_LOAD, 0x1000, 0x08049000, 0x500, 0x500,
	       PF_R | PF_X);
	syn_ph(&s->ph[2], PT_LOAD, 0x1f00, 0x0804af00, 0x100, 0x2000,
	       PF_R | PF_W);
	syn_ph(&s->ph[3], PT_GNU_STACK, 0, 0, 0, 0, PF_R | PF_W);
}

/* elf_parse on a heap copy of exactly len bytes. */
static int parse_copy(const void *data, size_t len, struct elf_image *img)
{
	void *copy = malloc(len ? len : 1);
	int ret;

	memcpy(copy, data, len);
	ret = elf_parse(copy, len, img);
	free(copy);
	return ret;
}

static int syn_parse(const struct syn *s, struct elf_image *img)
{
	return parse_copy(s, sizeof(*s), img);
}

TEST(elf_parse_synthetic_exec)
{
	struct elf_image img;
	struct syn s;

	syn_init(&s);
	CHECK_EQ(syn_parse(&s, &img), 0);
	CHECK_EQ(img.nload, 3);
	CHECK_EQ(img.entry, 0x08049010);
	CHECK_EQ(img.phdr, 0x08048034);
	CHECK_EQ(img.start, 0x08048000);
	CHECK_EQ(img.end, 0x0804cf00);
	CHECK_EQ(img.load[2].prot, ELF_PROT_READ | ELF_PROT_WRITE);
	CHECK_EQ(img.load[1].prot, ELF_PROT_READ | ELF_PROT_EXEC);
	CHECK(!img.exec_stack && !img.has_interp);
	CHECK(!img.read_implies_exec);

	s.ph[3].p_flags |= PF_X;	/* executable stack asked */
	CHECK_EQ(syn_parse(&s, &img), 0);
	CHECK(img.exec_stack);
	CHECK(!img.read_implies_exec);
	s.ph[3].p_type = PT_NOTE;	/* no PT_GNU_STACK: Linux's default */
	CHECK_EQ(syn_parse(&s, &img), 0);
	CHECK(img.exec_stack);
	CHECK(img.read_implies_exec);
}

TEST(elf_parse_synthetic_pie_interp_phdr)
{
	struct elf_image img;
	struct syn s;

	syn_init(&s);
	s.eh.e_type = ET_DYN;
	s.eh.e_entry = 0x1010;
	for (int i = 0; i < 3; i++)
		s.ph[i].p_vaddr -= 0x08048000;
	CHECK_EQ(syn_parse(&s, &img), 0);
	CHECK_EQ(img.load_bias, ELF_ET_DYN_BASE);
	CHECK_EQ(img.entry, ELF_ET_DYN_BASE + 0x1010);
	CHECK_EQ(img.phdr, ELF_ET_DYN_BASE + 0x34);
	CHECK_EQ(img.load[0].vaddr, ELF_ET_DYN_BASE);

	syn_init(&s);
	s.ph[0].p_filesz = 0x20;	/* the table is in no segment */
	CHECK_EQ(syn_parse(&s, &img), 0);
	CHECK_EQ(img.phdr, 0);
	syn_ph(&s.ph[3], PT_PHDR, 0x34, 0x08048034, 0x80, 0x80, PF_R);
	CHECK_EQ(syn_parse(&s, &img), 0);
	CHECK_EQ(img.phdr, 0x08048034);

	syn_ph(&s.ph[3], PT_INTERP, 0x100, 0x08048100, 20, 20, PF_R);
	CHECK_EQ(syn_parse(&s, &img), 0);
	CHECK(img.has_interp);
	CHECK_EQ(img.interp_offset, 0x100);
	CHECK_EQ(img.interp_size, 20);
}

/* ---- one defect each ---------------------------------------------------- */

static void bad_magic(struct syn *s) { s->eh.e_ident[EI_MAG1] = 'e'; }
static void bad_magic0(struct syn *s) { s->eh.e_ident[EI_MAG0] = 0; }
static void bad_class(struct syn *s) { s->eh.e_ident[EI_CLASS] = 2; }
static void bad_data(struct syn *s) { s->eh.e_ident[EI_DATA] = 2; }
static void bad_idver(struct syn *s) { s->eh.e_ident[EI_VERSION] = 0; }
static void bad_type_rel(struct syn *s) { s->eh.e_type = 1; }
static void bad_type_core(struct syn *s) { s->eh.e_type = 4; }
static void bad_machine(struct syn *s) { s->eh.e_machine = 62; }
static void bad_version(struct syn *s) { s->eh.e_version = 2; }
static void bad_phentsize(struct syn *s) { s->eh.e_phentsize = 56; }
static void bad_phnum0(struct syn *s) { s->eh.e_phnum = 0; }
static void bad_phnum_xnum(struct syn *s) { s->eh.e_phnum = PN_XNUM; }
static void bad_phnum_huge(struct syn *s) { s->eh.e_phnum = 5000; }
static void bad_phoff_far(struct syn *s) { s->eh.e_phoff = 0x10000; }
static void bad_phoff_wrap(struct syn *s) { s->eh.e_phoff = 0xffffffe0; }
static void bad_phoff_hdr(struct syn *s) { s->eh.e_phoff = 0; }
static void bad_filesz(struct syn *s) { s->ph[1].p_filesz = 0x501; }
static void bad_congruent(struct syn *s) { s->ph[1].p_offset = 0x1004; }
static void bad_overlap(struct syn *s) { s->ph[0].p_memsz = 0x1100; }
static void bad_order(struct syn *s) { s->ph[2].p_vaddr = 0x08047f00; }
static void bad_vaddr_wrap(struct syn *s) { s->ph[2].p_memsz = 0xfffff000; }
static void bad_off_wrap(struct syn *s)
{
	s->ph[2].p_offset = 0xffffff00;
	s->ph[2].p_vaddr = 0x0804af00;
	s->ph[2].p_filesz = 0x200;
}
static void bad_kernel(struct syn *s) { s->ph[2].p_memsz = 0xb8000000; }
static void bad_at_top(struct syn *s) { s->ph[2].p_vaddr = 0xc0000f00; }
static void bad_page0(struct syn *s) { s->ph[0].p_vaddr = 0; }
static void bad_entry(struct syn *s) { s->eh.e_entry = 0x0804f000; }
static void bad_noload(struct syn *s)
{
	for (int i = 0; i < 3; i++)
		s->ph[i].p_type = PT_NOTE;
}
static void bad_interp_short(struct syn *s)
{
	syn_ph(&s->ph[3], PT_INTERP, 0x100, 0, 1, 1, PF_R);
}
static void bad_interp_long(struct syn *s)
{
	syn_ph(&s->ph[3], PT_INTERP, 0x100, 0, 5000, 5000, PF_R);
}
static void bad_interp_two(struct syn *s)
{
	syn_ph(&s->ph[3], PT_INTERP, 0x100, 0, 20, 20, PF_R);
	s->ph[4] = s->ph[3];
	s->eh.e_phnum = 5;
}
static void bad_many_loads(struct syn *s)
{
	s->eh.e_phnum = ELF_MAX_LOAD + 1;
	for (int i = 0; i < ELF_MAX_LOAD + 1; i++)
		syn_ph(&s->ph[i], PT_LOAD, 0x1000 * i, 0x08048000 + 0x1000 * i,
		       0x10, 0x10, PF_R | PF_X);
	s->eh.e_entry = 0x08048000;
}
static void bad_pie_huge(struct syn *s)
{
	s->eh.e_type = ET_DYN;
	s->eh.e_entry = 0x1010;
	for (int i = 0; i < 3; i++)
		s->ph[i].p_vaddr -= 0x08048000;
	s->ph[2].p_memsz = 0xbfc00000;
}

static const struct {
	const char *name;
	void (*apply)(struct syn *s);
} elf_defects[] = {
#define D(f) { #f, f }
	D(bad_magic), D(bad_magic0), D(bad_class), D(bad_data), D(bad_idver),
	D(bad_type_rel), D(bad_type_core), D(bad_machine), D(bad_version),
	D(bad_phentsize), D(bad_phnum0), D(bad_phnum_xnum), D(bad_phnum_huge),
	D(bad_phoff_far), D(bad_phoff_wrap), D(bad_phoff_hdr), D(bad_filesz),
	D(bad_congruent), D(bad_overlap), D(bad_order), D(bad_vaddr_wrap),
	D(bad_off_wrap), D(bad_kernel), D(bad_at_top), D(bad_page0),
	D(bad_entry), D(bad_noload), D(bad_interp_short), D(bad_interp_long),
	D(bad_interp_two), D(bad_many_loads), D(bad_pie_huge),
#undef D
};

TEST(elf_parse_defects_give_enoexec)
{
	struct elf_image img;
	struct syn s;

	for (size_t i = 0; i < sizeof(elf_defects) / sizeof(elf_defects[0]);
	     i++) {
		syn_init(&s);
		elf_defects[i].apply(&s);
		CHECK_MSG(syn_parse(&s, &img) == -ENOEXEC, "%s",
			  elf_defects[i].name);
	}
}

TEST(elf_parse_truncations)
{
	size_t need = sizeof(struct elf32_ehdr) + 4 * sizeof(struct elf32_phdr);
	struct elf_image img;
	struct syn s;

	syn_init(&s);
	for (size_t len = 0; len < need; len++)
		CHECK_MSG(parse_copy(&s, len, &img) == -ENOEXEC, "len %zu",
			  len);
	CHECK_EQ(parse_copy(&s, need, &img), 0);
}

/* ---- fuzz ---------------------------------------------------------------- */

static void check_invariants(const struct elf_image *img)
{
	const struct elf_segment *seg;
	bool entry_in = false;

	CHECK(img->nload >= 1 && img->nload <= ELF_MAX_LOAD);
	CHECK(img->start >= ELF_PAGE_SIZE && img->end <= ELF_USER_TOP);
	for (unsigned int i = 0; i < img->nload; i++) {
		seg = &img->load[i];
		CHECK(seg->filesz <= seg->memsz);
		CHECK((seg->vaddr - seg->offset) % ELF_PAGE_SIZE == 0);
		CHECK(seg->vaddr >= img->start &&
		      seg->vaddr + seg->memsz <= img->end);
		if (i)
			CHECK(seg->vaddr >= seg[-1].vaddr + seg[-1].memsz);
		entry_in |= img->entry - seg->vaddr < seg->memsz;
	}
	CHECK(entry_in);
}

static void mutate(unsigned char *p, size_t len)
{
	unsigned int n = 1 + test_rand() % 6;
	size_t span = len < 52 + 8 * 32 ? len : 52 + 8 * 32;

	for (unsigned int i = 0; i < n; i++) {
		uint32_t r = test_rand();

		if (r & 1)
			p[(r >> 8) % span] = (unsigned char)(r >> 1);
		else
			p[(r >> 8) % span] ^= (unsigned char)(1u << (r >> 4 & 7));
	}
}

TEST(elf_parse_fuzz_real_header)
{
	unsigned char *orig = malloc(ELF_PAGE_SIZE), *work;
	FILE *f = fopen("build/user/bin/hello", "rb");
	size_t len = f ? fread(orig, 1, ELF_PAGE_SIZE, f) : 0, cut;
	struct elf_image img;
	unsigned int accepted = 0;

	if (f)
		fclose(f);
	CHECK_MSG(len == ELF_PAGE_SIZE, "build/user/bin/hello missing");
	for (int iter = 0; len && iter < 20000; iter++) {
		cut = test_rand() % 8 ? len : test_rand() % (len + 1);
		work = malloc(cut ? cut : 1);
		memcpy(work, orig, cut);
		if (cut)
			mutate(work, cut);
		if (elf_parse(work, cut, &img) == 0) {
			accepted++;
			check_invariants(&img);
		}
		free(work);
	}
	CHECK(accepted > 0);	/* some mutations are harmless */
	free(orig);
}
