/*
 * internal.h: what the files of kernel/module/ share.
 *
 *   module.c   the list of loaded modules, references, unloading
 *   load.c     loading: parse, place, link, check, init
 *   region.c   module memory: KMAP pages with their own rights
 *   params.c   "name=value" arguments into a module's parameters
 *   symbols.c  resolving a module's undefined symbols: the kernel's
 *              exports, then the loaded modules' (GNU hash tables)
 *
 * Lock: module_mutex, a sleeping lock, held across a whole load or unload
 * (one at a time, as Linux's module_mutex) and while the list is walked.
 * Module references (module_get/module_put) use their own spinlock, so
 * that opening a device never waits for a load.
 */
#ifndef KERNEL_MODULE_INTERNAL_H
#define KERNEL_MODULE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "kernel/modules.h"
#include "kernel/mutex.h"
#include "lib/list.h"

enum region_kind {
	REGION_TEXT, REGION_RODATA, REGION_DATA,
	REGION_INIT_TEXT, REGION_INIT_DATA,
	REGION_COUNT
};

struct module_region {
	enum region_kind kind;
	uintptr_t va;			/* in the KMAP area; 0: none */
	uint32_t npages;
};

struct gnuhash_table;

struct module {
	char name[MODULE_NAME_LEN];
	enum module_state state;
	uint32_t refs;			/* module_get's, and its users' */
	uint32_t users;			/* modules that use its exports */
	uint32_t links;			/* undefined symbols it was linked by */
	struct list_head link;		/* on the module list */
	struct list_head uses;		/* struct module_use: what it uses */
	struct module_region regions[REGION_COUNT];
	uint32_t size;			/* bytes of its regions after init */
	int (*init)(void);
	void (*exit)(void);
	const struct gnuhash_table *exports;	/* NULL: exports nothing */
	char *args;			/* its arguments: charp params point in */
};

/* One module's use of another's exports. */
struct module_use {
	struct list_head link;		/* on user->uses */
	struct module *target;
};

extern struct mutex module_mutex;
extern struct list_head module_list;

struct module *module_find_locked(const char *name);
void module_free(struct module *m);

struct module_param;
/* Set the n parameters at p from args, which is cut up in place (charp
 * values point into it): 0, or -EINVAL for a value that does not parse.
 * Unknown names are logged and skipped. */
int module_params_apply(const char *modname, const struct module_param *p,
			size_t n, char *args);

/* elf_mod_relocate's resolver for the module ctx (a struct module *):
 * 0 and *value, or -ENOENT. */
int module_resolve(void *ctx, const char *name, uint32_t *value);
/* Whether [p, p + len) lies in m's memory (in its regions of kinds, a
 * mask of REGION_BIT()s); whether s is a string there. */
#define REGION_BIT(kind)	(1u << (kind))
#define REGION_ALL		((1u << REGION_COUNT) - 1)
bool module_holds(const struct module *m, const void *p, uint64_t len);
bool module_holds_in(const struct module *m, const void *p, uint64_t len,
		     unsigned int kinds);
bool module_holds_string(const struct module *m, const char *s);
/* 0 when t, in m's memory, may be searched; -ENOEXEC otherwise. */
int module_exports_check(const struct module *m,
			 const struct gnuhash_table *t);

int region_alloc(struct module_region *r, size_t size, enum region_kind kind);
void region_seal(struct module_region *r);
void region_free(struct module_region *r);

#endif
