/*
 * symbols.c: what a module being loaded links against, and its own
 * export table.
 *
 * An undefined symbol is looked up in the kernel's exports, then in each
 * live module's (kernel/export.h, lib/gnuhash.h: a GNU hash table each,
 * the name hashed once for all of them); finding it in a module records the use (that
 * module cannot go while this one is loaded) and takes a reference.
 *
 * A module's own table (__module_exports, made by tools/gnuhash.py at
 * build time) is believed only once it is checked: its arrays and every
 * name must lie inside the module's memory, names NUL-terminated there,
 * and its indices consistent (gnuhash_check).
 *
 * Interface (internal.h): module_resolve, module_exports_check,
 * module_holds, module_holds_in, module_holds_string.  Called
 * with module_mutex held.
 */
#include "kernel/module/internal.h"
#include "kernel/export.h"
#include "lib/errno.h"
#include "lib/gnuhash.h"
#include "lib/string.h"
#include "mm/mm.h"

static int module_use_add(struct module *user, struct module *target)
{
	struct module_use *u;

	list_for_each_entry(u, &user->uses, link)
		if (u->target == target)
			return 0;
	u = kmalloc(sizeof(*u));
	if (!u)
		return -ENOMEM;
	if (!module_get(target)) {
		kfree(u);
		return -ENOENT;
	}
	u->target = target;
	target->users++;
	list_add_tail(&u->link, &user->uses);
	return 0;
}

int module_resolve(void *ctx, const char *name, uint32_t *value)
{
	struct module *user = ctx, *m;
	uint32_t hash = gnuhash_hash(name);
	const struct gnuhash_sym *k = gnuhash_find_hash(&ksyms_exports, name,
							hash);

	user->links++;
	if (k) {
		*value = k->value;
		return 0;
	}
	list_for_each_entry(m, &module_list, link) {
		const struct gnuhash_sym *s;

		if (m == user || m->state != MODULE_LIVE || !m->exports)
			continue;
		s = gnuhash_find_hash(m->exports, name, hash);
		if (s) {
			*value = s->value;
			return module_use_add(user, m);
		}
	}
	return -ENOENT;
}

/* Whether [p, p + len) lies inside one of m's regions of the kinds given
 * (true when len is 0). */
bool module_holds_in(const struct module *m, const void *p, uint64_t len,
		     unsigned int kinds)
{
	uint64_t a = (uintptr_t)p;

	if (!len)
		return true;		/* an empty array may be anywhere */
	for (int i = 0; i < REGION_COUNT; i++) {
		const struct module_region *r = &m->regions[i];
		uint64_t end = r->va + (uint64_t)r->npages * PAGE_SIZE;

		if ((kinds & REGION_BIT(i)) && r->npages && a >= r->va &&
		    a <= end && len <= end - a)
			return true;
	}
	return false;
}

bool module_holds(const struct module *m, const void *p, uint64_t len)
{
	return module_holds_in(m, p, len, REGION_ALL);
}

/* Whether s is a NUL-terminated string inside m's memory. */
bool module_holds_string(const struct module *m, const char *s)
{
	for (size_t n = 0; module_holds(m, s, n + 1); n++)
		if (!s[n])
			return true;
	return false;
}

int module_exports_check(const struct module *m,
			 const struct gnuhash_table *t)
{
	if (!module_holds(m, t, sizeof(*t)) ||
	    !module_holds(m, t->bloom, t->bloom_size * 4ull) ||
	    !module_holds(m, t->buckets, t->nbuckets * 4ull) ||
	    !module_holds(m, t->chains, t->nsyms * 4ull) ||
	    !module_holds(m, t->syms, t->nsyms * (uint64_t)sizeof(*t->syms)) ||
	    gnuhash_check(t))
		return -ENOEXEC;
	for (uint32_t i = 0; i < t->nsyms; i++)
		if (!module_holds_string(m, t->syms[i].name))
			return -ENOEXEC;
	return 0;
}
