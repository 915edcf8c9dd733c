/*
 * xattr.h: extended attributes (fs/xattr.c; the system calls are in
 * kernel/syscall/sys_xattr.c).
 *
 * No filesystem here stores extended attributes, so once a name has
 * passed Linux's permission checks every read, write and removal ends in
 * -EOPNOTSUPP, which is Linux's answer for a filesystem without them,
 * and a list is empty.
 *
 *   vfs_setxattr(inode, name)     0 or -Exxx: -EROFS, -EPERM, -EACCES,
 *                                 -EOPNOTSUPP
 *   vfs_getxattr(inode, name)     the value's size or -Exxx: -ENODATA,
 *                                 -EACCES, -EOPNOTSUPP
 *   vfs_listxattr(inode)          the list's size (0)
 *   vfs_removexattr(inode, name)  as vfs_setxattr
 *   vfs_xattr_writable(inode)     0, or -EROFS on a read-only mount (the
 *                                 first check of a change, as Linux's
 *                                 mnt_want_write)
 */
#ifndef FS_XATTR_H
#define FS_XATTR_H

#define XATTR_NAME_MAX	255
#define XATTR_SIZE_MAX	65536
#define XATTR_CREATE	0x1
#define XATTR_REPLACE	0x2

struct inode;

int vfs_xattr_writable(struct inode *inode);
int vfs_setxattr(struct inode *inode, const char *name);
int vfs_getxattr(struct inode *inode, const char *name);
int vfs_listxattr(struct inode *inode);
int vfs_removexattr(struct inode *inode, const char *name);

#endif
