/*
 * sbcheck.c: what ext2 believes of a superblock and its group descriptors
 * before it uses them, and the geometry derived from them.
 *
 * ext2_check_super checks every field the driver depends on and fills in
 * sbi's geometry; ext2_check_features decides whether to mount, refuse or
 * mount read-only; ext2_check_descriptors checks that each group's bitmaps
 * and inode table lie inside the group and its counters are possible, and
 * recomputes the superblock's free counts from them.  They return 0,
 * -EINVAL (not ext2, or something this driver does not support) or
 * -EUCLEAN (corrupt), always with a log line.
 *
 * ext2_is_metadata and ext2_block_ok classify block numbers: every block
 * number read from an inode or an indirect block is checked with
 * ext2_block_ok before it is read, written or freed.
 *
 * Interface: ext2_check_super, ext2_check_features,
 * ext2_check_descriptors, ext2_group_has_super, ext2_is_metadata,
 * ext2_block_ok.
 */
#include <stdarg.h>
#include "drivers/block/blkdev.h"
#include "fs/ext2/ext2.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/printf.h"

/* Log a bad superblock field; returns -EUCLEAN. */
static __printf(2, 3) int bad_sb(struct super_block *sb, const char *fmt, ...)
{
	char msg[120];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pr_err("ext2 (%s): bad superblock: %s", sb->dev_name, msg);
	return -EUCLEAN;
}

static uint32_t div_up(uint32_t a, uint32_t b)
{
	return a / b + (a % b != 0);
}

/* Blocks at the start of a group with a superblock backup. */
static uint32_t ext2_super_area(struct ext2_sb_info *sbi)
{
	uint32_t n = 1 + sbi->gdt_blocks;

	if (sbi->es.s_feature_compat & EXT2_FEATURE_COMPAT_RESIZE_INODE)
		n += sbi->es.s_reserved_gdt_blocks;
	return n;
}

static bool is_pow2(uint32_t x)
{
	return x && !(x & (x - 1));
}

/* Block size, revision, inode size and first inode: 0 or -Exxx. */
static int ext2_check_basics(struct super_block *sb, struct ext2_sb_info *sbi)
{
	struct ext2_super_block *es = &sbi->es;

	if (es->s_magic != EXT2_SUPER_MAGIC) {
		pr_err("ext2 (%s): not an ext2 filesystem (magic 0x%04x)\n",
		       sb->dev_name, es->s_magic);
		return -EINVAL;
	}
	if (es->s_rev_level > EXT2_DYNAMIC_REV) {
		pr_err("ext2 (%s): revision %u is not supported\n",
		       sb->dev_name, es->s_rev_level);
		return -EINVAL;
	}
	if (es->s_log_block_size > EXT2_MAX_BLOCK_LOG - EXT2_MIN_BLOCK_LOG) {
		pr_err("ext2 (%s): block size 1024 << %u is not supported\n",
		       sb->dev_name, es->s_log_block_size);
		return -EINVAL;
	}
	sbi->log_block_size = EXT2_MIN_BLOCK_LOG + es->s_log_block_size;
	sbi->block_size = 1u << sbi->log_block_size;
	if (es->s_rev_level == EXT2_GOOD_OLD_REV) {
		sbi->inode_size = EXT2_GOOD_OLD_INODE_SIZE;
		sbi->first_ino = EXT2_GOOD_OLD_FIRST_INO;
		return 0;
	}
	sbi->inode_size = es->s_inode_size;
	sbi->first_ino = es->s_first_ino;
	if (sbi->inode_size < EXT2_GOOD_OLD_INODE_SIZE ||
	    sbi->inode_size > sbi->block_size || !is_pow2(sbi->inode_size))
		return bad_sb(sb, "inode size %u\n", sbi->inode_size);
	if (sbi->first_ino < EXT2_GOOD_OLD_FIRST_INO)
		return bad_sb(sb, "first inode %u\n", sbi->first_ino);
	return 0;
}

/* Counts and group sizes against each other and the device: 0 or -Exxx. */
static int ext2_check_counts(struct super_block *sb, struct ext2_sb_info *sbi)
{
	struct ext2_super_block *es = &sbi->es;
	uint32_t bsize = sbi->block_size;
	uint64_t dev_blocks = sb->dev->nr_sectors * SECTOR_SIZE / bsize;

	sbi->blocks_count = es->s_blocks_count;
	sbi->inodes_count = es->s_inodes_count;
	sbi->first_data_block = es->s_first_data_block;
	sbi->blocks_per_group = es->s_blocks_per_group;
	sbi->inodes_per_group = es->s_inodes_per_group;
	if (sbi->first_data_block != (bsize == 1024 ? 1u : 0u))
		return bad_sb(sb, "first data block %u\n", sbi->first_data_block);
	if (sbi->blocks_count <= sbi->first_data_block + 1)
		return bad_sb(sb, "block count %u\n", sbi->blocks_count);
	if (sbi->blocks_count > dev_blocks)
		return bad_sb(sb, "%u blocks but the device has %llu\n",
			      sbi->blocks_count, (unsigned long long)dev_blocks);
	if (sbi->blocks_per_group == 0 || sbi->blocks_per_group > 8 * bsize ||
	    sbi->blocks_per_group % 8)
		return bad_sb(sb, "%u blocks per group\n", sbi->blocks_per_group);
	sbi->inodes_per_block = bsize / sbi->inode_size;
	if (sbi->inodes_per_group < sbi->inodes_per_block ||
	    sbi->inodes_per_group > 8 * bsize || sbi->inodes_per_group % 8)
		return bad_sb(sb, "%u inodes per group\n", sbi->inodes_per_group);
	sbi->groups_count = div_up(sbi->blocks_count - sbi->first_data_block,
				   sbi->blocks_per_group);
	if ((uint64_t)sbi->groups_count * sbi->inodes_per_group !=
	    sbi->inodes_count)
		return bad_sb(sb, "%u inodes for %u groups of %u\n",
			      sbi->inodes_count, sbi->groups_count,
			      sbi->inodes_per_group);
	if (sbi->first_ino >= sbi->inodes_count)
		return bad_sb(sb, "first inode %u of %u\n", sbi->first_ino,
			      sbi->inodes_count);
	return 0;
}

int ext2_check_super(struct super_block *sb, struct ext2_sb_info *sbi)
{
	uint32_t bsize;
	int err = ext2_check_basics(sb, sbi);

	if (!err)
		err = ext2_check_counts(sb, sbi);
	if (err)
		return err;
	bsize = sbi->block_size;
	sbi->addr_per_block = bsize / 4;
	sbi->itb_per_group = div_up(sbi->inodes_per_group,
				    sbi->inodes_per_block);
	sbi->desc_per_block = bsize / sizeof(struct ext2_group_desc);
	sbi->gdt_blocks = div_up(sbi->groups_count, sbi->desc_per_block);
	sbi->sb_block = EXT2_SUPER_OFFSET / bsize;
	sbi->sb_offset = EXT2_SUPER_OFFSET % bsize;
	if (sbi->itb_per_group + 2 > sbi->blocks_per_group)
		return bad_sb(sb, "inode table of %u blocks in groups of %u\n",
			      sbi->itb_per_group, sbi->blocks_per_group);
	if (sbi->first_data_block + 1 + sbi->gdt_blocks > sbi->blocks_count)
		return bad_sb(sb, "%u descriptor blocks\n", sbi->gdt_blocks);
	if (ext2_super_area(sbi) + 2 + sbi->itb_per_group >
	    sbi->blocks_per_group)
		return bad_sb(sb, "%u reserved descriptor blocks\n",
			      sbi->es.s_reserved_gdt_blocks);
	return 0;
}

int ext2_check_features(struct super_block *sb, struct ext2_sb_info *sbi)
{
	struct ext2_super_block *es = &sbi->es;
	uint32_t incompat = es->s_feature_incompat;
	uint32_t ro = es->s_feature_ro_compat;

	if (es->s_rev_level == EXT2_GOOD_OLD_REV &&
	    (incompat || ro || es->s_feature_compat))
		pr_warn("ext2 (%s): feature flags set on a revision 0 "
			"filesystem\n", sb->dev_name);
	if (incompat & EXT3_FEATURE_INCOMPAT_RECOVER) {
		pr_err("ext2 (%s): refusing to mount: the journal needs "
		       "recovery (run e2fsck first)\n", sb->dev_name);
		return -EINVAL;
	}
	if (incompat & EXT4_FEATURE_INCOMPAT_EXTENTS) {
		pr_err("ext2 (%s): refusing to mount: extents (ext4) are not "
		       "supported\n", sb->dev_name);
		return -EINVAL;
	}
	if (incompat & ~EXT2_FEATURE_INCOMPAT_SUPP) {
		pr_err("ext2 (%s): refusing to mount: unsupported incompatible "
		       "features 0x%x\n", sb->dev_name,
		       incompat & ~EXT2_FEATURE_INCOMPAT_SUPP);
		return -EINVAL;
	}
	if (es->s_feature_compat & EXT3_FEATURE_COMPAT_HAS_JOURNAL)
		pr_info("ext2 (%s): the filesystem has a journal; mounting "
			"it as ext2 without one\n", sb->dev_name);
	if ((ro & ~EXT2_FEATURE_RO_COMPAT_SUPP) && !sbi->rdonly) {
		pr_warn("ext2 (%s): unsupported read-only compatible features "
			"0x%x: mounting read-only\n", sb->dev_name,
			ro & ~EXT2_FEATURE_RO_COMPAT_SUPP);
		sbi->rdonly = true;
	}
	return 0;
}

/* Do first..first+n-1 lie in group g's blocks? */
static bool ext2_in_group(struct ext2_sb_info *sbi, uint32_t g, uint32_t first,
			  uint32_t n)
{
	uint32_t start = ext2_group_first_block(sbi, g);
	uint32_t len = ext2_group_blocks(sbi, g);

	return first >= start && first - start < len && len - (first - start) >= n;
}

int ext2_check_descriptors(struct super_block *sb, struct ext2_sb_info *sbi)
{
	uint32_t free_blocks = 0, free_inodes = 0;

	for (uint32_t g = 0; g < sbi->groups_count; g++) {
		struct ext2_group_desc *gd = &sbi->gd[g];

		if (!ext2_in_group(sbi, g, gd->bg_block_bitmap, 1) ||
		    !ext2_in_group(sbi, g, gd->bg_inode_bitmap, 1) ||
		    !ext2_in_group(sbi, g, gd->bg_inode_table,
				   sbi->itb_per_group) ||
		    gd->bg_free_blocks_count > ext2_group_blocks(sbi, g) ||
		    gd->bg_free_inodes_count > sbi->inodes_per_group ||
		    gd->bg_used_dirs_count > sbi->inodes_per_group) {
			pr_err("ext2 (%s): bad group descriptor %u\n",
			       sb->dev_name, g);
			return -EUCLEAN;
		}
		free_blocks += gd->bg_free_blocks_count;
		free_inodes += gd->bg_free_inodes_count;
	}
	if (sbi->es.s_free_blocks_count != free_blocks ||
	    sbi->es.s_free_inodes_count != free_inodes) {
		sbi->es.s_free_blocks_count = free_blocks;
		sbi->es.s_free_inodes_count = free_inodes;
		sbi->dirty = true;
	}
	return 0;
}

/* Is n a power of base (1 counts)? */
static bool ext2_is_power_of(uint32_t n, uint32_t base)
{
	while (n > 1 && n % base == 0)
		n /= base;
	return n == 1;
}

bool ext2_group_has_super(struct ext2_sb_info *sbi, uint32_t group)
{
	if (group <= 1 || !(sbi->es.s_feature_ro_compat &
			    EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER))
		return true;
	return ext2_is_power_of(group, 3) || ext2_is_power_of(group, 5) ||
	       ext2_is_power_of(group, 7);
}

/* Is blk (below blocks_count) a metadata block of its group? */
bool ext2_is_metadata(struct ext2_sb_info *sbi, uint32_t blk)
{
	uint32_t g, start;
	struct ext2_group_desc *gd;

	if (blk < sbi->first_data_block)
		return true;
	g = (blk - sbi->first_data_block) / sbi->blocks_per_group;
	start = ext2_group_first_block(sbi, g);
	gd = &sbi->gd[g];
	if (ext2_group_has_super(sbi, g) && blk - start < ext2_super_area(sbi))
		return true;
	return blk == gd->bg_block_bitmap || blk == gd->bg_inode_bitmap ||
	       (blk >= gd->bg_inode_table &&
		blk - gd->bg_inode_table < sbi->itb_per_group);
}

bool ext2_block_ok(struct ext2_sb_info *sbi, uint32_t blk)
{
	return blk >= sbi->first_data_block && blk < sbi->blocks_count &&
	       !ext2_is_metadata(sbi, blk);
}
