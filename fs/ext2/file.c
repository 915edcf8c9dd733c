/*
 * file.c: the ops tables of ext2's regular files and special files.
 *
 * A regular file's data lives in its page cache mapping, whose ops
 * (block_mapping_ops, fs/blockmap.c) map file blocks through
 * ext2_get_block; reads, writes, fsync and mmap are the VFS's generic ones.
 * Device nodes, fifos and sockets only have attributes here: opening them
 * is the VFS's business.
 *
 * Interface: ext2_file_iops, ext2_file_fops, ext2_special_iops.
 */
#include "fs/ext2/ext2.h"

const struct inode_ops ext2_file_iops = {
	.setattr = ext2_setattr,
	.get_block = ext2_get_block,
	.prefetch_map = ext2_prefetch_map,
};

const struct file_ops ext2_file_fops = {
	.read = generic_file_read,
	.read_user = generic_file_read_user,
	.write = generic_file_write,
	.write_user = generic_file_write_user,
	.fsync = generic_file_fsync,
	.map_page = generic_file_map_page,
	.peek_page = generic_file_peek_page,
	.page_mkwrite = generic_file_page_mkwrite,
};

const struct inode_ops ext2_special_iops = {
	.setattr = ext2_setattr,
};
