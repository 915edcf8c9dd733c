/*
 * dir_add.c: adding names to a directory, and where they fit.
 *
 * A new entry takes the first unused entry, or the slack at the end of a
 * used one, big enough for it, or else a block appended to the
 * directory.  The VFS looks a name up before it adds it (vfs.h), so the
 * directory is not searched for it again here.  Finding the room would
 * still read every block before the one that has it, so each directory
 * keeps in memory, once it is first added to, a map of the longest entry
 * each of its blocks can take (dir_room, 2 bytes per block); adding,
 * removing and appending keep it right, by looking at the one block
 * changed.  Filling a directory of n names thus reads one block per name
 * rather than the whole directory.  A directory of more than
 * ROOM_MAX_BLOCKS blocks, or when memory is short, goes without a map and
 * is walked.
 *
 * Interface: ext2_add_entry, ext2_make_empty, ext2_dir_room_free; for
 * dir.c (dir.h) ext2_dir_room_update.
 */
#include "fs/ext2/dir.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

#define ROOM_MAX_BLOCKS	65536u
#define ROOM_MIN_CAP	16u

/* The longest entry that fits in de's place. */
static uint32_t ext2_entry_room(const struct ext2_dir_entry *de)
{
	if (!de->inode)
		return de->rec_len;
	return (uint32_t)(de->rec_len - EXT2_DIR_REC_LEN(de->name_len));
}

static int ext2_visit_room(struct inode *dir, struct ext2_dir_pos *p,
			   void *arg)
{
	uint32_t *room = arg;

	(void)dir;
	*room = MAX(*room, ext2_entry_room(p->de));
	return 0;
}

static void ext2_room_drop(struct ext2_inode_info *ei)
{
	kfree(ei->dir_room);
	ei->dir_room = NULL;
	ei->dir_room_cap = 0;
}

void ext2_dir_room_free(struct inode *dir)
{
	ext2_room_drop(EXT2_I(dir));
}

/* Record room for block fblock, growing the map (or dropping it when
 * there is no memory for more). */
static void ext2_room_set(struct inode *dir, uint32_t fblock, uint32_t room)
{
	struct ext2_inode_info *ei = EXT2_I(dir);

	if (!ei->dir_room)
		return;
	if (fblock >= ei->dir_room_cap) {
		uint32_t cap = ei->dir_room_cap * 2;
		uint16_t *map = fblock < ROOM_MAX_BLOCKS ?
				kmalloc(cap * sizeof(*map)) : NULL;

		if (!map) {
			ext2_room_drop(ei);
			return;
		}
		memcpy(map, ei->dir_room, ei->dir_room_cap * sizeof(*map));
		kfree(ei->dir_room);
		ei->dir_room = map;
		ei->dir_room_cap = cap;
	}
	ei->dir_room[fblock] = (uint16_t)room;
}

void ext2_dir_room_update(struct inode *dir, struct ext2_dir_pos *p)
{
	uint32_t room = 0;

	if (EXT2_I(dir)->dir_room &&
	    ext2_walk_block(dir, p, ext2_visit_room, &room) == 0)
		ext2_room_set(dir, p->fblock, room);
}

/* Make dir's map by reading every block: 0, or -Exxx (no map then). */
static int ext2_room_build(struct inode *dir)
{
	struct ext2_inode_info *ei = EXT2_I(dir);
	uint32_t n = ext2_dir_blocks(dir), cap = ROOM_MIN_CAP;
	struct ext2_dir_pos p;
	int err = 0;

	if (n > ROOM_MAX_BLOCKS)
		return -EFBIG;
	while (cap < n)
		cap *= 2;
	ei->dir_room = kmalloc(cap * sizeof(*ei->dir_room));
	if (!ei->dir_room)
		return -ENOMEM;
	ei->dir_room_cap = cap;
	for (p.fblock = 0; p.fblock < n && !err; p.fblock++) {
		uint32_t room = 0;

		err = ext2_dir_bread(dir, p.fblock, &p.b);
		if (err)
			break;
		err = ext2_walk_block(dir, &p, ext2_visit_room, &room);
		ei->dir_room[p.fblock] = (uint16_t)room;
		brelse(&p.b);
	}
	if (err)
		ext2_room_drop(ei);
	return err;
}

static int ext2_visit_slot(struct inode *dir, struct ext2_dir_pos *p,
			   void *arg)
{
	(void)dir;
	return ext2_entry_room(p->de) >= *(uint32_t *)arg;
}

/* The first entry with room for need bytes, through the map: 1 with p
 * holding it, 0 if no block has room, or -Exxx. */
static int ext2_find_room(struct inode *dir, uint32_t need,
			  struct ext2_dir_pos *p)
{
	struct ext2_inode_info *ei = EXT2_I(dir);
	uint32_t n = ext2_dir_blocks(dir);
	int ret = 0;

	if (!ei->dir_room) {
		ret = ext2_room_build(dir);
		if (ret == -ENOMEM || ret == -EFBIG)
			return ext2_dir_walk(dir, 0, n, ext2_visit_slot, &need,
					     p);
		if (ret)
			return ret;
	}
	for (uint32_t fb = 0; fb < n && ret == 0; fb++) {
		if (ei->dir_room[fb] < need)
			continue;
		ret = ext2_dir_walk(dir, fb, fb + 1, ext2_visit_slot, &need, p);
	}
	return ret;
}

/* Write an entry for (ino, name) of rec_len bytes at de. */
static void ext2_fill_entry(struct super_block *sb, struct ext2_dir_entry *de,
			    struct inode *inode, const char *name, size_t len,
			    uint16_t rec_len)
{
	de->inode = inode->ino;
	de->rec_len = rec_len;
	de->name_len = (uint8_t)len;
	de->file_type = ext2_file_type(sb, inode->mode);
	memcpy(de->name, name, len);
}

/* Append a block to dir, holding it with one empty entry: 0 or -Exxx. */
static int ext2_dir_grow(struct inode *dir, struct ext2_dir_pos *p)
{
	struct super_block *sb = dir->sb;
	uint32_t blk;
	int err;

	p->fblock = ext2_dir_blocks(dir);
	err = ext2_get_block(dir, p->fblock, true, &blk);
	if (!err)
		err = bget(sb->dev, blk, sb->block_size, &p->b);
	if (err)
		return err;
	memset(p->b.data, 0, sb->block_size);
	p->off = 0;
	p->de = p->b.data;
	p->de->rec_len = (uint16_t)sb->block_size;
	dir->size += sb->block_size;
	ext2_room_set(dir, p->fblock, sb->block_size);
	return 0;
}

/* Add name -> inode to dir, where the VFS found no name: 0, -ENOSPC or
 * -Exxx. */
int ext2_add_entry(struct inode *dir, const char *name, struct inode *inode)
{
	size_t len = strlen(name);
	uint32_t need = EXT2_DIR_REC_LEN(len);
	struct ext2_dir_pos p;
	struct ext2_dir_entry *de;
	int ret = ext2_find_room(dir, need, &p);

	if (ret == 0)
		ret = ext2_dir_grow(dir, &p) ?: 1;
	if (ret < 0)
		return ret;
	de = p.de;
	if (de->inode) {
		uint16_t used = EXT2_DIR_REC_LEN(de->name_len);
		struct ext2_dir_entry *n = (void *)((char *)de + used);

		ext2_fill_entry(dir->sb, n, inode, name, len, de->rec_len - used);
		de->rec_len = used;
	} else {
		ext2_fill_entry(dir->sb, de, inode, name, len, de->rec_len);
	}
	bdirty(&p.b);
	ext2_dir_room_update(dir, &p);
	brelse(&p.b);
	EXT2_I(dir)->dir_start = p.fblock;
	ext2_dir_changed(dir);
	return 0;
}

/* Give the new, empty directory dir its "." and "..": 0 or -Exxx. */
int ext2_make_empty(struct inode *dir, struct inode *parent)
{
	struct super_block *sb = dir->sb;
	struct ext2_dir_pos p;
	struct ext2_dir_entry *dot;
	int err = ext2_dir_grow(dir, &p);

	if (err)
		return err;
	dot = p.de;
	ext2_fill_entry(sb, dot, dir, ".", 1, EXT2_DIR_REC_LEN(1));
	ext2_fill_entry(sb, (void *)((char *)dot + dot->rec_len), parent, "..",
			2, (uint16_t)(sb->block_size - dot->rec_len));
	bdirty(&p.b);
	brelse(&p.b);
	inode_mark_dirty(dir);
	return 0;
}
