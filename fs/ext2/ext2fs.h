/*
 * ext2fs.h: the on-disk layout of ext2 (revisions 0 and 1), as Linux and
 * e2fsprogs define it.  Every structure has fixed-width fields and a
 * _Static_assert on its size; every field is little-endian, which is the
 * CPU's order, so they are used as they are.
 *
 * Layout: the superblock at byte 1024 of the device; then, from block
 * first_data_block + 1, the group descriptor table; each group has a block
 * bitmap, an inode bitmap and an inode table somewhere inside it; groups
 * whose number is 0, 1 or a power of 3, 5 or 7 (all groups without
 * sparse_super) start with a backup of the superblock and descriptors.
 */
#ifndef FS_EXT2_EXT2FS_H
#define FS_EXT2_EXT2FS_H

#include <stdint.h>

#define EXT2_SUPER_MAGIC	0xEF53
#define EXT2_SUPER_OFFSET	1024	/* bytes from the start of the device */
#define EXT2_SUPER_SIZE		1024

#define EXT2_MIN_BLOCK_LOG	10	/* 1 KiB */
#define EXT2_MAX_BLOCK_LOG	12	/* 4 KiB: the largest we mount */

#define EXT2_GOOD_OLD_REV	0
#define EXT2_DYNAMIC_REV	1
#define EXT2_GOOD_OLD_INODE_SIZE 128
#define EXT2_GOOD_OLD_FIRST_INO	11

/* Reserved inode numbers. */
#define EXT2_BAD_INO		1
#define EXT2_ROOT_INO		2

/* s_state */
#define EXT2_VALID_FS		0x0001	/* cleanly unmounted */
#define EXT2_ERROR_FS		0x0002	/* errors detected */

/* Features: s_feature_compat (anyone may mount and write). */
#define EXT2_FEATURE_COMPAT_DIR_PREALLOC	0x0001
#define EXT2_FEATURE_COMPAT_IMAGIC_INODES	0x0002
#define EXT3_FEATURE_COMPAT_HAS_JOURNAL		0x0004
#define EXT2_FEATURE_COMPAT_EXT_ATTR		0x0008
#define EXT2_FEATURE_COMPAT_RESIZE_INODE	0x0010
#define EXT2_FEATURE_COMPAT_DIR_INDEX		0x0020

/* s_feature_ro_compat (unknown ones: mount read-only). */
#define EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER	0x0001
#define EXT2_FEATURE_RO_COMPAT_LARGE_FILE	0x0002
#define EXT2_FEATURE_RO_COMPAT_BTREE_DIR	0x0004
#define EXT2_FEATURE_RO_COMPAT_SUPP		(EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER | \
						 EXT2_FEATURE_RO_COMPAT_LARGE_FILE)

/* s_feature_incompat (unknown ones: refuse to mount). */
#define EXT2_FEATURE_INCOMPAT_COMPRESSION	0x0001
#define EXT2_FEATURE_INCOMPAT_FILETYPE		0x0002
#define EXT3_FEATURE_INCOMPAT_RECOVER		0x0004
#define EXT3_FEATURE_INCOMPAT_JOURNAL_DEV	0x0008
#define EXT2_FEATURE_INCOMPAT_META_BG		0x0010
#define EXT4_FEATURE_INCOMPAT_EXTENTS		0x0040
#define EXT4_FEATURE_INCOMPAT_64BIT		0x0080
#define EXT4_FEATURE_INCOMPAT_FLEX_BG		0x0200
#define EXT2_FEATURE_INCOMPAT_SUPP		EXT2_FEATURE_INCOMPAT_FILETYPE

struct ext2_super_block {
	uint32_t s_inodes_count;
	uint32_t s_blocks_count;
	uint32_t s_r_blocks_count;	/* reserved for the superuser */
	uint32_t s_free_blocks_count;
	uint32_t s_free_inodes_count;
	uint32_t s_first_data_block;
	uint32_t s_log_block_size;	/* block size = 1024 << this */
	uint32_t s_log_frag_size;
	uint32_t s_blocks_per_group;
	uint32_t s_frags_per_group;
	uint32_t s_inodes_per_group;
	uint32_t s_mtime;		/* last mount */
	uint32_t s_wtime;		/* last write */
	uint16_t s_mnt_count;
	int16_t s_max_mnt_count;
	uint16_t s_magic;
	uint16_t s_state;
	uint16_t s_errors;
	uint16_t s_minor_rev_level;
	uint32_t s_lastcheck;
	uint32_t s_checkinterval;
	uint32_t s_creator_os;
	uint32_t s_rev_level;
	uint16_t s_def_resuid;
	uint16_t s_def_resgid;
	/* EXT2_DYNAMIC_REV only. */
	uint32_t s_first_ino;
	uint16_t s_inode_size;
	uint16_t s_block_group_nr;	/* of this copy */
	uint32_t s_feature_compat;
	uint32_t s_feature_incompat;
	uint32_t s_feature_ro_compat;
	uint8_t s_uuid[16];
	char s_volume_name[16];
	char s_last_mounted[64];
	uint32_t s_algorithm_usage_bitmap;
	uint8_t s_prealloc_blocks;
	uint8_t s_prealloc_dir_blocks;
	uint16_t s_reserved_gdt_blocks;
	uint8_t s_journal_uuid[16];
	uint32_t s_journal_inum;
	uint32_t s_journal_dev;
	uint32_t s_last_orphan;
	uint32_t s_hash_seed[4];
	uint8_t s_def_hash_version;
	uint8_t s_jnl_backup_type;
	uint16_t s_desc_size;
	uint32_t s_default_mount_opts;
	uint32_t s_first_meta_bg;
	uint32_t s_mkfs_time;
	uint32_t s_jnl_blocks[17];
	uint8_t s_rest[1024 - 336];	/* ext4 fields, kept as they are */
};
_Static_assert(sizeof(struct ext2_super_block) == EXT2_SUPER_SIZE,
	       "ext2 superblock is 1024 bytes");

struct ext2_group_desc {
	uint32_t bg_block_bitmap;
	uint32_t bg_inode_bitmap;
	uint32_t bg_inode_table;
	uint16_t bg_free_blocks_count;
	uint16_t bg_free_inodes_count;
	uint16_t bg_used_dirs_count;
	uint16_t bg_flags;
	uint32_t bg_reserved[3];
};
_Static_assert(sizeof(struct ext2_group_desc) == 32,
	       "ext2 group descriptor is 32 bytes");

#define EXT2_NDIR_BLOCKS	12
#define EXT2_IND_BLOCK		12
#define EXT2_DIND_BLOCK		13
#define EXT2_TIND_BLOCK		14
#define EXT2_N_BLOCKS		15
#define EXT2_FAST_SYMLINK_MAX	(EXT2_N_BLOCKS * 4)	/* 60 bytes */

struct ext2_inode {
	uint16_t i_mode;
	uint16_t i_uid;			/* low 16 bits */
	uint32_t i_size;		/* low 32 bits */
	uint32_t i_atime;
	uint32_t i_ctime;
	uint32_t i_mtime;
	uint32_t i_dtime;		/* deletion time */
	uint16_t i_gid;			/* low 16 bits */
	uint16_t i_links_count;
	uint32_t i_blocks;		/* 512-byte units */
	uint32_t i_flags;
	uint32_t i_osd1;
	uint32_t i_block[EXT2_N_BLOCKS];
	uint32_t i_generation;
	uint32_t i_file_acl;		/* extended attribute block */
	uint32_t i_size_high;		/* regular files, rev 1: size >> 32 */
	uint32_t i_faddr;
	uint8_t i_frag;
	uint8_t i_fsize;
	uint16_t i_pad1;
	uint16_t i_uid_high;
	uint16_t i_gid_high;
	uint32_t i_reserved2;
};
_Static_assert(sizeof(struct ext2_inode) == EXT2_GOOD_OLD_INODE_SIZE,
	       "ext2 inode is 128 bytes");

/* i_flags we look at. */
#define EXT2_INDEX_FL		0x00001000	/* hash-indexed directory */
#define EXT4_EXTENTS_FL		0x00080000
#define EXT2_LINK_MAX		32000

/* Extended attribute block header: only its reference count matters here. */
#define EXT2_XATTR_MAGIC	0xEA020000
struct ext2_xattr_header {
	uint32_t h_magic;
	uint32_t h_refcount;
	uint32_t h_blocks;
	uint32_t h_hash;
	uint32_t h_reserved[4];
};
_Static_assert(sizeof(struct ext2_xattr_header) == 32,
	       "ext2 xattr header is 32 bytes");

/*
 * Directory entry: rec_len covers the entry and the free space after it
 * up to the next one; entries never cross a block.  Without the filetype
 * feature, file_type is the high byte of a 16-bit name length (always 0
 * since names are at most 255 bytes).
 */
struct ext2_dir_entry {
	uint32_t inode;			/* 0: unused */
	uint16_t rec_len;
	uint8_t name_len;
	uint8_t file_type;
	char name[];
};
_Static_assert(sizeof(struct ext2_dir_entry) == 8,
	       "ext2 directory entry header is 8 bytes");

#define EXT2_DIR_PAD		4
#define EXT2_DIR_REC_LEN(n)	(((n) + 8 + EXT2_DIR_PAD - 1) & ~(EXT2_DIR_PAD - 1))

/* file_type values. */
#define EXT2_FT_UNKNOWN		0
#define EXT2_FT_REG_FILE	1
#define EXT2_FT_DIR		2
#define EXT2_FT_CHRDEV		3
#define EXT2_FT_BLKDEV		4
#define EXT2_FT_FIFO		5
#define EXT2_FT_SOCK		6
#define EXT2_FT_SYMLINK		7
#define EXT2_FT_MAX		8

#endif
