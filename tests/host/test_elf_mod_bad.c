/*
 * test_elf_mod_bad.c: the module loader (elf/module.h) refusing broken
 * modules: a table of single defects made in copies of the real test.ko
 * (tests/host/elfmod/), each with the error sentence and the section it
 * must name; every truncation; .modinfo garbage; the caller's mistakes.
 * Every copy is a heap buffer of exactly its length, so AddressSanitizer
 * reports any read past it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/errno.h"
#include "tests/host/elf_mod_util.h"
#include "tests/host/test.h"

/* ---- finding what to break in a sound image ----------------------------- */

static struct elf32_ehdr *eh(unsigned char *img)
{
	return (struct elf32_ehdr *)img;
}

static struct elf32_shdr *sec(unsigned char *img, const char *name)
{
	return emod_shdr(img, name);
}

static uint32_t sec_index(unsigned char *img, const char *name)
{
	struct elf32_shdr *sh = sec(img, name);

	return sh - (struct elf32_shdr *)(img + eh(img)->e_shoff);
}

static char *strtab(unsigned char *img)
{
	return (char *)img + sec(img, ".strtab")->sh_offset;
}

static struct elf32_sym *symbol(unsigned char *img, const char *name)
{
	struct elf32_shdr *st = sec(img, ".symtab");
	struct elf32_sym *s = (struct elf32_sym *)(img + st->sh_offset);

	for (uint32_t i = 0; i < st->sh_size / sizeof(*s); i++)
		if (!strcmp(strtab(img) + s[i].st_name, name))
			return &s[i];
	return NULL;
}

/* The section symbol of section name. */
static uint32_t section_symbol(unsigned char *img, const char *name)
{
	struct elf32_shdr *st = sec(img, ".symtab");
	struct elf32_sym *s = (struct elf32_sym *)(img + st->sh_offset);

	for (uint32_t i = 0; i < st->sh_size / sizeof(*s); i++)
		if (ELF32_ST_TYPE(s[i].st_info) == STT_SECTION &&
		    s[i].st_shndx == sec_index(img, name))
			return i;
	return 0;
}

static struct elf32_rel *rel(unsigned char *img, const char *name, int j)
{
	return (struct elf32_rel *)(img + sec(img, name)->sh_offset) + j;
}

static void set_rel_type(struct elf32_rel *r, uint32_t type)
{
	r->r_info = (r->r_info & ~0xffu) | type;
}

/* ---- the defects ---------------------------------------------------- */

#define DEFECT(name, body)						\
	static void name(unsigned char *img, size_t *len)		\
	{								\
		(void)img;						\
		(void)len;						\
		body;							\
	}

DEFECT(d_short, *len = 40)
DEFECT(d_no_table_end, *len -= 1)
DEFECT(d_magic, img[EI_MAG1] = 'X')
DEFECT(d_class, img[EI_CLASS] = 2)
DEFECT(d_endian, img[EI_DATA] = 2)
DEFECT(d_version, img[EI_VERSION] = 2)
DEFECT(d_exec, eh(img)->e_type = ET_EXEC)
DEFECT(d_machine, eh(img)->e_machine = 62)
DEFECT(d_shentsize, eh(img)->e_shentsize = 64)
DEFECT(d_shnum0, eh(img)->e_shnum = 0)
DEFECT(d_shnum_big, eh(img)->e_shnum = 2000)
DEFECT(d_shoff_odd, eh(img)->e_shoff += 2)
DEFECT(d_shoff_end, eh(img)->e_shoff = *len)
DEFECT(d_shstrndx, eh(img)->e_shstrndx = eh(img)->e_shnum)
DEFECT(d_shstrndx_text, eh(img)->e_shstrndx = sec_index(img, ".text"))
DEFECT(d_text_past, sec(img, ".text")->sh_offset = *len - 4)
DEFECT(d_text_huge, sec(img, ".text")->sh_size = 0xffffffff)
DEFECT(d_overlap, sec(img, ".data")->sh_offset =
	sec(img, ".text")->sh_offset + 8)
DEFECT(d_over_header, sec(img, ".text")->sh_offset = 16)
DEFECT(d_over_table, sec(img, ".data")->sh_offset = eh(img)->e_shoff)
DEFECT(d_align3, sec(img, ".text")->sh_addralign = 3)
DEFECT(d_align_big, sec(img, ".bss")->sh_addralign = 8192)
DEFECT(d_rela, sec(img, ".rel.text")->sh_type = SHT_RELA)
DEFECT(d_shndx, sec(img, ".comment")->sh_type = SHT_SYMTAB_SHNDX)
DEFECT(d_wx, sec(img, ".text")->sh_flags |= SHF_WRITE)
DEFECT(d_tls, sec(img, ".data")->sh_flags |= SHF_TLS)
DEFECT(d_alloc_table, sec(img, ".symtab")->sh_flags |= SHF_ALLOC)
DEFECT(d_no_symtab, sec(img, ".symtab")->sh_type = SHT_PROGBITS)
DEFECT(d_two_symtabs, sec(img, ".strtab")->sh_type = SHT_SYMTAB)
DEFECT(d_names_open,
       img[sec(img, ".shstrtab")->sh_offset +
	   sec(img, ".shstrtab")->sh_size - 1] = 'x')
DEFECT(d_name_out, sec(img, ".text")->sh_name = 0x10000)
DEFECT(d_sym_entsize, sec(img, ".symtab")->sh_entsize = 8)
DEFECT(d_sym_size, sec(img, ".symtab")->sh_size -= 1)
DEFECT(d_sym_info, sec(img, ".symtab")->sh_info = 100000)
DEFECT(d_sym_link0, sec(img, ".symtab")->sh_link = 0)
DEFECT(d_sym_link_text, sec(img, ".symtab")->sh_link =
	sec_index(img, ".text"))
DEFECT(d_strtab_open,
       img[sec(img, ".strtab")->sh_offset +
	   sec(img, ".strtab")->sh_size - 1] = 'x')
DEFECT(d_sym_name, symbol(img, "mod_counter")->st_name = 0x10000)
DEFECT(d_sym_shndx, symbol(img, "mod_counter")->st_shndx = 200)
DEFECT(d_sym_common, symbol(img, "mod_counter")->st_shndx = SHN_COMMON)
DEFECT(d_sym_reserved, symbol(img, "mod_counter")->st_shndx = 0xff10)
DEFECT(d_sym_value, symbol(img, "mod_counter")->st_value = 0x1000)
DEFECT(d_sym_tls, symbol(img, "mod_counter")->st_info =
	(STB_GLOBAL << 4) | STT_TLS)
DEFECT(d_undef_noname, symbol(img, "ext_add")->st_name = 0)
DEFECT(d_rel_entsize, sec(img, ".rel.text")->sh_entsize = 12)
DEFECT(d_rel_size, sec(img, ".rel.text")->sh_size -= 1)
DEFECT(d_rel_link, sec(img, ".rel.text")->sh_link = 0)
DEFECT(d_rel_info, sec(img, ".rel.text")->sh_info = 99)
DEFECT(d_rel_bss, sec(img, ".rel.text")->sh_info = sec_index(img, ".bss"))
DEFECT(d_rel_offset, rel(img, ".rel.text", 0)->r_offset =
	sec(img, ".text")->sh_size - 3)
DEFECT(d_rel_offset_huge, rel(img, ".rel.rodata", 2)->r_offset = 0xfffffffe)
DEFECT(d_rel_sym, rel(img, ".rel.text", 0)->r_info = 0xffffff02)
DEFECT(d_rel_got, set_rel_type(rel(img, ".rel.text", 3), 3))
DEFECT(d_rel_unknown, set_rel_type(rel(img, ".rel.text", 3), 200))
DEFECT(d_rel_debug_sym, rel(img, ".rel.text", 4)->r_info =
	section_symbol(img, ".debug_info") << 8 | R_386_32)
DEFECT(d_debug_got, set_rel_type(rel(img, ".rel.debug_info", 0), 3))
DEFECT(d_missing, memcpy(strtab(img) + symbol(img, "ext_table")->st_name,
			 "ext_tablx", 9))
DEFECT(d_bss_huge, sec(img, ".bss")->sh_size = 0x01000000)

struct defect {
	const char *what;
	void (*make)(unsigned char *img, size_t *len);
	int ret;
	const char *error;	/* NULL when the load must succeed */
	const char *where;	/* in elf_mod_strerror's line, or NULL */
};

static const struct defect defects[] = {
	{ "short", d_short, -ENOEXEC, "file shorter than an ELF header", NULL },
	{ "no table end", d_no_table_end, -ENOEXEC,
	  "section header table outside the file", NULL },
	{ "magic", d_magic, -ENOEXEC, "not an ELF file", NULL },
	{ "class", d_class, -ENOEXEC, "not a 32-bit ELF file (ELFCLASS32)", NULL },
	{ "endian", d_endian, -ENOEXEC, "not a little-endian ELF file", NULL },
	{ "version", d_version, -ENOEXEC, "unknown ELF version", NULL },
	{ "exec", d_exec, -ENOEXEC, "not a relocatable object (ET_REL)", NULL },
	{ "machine", d_machine, -ENOEXEC, "not an i386 object (EM_386)", NULL },
	{ "shentsize", d_shentsize, -ENOEXEC, "section header size is not 40", NULL },
	{ "shnum 0", d_shnum0, -ENOEXEC,
	  "no section headers (or extended numbering)", NULL },
	{ "shnum big", d_shnum_big, -ENOEXEC, "too many sections", NULL },
	{ "shoff odd", d_shoff_odd, -ENOEXEC,
	  "section header table not 4-byte aligned", NULL },
	{ "shoff end", d_shoff_end, -ENOEXEC,
	  "section header table outside the file", NULL },
	{ "shstrndx", d_shstrndx, -ENOEXEC,
	  "section name table index out of range", NULL },
	{ "shstrndx text", d_shstrndx_text, -ENOEXEC,
	  "section name table is not SHT_STRTAB", NULL },
	{ "text past end", d_text_past, -ENOEXEC,
	  "section extends past the end of the file", "section 1 (.text)" },
	{ "text huge", d_text_huge, -ENOEXEC,
	  "section extends past the end of the file", NULL },
	{ "overlap", d_overlap, -ENOEXEC, "sections overlap in the file",
	  "(.data): sections overlap in the file (.text)" },
	{ "over header", d_over_header, -ENOEXEC,
	  "section overlaps the ELF header", "(.text)" },
	{ "over table", d_over_table, -ENOEXEC,
	  "section overlaps the section header table", "(.data)" },
	{ "align 3", d_align3, -ENOEXEC,
	  "section alignment not a power of two", NULL },
	{ "align 8192", d_align_big, -ENOEXEC, "section alignment above 4096", NULL },
	{ "rela", d_rela, -ENOEXEC, "SHT_RELA section (i386 uses SHT_REL)", NULL },
	{ "shndx", d_shndx, -ENOEXEC,
	  "extended section indices (SHT_SYMTAB_SHNDX)", NULL },
	{ "w+x", d_wx, -ENOEXEC, "section both writable and executable", NULL },
	{ "tls section", d_tls, -ENOEXEC, "thread-local section (SHF_TLS)",
	  "(.data)" },
	{ "alloc table", d_alloc_table, -ENOEXEC,
	  "allocated section of an unexpected type", NULL },
	{ "no symtab", d_no_symtab, -ENOEXEC, "no symbol table", NULL },
	{ "two symtabs", d_two_symtabs, -ENOEXEC, "more than one symbol table", NULL },
	{ "names open", d_names_open, -ENOEXEC,
	  "string table not NUL-terminated", NULL },
	{ "name out", d_name_out, -ENOEXEC,
	  "section name outside the section name table", NULL },
	{ "sym entsize", d_sym_entsize, -ENOEXEC,
	  "symbol table entry size is not 16", "(.symtab)" },
	{ "sym size", d_sym_size, -ENOEXEC,
	  "symbol table size not a whole number of symbols", NULL },
	{ "sym info", d_sym_info, -ENOEXEC,
	  "symbol table's first global index out of range", NULL },
	{ "sym link 0", d_sym_link0, -ENOEXEC,
	  "symbol table's string table index out of range", NULL },
	{ "sym link text", d_sym_link_text, -ENOEXEC,
	  "symbol table's string table is not SHT_STRTAB", NULL },
	{ "strtab open", d_strtab_open, -ENOEXEC,
	  "string table not NUL-terminated", "(.strtab)" },
	{ "sym name", d_sym_name, -ENOEXEC,
	  "symbol name outside the string table", "of section 28 (.symtab)" },
	{ "sym shndx", d_sym_shndx, -ENOEXEC,
	  "symbol section index out of range", "(mod_counter)" },
	{ "sym common", d_sym_common, -ENOEXEC,
	  "common symbol (build with -fno-common)", "(mod_counter)" },
	{ "sym reserved", d_sym_reserved, -ENOEXEC,
	  "symbol in a reserved section index", NULL },
	{ "sym value", d_sym_value, -ENOEXEC,
	  "symbol value outside its section", "(mod_counter)" },
	{ "sym tls", d_sym_tls, -ENOEXEC, "thread-local symbol", NULL },
	{ "undef noname", d_undef_noname, -ENOEXEC,
	  "undefined symbol without a name", NULL },
	{ "rel entsize", d_rel_entsize, -ENOEXEC,
	  "relocation entry size is not 8", "section 2 (.rel.text)" },
	{ "rel size", d_rel_size, -ENOEXEC,
	  "relocation section size not a whole number of entries", NULL },
	{ "rel link", d_rel_link, -ENOEXEC,
	  "relocation section not linked to the symbol table", NULL },
	{ "rel info", d_rel_info, -ENOEXEC,
	  "relocation target section index out of range", NULL },
	{ "rel bss", d_rel_bss, -ENOEXEC,
	  "relocation target section has no bytes to relocate", NULL },
	{ "rel offset", d_rel_offset, -ENOEXEC,
	  "relocation outside its target section",
	  "relocation 0 of section 2 (.rel.text): relocation outside its "
	  "target section (.text)" },
	{ "rel offset huge", d_rel_offset_huge, -ENOEXEC,
	  "relocation outside its target section", "relocation 2 of" },
	{ "rel sym", d_rel_sym, -ENOEXEC,
	  "relocation symbol index out of range", NULL },
	{ "rel got", d_rel_got, -ENOEXEC, "unsupported relocation type",
	  "relocation 3 of section 2 (.rel.text): unsupported relocation "
	  "type (R_386_GOT32)" },
	{ "rel unknown", d_rel_unknown, -ENOEXEC, "unknown relocation type", NULL },
	{ "rel debug sym", d_rel_debug_sym, -ENOEXEC,
	  "relocation against a symbol in a section that is not loaded",
	  "(.debug_info)" },
	{ "debug got", d_debug_got, 0, NULL, NULL },
	{ "missing", d_missing, -ENOENT, "undefined symbol",
	  "undefined symbol (ext_tablx)" },
	{ "bss 16 MiB", d_bss_huge, -ENOEXEC,
	  "module region larger than 16 MiB", "(.bss)" },
};

static void check_defect(const unsigned char *orig, size_t orig_len,
			 const struct defect *d)
{
	size_t len = orig_len;
	unsigned char *img = malloc(len), *copy;
	struct emod_load l;
	char msg[256];
	int ret;

	memcpy(img, orig, len);
	d->make(img, &len);
	copy = malloc(len);		/* exactly len bytes for ASan */
	memcpy(copy, img, len);
	ret = emod_load(copy, len, &l, 1 << 20, emod_resolve, NULL);
	CHECK_MSG(ret == d->ret, "%s: %d, not %d (%s)", d->what, ret, d->ret,
		  l.m.error ? l.m.error : "no error");
	if (d->error)
		CHECK_MSG(l.m.error && !strcmp(l.m.error, d->error),
			  "%s: \"%s\"", d->what, l.m.error ? l.m.error : "");
	else
		CHECK_MSG(l.m.error == NULL, "%s: %s", d->what, l.m.error);
	elf_mod_strerror(&l.m, msg, sizeof(msg));
	if (d->where)
		CHECK_MSG(strstr(msg, d->where), "%s: \"%s\"", d->what, msg);
	emod_free(&l);
	free(copy);
	free(img);
}

TEST(elf_mod_bad_defects)
{
	size_t len;
	unsigned char *img = emod_read(EMOD_KO, &len);

	CHECK_MSG(img != NULL, "%s missing", EMOD_KO);
	for (size_t i = 0; img && i < sizeof(defects) / sizeof(defects[0]); i++)
		check_defect(img, len, &defects[i]);
	free(img);
}

/* Every proper prefix of the file is refused, none crashes. */
TEST(elf_mod_bad_every_truncation)
{
	size_t len;
	unsigned char *img = emod_read(EMOD_KO, &len);
	struct elf_mod m;

	for (size_t n = 0; img && n < len; n++) {
		unsigned char *copy = malloc(n ? n : 1);

		memcpy(copy, img, n);
		CHECK_MSG(elf_mod_parse(copy, n, &m) == -ENOEXEC && m.error,
			  "length %zu", n);
		free(copy);
	}
	free(img);
}

/* .modinfo with padding, empty strings and an unterminated tail: the
 * strings found (at most 8) and the value of "b"; free *img after. */
static int modinfo_with(const char *bytes, size_t n, unsigned char **img,
			const char **got, const char **b_value)
{
	size_t len;
	struct elf32_shdr *mi;
	struct elf_mod m;
	const char *s = NULL;
	int count = 0;

	*img = emod_read(EMOD_KO, &len);
	mi = sec(*img, ".modinfo");
	memset(*img + mi->sh_offset, 'x', mi->sh_size);
	memcpy(*img + mi->sh_offset, bytes, n);
	CHECK_EQ(elf_mod_parse(*img, len, &m), 0);
	while ((s = elf_mod_modinfo_next(&m, s)) && count < 8)
		got[count++] = s;
	*b_value = elf_mod_modinfo_get(&m, "b");
	CHECK(elf_mod_modinfo_get(&m, "xxx") == NULL);
	return count;
}

TEST(elf_mod_bad_modinfo)
{
	static const char garbage[] = "\0\0a=1\0\0\0b=2\0=\0b\0";
	const char *got[8], *b;
	unsigned char *img;
	int n = modinfo_with(garbage, sizeof(garbage) - 1, &img, got, &b);

	CHECK_EQ(n, 4);		/* then the unterminated "xxx...": none */
	CHECK(n >= 4 && !strcmp(got[0], "a=1") && !strcmp(got[1], "b=2") &&
	      !strcmp(got[2], "=") && !strcmp(got[3], "b"));
	CHECK(b && !strcmp(b, "2"));
	free(img);
	n = modinfo_with("", 0, &img, got, &b);	/* all unterminated */
	CHECK_EQ(n, 0);
	CHECK(b == NULL);
	free(img);
}

/* The caller's own mistakes: -EINVAL, not the file's fault. */
TEST(elf_mod_bad_caller)
{
	size_t len;
	unsigned char *img = emod_read(EMOD_KO, &len), *odd;
	struct elf_mod_sec secs[64];
	struct elf_mod_bases b = { { 0 }, { 0 } };
	struct elf_mod m;
	uint8_t mem[1];

	CHECK(img != NULL);
	if (!img)
		return;
	odd = malloc(len + 1);
	memcpy(odd + 1, img, len);
	CHECK_EQ(elf_mod_parse(odd + 1, len, &m), -EINVAL);
	CHECK_EQ(elf_mod_parse(img, len, &m), 0);
	CHECK_EQ(elf_mod_relocate(&m, &b, emod_resolve, NULL), -EINVAL);
	CHECK_EQ(elf_mod_copy(&m, &b), -EINVAL);	/* before layout */
	CHECK(m.shnum <= 64);
	CHECK_EQ(elf_mod_layout(&m, secs), 0);
	CHECK_EQ(elf_mod_copy(&m, &b), -EINVAL);	/* no memory */
	for (int r = 0; r < ELF_MOD_NREGIONS; r++) {
		b.mem[r] = mem;
		b.addr[r] = EMOD_BASE(r) + 1;
	}
	CHECK_EQ(elf_mod_copy(&m, &b), -EINVAL);	/* misaligned */
	free(odd);
	free(img);
}
