/*
 * namei.c: path lookup.
 *
 * A path is walked one component at a time from the root ("/...") or the
 * current directory.  Repeated slashes count as one; "." stays, ".." goes
 * to the parent, and from the root of a mounted filesystem to the parent
 * of the directory it covers; ".." at the root of lookup stays there.  A
 * directory something is mounted on is replaced by the mounted root.
 * Every directory searched needs MAY_EXEC.
 *
 * Symbolic links are followed in the middle of a path always and at its
 * end with LOOKUP_FOLLOW or a trailing slash (which also requires a
 * directory).  A link's target is walked from the directory holding the
 * link, or from the root when absolute.  At most SYMLOOP_MAX links are
 * followed in one lookup and links nest at most LINK_NEST_MAX deep (a
 * chain a -> b -> c does not nest; "a/x" with a -> "b/y" does): beyond
 * either, -ELOOP.  A "magic" link (an inode with get_target: procfs's
 * fd/N, exe, cwd, root) is followed to the object it holds, whatever its
 * text says; when that ends the path, the open file it named is kept for
 * vfs_open (namei_open), which opens the same object again.  Names longer than NAME_MAX and paths of PATH_MAX bytes
 * or more give -ENAMETOOLONG.
 *
 * References: every inode handed back carries one; walk() consumes the
 * reference of the directory it starts from.
 *
 * Interface: vfs_lookup, vfs_lookup_at, vfs_lookup_parent; for the VFS
 * (internal.h) namei_parent, namei_parent_at, namei_open, lookup_raw,
 * follow_mounts, last_type, namei_read_link.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

#define LINK_NEST_MAX	8

struct nameidata {
	unsigned int links;		/* symlinks followed so far */
	unsigned int depth;		/* links being resolved inside others */
	struct file *via;		/* the last magic link's file */
};

/* Keep f (a reference or NULL) as the file the walk went through. */
static void set_via(struct nameidata *nd, struct file *f)
{
	if (nd->via)
		vfs_close(nd->via);
	nd->via = f;
}

static int walk(struct nameidata *nd, struct inode *dir, const char *path,
		size_t len, unsigned int flags, struct inode **out,
		struct inode **outdir);

enum last_type last_type(const char *last)
{
	if (!last[0])
		return LAST_ROOT;
	if (last[0] == '.' && !last[1])
		return LAST_DOT;
	if (last[0] == '.' && last[1] == '.' && !last[2])
		return LAST_DOTDOT;
	return LAST_NORM;
}

struct inode *follow_mounts(struct inode *inode)
{
	while (inode->mounted) {
		struct inode *root = igrab(inode->mounted->root);

		iput(inode);
		inode = root;
	}
	return inode;
}

int lookup_raw(struct inode *dir, const char *name, struct inode **out)
{
	struct inode *inode;
	uint32_t ino;
	int err;

	if (!S_ISDIR(dir->mode))
		return -ENOTDIR;
	if (!dir->iops || !dir->iops->lookup)
		return -ENOENT;
	err = names_lookup(dir, name, &ino);
	if (err)
		return err;
	inode = iget(dir->sb, ino);
	if (IS_ERR(inode))
		return PTR_ERR(inode);
	*out = inode;
	return 0;
}

/* The parent of dir (reference consumed), across mount roots. */
static int step_dotdot(struct inode *dir, struct inode **out)
{
	struct inode *parent;
	int err;

	while (dir != vfs_root() && dir == dir->sb->root && dir->sb->covered) {
		struct inode *covered = igrab(dir->sb->covered);

		iput(dir);
		dir = covered;
	}
	if (dir == vfs_root() || dir == dir->sb->root) {
		*out = dir;
		return 0;
	}
	err = lookup_raw(dir, "..", &parent);
	iput(dir);
	if (err)
		return err;
	*out = follow_mounts(parent);
	return 0;
}

/* Child name of dir (dir's reference is kept): 0 or -Exxx. */
static int lookup_child(struct inode *dir, const char *name,
			struct inode **out)
{
	int err;

	if (!S_ISDIR(dir->mode))
		return -ENOTDIR;
	err = inode_permission(dir, MAY_EXEC);
	if (err)
		return err;
	switch (last_type(name)) {
	case LAST_DOT:
		*out = igrab(dir);
		return 0;
	case LAST_DOTDOT:
		return step_dotdot(igrab(dir), out);
	default:
		err = lookup_raw(dir, name, out);
		if (!err)
			*out = follow_mounts(*out);
		return err;
	}
}

/* The target of link (a kmalloc'd, NUL-terminated string) or ERR_PTR. */
char *namei_read_link(struct inode *link)
{
	char *buf;
	ssize_t n;

	if (!link->iops || !link->iops->readlink)
		return ERR_PTR(-EINVAL);
	buf = kmalloc(PATH_MAX);
	if (!buf)
		return ERR_PTR(-ENOMEM);
	n = link->iops->readlink(link, buf, PATH_MAX);
	if (n >= 0 && n < PATH_MAX) {
		buf[n] = '\0';
		if (n > 0)
			return buf;
		n = -ENOENT;
	} else if (n >= 0) {
		n = -ENAMETOOLONG;
	}
	kfree(buf);
	return ERR_PTR(n);
}

/* Replace *child, a magic link, by its target (*dir stays): 0 or -Exxx,
 * *child dropped. */
static int follow_magic(struct nameidata *nd, struct inode **child)
{
	struct inode *target;
	struct file *file = NULL;
	int err = (*child)->iops->get_target(*child, &target, &file);

	iput(*child);
	if (err)
		return err;
	set_via(nd, file);
	*child = target;
	return 0;
}

/*
 * Replace *child, a symbolic link found in *dir, by what it points to,
 * as long as that is a link too.  Both references are updated; on error
 * *child has been dropped.
 */
static int follow_link(struct nameidata *nd, struct inode **dir,
		       struct inode **child)
{
	while (S_ISLNK((*child)->mode)) {
		struct inode *target, *tdir;
		char *body;
		int err = -ELOOP;

		if (nd->links < SYMLOOP_MAX && (*child)->iops &&
		    (*child)->iops->get_target) {
			nd->links++;
			err = follow_magic(nd, child);
			if (err)
				return err;
			continue;
		}
		if (++nd->links <= SYMLOOP_MAX && nd->depth < LINK_NEST_MAX) {
			body = namei_read_link(*child);
			err = IS_ERR(body) ? PTR_ERR(body) : 0;
		}
		if (!err) {
			nd->depth++;
			err = walk(nd, igrab(*dir), body, strlen(body), 0,
				   &target, &tdir);
			nd->depth--;
			kfree(body);
		}
		iput(*child);
		if (err)
			return err;
		iput(*dir);
		*dir = tdir;
		*child = target;
	}
	return 0;
}

/* Copy the component at path (len bytes) into name: 0 or -ENAMETOOLONG. */
static int get_name(char *name, const char *path, size_t len)
{
	if (len > NAME_MAX)
		return -ENAMETOOLONG;
	memcpy(name, path, len);
	name[len] = '\0';
	return 0;
}

/* Where a component stands in the path being walked. */
struct component {
	bool last;		/* only slashes follow */
	bool trailing;		/* a slash follows */
};

/*
 * Copy the next component of [*path, end) into name and move *path past
 * it: 0, -ENAMETOOLONG, or 1 when only slashes were left.
 */
static int next_component(const char **path, const char *end, char *name,
			  struct component *c)
{
	const char *p = *path, *rest;
	size_t n = 0;

	while (p < end && *p == '/')
		p++;
	if (p == end)
		return 1;
	while (p + n < end && p[n] != '/')
		n++;
	*path = p + n;
	for (rest = *path; rest < end && *rest == '/'; rest++)
		;
	c->trailing = *path < end;
	c->last = rest == end;
	return get_name(name, p, n);
}

/* Hand back the result of a walk: child, and dir if outdir asks for it. */
static void walk_done(struct inode *dir, struct inode *child,
		      struct inode **out, struct inode **outdir)
{
	if (outdir)
		*outdir = dir;
	else
		iput(dir);
	*out = child;
}

/*
 * Walk len bytes of path from dir (whose reference it consumes).  *out
 * gets the result; *outdir, when not NULL, the directory it was found in.
 */
static int walk(struct nameidata *nd, struct inode *dir, const char *path,
		size_t len, unsigned int flags, struct inode **out,
		struct inode **outdir)
{
	const char *end = path + len;
	char name[NAME_MAX + 1];
	struct component c;
	struct inode *child;
	int err;

	if (path < end && *path == '/') {
		iput(dir);
		dir = igrab(vfs_root());
	}
	while ((err = next_component(&path, end, name, &c)) == 0) {
		err = lookup_child(dir, name, &child);
		if (err)
			break;
		if (S_ISLNK(child->mode) &&
		    (!c.last || c.trailing || (flags & LOOKUP_FOLLOW))) {
			err = follow_link(nd, &dir, &child);
			if (err)
				break;
		}
		if (!c.last)
			set_via(nd, NULL);	/* went on past it */
		if (c.last && c.trailing && !S_ISDIR(child->mode)) {
			iput(child);
			err = -ENOTDIR;
			break;
		}
		if (c.last) {
			walk_done(dir, child, out, outdir);
			return 0;
		}
		iput(dir);
		dir = child;
	}
	if (err == 1) {			/* "/", "" or "./": dir itself */
		walk_done(igrab(dir), dir, out, outdir);
		return 0;
	}
	iput(dir);
	return err;
}

/* Where path starts: a new reference to the root, or to base (the cwd
 * when NULL) for a relative path. */
static int path_start(struct inode *base, const char *path,
		      struct inode **start)
{
	size_t len = strnlen(path, PATH_MAX);

	if (len == PATH_MAX)
		return -ENAMETOOLONG;
	if (len == 0)
		return -ENOENT;
	*start = igrab(path[0] == '/' ? vfs_root() : base ? base : vfs_cwd());
	return *start ? 0 : -ENOENT;
}

static int vfs_lookup_locked(struct inode *base, const char *path,
			     unsigned int flags, struct inode **out)
{
	struct nameidata nd = { 0 };
	char last[NAME_MAX + 1];
	struct inode *start;
	bool trailing;
	int err = path_start(base, path, &start);

	if (err)
		return err;
	if (flags & LOOKUP_PARENT) {
		iput(start);
		return namei_parent_at(base, path, out, last, &trailing);
	}
	err = walk(&nd, start, path, strlen(path), flags, out, NULL);
	set_via(&nd, NULL);
	return err;
}

int namei_open(struct inode *base, const char *path, unsigned int flags,
	       struct inode **out, struct file **via)
{
	struct nameidata nd = { 0 };
	struct inode *start;
	int err = path_start(base, path, &start);

	if (!err)
		err = walk(&nd, start, path, strlen(path), flags, out, NULL);
	if (err)
		set_via(&nd, NULL);
	*via = nd.via;
	return err;
}

int vfs_lookup_at(struct inode *base, const char *path, unsigned int flags,
		  struct inode **out)
{
	struct meta_wait w = { 0 };
	int ret;

	vfs_lock();
	do {
		meta_arm(&w);
		ret = vfs_lookup_locked(base, path, flags, out);
	} while (meta_retry(&w, &ret));
	vfs_unlock();
	return ret;
}

int vfs_lookup(const char *path, unsigned int flags, struct inode **out)
{
	return vfs_lookup_at(NULL, path, flags, out);
}

int namei_parent(const char *path, struct inode **dir, char *last,
		 bool *trailing)
{
	return namei_parent_at(NULL, path, dir, last, trailing);
}

int namei_parent_at(struct inode *base, const char *path, struct inode **dir,
		    char *last, bool *trailing)
{
	struct nameidata nd = { 0 };
	struct inode *start;
	size_t e, s;
	int err = path_start(base, path, &start);

	if (err)
		return err;
	for (e = strlen(path); e > 0 && path[e - 1] == '/'; e--)
		;
	for (s = e; s > 0 && path[s - 1] != '/'; s--)
		;
	*trailing = path[e] != '\0';
	err = get_name(last, path + s, e - s);
	if (!err)
		err = walk(&nd, start, path, s, LOOKUP_FOLLOW, dir, NULL);
	else
		iput(start);
	set_via(&nd, NULL);
	if (!err && !S_ISDIR((*dir)->mode)) {
		iput(*dir);
		err = -ENOTDIR;
	}
	return err;
}

static int vfs_lookup_parent_locked(const char *path, struct inode **dir, char *last)
{
	bool trailing;

	return namei_parent(path, dir, last, &trailing);
}

int vfs_lookup_parent(const char *path, struct inode **dir, char *last)
{
	int ret;

	vfs_lock();
	ret = vfs_lookup_parent_locked(path, dir, last);
	vfs_unlock();
	return ret;
}
