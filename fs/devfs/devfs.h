/*
 * devfs.h: the device filesystem mounted on /dev.
 *
 * /dev holds one node per registered character device and one per block
 * device of the block layer (ram0, hda, hda1...: found by walking the
 * device list whenever /dev is looked at, so devices that appear later
 * show up too).  Drivers add character devices with devfs_register_char;
 * the device number is also registered with the VFS, so that a device
 * node with that number on any filesystem opens the same driver.
 * devfs_register_link adds a symbolic link (links.c: /dev/fd, /dev/stdin...).
 *
 * Interface: devfs_register_char, devfs_register_link.
 */
#ifndef FS_DEVFS_DEVFS_H
#define FS_DEVFS_DEVFS_H

#include "fs/vfs.h"

/* name: at most 31 bytes; mode: permissions (S_IFCHR is implied).
 * 0, -EEXIST for a name or number already there, -ENOMEM. */
int devfs_register_char(const char *name, uint16_t mode, uint32_t rdev,
			const struct file_ops *fops);

/* A symbolic link name -> target (kept, not copied: a string constant).
 * 0, -EEXIST for a name already there, -ENOMEM. */
int devfs_register_link(const char *name, const char *target);

/* Call fn for every character device node, in the order they came. */
void devfs_for_each_char(void (*fn)(const char *name, uint32_t rdev,
				    void *arg), void *arg);

#endif
