/*
 * path.c: the absolute path of an open file, for /proc/<pid>/fd, exe and
 * maps.
 *
 * Inodes keep no names, so vfs_open records the path it was given and
 * the directory relative paths started from (f->path, f->path_base).
 * vfs_file_path() resolves that again when asked: the parent
 * directory's path (vfs_dir_path) plus the last component, following a
 * symbolic link there as the open did, so the result names the file
 * itself.  A directory is named by vfs_dir_path directly.  When the name
 * no longer leads to the same inode the file was renamed or removed:
 * Linux then appends " (deleted)" to the last name it knew, and so does
 * this when the file has no links left.  Files that were never opened
 * by path are named as Linux names them: "pipe:[ino]" for pipes,
 * "socket:[ino]" for sockets,
 * "anon_inode:[...]" otherwise.
 *
 * A file opened through a magic link (/proc/self/fd/N) takes the path of
 * the file the link named (path_copy), so it is named as that one is.
 *
 * Interface: vfs_file_path (vfs.h); for file.c path_record, path_copy,
 * path_forget.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

/* vfs_open: remember how f was opened, path relative to base (NULL: the
 * cwd); best effort: no memory, no path. */
void path_record(struct file *f, struct inode *base, const char *path)
{
	size_t n = strlen(path) + 1;

	f->path = kmalloc(n);
	if (!f->path)
		return;
	memcpy(f->path, path, n);
	f->path_base = path[0] == '/' ? NULL : igrab(base ? base : vfs_cwd());
}

void path_copy(struct file *f, const struct file *via)
{
	if (!via->path)
		return;
	f->path = kmalloc(strlen(via->path) + 1);
	if (!f->path)
		return;
	strcpy(f->path, via->path);
	f->path_base = igrab(via->path_base);
}

void path_forget(struct file *f)
{
	kfree(f->path);
	iput(f->path_base);
	f->path = NULL;
	f->path_base = NULL;
}

struct resolve {
	char *cur;		/* the path being resolved (PATH_MAX) */
	char *link;		/* a symbolic link's target (PATH_MAX) */
	char last[NAME_MAX + 1];
	struct inode *base;	/* where cur starts if relative (a reference) */
};

/* buf = dir's path + "/" + name: the length with the NUL, or -Exxx. */
static long join(struct inode *dir, const char *name, char *buf, size_t size)
{
	long n = vfs_dir_path(dir, buf, size);
	size_t len, add = strlen(name);

	if (n < 0)
		return n;
	len = (size_t)n - 1;
	if (len > 1 || buf[0] != '/')
		buf[len++] = '/';
	else
		len = 1;
	if (len + add + 1 > size)
		return -ENAMETOOLONG;
	memcpy(buf + len, name, add + 1);
	return (long)(len + add + 1);
}

/*
 * One step: the parent of r->cur and its last name.  A symbolic link
 * there makes r->cur its target (relative to the link's directory) and
 * returns 1; otherwise buf gets the path and *found the inode (with a
 * reference): the length with the NUL.
 */
static long resolve_step(struct resolve *r, char *buf, size_t size,
			 struct inode **found)
{
	struct inode *dir, *inode;
	bool trailing;
	long err = namei_parent_at(r->base, r->cur, &dir, r->last, &trailing);

	if (err)
		return err;
	if (last_type(r->last) != LAST_NORM) {
		iput(dir);
		err = vfs_lookup_at(r->base, r->cur, LOOKUP_FOLLOW, found);
		return err ? err : vfs_dir_path(*found, buf, size);
	}
	err = lookup_raw(dir, r->last, &inode);
	if (!err && S_ISLNK(inode->mode)) {
		err = inode->iops && inode->iops->readlink ?
		      inode->iops->readlink(inode, r->link, PATH_MAX - 1) : -EINVAL;
		iput(inode);
		if (err < 0)
			goto out;
		r->link[err] = '\0';
		memcpy(r->cur, r->link, (size_t)err + 1);
		iput(r->base);
		r->base = igrab(dir);
		err = 1;
		goto out;
	}
	if (!err)
		*found = follow_mounts(inode);
	err = err ? err : join(dir, r->last, buf, size);
out:
	iput(dir);
	return err;
}

/* The path f was opened by, resolved to f's inode: length or -Exxx. */
static long opened_path(struct file *f, char *buf, size_t size)
{
	struct resolve *r = kzalloc(sizeof(*r));
	struct inode *found = NULL;
	long n = -ENOMEM;

	if (r && (r->cur = kmalloc(PATH_MAX)) && (r->link = kmalloc(PATH_MAX))) {
		strlcpy(r->cur, f->path, PATH_MAX);
		r->base = igrab(f->path_base);
		for (int depth = 0; depth <= SYMLOOP_MAX; depth++) {
			n = resolve_step(r, buf, size, &found);
			if (n != 1)
				break;
		}
		if (n == 1)
			n = -ELOOP;
		if (n > 0 && found != f->inode)
			n = -ESTALE;	/* renamed or removed since */
		iput(found);
		iput(r->base);
	}
	if (r) {
		kfree(r->cur);
		kfree(r->link);
	}
	kfree(r);
	return n;
}

/* The last name of f's path, then " (deleted)", as Linux shows a file
 * that was removed while open. */
static long deleted_path(struct file *f, char *buf, size_t size)
{
	const char *name = strrchr(f->path, '/');

	return (long)snprintf(buf, size, "/%s (deleted)",
			      name ? name + 1 : f->path) + 1;
}

/*
 * f's absolute path into buf (NUL-terminated): its length with the NUL,
 * or -ENAMETOOLONG / -ENOENT (a file renamed since it was opened) /
 * -ENOMEM.
 */
long vfs_file_path(struct file *f, char *buf, size_t size)
{
	struct inode *inode = f->inode;
	long n;

	if (S_ISDIR(inode->mode))
		return vfs_dir_path(inode, buf, size);
	if (!f->path) {
		if (S_ISFIFO(inode->mode))
			n = snprintf(buf, size, "pipe:[%u]", inode->ino);
		else if (S_ISSOCK(inode->mode))
			n = snprintf(buf, size, "socket:[%u]", inode->ino);
		else if (anon_file_name(inode))
			n = snprintf(buf, size, "anon_inode:[%s]",
				     anon_file_name(inode));
		else
			n = snprintf(buf, size, "anon_inode:[%u]", inode->ino);
		return (size_t)n < size ? n + 1 : -ENAMETOOLONG;
	}
	vfs_lock();
	n = opened_path(f, buf, size);
	vfs_unlock();
	if (n == -ESTALE || n == -ENOENT)
		n = inode->nlink == 0 ? deleted_path(f, buf, size) : -ENOENT;
	if (n > (long)size)
		n = -ENAMETOOLONG;
	return n;
}
