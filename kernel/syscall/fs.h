/*
 * fs.h: helpers shared by the file system calls (sys_fs.c, sys_stat.c).
 *
 *   user_path(upath)         a kernel copy of a user path (kfree it), or
 *                            ERR_PTR: -EFAULT, -ENAMETOOLONG, -ENOENT ("")
 *   user_paths(u1, u2, &p1, &p2)
 *                            both copied (kfree both) or none: 0, -Exxx
 *   at_dir(dirfd, path, &base)
 *                            the base directory for the VFS's *_at calls
 *                            (NULL: the cwd): 0, -EBADF, -ENOTDIR; the
 *                            one way an *at call names its dirfd to fs/
 *   path_call(dirfd, upath, arg, op)
 *                            op(base, path, arg) on a kernel copy of
 *                            upath, base at_dir's: op's result or -Exxx
 *   stat_at(dirfd, upath, flags, &kstat)
 *                            what the stat calls report (AT_EMPTY_PATH,
 *                            AT_SYMLINK_NOFOLLOW): 0 or -Exxx
 *   stat_fd(fd, &kstat)      what fstat reports: 0 or -EBADF
 *   chown_at(dirfd, upath, nullable, uid, gid, flags)
 *                            the chown calls ((uint32_t)-1: unchanged;
 *                            nullable: upath NULL is dirfd itself;
 *                            AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH): 0, -Exxx
 *   getdents_common(fd, ubuf, count, emit)
 *                            getdents and getdents64: the entries of
 *                            directory fd, each written by emit (its
 *                            argument a struct dirent_ctx) into a kernel
 *                            buffer, then copied out: bytes, or -EBADF,
 *                            -ENOTDIR, -EINVAL (none fits), -EFAULT
 *   path2_call(olddirfd, uold, newdirfd, unew, arg, op)
 *                            op(obase, old, nbase, new, arg) for the calls
 *                            that take two paths (linkat, renameat2)
 */
#ifndef KERNEL_SYSCALL_FS_H
#define KERNEL_SYSCALL_FS_H

#include "fs/vfs.h"
#include "kernel/syscall/syscall.h"

#define AT_FDCWD		(-100)
#define AT_SYMLINK_NOFOLLOW	0x100
#define AT_REMOVEDIR		0x200
#define AT_EACCESS		0x200
#define AT_SYMLINK_FOLLOW	0x400
#define AT_EMPTY_PATH		0x1000

char *user_path(const char *upath);
int user_paths(const char *u1, const char *u2, char **p1, char **p2);
int at_dir(int dirfd, const char *path, struct inode **base);
long stat_at(int dirfd, const char *upath, uint32_t flags, struct kstat *k);
long stat_fd(int fd, struct kstat *k);
typedef int (*path_op_t)(struct inode *base, const char *path, uint32_t arg);
long path_call(int dirfd, const char *upath, uint32_t arg, path_op_t op);
/* What a getdents emitter fills: buf of size bytes, used so far. */
struct dirent_ctx {
	uint8_t *buf;
	size_t size, used;
	bool refused;			/* an entry did not fit */
};
long getdents_common(int fd, void *ubuf, uint32_t count, dir_emit_t emit);
long chown_at(int dirfd, const char *upath, bool nullable, uint32_t uid,
	      uint32_t gid, uint32_t flags);
typedef int (*path2_op_t)(struct inode *obase, const char *oldp,
			  struct inode *nbase, const char *newp, uint32_t arg);
long path2_call(int olddirfd, const char *uold, int newdirfd,
		const char *unew, uint32_t arg, path2_op_t op);

#endif
