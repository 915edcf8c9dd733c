/*
 * tree.c: the registered /proc entries (procfs.h), as a tree.
 *
 * An entry is a generated file (its show() prints it; with a store() it
 * can be written too), a file with file ops of its own
 * (procfs_register_file), or a directory.  procfs_register("sys/kernel/x",
 * ...) makes the directories of the path as needed, so subsystems plug
 * in files anywhere below /proc without a central list.  Entries are
 * never removed; their inode numbers are 2, 3... in registration order
 * (below PROC_PID_INO).  Registration happens at boot; lookups walk the
 * list (a few dozen entries).
 *
 * Interface (internal.h): procfs_tree_find(parent, name),
 * procfs_tree_entry(ino), procfs_tree_readdir(dir, pos, emit, ctx).
 */
#include "fs/procfs/internal.h"
#include "kernel/export.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

static struct list_head proc_entries = LIST_HEAD_INIT(proc_entries);
static uint32_t proc_next_ino = PROC_ROOT_INO + 1;

struct procfs_entry *procfs_tree_find(uint32_t parent, const char *name,
				      size_t len)
{
	struct procfs_entry *e;

	list_for_each_entry(e, &proc_entries, link)
		if (e->parent == parent && strlen(e->name) == len &&
		    !memcmp(e->name, name, len))
			return e;
	return NULL;
}

struct procfs_entry *procfs_tree_entry(uint32_t ino)
{
	struct procfs_entry *e;

	list_for_each_entry(e, &proc_entries, link)
		if (e->ino == ino)
			return e;
	return NULL;
}

/* A new entry under parent: it, or NULL (no memory, name too long). */
static struct procfs_entry *entry_add(uint32_t parent, const char *name,
				      size_t len)
{
	struct procfs_entry *e;

	if (!len || len >= sizeof(e->name))
		return NULL;
	e = kzalloc(sizeof(*e));
	if (!e)
		return NULL;
	memcpy(e->name, name, len);
	e->parent = parent;
	e->ino = proc_next_ino++;
	list_add_tail(&e->link, &proc_entries);
	return e;
}

/* The directory component name[0..len) under parent, made if needed:
 * its inode number, or 0 (no memory, or a file has that name). */
static uint32_t dir_get(uint32_t parent, const char *name, size_t len)
{
	struct procfs_entry *e = procfs_tree_find(parent, name, len);

	if (!e) {
		e = entry_add(parent, name, len);
		if (e)
			e->is_dir = true;
	}
	return e && e->is_dir ? e->ino : 0;
}

/* A new file entry at path, its directories made as needed: it, or an
 * ERR_PTR (-EEXIST, -ENOMEM). */
static struct procfs_entry *file_add(const char *path)
{
	const char *full = path;
	uint32_t parent = PROC_ROOT_INO;
	const char *slash;
	struct procfs_entry *e;

	while ((slash = strchr(path, '/'))) {
		parent = dir_get(parent, path, (size_t)(slash - path));
		if (!parent)
			return ERR_PTR(-ENOMEM);
		path = slash + 1;
	}
	if (procfs_tree_find(parent, path, strlen(path)))
		return ERR_PTR(-EEXIST);
	e = entry_add(parent, path, strlen(path));
	if (e)
		e->sysctl = !strncmp(full, "sys/", 4);
	return e ? e : ERR_PTR(-ENOMEM);
}

int procfs_register_rw(const char *path, procfs_show_t show,
		       procfs_store_t store)
{
	struct procfs_entry *e = file_add(path);

	if (IS_ERR(e))
		return PTR_ERR(e);
	e->show = show;
	e->store = store;
	return 0;
}

int procfs_register_table(const struct procfs_file *files, size_t n)
{
	int err = 0;

	for (size_t i = 0; i < n && !err; i++)
		err = procfs_register_rw(files[i].path, files[i].show,
					 files[i].store);
	return err;
}

int procfs_register_file(const char *path, uint16_t mode,
			 const struct file_ops *fops)
{
	struct procfs_entry *e = file_add(path);

	if (IS_ERR(e))
		return PTR_ERR(e);
	e->fops = fops;
	e->mode = mode;
	return 0;
}

int procfs_register(const char *path, procfs_show_t show)
{
	return procfs_register_rw(path, show, NULL);
}
EXPORT_SYMBOL(procfs_register);

/*
 * Emit dir's entries from the one numbered pos (0: the first): returns
 * the number of the next one to emit; *done says whether every entry
 * from pos on was taken.
 */
uint64_t procfs_tree_readdir(uint32_t dir, uint64_t pos, dir_emit_t emit,
			     void *ctx, bool *done)
{
	struct procfs_entry *e;
	uint64_t i = 0;

	*done = false;
	list_for_each_entry(e, &proc_entries, link) {
		if (e->parent != dir || i++ < pos)
			continue;
		if (!emit(ctx, e->name, strlen(e->name), e->ino,
			  e->is_dir ? DT_DIR : DT_REG))
			return pos;
		pos++;
	}
	*done = true;
	return pos;
}
