/*
 * test_elf_mod_fuzz.c: the module loader (elf/module.h) on thousands of
 * corrupted copies of the real test modules (tests/host/elfmod/):
 * test.ko, mod_main.o and mod_pic.o.
 *
 * Each case runs parse, layout, copy and relocate (emod_load) on a heap
 * copy of exactly the corrupted length, under ASan and UBSan in the host
 * build, and checks that the result is 0 or -ENOEXEC / -ENOENT with
 * m->error set (and a log line that fits).  The corruptions, from a fixed
 * seed so every run is the same:
 *   - every truncation of each file;
 *   - every 32-bit field of the file header, of every section header,
 *     symbol and relocation set in turn to extreme values (0, 1, -1,
 *     0x7fffffff, 0x80000000, the file's length and length - 1, the old
 *     value +- 1, small and large random numbers), and every relocation's
 *     type set to every value 0..47;
 *   - random byte writes, half of them in the tables (section headers,
 *     symbols, relocations) where they matter most.
 * At the end it prints how many cases ran, how many loaded, and how many
 * were refused with each message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/errno.h"
#include "tests/host/elf_mod_util.h"
#include "tests/host/test.h"

#define FUZZ_MAX_MEM	(1u << 20)	/* regions larger are not copied */
#define FUZZ_FLIPS	8000		/* random-write cases per file */
#define FUZZ_MSGS	80

struct fuzz {
	const unsigned char *orig;
	size_t len;
	void *ctx;			/* emod_load's resolver context */
	uint32_t rng;
	unsigned int cases, loaded, too_big;
	unsigned int nmsg;
	struct { const char *msg; unsigned int n; } by[FUZZ_MSGS];
};

static uint32_t fuzz_rand(struct fuzz *f)
{
	f->rng ^= f->rng << 13;
	f->rng ^= f->rng >> 17;
	f->rng ^= f->rng << 5;
	return f->rng;
}

static void fuzz_count(struct fuzz *f, const char *msg)
{
	unsigned int i;

	for (i = 0; i < f->nmsg; i++)
		if (!strcmp(f->by[i].msg, msg))
			break;
	if (i == f->nmsg && f->nmsg < FUZZ_MSGS)
		f->by[f->nmsg++].msg = msg;
	if (i < f->nmsg)
		f->by[i].n++;
}

/* What a loaded module offers is usable. */
static void fuzz_use(struct emod_load *l)
{
	const char *s = NULL, *name;
	uint32_t i = 0, v;
	unsigned int n = 0;

	while ((s = elf_mod_modinfo_next(&l->m, s)))
		n += strlen(s) > 0;
	elf_mod_modinfo_get(&l->m, "vermagic");
	while (elf_mod_global_next(&l->m, &l->b, &i, &name, &v))
		n += strlen(name) > 0;
	elf_mod_symbol(&l->m, &l->b, "init_module", &v);
	(void)n;
}

static void fuzz_case(struct fuzz *f, const unsigned char *img, size_t len)
{
	unsigned char *copy = malloc(len ? len : 1);
	struct emod_load l;
	char line[256];
	int ret, n;

	memcpy(copy, img, len);
	ret = emod_load(copy, len, &l, FUZZ_MAX_MEM, emod_resolve, f->ctx);
	f->cases++;
	if (ret == 0) {
		f->loaded++;
		fuzz_use(&l);
	} else if (ret == 1) {
		f->too_big++;
	} else {
		CHECK_MSG(ret == -ENOEXEC || ret == -ENOENT,
			  "case %u: %d at %s", f->cases, ret, l.stage);
		CHECK_MSG(l.m.error != NULL, "case %u: no error", f->cases);
		n = elf_mod_strerror(&l.m, line, sizeof(line));
		CHECK_MSG(n > 0 && n < (int)sizeof(line), "case %u: %d",
			  f->cases, n);
		if (l.m.error)
			fuzz_count(f, l.m.error);
	}
	emod_free(&l);
	free(copy);
}

static void fuzz_truncations(struct fuzz *f)
{
	for (size_t n = 0; n < f->len; n++)
		fuzz_case(f, f->orig, n);
}

/* The 32-bit word at off set to each extreme value in turn. */
static void fuzz_word(struct fuzz *f, unsigned char *img, size_t off)
{
	uint32_t old, vals[11];

	if (off + 4 > f->len)
		return;
	memcpy(&old, img + off, 4);
	vals[0] = 0; vals[1] = 1; vals[2] = 0xffffffff;
	vals[3] = 0x7fffffff; vals[4] = 0x80000000;
	vals[5] = f->len; vals[6] = f->len - 1;
	vals[7] = old + 1; vals[8] = old - 1;
	vals[9] = fuzz_rand(f) % 256; vals[10] = fuzz_rand(f);
	for (int i = 0; i < 11; i++) {
		memcpy(img + off, &vals[i], 4);
		fuzz_case(f, img, f->len);
	}
	memcpy(img + off, &old, 4);
}

/* Every field of every entry of [off, off + size), entries of esize. */
static void fuzz_table(struct fuzz *f, unsigned char *img, uint32_t off,
		       uint32_t size, uint32_t esize)
{
	for (uint32_t e = 0; e + esize <= size; e += esize)
		for (uint32_t w = 0; w < esize; w += 4)
			fuzz_word(f, img, off + e + w);
}

/* Every relocation's type byte set to every value up to 47. */
static void fuzz_rel_types(struct fuzz *f, unsigned char *img,
			   const struct elf32_shdr *sh)
{
	for (uint32_t e = 0; e + 8 <= sh->sh_size; e += 8) {
		unsigned char *type = img + sh->sh_offset + e + 4, old = *type;

		for (int t = 0; t < 48; t++) {
			*type = t;
			fuzz_case(f, img, f->len);
		}
		*type = old;
	}
}

/* The file header, the section headers, symbols and relocations. */
static void fuzz_fields(struct fuzz *f)
{
	unsigned char *img = malloc(f->len);
	const struct elf32_ehdr *eh = (const struct elf32_ehdr *)f->orig;
	const struct elf32_shdr *sh =
		(const struct elf32_shdr *)(f->orig + eh->e_shoff);

	memcpy(img, f->orig, f->len);
	fuzz_table(f, img, 0, sizeof(*eh), sizeof(*eh));
	fuzz_table(f, img, eh->e_shoff, eh->e_shnum * sizeof(*sh),
		   sizeof(*sh));
	for (int i = 1; i < eh->e_shnum; i++) {
		if (sh[i].sh_type == SHT_SYMTAB)
			fuzz_table(f, img, sh[i].sh_offset, sh[i].sh_size, 16);
		if (sh[i].sh_type != SHT_REL ||
		    !(sh[sh[i].sh_info].sh_flags & SHF_ALLOC))
			continue;
		fuzz_table(f, img, sh[i].sh_offset, sh[i].sh_size, 8);
		fuzz_rel_types(f, img, &sh[i]);
	}
	free(img);
}

/* Where the tables are: section headers, then symbols and relocations. */
static size_t fuzz_table_byte(struct fuzz *f)
{
	const struct elf32_ehdr *eh = (const struct elf32_ehdr *)f->orig;
	const struct elf32_shdr *sh =
		(const struct elf32_shdr *)(f->orig + eh->e_shoff);
	uint32_t i = fuzz_rand(f) % eh->e_shnum;

	if (i == 0 || (sh[i].sh_type != SHT_SYMTAB && sh[i].sh_type != SHT_REL)
	    || sh[i].sh_size == 0)
		return eh->e_shoff + fuzz_rand(f) % (eh->e_shnum * sizeof(*sh));
	return sh[i].sh_offset + fuzz_rand(f) % sh[i].sh_size;
}

static void fuzz_flips(struct fuzz *f)
{
	unsigned char *img = malloc(f->len);

	for (int c = 0; c < FUZZ_FLIPS; c++) {
		int writes = 1 + fuzz_rand(f) % 4;

		memcpy(img, f->orig, f->len);
		for (int w = 0; w < writes; w++) {
			size_t at = fuzz_rand(f) & 1 ? fuzz_table_byte(f) :
				    fuzz_rand(f) % f->len;

			img[at] = fuzz_rand(f);
		}
		fuzz_case(f, img, f->len);
	}
	free(img);
}

static void fuzz_report(const struct fuzz *f)
{
	printf("    elf_mod fuzz: %u cases: %u loaded, %u refused, %u with "
	       "regions over 1 MiB (not copied)\n", f->cases, f->loaded,
	       f->cases - f->loaded - f->too_big, f->too_big);
	for (unsigned int i = 0; i < f->nmsg; i++)
		printf("    %7u  %s\n", f->by[i].n, f->by[i].msg);
}

static void fuzz_file(struct fuzz *f, const char *path, void *ctx)
{
	size_t len;
	unsigned char *img = emod_read(path, &len);

	CHECK_MSG(img != NULL, "%s missing", path);
	if (!img)
		return;
	f->orig = img;
	f->len = len;
	f->ctx = ctx;
	fuzz_truncations(f);
	fuzz_fields(f);
	fuzz_flips(f);
	free(img);
}

TEST(elf_mod_fuzz_real_modules)
{
	static struct fuzz f;
	int helper;

	memset(&f, 0, sizeof(f));
	f.rng = 0x6d6f6431;	/* "mod1": the same cases on every run */
	fuzz_file(&f, EMOD_KO, NULL);
	fuzz_file(&f, EMOD_DIR "mod_main.o", &helper);
	fuzz_file(&f, EMOD_DIR "mod_pic.o", NULL);
	CHECK(f.cases > 10000);
	CHECK(f.loaded > 0 && f.nmsg > 20);
	fuzz_report(&f);
}
