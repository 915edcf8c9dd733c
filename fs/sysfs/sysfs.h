/*
 * sysfs.h: what the files of fs/sysfs/ tell each other.
 *
 * build.c makes nodes under a directory inode (all ignore a NULL dir, so
 * a failed mkdir only loses its subtree): sysfs_dir (the directory at a
 * path below root, made as needed) and sysfs_mkdir (a new directory),
 * both a reference the caller drops with sysfs_dir_put, or NULL;
 * sysfs_file (a 0444 text file printed with printf's format, up to 127
 * bytes), sysfs_link (a symbolic link); sysfs_build_err keeps the last
 * error.  The trees: block.c (block devices), chars.c (character
 * devices), sysfs.c (the rest and the filesystem type).
 */
#ifndef FS_SYSFS_SYSFS_H
#define FS_SYSFS_SYSFS_H

#include "fs/vfs.h"
#include "lib/compiler.h"

extern int sysfs_build_err;
struct inode *sysfs_dir(struct inode *root, const char *path);
struct inode *sysfs_mkdir(struct inode *dir, const char *name);
void sysfs_dir_put(struct inode *dir);		/* NULL: nothing */
void sysfs_file(struct inode *dir, const char *name, const char *fmt, ...)
	__printf(3, 4);
void sysfs_link(struct inode *dir, const char *name, const char *target);

/* block.c: /sys/block/<disk>/[<partition>/], /sys/class/block/ and
 * /sys/dev/block/ (root: /sys). */
void sysfs_build_block(struct inode *root);
/* chars.c: /sys/devices/virtual/<class>/<name>/, /sys/class/<class>/ and
 * /sys/dev/char/. */
void sysfs_build_chars(struct inode *root);

#endif
