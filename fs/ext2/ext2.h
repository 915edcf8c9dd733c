/*
 * ext2.h: the ext2 driver's in-memory state and its internal interface.
 *
 * struct ext2_sb_info (sb->fs_info) holds the geometry computed and
 * checked at mount, a copy of the on-disk superblock and of the group
 * descriptor table; both copies are written back by ext2_sync_fs.
 * struct ext2_inode_info embeds the VFS inode and adds the block map and
 * the ext2 fields the VFS does not know.
 *
 * Every block number read from the disk is checked with ext2_block_ok()
 * before it is used; a bad one is logged (ext2_corrupt) and gives
 * -EUCLEAN.  Metadata goes through fs/buffer.h; file data through the
 * inode's mapping (block_mapping_ops over ext2_get_block).
 *
 * Locking: none yet.  The kernel has one thread; when it gets more, one
 * lock per superblock around the allocators and directory changes will do.
 *
 * Modules:
 *   super.c	mount, sync, statfs, put_super
 *   sbcheck.c	superblock, feature and descriptor checks; geometry
 *   inode.c	read/write/evict inodes, setattr, ops by file type
 *   bmap.c	file block -> disk block, with allocation (get_block)
 *   truncate.c	freeing the blocks past a size
 *   balloc.c	block bitmaps; ialloc.c: inode bitmaps
 *   dir.c	directory entries; dir_add.c: adding them;
 *   namei.c	the inode ops that change names
 *   symlink.c	symbolic links; file.c: the ops tables
 */
#ifndef FS_EXT2_EXT2_H
#define FS_EXT2_EXT2_H

#include <stdbool.h>
#include <stdint.h>
#include "fs/buffer.h"
#include "fs/ext2/ext2fs.h"
#include "fs/vfs.h"

struct ext2_sb_info {
	struct ext2_super_block es;	/* the superblock, as on disk */
	struct ext2_group_desc *gd;	/* groups_count descriptors */
	uint32_t block_size;
	uint32_t log_block_size;	/* 10, 11 or 12 */
	uint32_t blocks_count, inodes_count;
	uint32_t first_data_block;
	uint32_t blocks_per_group, inodes_per_group;
	uint32_t groups_count;
	uint32_t inode_size;
	uint32_t first_ino;
	uint32_t addr_per_block;	/* block numbers in an indirect block */
	uint32_t inodes_per_block;
	uint32_t itb_per_group;		/* inode table blocks per group */
	uint32_t desc_per_block;
	uint32_t gdt_blocks;		/* blocks of the descriptor table */
	uint32_t sb_block;		/* block holding byte 1024 */
	uint32_t sb_offset;		/* and where in it */
	bool rdonly;
	bool dirty;			/* es or gd changed since the last sync */
};

struct ext2_inode_info {
	struct inode vfs;
	uint32_t i_block[EXT2_N_BLOCKS];
	uint32_t i_flags;
	uint32_t i_file_acl;
	uint32_t i_dtime;
	uint32_t block_group;
	uint32_t alloc_goal;		/* next block to try when allocating */
	/* Directories: the block where the last name was found (dir.c);
	 * per block, the longest entry it can take (dir_add.c; NULL until
	 * the first add). */
	uint32_t dir_start;
	uint16_t *dir_room;
	uint32_t dir_room_cap;
};

static inline struct ext2_sb_info *EXT2_SB(struct super_block *sb)
{
	return sb->fs_info;
}

static inline struct ext2_inode_info *EXT2_I(struct inode *inode)
{
	return (struct ext2_inode_info *)((char *)inode -
		__builtin_offsetof(struct ext2_inode_info, vfs));
}

static inline uint32_t ext2_group_first_block(struct ext2_sb_info *sbi,
					      uint32_t group)
{
	return sbi->first_data_block + group * sbi->blocks_per_group;
}

/* Blocks in group (the last one may be short). */
static inline uint32_t ext2_group_blocks(struct ext2_sb_info *sbi,
					 uint32_t group)
{
	uint32_t first = ext2_group_first_block(sbi, group);
	uint32_t left = sbi->blocks_count - first;

	return left < sbi->blocks_per_group ? left : sbi->blocks_per_group;
}

/* Log that the filesystem is corrupt (and mark it so); returns -EUCLEAN. */
int ext2_corrupt(struct super_block *sb, const char *fn, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#define EXT2_CORRUPT(sb, ...)	ext2_corrupt(sb, __func__, __VA_ARGS__)

/* super.c */
void ext2_mark_sb_dirty(struct super_block *sb);
int ext2_sync_fs(struct super_block *sb);
int ext2_commit_fs(struct super_block *sb);
int ext2_statfs(struct super_block *sb, struct kstatfs *st);
int ext2_remount(struct super_block *sb, unsigned int flags);
void ext2_put_super(struct super_block *sb);

/* sbcheck.c: mount-time checks (0, -EINVAL: not ext2 or unsupported,
 * -EUCLEAN: corrupt), which fill in sbi's geometry. */
int ext2_check_super(struct super_block *sb, struct ext2_sb_info *sbi);
int ext2_check_features(struct super_block *sb, struct ext2_sb_info *sbi);
int ext2_check_descriptors(struct super_block *sb, struct ext2_sb_info *sbi);
bool ext2_group_has_super(struct ext2_sb_info *sbi, uint32_t group);
/* Is blk a metadata block of its group (backup sb/gdt, bitmaps, table)? */
bool ext2_is_metadata(struct ext2_sb_info *sbi, uint32_t blk);
/* May blk hold data or an indirect block (inside the fs, not metadata)? */
bool ext2_block_ok(struct ext2_sb_info *sbi, uint32_t blk);

/* inode.c */
extern const struct super_ops ext2_super_ops;
int ext2_read_inode(struct inode *inode);
int ext2_write_inode(struct inode *inode);
void ext2_evict_inode(struct inode *inode);
void ext2_set_ops(struct inode *inode);
/* A fresh in-memory inode of sb for a new file in dir: owner and mode as
 * inode_init_owner sets them, times and ops. */
struct inode *ext2_new_vfs_inode(struct super_block *sb, struct inode *dir,
				 uint32_t ino, uint16_t mode);
void ext2_touch(struct inode *inode, bool mtime);	/* ctime (+ mtime) */
/* Does the inode's i_block hold block numbers (not a fast symlink/dev)? */
bool ext2_has_block_map(struct inode *inode);
uint64_t ext2_max_size(struct ext2_sb_info *sbi);

/* bmap.c */
int ext2_get_block(struct inode *inode, uint32_t fblock, bool create,
		   uint32_t *dblock);
int ext2_prefetch_map(struct inode *inode);
/* Allocate a zeroed metadata block for inode (near goal): 0 or -Exxx. */
int ext2_alloc_zeroed(struct inode *inode, uint32_t goal, uint32_t *blk);

/* truncate.c */
int ext2_setattr(struct inode *inode, const struct iattr *attr);
/* Free every block of inode past its first `keep` file blocks. */
int ext2_truncate_blocks(struct inode *inode, uint32_t keep);

/* balloc.c */
int ext2_new_block(struct super_block *sb, uint32_t goal, uint32_t *blk);
int ext2_free_block(struct super_block *sb, uint32_t blk);
int ext2_bitmap_take(struct super_block *sb, uint32_t bitmap_blk,
		     uint32_t nbits, uint32_t start, uint32_t *bit);
/* Free blocks and inodes counted in the bitmaps (checks): n or -Exxx. */
int64_t ext2_count_free_blocks(struct super_block *sb);

/* ialloc.c */
int ext2_new_inode(struct inode *dir, bool is_dir, uint32_t *ino);
int ext2_free_inode(struct super_block *sb, uint32_t ino, bool is_dir);
int64_t ext2_count_free_inodes(struct super_block *sb);
/* Where inode ino lives: its block and byte offset there. */
int ext2_inode_location(struct super_block *sb, uint32_t ino, uint32_t *blk,
			uint32_t *offset);

/* dir.c */
extern const struct file_ops ext2_dir_fops;
int ext2_dir_iterate(struct inode *dir, dir_emit_t emit, void *ctx);
int ext2_find_entry(struct inode *dir, const char *name, uint32_t *ino);
int ext2_delete_entry(struct inode *dir, const char *name);
/* Point name in dir at inode instead (rename onto an existing name). */
int ext2_set_entry(struct inode *dir, const char *name, struct inode *inode);
/* 1 if dir holds only "." and "..", 0 if not, or -Exxx. */
int ext2_dir_is_empty(struct inode *dir);
uint8_t ext2_file_type(struct super_block *sb, uint16_t mode);

/* dir_add.c: add a name the VFS found absent; give the new directory
 * dir its first block with "." and ".."; free dir's map of room. */
int ext2_add_entry(struct inode *dir, const char *name, struct inode *inode);
int ext2_make_empty(struct inode *dir, struct inode *parent);
void ext2_dir_room_free(struct inode *dir);

/* namei.c */
extern const struct inode_ops ext2_dir_iops;
/* A new inode of mode near dir, referenced and hashed, not yet named. */
int ext2_create_inode(struct inode *dir, uint16_t mode, uint32_t nlink,
		      struct inode **out);
/* Undo ext2_create_inode: nlink 0, and the last iput frees it. */
void ext2_discard_inode(struct inode *inode);
/* Checks before adding name to dir (read-only, name length, dir removed). */
int ext2_may_add(struct inode *dir, const char *name);
/* Name the new inode in dir (or discard it): 0 with *out set, or -Exxx. */
int ext2_name_new(struct inode *dir, const char *name, struct inode *inode,
		  struct inode **out);

/* symlink.c */
extern const struct inode_ops ext2_symlink_iops;
int ext2_symlink(struct inode *dir, const char *name, const char *target,
		 struct inode **out);

/* file.c */
extern const struct inode_ops ext2_file_iops;
extern const struct inode_ops ext2_special_iops;
extern const struct file_ops ext2_file_fops;

#endif
