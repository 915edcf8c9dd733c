/*
 * vfs_sandbox.h: helpers for the VFS tests.
 *
 * sandbox_enter() mounts a fresh ramfs nowhere and makes it the root of
 * path lookup, so that the tests run the same with or without a real root
 * filesystem; sandbox_leave() puts the old root back and unmounts the
 * ramfs, which fails (and so fails the test) if the test leaked a
 * reference to one of its inodes.
 */
#ifndef TESTS_KERNEL_VFS_SANDBOX_H
#define TESTS_KERNEL_VFS_SANDBOX_H

#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "lib/string.h"

struct sandbox {
	struct super_block *sb;
	struct inode *old_root;
};

static inline int sandbox_enter(struct sandbox *s)
{
	s->sb = vfs_kern_mount("ramfs", NULL, 0, NULL);
	if (IS_ERR(s->sb))
		return PTR_ERR(s->sb);
	s->old_root = vfs_set_root(igrab(s->sb->root));
	vfs_cred = (struct cred){ .uid = 0, .gid = 0 };
	return 0;
}

static inline int sandbox_leave(struct sandbox *s)
{
	vfs_cred = (struct cred){ .uid = 0, .gid = 0 };
	iput(vfs_set_root(s->old_root));
	return vfs_kern_umount(s->sb);
}

/* Write len bytes of data to a new (or truncated) file: bytes or -Exxx. */
static inline ssize_t put_file(const char *path, const void *data, size_t len)
{
	struct file *f = vfs_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (IS_ERR(f))
		return PTR_ERR(f);
	n = vfs_write(f, data, len);
	vfs_close(f);
	return n;
}

/* Read up to size - 1 bytes of a file into buf, NUL-terminated. */
static inline ssize_t get_file(const char *path, char *buf, size_t size)
{
	struct file *f = vfs_open(path, O_RDONLY, 0);
	ssize_t n, total = 0;

	if (IS_ERR(f))
		return PTR_ERR(f);
	while ((size_t)total < size - 1 &&
	       (n = vfs_read(f, buf + total, size - 1 - (size_t)total)) > 0)
		total += n;
	buf[total] = '\0';
	vfs_close(f);
	return total;
}

/* The inode number path names (following links), or -Exxx. */
static inline long ino_of(const char *path)
{
	struct kstat st;
	int err = vfs_stat(path, true, &st);

	return err ? err : (long)st.ino;
}

#define SANDBOX(ctx, s) KT_ASSERT_EQ(ctx, sandbox_enter(s), 0)
#define SANDBOX_END(ctx, s) KT_EXPECT_EQ(ctx, sandbox_leave(s), 0)

#endif
