/*
 * test_elf_mod.c: the module loader (elf/module.h) on real objects made
 * by the kernel's compiler (tests/host/elfmod/, built by elf/elf.mk):
 * test.ko (two objects combined with ld -r), mod_main.o alone (gcc's own
 * output, with an undefined mod_helper) and mod_pic.o (-fpic: GOT forms).
 *
 * The module is placed at fake addresses (EMOD_BASE) in heap buffers and
 * its bytes are checked by arithmetic: the hand-written calls of
 * mod_asm_calls, the pointers gcc initialised, and every relocation
 * readelf lists for a loaded section (S + A, S + A - P).  The refusals
 * are in test_elf_mod_bad.c, the fuzz in test_elf_mod_fuzz.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/errno.h"
#include "tests/host/elf_mod_util.h"
#include "tests/host/elfmod/mod.h"
#include "tests/host/test.h"

static uint32_t get32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The bytes at run-time address addr, in the region that holds it. */
static const uint8_t *at(const struct emod_load *l, uint32_t addr)
{
	for (int r = 0; r < ELF_MOD_NREGIONS; r++)
		if (addr >= l->b.addr[r] &&
		    addr - l->b.addr[r] < l->m.region[r].size)
			return l->b.mem[r] + (addr - l->b.addr[r]);
	return NULL;
}

static uint32_t sym(const struct emod_load *l, const char *name)
{
	uint32_t v = 0;

	CHECK_MSG(elf_mod_symbol(&l->m, &l->b, name, &v) == 0, "%s", name);
	return v;
}

/* The 32-bit word at run-time address addr (0 if outside the module). */
static uint32_t word(const struct emod_load *l, uint32_t addr)
{
	const uint8_t *p = at(l, addr);

	CHECK_MSG(p != NULL, "0x%x outside the module", addr);
	return p ? get32(p) : 0;
}

/* test.ko loaded; the caller frees it. */
static unsigned char *load_ko(struct emod_load *l, size_t *len)
{
	unsigned char *img = emod_read(EMOD_KO, len);

	CHECK_MSG(img != NULL, "%s missing", EMOD_KO);
	if (!img || emod_load(img, *len, l, 1 << 20, emod_resolve, NULL) != 0) {
		CHECK_MSG(0, "load failed at %s: %s", l->stage,
			  l->m.error ? l->m.error : "?");
		free(img);
		return NULL;
	}
	return img;
}

TEST(elf_mod_real_modinfo)
{
	static const char *const want[] = {
		"license=GPL", "description=a test module for the ELF loader",
		"vermagic=6.1.0-maestro 686", "depends=", "author=maestro",
	};
	struct emod_load l;
	const char *s = NULL;
	unsigned int n = 0, seen = 0;
	size_t len;
	unsigned char *img = load_ko(&l, &len);

	if (!img)
		return;
	/* gcc emits one object's strings in reverse order: any order. */
	while ((s = elf_mod_modinfo_next(&l.m, s)) && n++ < 10)
		for (unsigned int i = 0; i < 5; i++)
			if (!strcmp(s, want[i]))
				seen |= 1u << i;
	CHECK_EQ(n, 5);
	CHECK_EQ(seen, 0x1f);
	CHECK(!strcmp(elf_mod_modinfo_get(&l.m, "license"), "GPL"));
	CHECK(!strcmp(elf_mod_modinfo_get(&l.m, "depends"), ""));
	CHECK(!strcmp(elf_mod_modinfo_get(&l.m, "author"), "maestro"));
	CHECK(elf_mod_modinfo_get(&l.m, "licens") == NULL);
	CHECK(elf_mod_modinfo_get(&l.m, "parm") == NULL);
	emod_free(&l);
	free(img);
}

static int region_of(const char *name)
{
	static const struct { const char *name; int region; } map[] = {
		{ ".text", ELF_MOD_TEXT }, { ".init.text", ELF_MOD_INIT_TEXT },
		{ ".rodata", ELF_MOD_RODATA },
		{ ".rodata.str1.1", ELF_MOD_RODATA },
		{ ".eh_frame", ELF_MOD_RODATA }, { ".data", ELF_MOD_DATA },
		{ ".bss", ELF_MOD_DATA }, { ".init.data", ELF_MOD_INIT_DATA },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(name, map[i].name))
			return map[i].region;
	return ELF_MOD_NOT_PLACED;	/* .modinfo, .comment, debug, tables */
}

/* Each section where its kind says, aligned, inside its region, alone. */
TEST(elf_mod_real_layout)
{
	struct emod_load l;
	size_t len;
	unsigned char *img = load_ko(&l, &len);
	uint32_t end[ELF_MOD_NREGIONS] = { 0 }, placed = 0;

	if (!img)
		return;
	for (uint32_t i = 1; i < l.m.shnum; i++) {
		const struct elf32_shdr *sh = &l.m.shdr[i];
		const struct elf_mod_sec *s = &l.secs[i];
		uint32_t align = sh->sh_addralign ? sh->sh_addralign : 1;
		const char *name = l.m.shstrtab + sh->sh_name;

		CHECK_MSG(s->region == region_of(name), "%s in %d", name,
			  s->region);
		if (s->region == ELF_MOD_NOT_PLACED)
			continue;
		placed++;
		CHECK_MSG(s->off % align == 0, "%s at %u", name, s->off);
		CHECK_MSG(s->off >= end[s->region], "%s overlaps", name);
		end[s->region] = s->off + sh->sh_size;
		CHECK(l.m.region[s->region].align >= align);
		CHECK_EQ(elf_mod_section_addr(&l.m, &l.b, i),
			 EMOD_BASE(s->region) + s->off);
		CHECK(elf_mod_section_mem(&l.m, &l.b, i) ==
		      l.b.mem[s->region] + s->off);
	}
	CHECK_EQ(placed, 8);
	CHECK(elf_mod_section_mem(&l.m, &l.b, l.m.symtab) == NULL);
	CHECK_EQ(elf_mod_section_addr(&l.m, &l.b, l.m.shnum), 0);
	for (int r = 0; r < ELF_MOD_NREGIONS; r++)
		CHECK_EQ(l.m.region[r].size, end[r]);
	CHECK_EQ(l.m.region[ELF_MOD_DATA].align, 32);	/* .bss */
	emod_free(&l);
	free(img);
}

/* mod_asm_calls: the calls' rel32 is target - (P + 4), words absolute. */
TEST(elf_mod_real_known_bytes)
{
	struct emod_load l;
	size_t len;
	unsigned char *img = load_ko(&l, &len);
	uint32_t f;

	if (!img)
		return;
	f = sym(&l, "mod_asm_calls");
	CHECK(f >= EMOD_BASE(ELF_MOD_TEXT));
	CHECK_EQ(at(&l, f)[0], 0xe8);
	CHECK_EQ(word(&l, f + MOD_ASM_CALL_PC32),
		 EMOD_EXT_ADD - (f + MOD_ASM_CALL_PC32 + 4));
	CHECK_EQ(word(&l, f + MOD_ASM_CALL_PLT32),
		 EMOD_EXT_ADD - (f + MOD_ASM_CALL_PLT32 + 4));
	CHECK_EQ(word(&l, f + MOD_ASM_CALL_HELPER),
		 sym(&l, "mod_helper") - (f + MOD_ASM_CALL_HELPER + 4));
	CHECK_EQ(at(&l, f + MOD_ASM_JMP - 1)[0], 0xe9);
	CHECK_EQ(word(&l, f + MOD_ASM_JMP),
		 EMOD_EXT_ADD - (f + MOD_ASM_JMP + 4));
	CHECK_EQ(word(&l, f + MOD_ASM_ABS_EXT), EMOD_EXT_COUNTER);
	CHECK_EQ(word(&l, f + MOD_ASM_ABS_DATA), sym(&l, "mod_counter") + 8);
	CHECK_EQ(word(&l, f + MOD_ASM_ABS_SELF), f + 2);
	emod_free(&l);
	free(img);
}

/* What gcc initialised: data copied, .bss zero, pointers relocated. */
TEST(elf_mod_real_data)
{
	struct emod_load l;
	size_t len;
	unsigned char *img = load_ko(&l, &len);
	uint32_t ptrs, bss, greeting;
	const char *str;

	if (!img)
		return;
	CHECK_EQ(word(&l, sym(&l, "mod_counter")), 5);
	CHECK_EQ(word(&l, sym(&l, "mod_init_value")), 7);
	CHECK(sym(&l, "mod_init_value") >= EMOD_BASE(ELF_MOD_INIT_DATA));
	CHECK(sym(&l, "init_module") >= EMOD_BASE(ELF_MOD_INIT_TEXT));
	bss = sym(&l, "mod_bss_global");
	for (int i = 0; i < 8; i++)
		CHECK_EQ(word(&l, bss + 4 * i), 0);
	ptrs = sym(&l, "mod_ptrs");
	CHECK_EQ(word(&l, ptrs), EMOD_EXT_COUNTER);
	CHECK_EQ(word(&l, ptrs + 4), sym(&l, "mod_counter"));
	CHECK(at(&l, word(&l, ptrs + 8)) != NULL);	/* &mod_scratch[3] */
	CHECK_EQ(word(&l, ptrs + 12), EMOD_EXT_TABLE + 8);
	CHECK_EQ(word(&l, sym(&l, "mod_fn")), EMOD_EXT_ADD);
	CHECK_EQ(word(&l, sym(&l, "mod_weak_ptr")), 0);	/* weak, missing */
	greeting = word(&l, sym(&l, "mod_greeting"));
	str = (const char *)at(&l, greeting);
	CHECK(str && greeting >= EMOD_BASE(ELF_MOD_RODATA) &&
	      !strcmp(str, MOD_GREETING));
	emod_free(&l);
	free(img);
}

/* ---- every relocation readelf lists ----------------------------------- */

struct rel_check {
	struct emod_load *l;
	char target[64];	/* the section relocated */
	int placed;		/* whether it is loaded */
	unsigned int checked;
};

/* S as the test sees it: a section's address, the resolver, a symbol. */
static uint32_t rel_symbol(struct rel_check *c, const char *name)
{
	const void *data;
	uint32_t size, v = 0;
	int idx;

	if (name[0] == '.') {
		idx = elf_mod_section(&c->l->m, name, &data, &size);
		return elf_mod_section_addr(&c->l->m, &c->l->b, idx);
	}
	if (emod_resolve(NULL, name, &v) == 0)
		return v;
	if (!strcmp(name, "ext_weak_missing"))
		return 0;
	return sym(c->l, name);
}

static void rel_entry(struct rel_check *c, unsigned long off,
		      const char *type, const char *name)
{
	const void *data;
	uint32_t size, a, s, p, got;
	int idx = elf_mod_section(&c->l->m, c->target, &data, &size);

	CHECK_MSG(idx > 0 && off + 4 <= size, "%s+%lx", c->target, off);
	if (idx <= 0 || off + 4 > size)
		return;
	a = get32((const uint8_t *)data + off);
	p = elf_mod_section_addr(&c->l->m, &c->l->b, idx) + off;
	s = rel_symbol(c, name);
	got = word(c->l, p);
	if (!strcmp(type, "R_386_32"))
		CHECK_MSG(got == s + a, "%s+%lx %s", c->target, off, name);
	else
		CHECK_MSG(got == s + a - p, "%s+%lx %s", c->target, off, name);
	c->checked++;
}

static void rel_line(struct rel_check *c, const char *line)
{
	char type[32], name[64];
	unsigned long off, info, value;

	if (sscanf(line, "Relocation section '.rel%63[^']'", c->target) == 1) {
		const void *d;
		uint32_t size;
		int idx = elf_mod_section(&c->l->m, c->target, &d, &size);

		c->placed = elf_mod_section_addr(&c->l->m, &c->l->b, idx) != 0;
		return;
	}
	if (c->placed && sscanf(line, "%lx %lx %31s %lx %63s", &off, &info,
				type, &value, name) == 5)
		rel_entry(c, off, type, name);
}

TEST(elf_mod_real_every_relocation)
{
	struct emod_load l;
	size_t len;
	unsigned char *img = load_ko(&l, &len);
	struct rel_check c = { .l = &l };
	char line[256];
	FILE *f = fopen(EMOD_KO ".rel", "r");

	CHECK_MSG(f != NULL, "%s.rel missing", EMOD_KO);
	if (img && f)
		while (fgets(line, sizeof(line), f))
			rel_line(&c, line);
	/* .rel.text 12, .rel.init.text 8, .rel.rodata 9, .rel.eh_frame 3 */
	CHECK_EQ(c.checked, 32);
	if (f)
		fclose(f);
	if (img)
		emod_free(&l);
	free(img);
}

/* ---- the other objects ------------------------------------------------- */

/* gcc's own object: mod_helper undefined, then given by the resolver. */
TEST(elf_mod_real_single_object)
{
	struct emod_load l;
	size_t len;
	unsigned char *img = emod_read(EMOD_DIR "mod_main.o", &len);
	char msg[160];

	CHECK(img != NULL);
	if (!img)
		return;
	CHECK_EQ(emod_load(img, len, &l, 1 << 20, emod_resolve, NULL), -ENOENT);
	CHECK(!strcmp(l.stage, "relocate"));
	CHECK(l.m.error && !strcmp(l.m.error, "undefined symbol"));
	CHECK(l.m.error_name && !strcmp(l.m.error_name, "mod_helper"));
	elf_mod_strerror(&l.m, msg, sizeof(msg));
	CHECK_MSG(strstr(msg, "(.symtab): undefined symbol (mod_helper)"),
		  "%s", msg);
	emod_free(&l);
	CHECK_EQ(emod_load(img, len, &l, 1 << 20, emod_resolve, &l), 0);
	CHECK(l.m.error == NULL);
	{
		uint32_t f = sym(&l, "mod_asm_calls");

		CHECK_EQ(word(&l, f + MOD_ASM_CALL_HELPER),
			 EMOD_MOD_HELPER - (f + MOD_ASM_CALL_HELPER + 4));
	}
	emod_free(&l);
	free(img);
}

/* -fpic code: the GOT forms are refused by name. */
TEST(elf_mod_real_pic_refused)
{
	struct elf_mod m;
	size_t len;
	unsigned char *img = emod_read(EMOD_DIR "mod_pic.o", &len);
	char msg[160];

	CHECK(img != NULL);
	if (!img)
		return;
	CHECK_EQ(elf_mod_parse(img, len, &m), -ENOEXEC);
	CHECK(m.error && !strcmp(m.error, "unsupported relocation type"));
	CHECK(m.error_name && !strncmp(m.error_name, "R_386_GOT", 9));
	elf_mod_strerror(&m, msg, sizeof(msg));
	CHECK_MSG(!strcmp(msg, "relocation 1 of section 2 (.rel.text): "
			  "unsupported relocation type (R_386_GOTPC)") ||
		  strstr(msg, "unsupported relocation type (R_386_GOT"),
		  "%s", msg);
	free(img);
}

/* ---- Linux's own modules ------------------------------------------------ */

#define LINUX_MODULES	"build/cache/linux-oracle/modules/"

static int resolve_any(void *ctx, const char *name, uint32_t *value)
{
	*value = 0xc1000000u + (uint32_t)strlen(name);
	return 0;
}

/*
 * The i386 modules of Debian's 6.1 kernel that `make test-oracle` fetches
 * (ext4.ko is 3,571 symbols in 60 sections): parsed, laid out and linked
 * against any name.  Skipped, saying so, before the oracle's first run.
 */
TEST(elf_mod_linux_modules)
{
	static const char *const names[] = { "ext4", "jbd2", "mbcache",
		"crc16", "crc32c_generic", "loop" };
	unsigned int found = 0;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[128];
		size_t len;
		unsigned char *img;
		struct emod_load l;
		const char *vermagic;
		int ret;

		snprintf(path, sizeof(path), LINUX_MODULES "%s.ko", names[i]);
		img = emod_read(path, &len);
		if (!img)
			continue;
		found++;
		ret = emod_load(img, len, &l, 8 << 20, resolve_any, NULL);
		CHECK_MSG(ret == 0, "%s: %d at %s: %s", names[i], ret,
			  l.stage, l.m.error);
		vermagic = elf_mod_modinfo_get(&l.m, "vermagic");
		CHECK_MSG(vermagic && !strncmp(vermagic, "6.1.0-", 6), "%s",
			  names[i]);
		emod_free(&l);
		free(img);
	}
	if (!found)
		printf("    skipped: no %s*.ko before make test-oracle\n",
		       LINUX_MODULES);
}
