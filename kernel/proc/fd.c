/*
 * fd.c: the current process's file descriptor table.
 *
 * Slot i of proc->fds holds an open file (a reference to it) and the
 * FD_CLOEXEC flag.  dup'ed descriptors share the struct file (offset and
 * status flags), as in Linux: each slot holds one reference.  New
 * descriptors take the lowest free slot at or above a minimum.
 *
 * Interface (kernel/proc/proc.h): fd_get, fd_install, fd_close, fd_dup,
 * fd_dup2, fd_cloexec, fd_close_all, fd_close_on_exec.
 */
#include "kernel/proc/proc.h"
#include "fs/vfs.h"
#include "kernel/errno.h"

/* The open file of fd in the current process, or NULL (-EBADF). */
struct file *fd_get(int fd)
{
	struct proc *p = proc_current();

	if (!p || fd < 0 || fd >= PROC_MAX_FDS)
		return NULL;
	return p->fds[fd].file;
}

/* The lowest free slot >= min, or -EMFILE. */
static int fd_alloc(struct proc *p, int min)
{
	for (int fd = min < 0 ? 0 : min; fd < PROC_MAX_FDS; fd++)
		if (!p->fds[fd].file)
			return fd;
	return -EMFILE;
}

/* Put f (whose reference the table takes) in the lowest free slot.
 * Returns the descriptor, or -EMFILE (f is then closed). */
int fd_install(struct file *f, bool cloexec)
{
	struct proc *p = proc_current();
	int fd = fd_alloc(p, 0);

	if (fd < 0) {
		vfs_close(f);
		return fd;
	}
	p->fds[fd].file = f;
	p->fds[fd].flags = cloexec ? FD_CLOEXEC : 0;
	return fd;
}

int fd_close(int fd)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	p->fds[fd].file = NULL;
	p->fds[fd].flags = 0;
	vfs_close(f);
	return 0;
}

/* A new descriptor >= min for oldfd's file: the descriptor, -EBADF,
 * -EINVAL (min out of range) or -EMFILE. */
int fd_dup(int oldfd, int min, bool cloexec)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(oldfd);
	int fd;

	if (!f)
		return -EBADF;
	if (min < 0 || min >= PROC_MAX_FDS)
		return -EINVAL;
	fd = fd_alloc(p, min);
	if (fd < 0)
		return fd;
	f->refcount++;
	p->fds[fd].file = f;
	p->fds[fd].flags = cloexec ? FD_CLOEXEC : 0;
	return fd;
}

/* Make newfd a copy of oldfd, closing what newfd had: newfd or -EBADF. */
int fd_dup2(int oldfd, int newfd, bool cloexec)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(oldfd);

	if (!f || newfd < 0 || newfd >= PROC_MAX_FDS)
		return -EBADF;
	if (oldfd == newfd)
		return newfd;
	f->refcount++;
	if (p->fds[newfd].file)
		vfs_close(p->fds[newfd].file);
	p->fds[newfd].file = f;
	p->fds[newfd].flags = cloexec ? FD_CLOEXEC : 0;
	return newfd;
}

/* Query (set < 0) or change fd's FD_CLOEXEC: the flags, 0 or -EBADF. */
int fd_cloexec(int fd, int set)
{
	struct proc *p = proc_current();

	if (!fd_get(fd))
		return -EBADF;
	if (set < 0)
		return (int)p->fds[fd].flags;
	p->fds[fd].flags = set ? FD_CLOEXEC : 0;
	return 0;
}

void fd_close_all(struct proc *p)
{
	for (int fd = 0; fd < PROC_MAX_FDS; fd++) {
		if (p->fds[fd].file)
			vfs_close(p->fds[fd].file);
		p->fds[fd].file = NULL;
	}
}

void fd_close_on_exec(struct proc *p)
{
	for (int fd = 0; fd < PROC_MAX_FDS; fd++) {
		if (p->fds[fd].file && (p->fds[fd].flags & FD_CLOEXEC)) {
			vfs_close(p->fds[fd].file);
			p->fds[fd].file = NULL;
			p->fds[fd].flags = 0;
		}
	}
}
