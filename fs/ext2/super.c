/*
 * super.c: mounting ext2, and the superblock's life while mounted.
 *
 * ext2_mount reads the superblock (byte 1024), checks it (sbcheck.c),
 * decides on the features (an unknown incompatible one, a journal that
 * needs recovery or extents refuse the mount; an unknown read-only
 * compatible one makes it read-only), loads the group descriptor table,
 * checks each descriptor, and reads the root inode.  A read-write mount
 * clears EXT2_VALID_FS and counts the mount, as Linux does; unmounting
 * sets it again.
 *
 * The superblock and the descriptors are kept in memory (sbi->es, sbi->gd)
 * and copied into the buffer cache by ext2_commit_fs, which sync(2) and
 * fsync(2) call under the VFS lock before the VFS writes the device's
 * dirty blocks without it; ext2_sync_fs does both, for mount, remount
 * and unmount.
 *
 * Interface: ext2_fs_type (registered at INIT_FS), ext2_sync_fs,
 * ext2_commit_fs,
 * ext2_statfs, ext2_remount, ext2_put_super, ext2_mark_sb_dirty,
 * ext2_corrupt.
 */
#include <stdarg.h>
#include "drivers/block/blkdev.h"
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

int ext2_corrupt(struct super_block *sb, const char *fn, const char *fmt, ...)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pr_err("ext2 (%s): corrupt filesystem in %s: %s\n", sb->dev_name, fn,
	       msg);
	if (sbi && !sbi->rdonly && !(sbi->es.s_state & EXT2_ERROR_FS)) {
		sbi->es.s_state |= EXT2_ERROR_FS;
		sbi->dirty = true;
	}
	return -EUCLEAN;
}

void ext2_mark_sb_dirty(struct super_block *sb)
{
	EXT2_SB(sb)->dirty = true;
}

/* Copy the in-memory superblock into its block: 0 or -Exxx. */
static int ext2_write_super(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct buf b;
	int err;

	err = bread(sb->dev, sbi->sb_block, sbi->block_size, &b);
	if (err)
		return err;
	sbi->es.s_wtime = (uint32_t)vfs_now().tv_sec;
	memcpy((char *)b.data + sbi->sb_offset, &sbi->es, sizeof(sbi->es));
	bdirty(&b);
	brelse(&b);
	return 0;
}

/* Copy the group descriptors into the table's blocks: 0 or -Exxx. */
static int ext2_write_descriptors(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t per = sbi->desc_per_block;
	struct buf b;

	for (uint32_t i = 0; i < sbi->gdt_blocks; i++) {
		uint32_t n = MIN(per, sbi->groups_count - i * per);
		int err = bread(sb->dev, sbi->first_data_block + 1 + i,
				sbi->block_size, &b);

		if (err)
			return err;
		memcpy(b.data, sbi->gd + i * per, n * sizeof(*sbi->gd));
		bdirty(&b);
		brelse(&b);
	}
	return 0;
}

/* super_ops.commit: the superblock and descriptors into their buffers
 * (dirty), for the VFS to write with the other metadata blocks. */
int ext2_commit_fs(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	int err = 0;

	if (sbi->rdonly || !sbi->dirty)
		return 0;
	err = ext2_write_super(sb);
	if (!err)
		err = ext2_write_descriptors(sb);
	if (!err)
		sbi->dirty = false;
	return err;
}

/* Write the superblock and descriptors, then every dirty metadata block
 * (mount, remount, unmount: under the VFS lock, the device written). */
int ext2_sync_fs(struct super_block *sb)
{
	int err, err2;

	if (EXT2_SB(sb)->rdonly)
		return 0;
	err = ext2_commit_fs(sb);
	err2 = bdev_sync(sb->dev);
	return err ? err : err2;
}

int ext2_statfs(struct super_block *sb, struct kstatfs *st)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	uint32_t nfree = sbi->es.s_free_blocks_count;
	uint32_t resv = sbi->es.s_r_blocks_count;

	st->type = EXT2_SUPER_MAGIC;
	st->block_size = sbi->block_size;
	st->blocks = sbi->blocks_count;
	st->blocks_free = nfree;
	st->blocks_avail = nfree > resv ? nfree - resv : 0;
	st->files = sbi->inodes_count;
	st->files_free = sbi->es.s_free_inodes_count;
	st->name_max = NAME_MAX;
	/* As Linux: the two halves of the UUID xor'ed, little-endian. */
	for (int i = 0; i < 2; i++) {
		const uint8_t *u = sbi->es.s_uuid + 4 * i;
		const uint8_t *v = sbi->es.s_uuid + 8 + 4 * i;

		st->fsid[i] = ((uint32_t)u[0] | (uint32_t)u[1] << 8 |
			       (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24) ^
			      ((uint32_t)v[0] | (uint32_t)v[1] << 8 |
			       (uint32_t)v[2] << 16 | (uint32_t)v[3] << 24);
	}
	return 0;
}

static int ext2_mark_mounted(struct super_block *sb);

/*
 * Remount: to read-only, write everything back and mark the filesystem
 * clean, as an unmount does; to read-write, refuse what the mount would
 * have made read-only (unknown read-only features: -EROFS) and mark it
 * in use again.
 */
int ext2_remount(struct super_block *sb, unsigned int flags)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	int err;

	if (flags & SB_RDONLY) {
		if (!(sbi->es.s_state & EXT2_ERROR_FS))
			sbi->es.s_state |= EXT2_VALID_FS;
		sbi->dirty = true;
		err = ext2_sync_fs(sb);
		if (!err)
			sbi->rdonly = true;
		return err;
	}
	if (sbi->es.s_rev_level &&
	    (sbi->es.s_feature_ro_compat & ~EXT2_FEATURE_RO_COMPAT_SUPP))
		return -EROFS;
	sbi->rdonly = false;
	return ext2_mark_mounted(sb);
}

static void ext2_free_info(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	if (sbi) {
		kfree(sbi->gd);
		kfree(sbi);
	}
	sb->fs_info = NULL;
}

/* Unmount: the filesystem is clean again (unless errors were found). */
void ext2_put_super(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	if (!sbi->rdonly) {
		if (!(sbi->es.s_state & EXT2_ERROR_FS))
			sbi->es.s_state |= EXT2_VALID_FS;
		sbi->dirty = true;
		if (ext2_sync_fs(sb))
			pr_err("ext2 (%s): write-back failed at unmount\n",
			       sb->dev_name);
	}
	ext2_free_info(sb);
}

/* Read the superblock into sbi->es: 0 or -Exxx. */
static int ext2_read_super(struct super_block *sb, struct ext2_sb_info *sbi)
{
	struct buf b;
	int err;

	if (sb->dev->nr_sectors * SECTOR_SIZE <
	    EXT2_SUPER_OFFSET + EXT2_SUPER_SIZE) {
		pr_err("ext2 (%s): device too small\n", sb->dev_name);
		return -EINVAL;
	}
	err = bread(sb->dev, 1, EXT2_SUPER_OFFSET, &b);
	if (err) {
		pr_err("ext2 (%s): cannot read the superblock: %d\n",
		       sb->dev_name, err);
		return err;
	}
	memcpy(&sbi->es, b.data, sizeof(sbi->es));
	brelse(&b);
	return 0;
}

/* Read the group descriptor table into sbi->gd: 0 or -Exxx. */
static int ext2_load_descriptors(struct super_block *sb,
				 struct ext2_sb_info *sbi)
{
	uint32_t per = sbi->desc_per_block;
	struct buf b;

	sbi->gd = kmalloc(sbi->groups_count * sizeof(*sbi->gd));
	if (!sbi->gd)
		return -ENOMEM;
	for (uint32_t i = 0; i < sbi->gdt_blocks; i++) {
		uint32_t n = MIN(per, sbi->groups_count - i * per);
		int err = bread(sb->dev, sbi->first_data_block + 1 + i,
				sbi->block_size, &b);

		if (err) {
			pr_err("ext2 (%s): cannot read group descriptors: %d\n",
			       sb->dev_name, err);
			return err;
		}
		memcpy(sbi->gd + i * per, b.data, n * sizeof(*sbi->gd));
		brelse(&b);
	}
	return 0;
}

/* A read-write mount: the filesystem is in use, not clean, until unmount. */
static int ext2_mark_mounted(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = &sbi->es;

	if (!(es->s_state & EXT2_VALID_FS))
		pr_warn("ext2 (%s): mounting an unchecked filesystem "
			"(not cleanly unmounted); run e2fsck\n", sb->dev_name);
	else if (es->s_state & EXT2_ERROR_FS)
		pr_warn("ext2 (%s): mounting a filesystem with errors; "
			"run e2fsck\n", sb->dev_name);
	else if (es->s_max_mnt_count > 0 &&
		 es->s_mnt_count >= (uint16_t)es->s_max_mnt_count)
		pr_warn("ext2 (%s): maximal mount count reached; "
			"running e2fsck is recommended\n", sb->dev_name);
	es->s_state &= ~EXT2_VALID_FS;
	es->s_mnt_count++;
	es->s_mtime = (uint32_t)vfs_now().tv_sec;
	sbi->dirty = true;
	return ext2_sync_fs(sb);
}

static int ext2_read_root(struct super_block *sb)
{
	struct inode *root = iget(sb, EXT2_ROOT_INO);

	if (IS_ERR(root))
		return (int)PTR_ERR(root);
	if (!S_ISDIR(root->mode)) {
		iput(root);
		return EXT2_CORRUPT(sb, "the root inode is not a directory");
	}
	sb->root = root;
	return 0;
}

/* Read and check the superblock and the descriptors: 0 or -Exxx. */
static int ext2_load(struct super_block *sb, struct ext2_sb_info *sbi)
{
	int err = ext2_read_super(sb, sbi);

	if (!err)
		err = ext2_check_super(sb, sbi);
	if (!err)
		err = ext2_check_features(sb, sbi);
	if (!err)
		err = ext2_load_descriptors(sb, sbi);
	if (!err)
		err = ext2_check_descriptors(sb, sbi);
	return err;
}

static int ext2_mount(struct super_block *sb, const char *options)
{
	struct ext2_sb_info *sbi = kzalloc(sizeof(*sbi));
	int err;

	if (!sbi)
		return -ENOMEM;
	sb->fs_info = sbi;
	sbi->rdonly = (sb->flags & SB_RDONLY) || sb->dev->read_only;
	err = ext2_load(sb, sbi);
	if (err)
		goto fail;
	if (sbi->rdonly)
		sb->flags |= SB_RDONLY;
	sb->block_size = sbi->block_size;
	sb->magic = EXT2_SUPER_MAGIC;
	sb->max_bytes = ext2_max_size(sbi);
	sb->ops = &ext2_super_ops;
	err = ext2_read_root(sb);
	if (!err && !sbi->rdonly)
		err = ext2_mark_mounted(sb);
	if (err)
		goto fail_root;
	pr_info("ext2 (%s): mounted %s, %u blocks of %u bytes, %u groups%s\n",
		sb->dev_name, sbi->es.s_rev_level ? "rev 1" : "rev 0",
		sbi->blocks_count, sbi->block_size, sbi->groups_count,
		sbi->rdonly ? ", read-only" : "");
	return 0;

fail_root:
	if (sb->root) {
		iput(sb->root);
		sb->root = NULL;
	}
fail:
	ext2_free_info(sb);
	return err;
}

static struct fs_type ext2_fs_type = {
	.name = "ext2",
	.needs_dev = true,
	.cache_names = true,
	.mount = ext2_mount,
};

static int ext2_init(void)
{
	return vfs_register_fs(&ext2_fs_type);
}
INITCALL(INIT_FS, ext2_init);
