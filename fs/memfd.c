/*
 * memfd.c: the files memfd_create makes: regular files with no name on a
 * private tmpfs instance (mounted on first use), open O_RDWR, which
 * read, write, ftruncate, mmap and fstat as any tmpfs file and go with
 * their last reference.  /proc/<pid>/fd and maps name one
 * "/memfd:NAME (deleted)", as Linux does.
 *
 * Sealing is not implemented: memfd_create refuses MFD_ALLOW_SEALING
 * (kernel/syscall/sys_memfd.c), and every memfd is what Linux makes
 * without that flag, sealed with F_SEAL_SEAL: F_GET_SEALS gives it,
 * F_ADD_SEALS is -EPERM.
 *
 * Interface (fs/vfs.h): memfd_file, memfd_seals.
 */
#include "fs/internal.h"
#include "lib/errno.h"
#include "lib/printf.h"

static struct super_block *memfd_sb;

struct file *memfd_file(const char *name)
{
	char path[MEMFD_NAME_MAX + 16];
	struct inode *inode;
	int err;

	if (!memfd_sb) {
		struct super_block *sb = vfs_kern_mount("tmpfs", NULL, 0, NULL);

		if (IS_ERR(sb))
			return (struct file *)sb;
		memfd_sb = sb;
	}
	err = memfd_sb->root->iops->tmpfile(memfd_sb->root, S_IFREG | 0777,
					    &inode);
	if (err)
		return ERR_PTR(err);
	snprintf(path, sizeof(path), "/memfd:%s", name);
	return vfs_open_inode(inode, O_RDWR | O_LARGEFILE, path);
}

long memfd_seals(struct file *f, bool add, uint32_t seals)
{
	if (!memfd_sb || f->inode->sb != memfd_sb)
		return -EINVAL;
	return add ? -EPERM : F_SEAL_SEAL;
}
