/*
 * dir.c: ramfs directories: entries kept in a list in the directory's
 * inode, and the inode ops that change them.
 *
 * readdir gives ".", ".." and then the entries in creation order, f->pos
 * counting them.  Link counts follow Unix: a directory has 2 plus one per
 * subdirectory; removing the last link leaves the inode to the VFS, which
 * evicts it when the last reference goes.
 *
 * Interface: ramfs_dir_iops, ramfs_dir_fops (ramfs.h).
 */
#include "fs/ramfs/ramfs.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

static struct ramfs_dirent *find_entry(struct inode *dir, const char *name)
{
	struct ramfs_dirent *d;

	list_for_each_entry(d, &RAMFS_I(dir)->entries, link)
		if (strcmp(d->name, name) == 0)
			return d;
	return NULL;
}

static void touch(struct inode *inode)
{
	inode->mtime = inode->ctime = vfs_now();
}

static int add_entry(struct inode *dir, const char *name, struct inode *inode)
{
	size_t len = strlen(name);
	struct ramfs_dirent *d = kmalloc(sizeof(*d) + len + 1);

	if (!d)
		return -ENOMEM;
	d->ino = inode->ino;
	d->dtype = IFTODT(inode->mode);
	memcpy(d->name, name, len + 1);
	list_add_tail(&d->link, &RAMFS_I(dir)->entries);
	dir->size += 1;
	touch(dir);
	return 0;
}

static void del_entry(struct inode *dir, struct ramfs_dirent *d)
{
	list_del(&d->link);
	kfree(d);
	dir->size -= 1;
	touch(dir);
}

static int ramfs_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	struct ramfs_dirent *d;

	if (strcmp(name, "..") == 0) {
		*ino = RAMFS_I(dir)->parent;
		return 0;
	}
	d = find_entry(dir, name);
	if (!d)
		return -ENOENT;
	*ino = d->ino;
	return 0;
}

static int ramfs_create(struct inode *dir, const char *name, uint16_t mode,
			uint32_t rdev, struct inode **out)
{
	struct inode *inode = ramfs_new_inode(dir->sb, dir, mode, rdev);
	int err;

	if (!inode)
		return -ENOSPC;
	err = add_entry(dir, name, inode);
	if (err) {
		inode->nlink = 0;
		iput(inode);
		return err;
	}
	if (S_ISDIR(mode))
		dir->nlink++;
	*out = inode;
	return 0;
}

static int ramfs_mknod(struct inode *dir, const char *name, uint16_t mode,
		       uint32_t rdev, struct inode **out)
{
	return ramfs_create(dir, name, mode, rdev, out);
}

static int ramfs_mkdir(struct inode *dir, const char *name, uint16_t mode,
		       struct inode **out)
{
	return ramfs_create(dir, name, S_IFDIR | (mode & 07777), 0, out);
}

static int ramfs_symlink(struct inode *dir, const char *name,
			 const char *target, struct inode **out)
{
	size_t len = strlen(target);
	char *copy = kmalloc(len + 1);
	int err;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, target, len + 1);
	err = ramfs_create(dir, name, S_IFLNK | 0777, 0, out);
	if (err) {
		kfree(copy);
		return err;
	}
	RAMFS_I(*out)->target = copy;
	(*out)->size = len;
	return 0;
}

static int ramfs_link(struct inode *dir, const char *name, struct inode *target)
{
	int err = add_entry(dir, name, target);

	if (!err) {
		target->nlink++;
		target->ctime = vfs_now();
	}
	return err;
}

/* Drop entry d of dir and one link of its inode (a directory: all). */
static int drop_entry(struct inode *dir, struct ramfs_dirent *d)
{
	struct inode *inode = iget(dir->sb, d->ino);

	if (IS_ERR(inode))
		return PTR_ERR(inode);
	if (S_ISDIR(inode->mode)) {
		if (!list_empty(&RAMFS_I(inode)->entries)) {
			iput(inode);
			return -ENOTEMPTY;
		}
		inode->nlink = 0;
		dir->nlink--;
	} else {
		inode->nlink--;
	}
	inode->ctime = vfs_now();
	del_entry(dir, d);
	iput(inode);
	return 0;
}

static int ramfs_unlink(struct inode *dir, const char *name)
{
	struct ramfs_dirent *d = find_entry(dir, name);

	return d ? drop_entry(dir, d) : -ENOENT;
}

static int ramfs_rename(struct inode *old_dir, const char *old_name,
			struct inode *new_dir, const char *new_name)
{
	struct ramfs_dirent *od = find_entry(old_dir, old_name);
	struct ramfs_dirent *nd = find_entry(new_dir, new_name);
	struct inode *inode;
	int err;

	if (!od)
		return -ENOENT;
	inode = iget(old_dir->sb, od->ino);
	if (IS_ERR(inode))
		return PTR_ERR(inode);
	err = nd ? drop_entry(new_dir, nd) : 0;
	if (!err)
		err = add_entry(new_dir, new_name, inode);
	if (!err) {
		del_entry(old_dir, od);
		inode->ctime = vfs_now();
		if (S_ISDIR(inode->mode) && old_dir != new_dir) {
			old_dir->nlink--;
			new_dir->nlink++;
			RAMFS_I(inode)->parent = new_dir->ino;
		}
	}
	iput(inode);
	return err;
}

static int ramfs_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	struct inode *dir = f->inode;
	struct ramfs_dirent *d;
	uint64_t i = 2;

	if (f->pos == 0 && emit(ctx, ".", 1, dir->ino, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, RAMFS_I(dir)->parent, DT_DIR))
		f->pos = 2;
	if (f->pos < 2)
		return 0;
	list_for_each_entry(d, &RAMFS_I(dir)->entries, link) {
		if (i++ < f->pos)
			continue;
		if (!emit(ctx, d->name, strlen(d->name), d->ino, d->dtype))
			break;
		f->pos++;
	}
	return 0;
}

static int ramfs_tmpfile(struct inode *dir, uint16_t mode, struct inode **out)
{
	struct inode *inode = ramfs_new_inode(dir->sb, dir, mode, 0);

	if (!inode)
		return -ENOMEM;
	inode->nlink = 0;	/* the VFS frees it with its last reference */
	*out = inode;
	return 0;
}

const struct inode_ops ramfs_dir_iops = {
	.lookup = ramfs_lookup,
	.mknod = ramfs_mknod,
	.mkdir = ramfs_mkdir,
	.symlink = ramfs_symlink,
	.link = ramfs_link,
	.tmpfile = ramfs_tmpfile,
	.unlink = ramfs_unlink,
	.rmdir = ramfs_unlink,
	.rename = ramfs_rename,
	.setattr = ramfs_setattr,
};

const struct file_ops ramfs_dir_fops = {
	.readdir = ramfs_readdir,
};
