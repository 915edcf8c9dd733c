/*
 * elf_mod_util.c: helpers of the module loader's host tests (see
 * tests/host/elf_mod_util.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/errno.h"
#include "tests/host/elf_mod_util.h"

unsigned char *emod_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long size;

	*len = 0;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc(size);
		*len = fread(buf, 1, size, f);
	}
	fclose(f);
	return buf;
}

int emod_resolve(void *ctx, const char *name, uint32_t *value)
{
	if (!strcmp(name, "ext_counter"))
		*value = EMOD_EXT_COUNTER;
	else if (!strcmp(name, "ext_table"))
		*value = EMOD_EXT_TABLE;
	else if (!strcmp(name, "ext_add"))
		*value = EMOD_EXT_ADD;
	else if (ctx && !strcmp(name, "mod_helper"))
		*value = EMOD_MOD_HELPER;
	else
		return -ENOENT;
	return 0;
}

/* Heap memory of exactly each region's size, at EMOD_BASE(r). */
static int emod_alloc(struct emod_load *l, size_t max)
{
	size_t total = 0;

	for (int r = 0; r < ELF_MOD_NREGIONS; r++)
		total += l->m.region[r].size;
	if (total > max)
		return 1;
	for (int r = 0; r < ELF_MOD_NREGIONS; r++) {
		uint32_t size = l->m.region[r].size;

		l->b.mem[r] = size ? malloc(size) : NULL;
		l->b.addr[r] = EMOD_BASE(r);
	}
	return 0;
}

int emod_load(const void *img, size_t len, struct emod_load *l, size_t max,
	      elf_mod_resolve_fn resolve, void *ctx)
{
	int ret;

	memset(l, 0, sizeof(*l));
	l->stage = "parse";
	if ((ret = elf_mod_parse(img, len, &l->m)))
		return ret;
	l->stage = "layout";
	l->secs = malloc(ELF_MOD_SECS_SIZE(&l->m));
	if ((ret = elf_mod_layout(&l->m, l->secs)))
		return ret;
	l->stage = "alloc";
	if ((ret = emod_alloc(l, max)))
		return ret;
	l->stage = "copy";
	if ((ret = elf_mod_copy(&l->m, &l->b)))
		return ret;
	l->stage = "relocate";
	return elf_mod_relocate(&l->m, &l->b, resolve, ctx);
}

void emod_free(struct emod_load *l)
{
	for (int r = 0; r < ELF_MOD_NREGIONS; r++)
		free(l->b.mem[r]);
	free(l->secs);
	memset(l, 0, sizeof(*l));
}

struct elf32_shdr *emod_shdr(unsigned char *img, const char *name)
{
	struct elf32_ehdr *eh = (struct elf32_ehdr *)img;
	struct elf32_shdr *sh = (struct elf32_shdr *)(img + eh->e_shoff);
	const char *names = (const char *)img + sh[eh->e_shstrndx].sh_offset;

	for (int i = 1; i < eh->e_shnum; i++)
		if (!strcmp(names + sh[i].sh_name, name))
			return &sh[i];
	return NULL;
}
