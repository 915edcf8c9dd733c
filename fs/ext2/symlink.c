/*
 * symlink.c: symbolic links.
 *
 * A target shorter than 60 bytes is kept in the inode itself, in the
 * space of i_block ("fast": no block, i_blocks 0); a longer one, up to a
 * block less one byte, in one data block ("slow"), read and written
 * through the buffer cache.  The target is not NUL-terminated on disk;
 * its length is i_size.
 *
 * Interface: ext2_symlink (inode_ops.symlink of directories),
 * ext2_symlink_iops (readlink).
 */
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "lib/string.h"

/* Store target (len bytes) in the new link inode: 0 or -Exxx. */
static int ext2_store_target(struct inode *inode, const char *target,
			     size_t len)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct super_block *sb = inode->sb;
	uint32_t blk;
	struct buf b;
	int err;

	inode->size = len;
	if (len < EXT2_FAST_SYMLINK_MAX) {
		memset(ei->i_block, 0, sizeof(ei->i_block));
		memcpy(ei->i_block, target, len);
		return 0;
	}
	err = ext2_get_block(inode, 0, true, &blk);
	if (!err)
		err = bget(sb->dev, blk, sb->block_size, &b);
	if (err)
		return err;
	memset(b.data, 0, sb->block_size);
	memcpy(b.data, target, len);
	bdirty(&b);
	brelse(&b);
	return 0;
}

/* inode_ops.symlink: name in dir -> target. */
int ext2_symlink(struct inode *dir, const char *name, const char *target,
		 struct inode **out)
{
	size_t len = strlen(target);
	struct inode *inode;
	int err = ext2_may_add(dir, name);

	if (err)
		return err;
	if (len == 0)
		return -ENOENT;
	if (len >= dir->sb->block_size)
		return -ENAMETOOLONG;
	err = ext2_create_inode(dir, S_IFLNK | 0777, 1, &inode);
	if (err)
		return err;
	err = ext2_store_target(inode, target, len);
	if (err) {
		ext2_discard_inode(inode);
		return err;
	}
	inode_mark_dirty(inode);
	return ext2_name_new(dir, name, inode, out);
}

/* Copy len bytes of a slow link's target into buf: 0 or -Exxx. */
static int ext2_read_target(struct inode *inode, char *buf, size_t len)
{
	struct super_block *sb = inode->sb;
	uint32_t bsize = sb->block_size;

	for (size_t done = 0; done < len; ) {
		size_t n = MIN(len - done, (size_t)bsize);
		uint32_t blk;
		struct buf b;
		int err = ext2_get_block(inode, (uint32_t)(done / bsize), false,
					 &blk);

		if (!err && blk == 0)
			err = EXT2_CORRUPT(sb, "symlink %u has a hole",
					   inode->ino);
		if (!err)
			err = bread(sb->dev, blk, bsize, &b);
		if (err)
			return err;
		memcpy(buf + done, b.data, n);
		brelse(&b);
		done += n;
	}
	return 0;
}

/* inode_ops.readlink: the target's length (at most len copied). */
static ssize_t ext2_readlink(struct inode *inode, char *buf, size_t len)
{
	size_t n = MIN(len, (size_t)inode->size);
	int err;

	if (!ext2_has_block_map(inode)) {
		memcpy(buf, EXT2_I(inode)->i_block, n);
		return (ssize_t)n;
	}
	err = ext2_read_target(inode, buf, n);
	return err ? err : (ssize_t)n;
}

const struct inode_ops ext2_symlink_iops = {
	.readlink = ext2_readlink,
	.setattr = ext2_setattr,
};
