/*
 * pd_mem.c: kernel memory from ALLOC and FREE records: the totals, and
 * the allocations never freed (the leaks, at the end of a recording).
 *
 * Interface (pd.h): pd_mem_init, pd_mem_free, pd_mem_apply, pd_mem_fold,
 * pd_mem_summary.
 *
 * Live allocations are kept by (kind, address) in a hash table with
 * chains, each with its size and kernel stack.  An ALLOC at an address
 * that is live already (its FREE was lost) replaces the old one; a FREE
 * of an unknown address (allocated before the recording) is counted.
 * Leaks fold as "kmalloc" or "pages", then the kernel frames outer..inner,
 * weighted by bytes.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

void pd_mem_init(struct pd_mem *m)
{
	memset(m, 0, sizeof(*m));
}

void pd_mem_free(struct pd_mem *m)
{
	struct pd_alloc *a, *next;

	for (size_t i = 0; i < PD_MEM_HASH; i++) {
		for (a = m->hash[i]; a; a = next) {
			next = a->next;
			free(a->ips);
			free(a);
		}
	}
	pd_mem_init(m);
}

static size_t pd_mem_bucket(uint32_t addr, uint8_t kind)
{
	return ((addr >> 4) * 2654435761u + kind) % PD_MEM_HASH;
}

/* Unlinks and frees the live allocation (kind, addr); 1 if there was one. */
static int pd_mem_remove(struct pd_mem *m, uint32_t addr, uint8_t kind)
{
	struct pd_alloc **pp = &m->hash[pd_mem_bucket(addr, kind)], *a;

	for (; (a = *pp); pp = &a->next) {
		if (a->addr != addr || a->kind != kind)
			continue;
		*pp = a->next;
		m->live--;
		m->live_bytes -= a->bytes;
		free(a->ips);
		free(a);
		return 1;
	}
	return 0;
}

static int pd_mem_alloc(struct pd_mem *m, const struct prof_rec_alloc *r)
{
	struct pd_alloc *a = calloc(1, sizeof(*a));
	size_t h = pd_mem_bucket(r->addr, r->kind);

	if (!a)
		return -ENOMEM;
	a->ips = malloc((r->nkernel ? r->nkernel : 1) * sizeof(uint32_t));
	if (!a->ips) {
		free(a);
		return -ENOMEM;
	}
	memcpy(a->ips, r->ips, r->nkernel * sizeof(uint32_t));
	a->addr = r->addr;
	a->bytes = r->bytes;
	a->kind = r->kind;
	a->nips = r->nkernel;
	pd_mem_remove(m, r->addr, r->kind);
	a->next = m->hash[h];
	m->hash[h] = a;
	m->made++;
	m->made_bytes += r->bytes;
	m->live++;
	m->live_bytes += r->bytes;
	return 0;
}

int pd_mem_apply(struct pd_mem *m, const struct prof_rec *rec)
{
	const struct prof_rec_free *f = (const void *)rec;

	if (rec->type == PROF_REC_ALLOC)
		return pd_mem_alloc(m, (const void *)rec);
	if (rec->type != PROF_REC_FREE)
		return 0;
	m->frees++;
	if (!pd_mem_remove(m, f->addr, f->kind))
		m->unmatched++;
	return 0;
}

/* Adds one live allocation's stack to out, b as scratch. */
static int pd_mem_fold_one(const struct pd_alloc *a,
			   const struct pd_symtab *ksyms, struct pd_str *b,
			   struct pd_stacks *out)
{
	pd_str_reset(b);
	pd_str_frame(b, a->kind == PROF_ALLOC_PAGES ? "pages" : "kmalloc", "");
	for (unsigned int i = a->nips; i-- > 0;)
		pd_name_kernel(b, ksyms, a->ips[i], i == 0);
	if (b->oom)
		return -ENOMEM;
	return pd_stacks_add(out, b->s, a->bytes);
}

int pd_mem_fold(const struct pd_mem *m, const struct pd_symtab *ksyms,
		struct pd_stacks *out)
{
	struct pd_str b;
	int err = 0;

	pd_str_init(&b);
	for (size_t i = 0; i < PD_MEM_HASH && !err; i++)
		for (const struct pd_alloc *a = m->hash[i]; a && !err;
		     a = a->next)
			err = pd_mem_fold_one(a, ksyms, &b, out);
	pd_str_free(&b);
	return err;
}

void pd_mem_summary(const struct pd_mem *m, const struct pd_stacks *leaks,
		    int top, const char *prog, FILE *out)
{
	struct pd_stack **v = pd_stacks_sorted(leaks, 1);

	fprintf(out, "%s: %" PRIu64 " allocations (%" PRIu64 " bytes), %"
		PRIu64 " still live (%" PRIu64 " bytes), %" PRIu64
		" frees (%" PRIu64 " of older blocks)\n", prog, m->made,
		m->made_bytes, m->live, m->live_bytes, m->frees, m->unmatched);
	for (size_t i = 0; v && i < leaks->n && i < (size_t)top; i++)
		fprintf(out, "%s: %10" PRIu64 " bytes in %5" PRIu64
			" blocks: %s\n", prog, v[i]->weight, v[i]->count,
			v[i]->key);
	free(v);
}
