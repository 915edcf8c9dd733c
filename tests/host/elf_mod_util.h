/*
 * elf_mod_util.h: what the module loader's host tests share
 * (tests/host/elf_mod_util.c).
 *
 * Interface:
 *   emod_read(path, &len)	the whole file in a heap buffer of exactly
 *				its length (ASan catches reads past it), or
 *				NULL with *len 0;
 *   emod_resolve		the host side of the test module
 *				(tests/host/elfmod/mod.h): ext_counter,
 *				ext_table, ext_add at EMOD_EXT_*; with ctx
 *				non-NULL also mod_helper (for mod_main.o
 *				alone); anything else -ENOENT;
 *   emod_load(img, len, l, max, resolve, ctx)
 *				elf_mod_parse, elf_mod_layout, regions
 *				malloc'ed at exactly their size and given the
 *				fake run-time addresses EMOD_BASE(r),
 *				elf_mod_copy, elf_mod_relocate with
 *				resolve and ctx.  Returns what
 *				the first failing step returned, or 0; 1 when
 *				the regions add up to more than max bytes
 *				(nothing allocated).  l->stage names the last
 *				step run;
 *   emod_free(l)		frees what emod_load allocated;
 *   emod_shdr(img, name)	the test's own look-up of a section header
 *				by name in a sound image (to corrupt it).
 */
#ifndef TESTS_HOST_ELF_MOD_UTIL_H
#define TESTS_HOST_ELF_MOD_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include "elf/module.h"

#define EMOD_DIR	"build/elfmod/"
#define EMOD_KO		EMOD_DIR "test.ko"

#define EMOD_EXT_COUNTER	0xc0100000u
#define EMOD_EXT_TABLE		0xc0100100u
#define EMOD_EXT_ADD		0xc0200000u
#define EMOD_MOD_HELPER		0xc0300000u
#define EMOD_BASE(r)		(0x10000000u + (uint32_t)(r) * 0x01000000u)

struct emod_load {
	struct elf_mod m;
	struct elf_mod_sec *secs;
	struct elf_mod_bases b;
	const char *stage;
};

unsigned char *emod_read(const char *path, size_t *len);
int emod_resolve(void *ctx, const char *name, uint32_t *value);
int emod_load(const void *img, size_t len, struct emod_load *l, size_t max,
	      elf_mod_resolve_fn resolve, void *ctx);
void emod_free(struct emod_load *l);
struct elf32_shdr *emod_shdr(unsigned char *img, const char *name);

#endif
