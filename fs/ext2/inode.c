/*
 * inode.c: ext2 inodes in memory and on the disk.
 *
 * ext2_read_inode fills a VFS inode from its slot in the inode table and
 * checks what it read (type, size against the block map's reach,
 * directory sizes, no extents); ext2_write_inode writes the fields back,
 * keeping the on-disk ones the driver does not know; ext2_evict_inode
 * frees a deleted inode's blocks, extended attribute block and number.
 * ext2_new_vfs_inode makes the in-memory inode of a file being created.
 *
 * Interface: ext2_super_ops, ext2_read_inode, ext2_write_inode,
 * ext2_evict_inode, ext2_set_ops, ext2_new_vfs_inode, ext2_touch,
 * ext2_has_block_map, ext2_max_size.
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

static struct inode *ext2_alloc_inode(struct super_block *sb)
{
	struct ext2_inode_info *ei = kzalloc(sizeof(*ei));

	return ei ? &ei->vfs : NULL;
}

static void ext2_destroy_inode(struct inode *inode)
{
	ext2_dir_room_free(inode);
	kfree(EXT2_I(inode));
}

/* The largest file size the block map and i_blocks can describe. */
uint64_t ext2_max_size(struct ext2_sb_info *sbi)
{
	uint64_t apb = sbi->addr_per_block;
	uint64_t blocks = EXT2_NDIR_BLOCKS + apb + apb * apb + apb * apb * apb;
	uint64_t limit = ((1ull << 32) - 1) * 512 - sbi->block_size;

	if (sbi->es.s_rev_level == EXT2_GOOD_OLD_REV)
		limit = 0x7fffffff;
	return MIN(blocks * sbi->block_size, limit);
}

void ext2_set_ops(struct inode *inode)
{
	switch (inode->mode & S_IFMT) {
	case S_IFREG:
		inode->iops = &ext2_file_iops;
		inode->fops = &ext2_file_fops;
		inode->mapping.ops = &block_mapping_ops;
		break;
	case S_IFDIR:
		inode->iops = &ext2_dir_iops;
		inode->fops = &ext2_dir_fops;
		break;
	case S_IFLNK:
		inode->iops = &ext2_symlink_iops;
		break;
	default:
		inode->iops = &ext2_special_iops;
		break;
	}
}

bool ext2_has_block_map(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	uint64_t ea_blocks = ei->i_file_acl ? inode->sb->block_size / 512 : 0;

	if (S_ISREG(inode->mode) || S_ISDIR(inode->mode))
		return true;
	return S_ISLNK(inode->mode) && inode->blocks > ea_blocks;
}

static bool ext2_valid_type(uint16_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: case S_IFDIR: case S_IFLNK: case S_IFCHR:
	case S_IFBLK: case S_IFIFO: case S_IFSOCK:
		return true;
	}
	return false;
}

/* The device number in i_block: old 8:8 in [0], or Linux's new in [1]. */
static uint32_t ext2_decode_dev(const uint32_t *i_block)
{
	uint32_t x = i_block[1];

	if (i_block[0])
		return i_block[0] & 0xffff;
	return MKDEV((x & 0xfff00) >> 8, (x & 0xff) | ((x >> 12) & 0xfff00));
}

/* Copy the raw inode into inode and ei; does not check. */
static void ext2_unpack(struct inode *inode, const struct ext2_inode *raw)
{
	struct ext2_inode_info *ei = EXT2_I(inode);

	inode->mode = raw->i_mode;
	inode->nlink = raw->i_links_count;
	inode->uid = raw->i_uid | (uint32_t)raw->i_uid_high << 16;
	inode->gid = raw->i_gid | (uint32_t)raw->i_gid_high << 16;
	inode->size = raw->i_size;
	if (S_ISREG(inode->mode))
		inode->size |= (uint64_t)raw->i_size_high << 32;
	inode->blocks = raw->i_blocks;
	inode->atime = (struct timespec64){ .tv_sec = raw->i_atime };
	inode->mtime = (struct timespec64){ .tv_sec = raw->i_mtime };
	inode->ctime = (struct timespec64){ .tv_sec = raw->i_ctime };
	memcpy(ei->i_block, raw->i_block, sizeof(ei->i_block));
	ei->i_flags = raw->i_flags;
	ei->i_file_acl = raw->i_file_acl;
	ei->i_dtime = raw->i_dtime;
	if (S_ISCHR(inode->mode) || S_ISBLK(inode->mode))
		inode->rdev = ext2_decode_dev(raw->i_block);
}

/* Does what was read make sense?  0 or -EUCLEAN. */
static int ext2_check_inode(struct inode *inode)
{
	struct super_block *sb = inode->sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t ino = inode->ino;

	if (inode->nlink == 0)
		return EXT2_CORRUPT(sb, "inode %u is not in use", ino);
	if (!ext2_valid_type(inode->mode))
		return EXT2_CORRUPT(sb, "inode %u has mode 0%o", ino,
				    inode->mode);
	if (EXT2_I(inode)->i_flags & EXT4_EXTENTS_FL)
		return EXT2_CORRUPT(sb, "inode %u uses extents", ino);
	if (inode->size > ext2_max_size(sbi))
		return EXT2_CORRUPT(sb, "inode %u has size %llu", ino,
				    (unsigned long long)inode->size);
	if (S_ISDIR(inode->mode) &&
	    (inode->size % sbi->block_size || inode->size == 0 ||
	     inode->size > inode->blocks * 512))
		return EXT2_CORRUPT(sb, "directory %u has size %llu for %llu "
				    "sectors", ino,
				    (unsigned long long)inode->size,
				    (unsigned long long)inode->blocks);
	if (S_ISLNK(inode->mode) &&
	    (inode->size == 0 || inode->size >= PATH_MAX ||
	     (!ext2_has_block_map(inode) &&
	      inode->size >= EXT2_FAST_SYMLINK_MAX)))
		return EXT2_CORRUPT(sb, "symlink %u has length %llu", ino,
				    (unsigned long long)inode->size);
	return 0;
}

int ext2_read_inode(struct inode *inode)
{
	struct super_block *sb = inode->sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t blk, off;
	struct buf b;
	int err = ext2_inode_location(sb, inode->ino, &blk, &off);

	if (err)
		return err;
	err = bread(sb->dev, blk, sb->block_size, &b);
	if (err)
		return err;
	ext2_unpack(inode, (const struct ext2_inode *)((char *)b.data + off));
	brelse(&b);
	EXT2_I(inode)->block_group = (inode->ino - 1) / sbi->inodes_per_group;
	err = ext2_check_inode(inode);
	if (!err)
		ext2_set_ops(inode);
	return err;
}

/* A file over 2 GiB needs the large_file feature. */
static void ext2_need_large_file(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	if (!(sbi->es.s_feature_ro_compat & EXT2_FEATURE_RO_COMPAT_LARGE_FILE)) {
		sbi->es.s_feature_ro_compat |= EXT2_FEATURE_RO_COMPAT_LARGE_FILE;
		sbi->dirty = true;
	}
}

/* Copy inode and ei into the raw inode, keeping the fields we ignore. */
static void ext2_pack(struct inode *inode, struct ext2_inode *raw)
{
	struct ext2_inode_info *ei = EXT2_I(inode);

	raw->i_mode = inode->mode;
	raw->i_uid = (uint16_t)inode->uid;
	raw->i_uid_high = (uint16_t)(inode->uid >> 16);
	raw->i_gid = (uint16_t)inode->gid;
	raw->i_gid_high = (uint16_t)(inode->gid >> 16);
	raw->i_links_count = (uint16_t)inode->nlink;
	raw->i_size = (uint32_t)inode->size;
	if (S_ISREG(inode->mode)) {
		raw->i_size_high = (uint32_t)(inode->size >> 32);
		if (inode->size > 0x7fffffff)
			ext2_need_large_file(inode->sb);
	}
	raw->i_blocks = (uint32_t)inode->blocks;
	raw->i_atime = (uint32_t)inode->atime.tv_sec;
	raw->i_mtime = (uint32_t)inode->mtime.tv_sec;
	raw->i_ctime = (uint32_t)inode->ctime.tv_sec;
	raw->i_dtime = ei->i_dtime;
	raw->i_flags = ei->i_flags;
	raw->i_file_acl = ei->i_file_acl;
	memcpy(raw->i_block, ei->i_block, sizeof(raw->i_block));
	if (S_ISCHR(inode->mode) || S_ISBLK(inode->mode)) {
		memset(raw->i_block, 0, sizeof(raw->i_block));
		raw->i_block[0] = inode->rdev & 0xffff;
	}
}

int ext2_write_inode(struct inode *inode)
{
	struct super_block *sb = inode->sb;
	uint32_t blk, off;
	struct buf b;
	int err;

	if (EXT2_SB(sb)->rdonly)
		return -EROFS;
	err = ext2_inode_location(sb, inode->ino, &blk, &off);
	if (!err)
		err = bread(sb->dev, blk, sb->block_size, &b);
	if (err)
		return err;
	ext2_pack(inode, (struct ext2_inode *)((char *)b.data + off));
	bdirty(&b);
	brelse(&b);
	return 0;
}

/* Drop inode's reference to its extended attribute block. */
static void ext2_free_xattr(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct super_block *sb = inode->sb;
	struct ext2_xattr_header *h;
	uint32_t blk = ei->i_file_acl;
	bool last;
	struct buf b;

	ei->i_file_acl = 0;
	if (!ext2_block_ok(EXT2_SB(sb), blk)) {
		EXT2_CORRUPT(sb, "inode %u: xattr block %u", inode->ino, blk);
		return;
	}
	if (bread(sb->dev, blk, sb->block_size, &b))
		return;
	h = b.data;
	if (h->h_magic != EXT2_XATTR_MAGIC) {
		brelse(&b);
		EXT2_CORRUPT(sb, "inode %u: bad xattr block %u", inode->ino, blk);
		return;
	}
	last = h->h_refcount <= 1;
	if (!last) {
		h->h_refcount--;
		bdirty(&b);
	}
	brelse(&b);
	if (last && ext2_free_block(sb, blk) == 0)
		inode->blocks -= sb->block_size / 512;
}

/* The last reference to an unlinked inode is gone: free it on disk. */
void ext2_evict_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);

	if (inode->nlink || !EXT2_SB(inode->sb) || EXT2_SB(inode->sb)->rdonly)
		return;
	ei->i_dtime = (uint32_t)vfs_now().tv_sec;
	ext2_truncate_blocks(inode, 0);
	if (ei->i_file_acl)
		ext2_free_xattr(inode);
	inode->size = 0;
	ext2_write_inode(inode);
	ext2_free_inode(inode->sb, inode->ino, S_ISDIR(inode->mode));
}

void ext2_touch(struct inode *inode, bool mtime)
{
	inode->ctime = vfs_now();
	if (mtime)
		inode->mtime = inode->ctime;
	inode_mark_dirty(inode);
}

/* Zero inode ino's slot in the inode table: 0 or -Exxx. */
static int ext2_clear_disk_inode(struct super_block *sb, uint32_t ino)
{
	uint32_t blk, off;
	struct buf b;
	int err = ext2_inode_location(sb, ino, &blk, &off);

	if (!err)
		err = bread(sb->dev, blk, sb->block_size, &b);
	if (err)
		return err;
	memset((char *)b.data + off, 0, EXT2_SB(sb)->inode_size);
	bdirty(&b);
	brelse(&b);
	return 0;
}

/*
 * The in-memory inode for a file being created in dir as number ino
 * (already allocated), with its slot on disk cleared: owner and mode as
 * inode_init_owner sets them (a set-group-ID dir gives its group), times
 * and ops set, nlink 0 (the caller sets it), refcount 1, not yet hashed.
 * ERR_PTR(-ENOMEM/-EIO) on failure.
 */
struct inode *ext2_new_vfs_inode(struct super_block *sb, struct inode *dir,
				 uint32_t ino, uint16_t mode)
{
	struct inode *inode;
	int err = ext2_clear_disk_inode(sb, ino);

	if (err)
		return ERR_PTR(err);
	inode = new_inode(sb);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	inode->ino = ino;
	inode_init_owner(inode, dir, mode);
	inode->atime = inode->mtime = inode->ctime = vfs_now();
	EXT2_I(inode)->block_group = (ino - 1) / EXT2_SB(sb)->inodes_per_group;
	ext2_set_ops(inode);
	return inode;
}

const struct super_ops ext2_super_ops = {
	.alloc_inode = ext2_alloc_inode,
	.destroy_inode = ext2_destroy_inode,
	.read_inode = ext2_read_inode,
	.write_inode = ext2_write_inode,
	.evict_inode = ext2_evict_inode,
	.sync = ext2_sync_fs,
	.commit = ext2_commit_fs,
	.put_super = ext2_put_super,
	.statfs = ext2_statfs,
	.remount = ext2_remount,
};
