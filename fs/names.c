/*
 * names.c: the name cache, (directory, name) -> inode number, for the
 * filesystems whose names change only through the VFS's inode ops
 * (fs_type.cache_names: ext2).  Path lookup asks it before the
 * filesystem (lookup_raw).
 *
 * An entry is positive (an inode number) or negative (the name is not
 * there).  The first time a name is looked up in a directory that is
 * not too big, all its names are read at once (inode_ops.iterate) and
 * the directory becomes complete: a name it lacks is then absent
 * without asking the filesystem, so filling a directory of n files
 * costs O(n) lookups, not O(n^2) entry compares, and stat after readdir
 * (find, ls -l) costs one scan.  A bigger directory caches the names
 * looked up, positive and negative, one by one.  "." and ".." are never
 * cached (a directory's ".." changes when it moves).
 *
 * The VFS keeps it right: names_added after a name is made (mknod,
 * mkdir, symlink, link, rename's new name), names_removed after one is
 * taken away (unlink, rmdir, rename's old name), names_forget after an
 * op that failed (whether the name is there is not known then: the
 * entry goes, and the directory stops being complete), and
 * names_drop_dir when a directory's inode is freed (rmdir, unmount),
 * before its memory can be reused by another inode.  Mounts need
 * nothing: an entry holds the inode number in the directory's own
 * filesystem and lookup crosses to what is mounted on that inode after.
 *
 * Bounded: at most names_max entries (one per 2 KiB of memory), the
 * least recently used evicted first; a directory that loses an entry
 * stops being complete.  page_alloc's reclaim frees the oldest too when
 * memory is short (names_reclaim).  All of it runs under the VFS lock.
 *
 * Interface (internal.h): names_lookup, names_added, names_removed,
 * names_forget, names_drop_dir, names_stats, names_set_max,
 * names_shrink.
 */
#include "fs/internal.h"
#include "kernel/init.h"
#include "kernel/sched/task.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

#define NAMES_HASH_BITS	14
#define NAMES_MIN	1024u
#define NAMES_PER_KIB	2u	/* memory per entry allowed: 2 KiB */
#define NAMES_RECLAIM	256u	/* entries freed per page asked for */

struct name_entry {
	struct hlist_node hash;		/* names_table, by names_key */
	struct list_head lru;		/* names_lru, most recent first */
	struct list_head dir_link;	/* dir->names */
	struct inode *dir;
	uint32_t key;
	uint32_t ino;			/* 0: negative */
	uint8_t len;
	char name[];
};

static DEFINE_HASHTABLE(names_table, NAMES_HASH_BITS);
static struct list_head names_lru = LIST_HEAD_INIT(names_lru);
static struct names_stats stats;

static uint32_t max_entries;	/* 0: not set yet */

static uint32_t names_max(void)
{
	if (!max_entries)
		max_entries = MAX(NAMES_MIN, (uint32_t)(mm_total_pages() *
				  (PAGE_SIZE / 1024) / NAMES_PER_KIB));
	return max_entries;
}

static bool names_cached(const struct inode *dir)
{
	return dir->sb->type && dir->sb->type->cache_names;
}

static uint32_t names_key(const struct inode *dir, const char *name,
			  size_t len)
{
	return hash_fnv1a(name, len) ^ hash_ptr(dir, 32);
}

static struct name_entry *names_find(struct inode *dir, const char *name,
				     size_t len, uint32_t key)
{
	struct name_entry *e;

	hash_for_each_possible(names_table, e, hash, key)
		if (e->key == key && e->dir == dir && e->len == len &&
		    memcmp(e->name, name, len) == 0)
			return e;
	return NULL;
}

static void names_free(struct name_entry *e)
{
	struct inode *dir = e->dir;

	hash_del(&e->hash);
	list_del(&e->lru);
	list_del(&e->dir_link);
	dir->nr_names--;
	stats.entries--;
	kfree(e);
}

/* Free the least recently used entry; its directory is no longer
 * complete. */
static void names_evict_one(void)
{
	struct name_entry *e = list_entry(names_lru.prev, struct name_entry,
					  lru);

	if (e->dir->names_state != NAMES_TOO_BIG)
		e->dir->names_state = NAMES_PARTIAL;	/* complete or filling */
	names_free(e);
	stats.evicted++;
}

/* A new entry (ino 0: negative), or NULL when out of memory. */
static struct name_entry *names_insert(struct inode *dir, const char *name,
				       size_t len, uint32_t key, uint32_t ino)
{
	struct name_entry *e;

	while (stats.entries >= names_max() && !list_empty(&names_lru))
		names_evict_one();
	e = kmalloc(sizeof(*e) + len);
	if (!e)
		return NULL;
	e->dir = dir;
	e->key = key;
	e->ino = ino;
	e->len = (uint8_t)len;
	memcpy(e->name, name, len);
	hash_add(names_table, &e->hash, key);
	list_add(&e->lru, &names_lru);
	list_add(&e->dir_link, &dir->names);
	dir->nr_names++;
	stats.entries++;
	return e;
}

/* Set name's entry to ino (0: absent), making it if needed. */
static void names_set(struct inode *dir, const char *name, size_t len,
		      uint32_t ino)
{
	uint32_t key = names_key(dir, name, len);
	struct name_entry *e = names_find(dir, name, len, key);

	if (e)
		e->ino = ino;
	else if (!names_insert(dir, name, len, key, ino) &&
		 dir->names_state == NAMES_COMPLETE)
		dir->names_state = NAMES_PARTIAL;
}

static bool names_fill_one(void *ctx, const char *name, size_t len,
			   uint32_t ino, unsigned int dtype)
{
	struct inode *dir = ctx;

	(void)dtype;
	if (len == 0 || len > NAME_MAX ||
	    (name[0] == '.' && (len == 1 || (len == 2 && name[1] == '.'))))
		return true;
	names_set(dir, name, len, ino);
	return dir->nr_names <= names_max() / 2;
}

/* Read every name of dir into the cache: complete, or too big.  An
 * entry of dir evicted meanwhile (the filesystem's allocations may
 * reclaim) leaves it partial. */
static void names_fill(struct inode *dir)
{
	int err;

	dir->names_state = NAMES_FILLING;
	err = dir->iops->iterate(dir, names_fill_one, dir);
	stats.fills++;
	if (dir->names_state != NAMES_FILLING)
		return;
	if (err)
		dir->names_state = NAMES_PARTIAL;
	else if (dir->nr_names > names_max() / 2)
		dir->names_state = NAMES_TOO_BIG;
	else
		dir->names_state = NAMES_COMPLETE;
}

/* The answer of dir's filesystem, remembered. */
static int names_ask_fs(struct inode *dir, const char *name, size_t len,
			uint32_t *ino)
{
	int err = dir->iops->lookup(dir, name, ino);

	stats.misses++;
	if (!err)
		names_set(dir, name, len, *ino);
	else if (err == -ENOENT)
		names_set(dir, name, len, 0);
	return err;
}

int names_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	size_t len = strlen(name);
	struct name_entry *e;
	uint32_t key;

	if (!names_cached(dir) || last_type(name) != LAST_NORM ||
	    len > NAME_MAX)
		return dir->iops->lookup(dir, name, ino);
	key = names_key(dir, name, len);
	e = names_find(dir, name, len, key);
	if (!e && dir->names_state == NAMES_PARTIAL && dir->iops->iterate) {
		names_fill(dir);
		e = names_find(dir, name, len, key);
	}
	if (!e && dir->names_state != NAMES_COMPLETE)
		return names_ask_fs(dir, name, len, ino);
	stats.hits++;
	if (!e || !e->ino)
		return -ENOENT;
	list_move(&e->lru, &names_lru);
	*ino = e->ino;
	return 0;
}

void names_added(struct inode *dir, const char *name, uint32_t ino)
{
	if (names_cached(dir))
		names_set(dir, name, strlen(name), ino);
}

void names_removed(struct inode *dir, const char *name)
{
	size_t len = strlen(name);

	if (!names_cached(dir))
		return;
	if (dir->names_state == NAMES_COMPLETE) {
		struct name_entry *e = names_find(dir, name, len,
						  names_key(dir, name, len));

		if (e)
			names_free(e);
	} else {
		names_set(dir, name, len, 0);
	}
}

void names_forget(struct inode *dir, const char *name)
{
	size_t len = strlen(name);
	struct name_entry *e;

	if (!names_cached(dir))
		return;
	e = names_find(dir, name, len, names_key(dir, name, len));
	if (e)
		names_free(e);
	if (dir->names_state == NAMES_COMPLETE)
		dir->names_state = NAMES_PARTIAL;
}

void names_drop_dir(struct inode *dir)
{
	while (!list_empty(&dir->names))
		names_free(list_first_entry(&dir->names, struct name_entry,
					    dir_link));
	dir->names_state = NAMES_PARTIAL;
}

void names_stats(struct names_stats *out)
{
	vfs_lock();
	*out = stats;
	out->max = names_max();
	vfs_unlock();
}

uint32_t names_set_max(uint32_t max)
{
	uint32_t old = names_max();

	vfs_lock();
	max_entries = max;
	while (stats.entries > names_max())
		names_evict_one();
	vfs_unlock();
	return old;
}

size_t names_shrink(size_t n)
{
	size_t freed = 0;

	vfs_lock();
	for (; freed < n && !list_empty(&names_lru); freed++)
		names_evict_one();
	vfs_unlock();
	return freed;
}

/* page_alloc's reclaim: free the oldest entries, NAMES_RECLAIM per page
 * asked for; returns the pages that much memory makes (a guess: the
 * heap gives a page back only once all its objects are freed). */
static size_t names_reclaim(size_t pages, unsigned int order)
{
	size_t freed;

	(void)order;
	if (!sched_can_sleep() || !vfs_trylock())
		return 0;	/* an interrupt, or another task's VFS call */
	freed = names_shrink(pages * NAMES_RECLAIM);
	vfs_unlock();
	return freed * sizeof(struct name_entry) * 2 / PAGE_SIZE;
}

static int names_init(void)
{
	mm_add_reclaim_hook(names_reclaim);
	return 0;
}
INITCALL(INIT_CORE, names_init);
