/*
 * dir.h: what dir.c (walking, finding, removing entries) and dir_add.c
 * (adding them, and the map of where they fit) share.
 */
#ifndef FS_EXT2_DIR_H
#define FS_EXT2_DIR_H

#include "fs/ext2/ext2.h"

/* Where a walk over a directory's entries stands. */
struct ext2_dir_pos {
	struct buf b;			/* the block, held */
	uint32_t fblock;		/* its index in the directory */
	uint32_t off;			/* the entry's offset in it */
	struct ext2_dir_entry *de;
	struct ext2_dir_entry *prev;	/* the entry before, or NULL */
};

/* Returns 0 to go on, > 0 to stop holding the block, or -Exxx. */
typedef int (*ext2_visit_t)(struct inode *dir, struct ext2_dir_pos *p,
			    void *arg);

/* dir.c: read block fblock of dir (a hole is corruption); visit the
 * entries of the block p holds; visit blocks [first, end): 0 when all
 * were visited, the visitor's positive value with p->b held, or -Exxx. */
int ext2_dir_bread(struct inode *dir, uint32_t fblock, struct buf *b);
int ext2_walk_block(struct inode *dir, struct ext2_dir_pos *p,
		    ext2_visit_t visit, void *arg);
int ext2_dir_walk(struct inode *dir, uint32_t first, uint32_t end,
		  ext2_visit_t visit, void *arg, struct ext2_dir_pos *p);
/* dir's entries changed: its times, and its hash index is stale. */
void ext2_dir_changed(struct inode *dir);

/* dir_add.c: the block p holds changed: what fits in it now. */
void ext2_dir_room_update(struct inode *dir, struct ext2_dir_pos *p);

static inline uint32_t ext2_dir_blocks(const struct inode *dir)
{
	return (uint32_t)(dir->size / dir->sb->block_size);
}

#endif
