/*
 * pd_stacks.c: a table of folded stacks, each with a weight (samples,
 * or bytes) and a count of the additions.
 *
 * Interface (pd.h): pd_stacks_init, pd_stacks_free, pd_stacks_add,
 * pd_stacks_sorted, pd_stacks_print.
 *
 * A hash table with chains, doubled when it holds twice as many
 * entries as buckets.  Output is sorted, so that it does not depend on
 * the hash: two runs over one log print the same bytes.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

#define PD_STACKS_BUCKETS	1024

static size_t pd_hash(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

int pd_stacks_init(struct pd_stacks *st)
{
	st->n = 0;
	st->nbuckets = PD_STACKS_BUCKETS;
	st->hash = calloc(st->nbuckets, sizeof(*st->hash));
	return st->hash ? 0 : -ENOMEM;
}

void pd_stacks_free(struct pd_stacks *st)
{
	struct pd_stack *e, *next;

	for (size_t i = 0; st->hash && i < st->nbuckets; i++) {
		for (e = st->hash[i]; e; e = next) {
			next = e->next;
			free(e->key);
			free(e);
		}
	}
	free(st->hash);
	st->hash = NULL;
	st->n = st->nbuckets = 0;
}

/* Doubles the buckets; a failure leaves the table as it was. */
static void pd_stacks_grow(struct pd_stacks *st)
{
	size_t n = 2 * st->nbuckets;
	struct pd_stack **hash = calloc(n, sizeof(*hash)), *e, *next;

	if (!hash)
		return;
	for (size_t i = 0; i < st->nbuckets; i++) {
		for (e = st->hash[i]; e; e = next) {
			next = e->next;
			e->next = hash[pd_hash(e->key) % n];
			hash[pd_hash(e->key) % n] = e;
		}
	}
	free(st->hash);
	st->hash = hash;
	st->nbuckets = n;
}

int pd_stacks_add(struct pd_stacks *st, const char *key, uint64_t weight)
{
	size_t h = pd_hash(key) % st->nbuckets;
	struct pd_stack *e;

	for (e = st->hash[h]; e; e = e->next) {
		if (!strcmp(e->key, key)) {
			e->weight += weight;
			e->count++;
			return 0;
		}
	}
	e = malloc(sizeof(*e));
	if (!e || !(e->key = strdup(key))) {
		free(e);
		return -ENOMEM;
	}
	e->weight = weight;
	e->count = 1;
	e->next = st->hash[h];
	st->hash[h] = e;
	if (++st->n > 2 * st->nbuckets)
		pd_stacks_grow(st);
	return 0;
}

static int pd_by_key(const void *a, const void *b)
{
	const struct pd_stack *x = *(struct pd_stack *const *)a;
	const struct pd_stack *y = *(struct pd_stack *const *)b;

	return strcmp(x->key, y->key);
}

static int pd_by_weight(const void *a, const void *b)
{
	const struct pd_stack *x = *(struct pd_stack *const *)a;
	const struct pd_stack *y = *(struct pd_stack *const *)b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	return pd_by_key(a, b);
}

struct pd_stack **pd_stacks_sorted(const struct pd_stacks *st, int by_weight)
{
	struct pd_stack **v, *e;
	size_t n = 0;

	if (!st->n)
		return NULL;
	v = malloc(st->n * sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < st->nbuckets; i++)
		for (e = st->hash[i]; e; e = e->next)
			v[n++] = e;
	qsort(v, n, sizeof(*v), by_weight ? pd_by_weight : pd_by_key);
	return v;
}

int pd_stacks_print(const struct pd_stacks *st, FILE *out)
{
	struct pd_stack **v = pd_stacks_sorted(st, 0);

	if (!v)
		return st->n ? -ENOMEM : 0;
	for (size_t i = 0; i < st->n; i++)
		fprintf(out, "%s %" PRIu64 "\n", v[i]->key, v[i]->weight);
	free(v);
	return ferror(out) ? -EIO : 0;
}
