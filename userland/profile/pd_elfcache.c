/*
 * pd_elfcache.c: the ELF files that samples' mappings name, each read
 * and parsed once.
 *
 * Interface (pd.h): pd_elfcache_init(c, root), pd_elfcache_free(c),
 * pd_elfcache_get(c, path).
 *
 * Paths are the guest's (as exec and mmap saw them); root, when given,
 * is put before each (the staged root filesystem on the host).  A file
 * that cannot be read or parsed is remembered too, with its status and
 * no symbols, so it is tried once.  A log names few files: a list does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

int pd_elfcache_init(struct pd_elfcache *c, const char *root)
{
	c->list = NULL;
	c->root = NULL;
	if (root && root[0] && !(c->root = strdup(root)))
		return -ENOMEM;
	return 0;
}

void pd_elfcache_free(struct pd_elfcache *c)
{
	struct pd_elf *e, *next;

	for (e = c->list; e; e = next) {
		next = e->next;
		pd_elf_free(e);
		free(e->path);
		free(e);
	}
	free(c->root);
	c->list = NULL;
	c->root = NULL;
}

/* Reads and parses the file for e; returns the status. */
static int pd_elfcache_load(const struct pd_elfcache *c, struct pd_elf *e)
{
	struct pd_str full;
	unsigned char *buf;
	size_t len;
	int err;

	pd_str_init(&full);
	if (c->root)
		pd_str_add(&full, c->root);
	pd_str_add(&full, e->path);
	if (full.oom) {
		pd_str_free(&full);
		return -ENOMEM;
	}
	err = pd_read_path(full.s, &buf, &len);
	pd_str_free(&full);
	if (err)
		return err;
	err = pd_elf_parse(e, buf, len);
	free(buf);
	return err;
}

const struct pd_elf *pd_elfcache_get(struct pd_elfcache *c, const char *path)
{
	struct pd_elf *e;

	for (e = c->list; e; e = e->next)
		if (!strcmp(e->path, path))
			return e;
	e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	pd_symtab_init(&e->syms);
	e->path = strdup(path);
	if (!e->path) {
		free(e);
		return NULL;
	}
	e->status = pd_elfcache_load(c, e);
	e->next = c->list;
	c->list = e;
	return e;
}
