/*
 * fd.c: the current process's file descriptor table.
 *
 * Slot i of the table (struct files_struct, proc.h) holds an open file (a
 * reference to it) and the FD_CLOEXEC flag.  dup'ed descriptors share the
 * struct file (offset and status flags), as in Linux: each slot holds one
 * reference.  New descriptors take the lowest free slot at or above a
 * minimum.  Slots change under the table's spinlock; files are closed
 * after it is released (closing may sleep).
 *
 * fd_get() returns a file the caller may use until its system call
 * returns.  While the table is private (one thread, not shared by
 * CLONE_FILES) nobody else can close it meanwhile and no reference is
 * taken, as Linux's fdget does.  When it is shared, another thread may
 * close the descriptor at any time, so fd_get takes a reference and
 * records it with the thread ("borrowed"); syscall_dispatch drops them
 * all once the call has returned (fd_put_borrowed).
 *
 * Interface (kernel/proc/proc.h): fd_get, fd_install, fd_close, fd_dup,
 * fd_dup2, fd_cloexec, fd_close_on_exec, fd_put_borrowed.
 */
#include "kernel/proc/proc.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"

static bool table_shared(const struct proc *p)
{
	return p->nr_threads > 1 || p->files->refcount > 1;
}

/* Room for one more borrowed file (allocated before any lock). */
static bool borrow_room(struct thread *t)
{
	struct file **more;
	unsigned int cap;

	if (!t->borrowed) {
		t->borrowed = t->borrow_inline;
		t->borrow_cap = FD_BORROW_INLINE;
	}
	if (t->nborrowed < t->borrow_cap)
		return true;
	cap = t->borrow_cap * 2;
	more = kmalloc(cap * sizeof(*more));
	if (!more)
		return false;
	memcpy(more, t->borrowed, t->nborrowed * sizeof(*more));
	if (t->borrowed != t->borrow_inline)
		kfree(t->borrowed);
	t->borrowed = more;
	t->borrow_cap = cap;
	return true;
}

/* The open file of fd in the current process, or NULL (-EBADF); it stays
 * valid until the current system call returns. */
struct file *fd_get(int fd)
{
	struct thread *t = thread_current();
	struct files_struct *files;
	struct file *f = NULL;
	bool shared;
	uint32_t flags;

	if (!t || fd < 0 || fd >= PROC_MAX_FDS)
		return NULL;
	files = t->proc->files;
	shared = table_shared(t->proc);
	if (shared && !borrow_room(t))
		return NULL;
	flags = spin_lock_irqsave(&files->lock);
	f = files->fds[fd].file;
	if (f && shared) {
		file_ref_get(f);
		t->borrowed[t->nborrowed++] = f;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return f;
}

/* Drop the references fd_get took during the call that is ending. */
void fd_put_borrowed(void)
{
	struct thread *t = thread_current();

	if (!t)
		return;
	while (t->nborrowed)
		vfs_close(t->borrowed[--t->nborrowed]);
	if (t->borrowed != t->borrow_inline)
		kfree(t->borrowed);
	t->borrowed = NULL;
	t->borrow_cap = 0;
}

/* The lowest free slot >= min, or -EMFILE.  Table locked. */
static int fd_alloc(struct files_struct *files, int min)
{
	for (int fd = min < 0 ? 0 : min; fd < PROC_MAX_FDS; fd++)
		if (!files->fds[fd].file)
			return fd;
	return -EMFILE;
}

/* Put f (whose reference the table takes) in the lowest free slot.
 * Returns the descriptor, or -EMFILE (f is then closed). */
int fd_install(struct file *f, bool cloexec)
{
	struct files_struct *files = proc_current()->files;
	uint32_t flags = spin_lock_irqsave(&files->lock);
	int fd = fd_alloc(files, 0);

	if (fd >= 0) {
		files->fds[fd].file = f;
		files->fds[fd].flags = cloexec ? FD_CLOEXEC : 0;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	if (fd < 0)
		vfs_close(f);
	return fd;
}

int fd_close(int fd)
{
	struct files_struct *files = proc_current()->files;
	struct file *f = NULL;
	uint32_t flags;

	if (fd < 0 || fd >= PROC_MAX_FDS)
		return -EBADF;
	flags = spin_lock_irqsave(&files->lock);
	f = files->fds[fd].file;
	files->fds[fd].file = NULL;
	files->fds[fd].flags = 0;
	spin_unlock_irqrestore(&files->lock, flags);
	if (!f)
		return -EBADF;
	vfs_close(f);
	return 0;
}

/* A new descriptor >= min for oldfd's file: the descriptor, -EBADF,
 * -EINVAL (min out of range) or -EMFILE. */
int fd_dup(int oldfd, int min, bool cloexec)
{
	struct files_struct *files = proc_current()->files;
	struct file *f;
	uint32_t flags;
	int fd = -EBADF;

	if (oldfd < 0 || oldfd >= PROC_MAX_FDS)
		return -EBADF;
	flags = spin_lock_irqsave(&files->lock);
	f = files->fds[oldfd].file;
	if (f)
		fd = min < 0 || min >= PROC_MAX_FDS ? -EINVAL :
						      fd_alloc(files, min);
	if (fd >= 0) {
		file_ref_get(f);
		files->fds[fd].file = f;
		files->fds[fd].flags = cloexec ? FD_CLOEXEC : 0;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return fd;
}

/* Make newfd a copy of oldfd, closing what newfd had: newfd or -EBADF. */
int fd_dup2(int oldfd, int newfd, bool cloexec)
{
	struct files_struct *files = proc_current()->files;
	struct file *f, *old = NULL;
	uint32_t flags;

	if (oldfd < 0 || oldfd >= PROC_MAX_FDS || newfd < 0 ||
	    newfd >= PROC_MAX_FDS)
		return -EBADF;
	flags = spin_lock_irqsave(&files->lock);
	f = files->fds[oldfd].file;
	if (f && oldfd != newfd) {
		file_ref_get(f);
		old = files->fds[newfd].file;
		files->fds[newfd].file = f;
		files->fds[newfd].flags = cloexec ? FD_CLOEXEC : 0;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	if (old)
		vfs_close(old);
	return f ? newfd : -EBADF;
}

/* Query (set < 0) or change fd's FD_CLOEXEC: the flags, 0 or -EBADF. */
int fd_cloexec(int fd, int set)
{
	struct files_struct *files = proc_current()->files;
	uint32_t flags;
	int ret = -EBADF;

	if (fd < 0 || fd >= PROC_MAX_FDS)
		return -EBADF;
	flags = spin_lock_irqsave(&files->lock);
	if (files->fds[fd].file && set < 0)
		ret = (int)files->fds[fd].flags;
	else if (files->fds[fd].file) {
		files->fds[fd].flags = set ? FD_CLOEXEC : 0;
		ret = 0;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return ret;
}

/* execve: close the FD_CLOEXEC descriptors (p's table is private by now). */
void fd_close_on_exec(struct proc *p)
{
	struct fd_slot *fds = p->files->fds;

	for (int fd = 0; fd < PROC_MAX_FDS; fd++) {
		if (fds[fd].file && (fds[fd].flags & FD_CLOEXEC)) {
			vfs_close(fds[fd].file);
			fds[fd].file = NULL;
			fds[fd].flags = 0;
		}
	}
}
