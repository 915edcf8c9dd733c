/*
 * pd_maps.c: each process's name and executable file mappings, kept
 * from the log's EXEC, MMAP, FORK and EXIT records.
 *
 * Interface (pd.h): pd_maps_init, pd_maps_free, pd_maps_apply,
 * pd_maps_proc, pd_maps_find.
 *
 * Records come in time order, so applying them in order gives, at each
 * sample, the maps of that moment:
 *   FORK	a new process (pid != parent_pid): a fresh entry (a reused
 *		pid forgets the old one) with the parent's comm and a copy
 *		of its maps; a new thread (pid == parent_pid): nothing;
 *   EXEC	with a path: the comm, and no maps (MMAP records follow);
 *		without one (a kernel thread): the comm alone;
 *   MMAP	one more mapping; a lookup takes the newest holding the
 *		address, so a mapping placed over an old one wins;
 *   EXIT	nothing: a sample may be decoded after its process ended.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

void pd_maps_init(struct pd_maps *m)
{
	memset(m->hash, 0, sizeof(m->hash));
}

static void pd_proc_clear(struct pd_proc *p)
{
	for (size_t i = 0; i < p->nmaps; i++)
		free(p->maps[i].path);
	free(p->maps);
	p->maps = NULL;
	p->nmaps = p->cap = 0;
}

void pd_maps_free(struct pd_maps *m)
{
	struct pd_proc *p, *next;

	for (size_t i = 0; i < PD_MAPS_HASH; i++) {
		for (p = m->hash[i]; p; p = next) {
			next = p->next;
			pd_proc_clear(p);
			free(p);
		}
		m->hash[i] = NULL;
	}
}

const struct pd_proc *pd_maps_proc(const struct pd_maps *m, uint32_t pid)
{
	const struct pd_proc *p;

	for (p = m->hash[pid % PD_MAPS_HASH]; p; p = p->next)
		if (p->pid == pid)
			return p;
	return NULL;
}

/* The process pid, made (nameless, no maps) if not known; NULL: no
 * memory. */
static struct pd_proc *pd_maps_get(struct pd_maps *m, uint32_t pid)
{
	struct pd_proc *p = (struct pd_proc *)pd_maps_proc(m, pid);

	if (p)
		return p;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->pid = pid;
	p->next = m->hash[pid % PD_MAPS_HASH];
	m->hash[pid % PD_MAPS_HASH] = p;
	return p;
}

static int pd_proc_add_map(struct pd_proc *p, uint32_t start, uint32_t end,
			   uint32_t offset, const char *path)
{
	struct pd_map *maps;
	char *copy;

	if (p->nmaps == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 8;

		maps = realloc(p->maps, cap * sizeof(*maps));
		if (!maps)
			return -ENOMEM;
		p->maps = maps;
		p->cap = cap;
	}
	copy = strdup(path);
	if (!copy)
		return -ENOMEM;
	p->maps[p->nmaps++] = (struct pd_map){
		.start = start, .end = end, .offset = offset, .path = copy,
	};
	return 0;
}

static int pd_maps_fork(struct pd_maps *m, const struct prof_rec_fork *f)
{
	const struct pd_proc *parent;
	struct pd_proc *child;
	int err;

	if (f->h.pid == f->parent_pid)
		return 0;
	child = pd_maps_get(m, f->h.pid);
	if (!child)
		return -ENOMEM;
	pd_proc_clear(child);
	child->comm[0] = '\0';
	parent = pd_maps_proc(m, f->parent_pid);
	if (!parent)
		return 0;
	memcpy(child->comm, parent->comm, sizeof(child->comm));
	for (size_t i = 0; i < parent->nmaps; i++) {
		const struct pd_map *map = &parent->maps[i];

		err = pd_proc_add_map(child, map->start, map->end,
				      map->offset, map->path);
		if (err)
			return err;
	}
	return 0;
}

static int pd_maps_exec(struct pd_maps *m, const struct prof_rec_exec *e)
{
	struct pd_proc *p = pd_maps_get(m, e->h.pid);

	if (!p)
		return -ENOMEM;
	memcpy(p->comm, e->comm, sizeof(p->comm));
	p->comm[sizeof(p->comm) - 1] = '\0';
	if (e->path[0])
		pd_proc_clear(p);
	return 0;
}

static int pd_maps_mmap(struct pd_maps *m, const struct prof_rec_mmap *mm)
{
	struct pd_proc *p = pd_maps_get(m, mm->h.pid);

	if (!p)
		return -ENOMEM;
	return pd_proc_add_map(p, mm->start, mm->end, mm->offset, mm->path);
}

int pd_maps_apply(struct pd_maps *m, const struct prof_rec *rec)
{
	switch (rec->type) {
	case PROF_REC_FORK:
		return pd_maps_fork(m, (const void *)rec);
	case PROF_REC_EXEC:
		return pd_maps_exec(m, (const void *)rec);
	case PROF_REC_MMAP:
		return pd_maps_mmap(m, (const void *)rec);
	default:
		return 0;
	}
}

const struct pd_map *pd_maps_find(const struct pd_proc *p, uint32_t addr)
{
	for (size_t i = p->nmaps; i-- > 0;) {
		const struct pd_map *map = &p->maps[i];

		if (addr >= map->start && addr < map->end)
			return map;
	}
	return NULL;
}
