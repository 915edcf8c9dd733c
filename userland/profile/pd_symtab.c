/*
 * pd_symtab.c: sorted symbol arrays and address lookup.
 *
 * Interface (pd.h): pd_symtab_init, pd_symtab_free, pd_symtab_add,
 * pd_symtab_finish, pd_symtab_find.
 *
 * A symbol spans from its address to the next symbol's.  Entries without
 * a name are end markers (the end of a text section, a data symbol): an
 * address after one has no name.  finish sorts by address and keeps one
 * entry per address: the highest prio, then the smallest name, so that
 * the choice among aliases does not depend on input order.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

void pd_symtab_init(struct pd_symtab *t)
{
	t->syms = NULL;
	t->n = t->cap = 0;
}

void pd_symtab_free(struct pd_symtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->syms[i].name);
	free(t->syms);
	pd_symtab_init(t);
}

int pd_symtab_add(struct pd_symtab *t, uint32_t addr, const char *name,
		  int prio)
{
	struct pd_sym *s;

	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;

		s = realloc(t->syms, cap * sizeof(*s));
		if (!s)
			return -ENOMEM;
		t->syms = s;
		t->cap = cap;
	}
	s = &t->syms[t->n];
	s->addr = addr;
	s->prio = name ? prio : -1;
	s->name = NULL;
	if (name && !(s->name = strdup(name)))
		return -ENOMEM;
	t->n++;
	return 0;
}

/* Address ascending; at one address the preferred symbol first. */
static int pd_sym_cmp(const void *a, const void *b)
{
	const struct pd_sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->prio != y->prio)
		return x->prio > y->prio ? -1 : 1;
	if (!x->name || !y->name)
		return !x->name - !y->name;
	return strcmp(x->name, y->name);
}

void pd_symtab_finish(struct pd_symtab *t)
{
	size_t out = 0;

	if (t->n)
		qsort(t->syms, t->n, sizeof(*t->syms), pd_sym_cmp);
	for (size_t i = 0; i < t->n; i++) {
		if (out && t->syms[out - 1].addr == t->syms[i].addr) {
			free(t->syms[i].name);
			continue;
		}
		t->syms[out++] = t->syms[i];
	}
	t->n = out;
}

const char *pd_symtab_find(const struct pd_symtab *t, uint32_t addr)
{
	size_t lo = 0, hi = t->n;	/* the answer is below hi */

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? t->syms[lo - 1].name : NULL;
}
