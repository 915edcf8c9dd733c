/*
 * inode.c: the inode cache.
 *
 * Every inode in memory is in one hash table keyed by (sb, ino) and on its
 * superblock's list.  iget() finds it or reads it (super_ops alloc_inode,
 * read_inode); iput() drops a reference.  An inode nobody holds stays
 * cached while it has links (ramfs keeps its files that way); when the last
 * reference goes and nlink is 0, it is evicted: its pages are dropped,
 * evict_inode frees it on disk and destroy_inode frees the memory.  At
 * unmount every inode of the superblock is written back and dropped.
 *
 * No locking yet: until there is a scheduler, one thread runs the VFS
 * (filesystem ops may sleep in blk_wait, so a spinlock could not be held
 * across them anyway; a sleeping lock comes with the scheduler).
 *
 * Interface: iget, igrab, iput, new_inode, inode_hash_insert,
 * inode_mark_dirty, inode_init_owner, vfs_now; and for the VFS
 * (internal.h) sb_busy, inodes_sync_sb, inodes_drop_sb.
 */
#include "fs/internal.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "mm/mm.h"

#define INODE_HASH_BITS	12

static DEFINE_HASHTABLE(inode_table, INODE_HASH_BITS);

static uint32_t inode_key(const struct super_block *sb, uint32_t ino)
{
	return hash_ptr(sb, 32) ^ ino;
}

struct timespec64 vfs_now(void)
{
	uint64_t ns = clock_realtime_ns();

	return (struct timespec64){ .tv_sec = (int64_t)(ns / NSEC_PER_SEC),
				    .tv_nsec = (long)(ns % NSEC_PER_SEC) };
}

/* Set the VFS-owned fields of a freshly allocated inode of sb. */
static void inode_init_vfs(struct inode *inode, struct super_block *sb)
{
	inode->sb = sb;
	inode->refcount = 1;
	inode->dirty = false;
	inode->mounted = NULL;
	hlist_node_init(&inode->hash);
	list_init(&inode->names);
	inode->lock = (struct mutex)MUTEX_INIT(inode->lock);
	list_add_tail(&inode->sb_link, &sb->inodes);
	mapping_init(&inode->mapping, NULL, inode);
}

struct inode *new_inode(struct super_block *sb)
{
	struct inode *inode;

	if (sb->ops && sb->ops->alloc_inode)
		inode = sb->ops->alloc_inode(sb);
	else
		inode = kzalloc(sizeof(*inode));
	if (!inode)
		return NULL;
	inode_init_vfs(inode, sb);
	return inode;
}

void inode_hash_insert(struct inode *inode)
{
	if (!inode->sb_link.next)		/* straight from alloc_inode */
		inode_init_vfs(inode, inode->sb);
	hash_add(inode_table, &inode->hash, inode_key(inode->sb, inode->ino));
}

/* Unhash and free inode (no on-disk change). */
static void inode_free(struct inode *inode)
{
	struct super_block *sb = inode->sb;

	if (!hlist_unhashed(&inode->hash))
		hash_del(&inode->hash);
	names_drop_dir(inode);
	list_del(&inode->sb_link);
	if (inode->mapping.nrpages)
		pagecache_truncate(&inode->mapping, 0);
	if (sb->ops && sb->ops->destroy_inode)
		sb->ops->destroy_inode(inode);
	else
		kfree(inode);
}

static struct inode *inode_find(struct super_block *sb, uint32_t ino)
{
	struct inode *inode;

	hash_for_each_possible(inode_table, inode, hash, inode_key(sb, ino))
		if (inode->sb == sb && inode->ino == ino)
			return inode;
	return NULL;
}

static struct inode *iget_locked(struct super_block *sb, uint32_t ino)
{
	struct inode *inode = inode_find(sb, ino);
	int err;

	if (inode)
		return igrab(inode);
	if (!sb->ops || !sb->ops->read_inode)
		return ERR_PTR(-ENOENT);
	inode = new_inode(sb);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	inode->ino = ino;
	err = sb->ops->read_inode(inode);
	if (err) {
		inode_free(inode);
		return ERR_PTR(err);
	}
	inode_hash_insert(inode);
	return inode;
}

struct inode *iget(struct super_block *sb, uint32_t ino)
{
	struct inode *ret;

	vfs_lock();
	ret = iget_locked(sb, ino);
	vfs_unlock();
	return ret;
}

struct inode *igrab(struct inode *inode)
{
	if (inode)
		inode->refcount++;
	return inode;
}

/* Last reference gone with no links left: free it on disk and in memory. */
static void inode_evict(struct inode *inode)
{
	struct super_block *sb = inode->sb;

	if (inode->mapping.nrpages)
		pagecache_truncate(&inode->mapping, 0);
	if (sb->ops && sb->ops->evict_inode)
		sb->ops->evict_inode(inode);
	inode_free(inode);
}

static void iput_locked(struct inode *inode)
{
	struct super_block *sb;

	if (!inode)
		return;
	if (inode->refcount == 0) {
		pr_err("vfs: iput of unused inode %u\n", inode->ino);
		return;
	}
	sb = inode->sb;
	if (--inode->refcount)
		return;
	if (inode->nlink == 0 || (sb->ops && sb->ops->drop_inode &&
				  inode != sb->root && sb->ops->drop_inode(inode))) {
		struct meta_wait *armed = meta_pause();	/* it writes */

		inode_evict(inode);
		meta_resume(armed);
	}
	if (sb->detached)
		sb_release_detached(sb);
}

void iput(struct inode *inode)
{
	vfs_lock();
	iput_locked(inode);
	vfs_unlock();
}

void inode_mark_dirty(struct inode *inode)
{
	inode->dirty = true;
}

/*
 * Whether a new non-directory file of mode made in dir by c loses S_ISGID,
 * as Linux's mode_strip_sgid decides: only when it asks for both S_ISGID
 * and S_IXGRP in a set-group-ID directory whose group the creator is not
 * in, and the creator lacks CAP_FSETID (is not the superuser).
 */
static bool new_file_drops_sgid(const struct cred *c, struct inode *dir,
				uint16_t mode)
{
	if ((mode & (S_ISGID | S_IXGRP)) != (S_ISGID | S_IXGRP))
		return false;
	if (S_ISDIR(mode) || !dir || !(dir->mode & S_ISGID))
		return false;
	return !cred_in_group(c, dir->gid) && c->uid != 0;
}

void inode_init_owner(struct inode *inode, struct inode *dir, uint16_t mode)
{
	const struct cred *c = current_cred();

	if (new_file_drops_sgid(c, dir, mode))
		mode &= (uint16_t)~S_ISGID;
	inode->uid = c->uid;
	inode->gid = c->gid;
	if (dir && (dir->mode & S_ISGID)) {
		inode->gid = dir->gid;
		if (S_ISDIR(mode))
			mode |= S_ISGID;
	}
	inode->mode = mode;
}

/* Write inode's fields back if they changed: 0 or -Exxx. */
static int inode_write(struct inode *inode)
{
	struct super_block *sb = inode->sb;
	int err = 0;

	if (!inode->dirty)
		return 0;
	if (sb->ops && sb->ops->write_inode)
		err = sb->ops->write_inode(inode);
	if (!err)
		inode->dirty = false;
	return err;
}

/* True when an inode of sb other than its root (held once) is in use. */
bool sb_busy(struct super_block *sb)
{
	struct inode *inode;

	list_for_each_entry(inode, &sb->inodes, sb_link)
		if (inode->refcount > (inode == sb->root ? 1u : 0u))
			return true;
	return false;
}

/* inode_write, armed with f (metawait.c) when there is one: -EMETAWAIT
 * when the inode's block is not cached (it stays dirty). */
static int inode_write_armed(struct inode *inode, struct sync_fetch *f)
{
	struct meta_wait *w;
	int err;

	if (!f || !inode->dirty)
		return inode_write(inode);
	if (f->n == SYNC_FETCH_MAX)
		return -EMETAWAIT;	/* the next round writes it */
	w = &f->w[f->n];
	*w = (struct meta_wait){ 0 };
	meta_arm(w);
	err = inode_write(inode);
	meta_disarm(w);
	if (err == -EMETAWAIT)
		f->n++;
	return err;
}

int inode_writeback(struct inode *inode)
{
	struct meta_wait w = { 0 };
	int err;

	vfs_lock();
	do {
		meta_arm(&w);
		err = inode_write(inode);
	} while (meta_retry(&w, &err));
	vfs_unlock();
	return err;
}

int inodes_sync_sb(struct super_block *sb, struct sync_fetch *f)
{
	struct inode *inode;
	int err = 0, e;

	list_for_each_entry(inode, &sb->inodes, sb_link) {
		e = 0;
		if (inode->mapping.ops && !list_empty(&inode->mapping.dirty))
			e = pagecache_sync_mapping(&inode->mapping);
		if (!e)
			e = inode_write_armed(inode, f);
		if (e && e != -EMETAWAIT && !err)
			err = e;
	}
	return err;
}

/* At unmount (not busy): write back if asked, drop the root's reference
 * and free every inode; the ones without links are evicted. */
void inodes_drop_sb(struct super_block *sb, bool write_back)
{
	struct inode *inode, *tmp;

	if (write_back)
		inodes_sync_sb(sb, NULL);
	if (sb->root) {
		sb->root->refcount--;
		sb->root = NULL;
	}
	list_for_each_entry_safe(inode, tmp, &sb->inodes, sb_link) {
		if (inode->nlink == 0)
			inode_evict(inode);
		else
			inode_free(inode);
	}
}
