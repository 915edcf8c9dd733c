/*
 * dir.c: directory entries: walking them, finding, removing and
 * renaming one, readdir.
 *
 * A directory is a file of blocks (read through the buffer cache, never
 * with holes) each holding a chain of entries whose rec_len leads to the
 * next one and ends exactly at the block's end.  Every entry is checked
 * before use (rec_len at least 12, 4-aligned, large enough for its name,
 * inside the block; inode number in range): a bad one gives -EUCLEAN.
 *
 * A search starts at the block where the last one found its name and
 * wraps around (as Linux's ext2 does), so that looking up or removing
 * names in the order they were made reads each block once, not the
 * directory each time; "." and ".." are searched for from the start,
 * where they are.  Removing a name merges its entry into the one before
 * it in the block (or marks it unused when it is first).  Adding one is
 * dir_add.c's.  A directory changed here loses its hash index flag, as
 * its index would no longer match.
 *
 * Interface: ext2_dir_fops (readdir), ext2_dir_iterate, ext2_find_entry,
 * ext2_delete_entry, ext2_set_entry, ext2_dir_is_empty, ext2_file_type;
 * for dir_add.c (dir.h) ext2_dir_bread, ext2_walk_block, ext2_dir_walk,
 * ext2_dir_changed.
 */
#include "fs/ext2/dir.h"
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/string.h"

static bool ext2_has_filetype(struct super_block *sb)
{
	return EXT2_SB(sb)->es.s_feature_incompat &
	       EXT2_FEATURE_INCOMPAT_FILETYPE;
}

uint8_t ext2_file_type(struct super_block *sb, uint16_t mode)
{
	static const uint8_t types[16] = {
		[S_IFREG >> 12] = EXT2_FT_REG_FILE,
		[S_IFDIR >> 12] = EXT2_FT_DIR,
		[S_IFCHR >> 12] = EXT2_FT_CHRDEV,
		[S_IFBLK >> 12] = EXT2_FT_BLKDEV,
		[S_IFIFO >> 12] = EXT2_FT_FIFO,
		[S_IFSOCK >> 12] = EXT2_FT_SOCK,
		[S_IFLNK >> 12] = EXT2_FT_SYMLINK,
	};

	return ext2_has_filetype(sb) ? types[(mode & S_IFMT) >> 12] : 0;
}

static unsigned int ext2_dtype(struct super_block *sb, uint8_t ft)
{
	static const uint8_t dtypes[EXT2_FT_MAX] = {
		[EXT2_FT_UNKNOWN] = DT_UNKNOWN, [EXT2_FT_REG_FILE] = DT_REG,
		[EXT2_FT_DIR] = DT_DIR, [EXT2_FT_CHRDEV] = DT_CHR,
		[EXT2_FT_BLKDEV] = DT_BLK, [EXT2_FT_FIFO] = DT_FIFO,
		[EXT2_FT_SOCK] = DT_SOCK, [EXT2_FT_SYMLINK] = DT_LNK,
	};

	if (!ext2_has_filetype(sb) || ft >= EXT2_FT_MAX)
		return DT_UNKNOWN;
	return dtypes[ft];
}

/* Is the entry at p sane?  0 or -EUCLEAN. */
static int ext2_check_entry(struct inode *dir, struct ext2_dir_pos *p)
{
	struct ext2_dir_entry *de = p->de;
	uint32_t bsize = dir->sb->block_size;
	uint32_t left = bsize - p->off;

	if (left < EXT2_DIR_REC_LEN(1) || de->rec_len < EXT2_DIR_REC_LEN(1) ||
	    de->rec_len % 4 || de->rec_len > left ||
	    (de->inode && (de->name_len == 0 ||
			   de->rec_len < EXT2_DIR_REC_LEN(de->name_len))) ||
	    de->inode > EXT2_SB(dir->sb)->inodes_count)
		return EXT2_CORRUPT(dir->sb, "directory %u, block %u, offset "
				    "%u: entry with inode %u, rec_len %u, "
				    "name_len %u", dir->ino, p->fblock,
				    p->off, de->inode, de->rec_len,
				    de->name_len);
	return 0;
}

/* Read block fblock of dir into b: 0 or -Exxx (a hole is corruption). */
int ext2_dir_bread(struct inode *dir, uint32_t fblock, struct buf *b)
{
	uint32_t blk;
	int err = ext2_get_block(dir, fblock, false, &blk);

	if (err)
		return err;
	if (blk == 0)
		return EXT2_CORRUPT(dir->sb, "directory %u has a hole at "
				    "block %u", dir->ino, fblock);
	return bread(dir->sb->dev, blk, dir->sb->block_size, b);
}

/* Visit the entries of one block in order; see ext2_dir_walk. */
int ext2_walk_block(struct inode *dir, struct ext2_dir_pos *p,
		    ext2_visit_t visit, void *arg)
{
	int ret = 0;

	p->prev = NULL;
	for (p->off = 0; p->off < dir->sb->block_size && ret == 0;
	     p->off += p->de->rec_len) {
		p->de = (struct ext2_dir_entry *)((char *)p->b.data + p->off);
		ret = ext2_check_entry(dir, p);
		if (ret == 0)
			ret = visit(dir, p, arg);
		if (ret)
			break;
		p->prev = p->de;
	}
	return ret;
}

/*
 * Visit every entry of blocks [first, end) of dir (unused ones too).
 * Returns 0 when all were visited, the visitor's positive value (p->b is
 * then held: the caller releases it), or -Exxx.
 */
int ext2_dir_walk(struct inode *dir, uint32_t first, uint32_t end,
		  ext2_visit_t visit, void *arg, struct ext2_dir_pos *p)
{
	for (p->fblock = first; p->fblock < end; p->fblock++) {
		int ret = ext2_dir_bread(dir, p->fblock, &p->b);

		if (ret)
			return ret;
		ret = ext2_walk_block(dir, p, visit, arg);
		if (ret > 0)
			return ret;
		brelse(&p->b);
		if (ret)
			return ret;
	}
	return 0;
}

struct ext2_name {
	const char *name;
	size_t len;
};

static bool ext2_name_is(const struct ext2_dir_entry *de, const char *name,
			 size_t len)
{
	return de->inode && de->name_len == len &&
	       memcmp(de->name, name, len) == 0;
}

static int ext2_visit_find(struct inode *dir, struct ext2_dir_pos *p,
			   void *arg)
{
	const struct ext2_name *n = arg;

	return ext2_name_is(p->de, n->name, n->len);
}

/* Find name in dir, holding its block: 1 with p set, 0 if absent, -Exxx. */
static int ext2_find(struct inode *dir, const char *name,
		     struct ext2_dir_pos *p)
{
	struct ext2_inode_info *ei = EXT2_I(dir);
	struct ext2_name n = { name, strlen(name) };
	bool dots = (n.len == 1 || n.len == 2) && name[0] == '.' &&
		    name[n.len - 1] == '.';
	uint32_t end = ext2_dir_blocks(dir);
	uint32_t start = ei->dir_start < end && !dots ? ei->dir_start : 0;
	int ret = ext2_dir_walk(dir, start, end, ext2_visit_find, &n, p);

	if (ret == 0 && start)
		ret = ext2_dir_walk(dir, 0, start, ext2_visit_find, &n, p);
	if (ret > 0)
		ei->dir_start = p->fblock;
	return ret;
}

/* Inode number of name in dir: 0, -ENOENT or -Exxx. */
int ext2_find_entry(struct inode *dir, const char *name, uint32_t *ino)
{
	struct ext2_dir_pos p;
	int ret = ext2_find(dir, name, &p);

	if (ret <= 0)
		return ret ? ret : -ENOENT;
	*ino = p.de->inode;
	brelse(&p.b);
	return 0;
}

/* dir changed: times, and its hash index (if any) is now stale. */
void ext2_dir_changed(struct inode *dir)
{
	EXT2_I(dir)->i_flags &= ~EXT2_INDEX_FL;
	ext2_touch(dir, true);
}

/* Remove name from dir: 0, -ENOENT or -Exxx. */
int ext2_delete_entry(struct inode *dir, const char *name)
{
	struct ext2_dir_pos p;
	int ret = ext2_find(dir, name, &p);

	if (ret <= 0)
		return ret ? ret : -ENOENT;
	if (p.prev)
		p.prev->rec_len += p.de->rec_len;
	else
		p.de->inode = 0;
	bdirty(&p.b);
	ext2_dir_room_update(dir, &p);
	brelse(&p.b);
	ext2_dir_changed(dir);
	return 0;
}

/* Make the existing name in dir refer to inode: 0, -ENOENT or -Exxx. */
int ext2_set_entry(struct inode *dir, const char *name, struct inode *inode)
{
	struct ext2_dir_pos p;
	int ret = ext2_find(dir, name, &p);

	if (ret <= 0)
		return ret ? ret : -ENOENT;
	p.de->inode = inode->ino;
	p.de->file_type = ext2_file_type(dir->sb, inode->mode);
	bdirty(&p.b);
	brelse(&p.b);
	ext2_dir_changed(dir);
	return 0;
}

static int ext2_visit_nonempty(struct inode *dir, struct ext2_dir_pos *p,
			       void *arg)
{
	return p->de->inode && !ext2_name_is(p->de, ".", 1) &&
	       !ext2_name_is(p->de, "..", 2);
}

int ext2_dir_is_empty(struct inode *dir)
{
	struct ext2_dir_pos p;
	int ret = ext2_dir_walk(dir, 0, ext2_dir_blocks(dir),
				ext2_visit_nonempty, NULL, &p);

	if (ret > 0) {
		brelse(&p.b);
		return 0;
	}
	return ret ? ret : 1;
}

struct ext2_emit_ctx {
	uint64_t *pos;			/* the next entry's byte offset */
	dir_emit_t emit;
	void *ctx;
};

static int ext2_visit_emit(struct inode *dir, struct ext2_dir_pos *p,
			   void *arg)
{
	struct ext2_emit_ctx *ec = arg;
	uint64_t pos = (uint64_t)p->fblock * dir->sb->block_size + p->off;

	if (pos < *ec->pos)
		return 0;
	if (p->de->inode &&
	    !ec->emit(ec->ctx, p->de->name, p->de->name_len, p->de->inode,
		      ext2_dtype(dir->sb, p->de->file_type)))
		return 1;
	*ec->pos = pos + p->de->rec_len;
	return 0;
}

/* Emit the entries of dir from byte offset *pos on, moving *pos past
 * each: 0 or -Exxx. */
static int ext2_emit_from(struct inode *dir, uint64_t *pos, dir_emit_t emit,
			  void *ctx)
{
	struct ext2_emit_ctx ec = { .pos = pos, .emit = emit, .ctx = ctx };
	struct ext2_dir_pos p;
	int ret;

	if (*pos >= dir->size)
		return 0;
	ret = ext2_dir_walk(dir, (uint32_t)(*pos / dir->sb->block_size),
			    ext2_dir_blocks(dir), ext2_visit_emit, &ec, &p);
	if (ret > 0) {
		brelse(&p.b);
		ret = 0;
	}
	return ret;
}

/* file_ops.readdir: entries from f->pos (a byte offset) on. */
static int ext2_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	return ext2_emit_from(f->inode, &f->pos, emit, ctx);
}

/* inode_ops.iterate: every entry, for the name cache. */
int ext2_dir_iterate(struct inode *dir, dir_emit_t emit, void *ctx)
{
	uint64_t pos = 0;

	return ext2_emit_from(dir, &pos, emit, ctx);
}

/* file_ops.fsync for directories: the inode and the superblock into the
 * buffers; vfs_fsync then writes the device's dirty blocks. */
static int ext2_dir_fsync(struct file *f)
{
	int err = ext2_write_inode(f->inode);

	return ext2_commit_fs(f->inode->sb) ?: err;
}

const struct file_ops ext2_dir_fops = {
	.readdir = ext2_readdir,
	.fsync = ext2_dir_fsync,
};
