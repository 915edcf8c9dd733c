/*
 * links.c: the symbolic links of /proc/<pid>/ (cwd, root, exe) and of
 * /proc/<pid>/fd/, and the list of open descriptors.
 *
 * A link's target is the path of what the process holds: its current or
 * root directory (vfs_dir_path), the executable exec keeps a reference
 * to, an open file (vfs_file_path: a path, "pipe:[ino]"...).  The object
 * is picked up with preemption off, with a reference, and named after
 * (naming may sleep).  Following them is not a lookup of that text: as in
 * Linux they are "magic" links that reach the object itself (the
 * get_target op): the directory, or the open file's inode, be it a pipe,
 * a removed file or one renamed since.
 *
 * Interface (internal.h): procfs_pid_readlink, procfs_fd_readlink,
 * procfs_pid_target, procfs_fd_target, procfs_fd_next, procfs_fd_mode.
 */
#include "fs/procfs/internal.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"

/* What a link names: a directory or an open file (references). */
struct link_target {
	struct inode *dir;
	struct file *file;
};

static void hold_file(struct link_target *t, struct file *f)
{
	t->file = f;
	if (f)
		file_ref_get(f);
}

/* Name t into buf (len bytes, no NUL) and drop it: the length, -Exxx. */
static long link_name(struct link_target *t, char *buf, size_t len)
{
	char *path = kmalloc(PATH_MAX);
	long n = -ENOMEM;

	if (path && t->dir)
		n = vfs_dir_path(t->dir, path, PATH_MAX);
	else if (path && t->file)
		n = vfs_file_path(t->file, path, PATH_MAX);
	else if (path)
		n = -ENOENT;
	if (n > 0) {
		n = MIN((size_t)n - 1, len);
		memcpy(buf, path, (size_t)n);
	}
	iput(t->dir);
	if (t->file)
		vfs_close(t->file);
	kfree(path);
	return n;
}

/* What cwd, root or exe of process pid names (references). */
static void pid_link_target(int pid, int kind, struct link_target *t)
{
	struct proc *p;

	preempt_disable();
	p = procfs_find(pid);
	if (p && p->fs && kind == PROCFS_PID_CWD)
		t->dir = igrab(p->fs->cwd);
	else if (p && p->fs && kind == PROCFS_PID_ROOT)
		t->dir = igrab(p->fs->root);
	else if (p && kind == PROCFS_PID_EXE)
		hold_file(t, p->exe_file);
	preempt_enable();
}

long procfs_pid_readlink(int pid, int kind, char *buf, size_t len)
{
	struct link_target t = { 0 };

	pid_link_target(pid, kind, &t);
	return link_name(&t, buf, len);
}

/* Hand t over as a link's target: 0, or -ENOENT when it is empty. */
static int target_give(struct link_target *t, struct inode **inode,
		       struct file **file)
{
	if (t->dir) {
		*inode = t->dir;
		*file = NULL;
		return 0;
	}
	if (!t->file)
		return -ENOENT;
	*inode = igrab(t->file->inode);
	*file = t->file;
	return 0;
}

int procfs_pid_target(int pid, int kind, struct inode **inode,
		      struct file **file)
{
	struct link_target t = { 0 };

	pid_link_target(pid, kind, &t);
	return target_give(&t, inode, file);
}

/* fd's open file in process pid with a reference, or NULL. */
static struct file *fd_file(int pid, int fd, unsigned int *oflags)
{
	struct file *f;
	struct proc *p;

	preempt_disable();
	p = procfs_find(pid);
	f = p ? fd_get_of(p, fd, oflags) : NULL;
	preempt_enable();
	return f;
}

long procfs_fd_readlink(int pid, int fd, char *buf, size_t len)
{
	struct link_target t = { .file = fd_file(pid, fd, NULL) };

	return link_name(&t, buf, len);
}

int procfs_fd_target(int pid, int fd, struct inode **inode,
		     struct file **file)
{
	struct link_target t = { .file = fd_file(pid, fd, NULL) };

	return target_give(&t, inode, file);
}

int procfs_fd_next(int pid, int from)
{
	struct proc *p;
	int fd = -1;

	preempt_disable();
	p = procfs_find(pid);
	if (p)
		fd = fd_next_open(p, from - 1);
	preempt_enable();
	return fd < PROC_FD_MAX ? fd : -1;
}

/* As Linux: r-x for reading, -w- for writing, for the owner only. */
uint16_t procfs_fd_mode(int pid, int fd)
{
	unsigned int oflags = 0;
	struct file *f = fd_file(pid, fd, &oflags);
	uint16_t mode = 0;

	if (f) {
		mode = S_IFLNK;
		if ((oflags & O_ACCMODE) != O_WRONLY)
			mode |= 0500;
		if ((oflags & O_ACCMODE) != O_RDONLY)
			mode |= 0200;
		vfs_close(f);
	}
	return mode;
}
