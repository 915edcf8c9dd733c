/*
 * fs.h: helpers shared by the file system calls (sys_fs.c, sys_stat.c).
 *
 *   user_path(upath)         a kernel copy of a user path (kfree it), or
 *                            ERR_PTR: -EFAULT, -ENAMETOOLONG, -ENOENT ("")
 *   at_enter(dirfd, path, &saved), at_leave(saved)
 *                            run the lookups in between relative to dirfd
 *                            (AT_FDCWD: the cwd): 0, -EBADF, -ENOTDIR
 */
#ifndef KERNEL_SYSCALL_FS_H
#define KERNEL_SYSCALL_FS_H

#include "fs/vfs.h"
#include "kernel/syscall/syscall.h"

#define AT_FDCWD		(-100)
#define AT_SYMLINK_NOFOLLOW	0x100
#define AT_REMOVEDIR		0x200
#define AT_EACCESS		0x200
#define AT_EMPTY_PATH		0x1000

char *user_path(const char *upath);
int at_enter(int dirfd, const char *path, struct inode **saved);
void at_leave(struct inode *saved);

#endif
