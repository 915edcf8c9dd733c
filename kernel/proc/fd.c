/*
 * fd.c: the current process's file descriptor table.
 *
 * Slot i of the table (struct files_struct, proc.h) holds an open file (a
 * reference to it) and the FD_CLOEXEC flag.  dup'ed descriptors share the
 * struct file (offset and status flags), as in Linux: each slot holds one
 * reference.  New descriptors take the lowest free slot at or above a
 * minimum, below the soft RLIMIT_NOFILE: past it open gives -EMFILE,
 * dup2 -EBADF and F_DUPFD -EINVAL, as Linux.  The table grows as Linux
 * i386's does (files_size_for) when a slot beyond it is needed (the new
 * array is allocated with the lock released, then swapped in).  Slots
 * change under the table's spinlock; files are closed after it is
 * released (closing may sleep).
 *
 * fd_get() returns a file the caller may use until its system call
 * returns (fd_get_raw() an O_PATH file too).  While the table is private
 * (one thread, not shared by CLONE_FILES) nobody else can close it
 * meanwhile and no reference is taken, as Linux's fdget does.  When it is shared, another thread may
 * close the descriptor at any time, so fd_get takes a reference and
 * records it with the thread ("borrowed"); syscall_dispatch drops them
 * all once the call has returned (fd_put_borrowed).
 *
 * Interface (kernel/proc/proc.h): fd_get, fd_get_raw, fd_install,
 * fd_close, fd_dup, fd_dup2, fd_cloexec, fd_close_on_exec,
 * fd_close_range, fd_put_borrowed, fd_next_open, fd_get_of.
 */
#include "kernel/proc/proc.h"
#include "fs/vfs.h"
#include "lib/errno.h"
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
 * valid until the current system call returns.  An O_PATH file too: for
 * the calls that only name the object (fstat, fchdir, *at, dup, fcntl's
 * descriptor commands, close). */
struct file *fd_get_raw(int fd)
{
	struct thread *t = thread_current();
	struct files_struct *files;
	struct file *f = NULL;
	bool shared;
	uint32_t flags;

	if (!t || fd < 0)
		return NULL;
	files = t->proc->files;
	shared = table_shared(t->proc);
	if (shared && !borrow_room(t))
		return NULL;
	flags = spin_lock_irqsave(&files->lock);
	f = (unsigned int)fd < files->nr_fds ? files->fds[fd].file : NULL;
	if (f && shared) {
		file_ref_get(f);
		t->borrowed[t->nborrowed++] = f;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return f;
}

/* The same for every other call: NULL for an O_PATH file, whose
 * operations all fail with -EBADF, as Linux's fdget. */
struct file *fd_get(int fd)
{
	struct file *f = fd_get_raw(fd);

	return f && !(f->flags & O_PATH) ? f : NULL;
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

/* Descriptors below this are allowed (the soft RLIMIT_NOFILE). */
static unsigned int fd_limit(void)
{
	uint64_t cur = proc_current()->rlim[RLIMIT_NOFILE].cur;

	return cur > RLIMIT_NR_OPEN ? RLIMIT_NR_OPEN : (unsigned int)cur;
}

/* Make the table hold slot fd (called unlocked): 0 or -ENOMEM. */
static int files_grow(struct files_struct *files, unsigned int fd)
{
	unsigned int n = files_size_for(fd);
	struct fd_slot *fds, *old = NULL;
	uint32_t flags;

	fds = kzalloc(n * sizeof(*fds));
	if (!fds)
		return -ENOMEM;
	flags = spin_lock_irqsave(&files->lock);
	if (files->nr_fds < n) {
		memcpy(fds, files->fds, files->nr_fds * sizeof(*fds));
		old = files->fds;
		files->fds = fds;
		files->nr_fds = n;
		fds = NULL;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	kfree(fds);
	kfree(old);
	return 0;
}

/*
 * The lowest free slot >= min below limit, with the table locked (*flags):
 * the slot, or -EMFILE / -ENOMEM with the table unlocked.
 */
static int fd_alloc(struct files_struct *files, int min, unsigned int limit,
		    uint32_t *flags)
{
	unsigned int fd;

	for (;;) {
		*flags = spin_lock_irqsave(&files->lock);
		for (fd = min < 0 ? 0 : (unsigned int)min;
		     fd < files->nr_fds && fd < limit; fd++)
			if (!files->fds[fd].file)
				return (int)fd;
		spin_unlock_irqrestore(&files->lock, *flags);
		if (fd >= limit)
			return -EMFILE;
		if (files_grow(files, fd))
			return -ENOMEM;
	}
}

static void fd_set(struct files_struct *files, int fd, struct file *f,
		   bool cloexec)
{
	files->fds[fd].file = f;
	files->fds[fd].flags = cloexec ? FD_CLOEXEC : 0;
}

/* Put f (whose reference the table takes) in the lowest free slot.
 * Returns the descriptor, or -EMFILE (f is then closed). */
int fd_install(struct file *f, bool cloexec)
{
	struct files_struct *files = proc_current()->files;
	uint32_t flags;
	int fd = fd_alloc(files, 0, fd_limit(), &flags);

	if (fd < 0) {
		vfs_close(f);
		return fd;
	}
	fd_set(files, fd, f, cloexec);
	spin_unlock_irqrestore(&files->lock, flags);
	return fd;
}

/* Take fd's file out of the table: it (the table's reference), or NULL. */
static struct file *fd_take(struct files_struct *files, int fd)
{
	uint32_t flags = spin_lock_irqsave(&files->lock);
	struct file *f = NULL;

	if (fd >= 0 && (unsigned int)fd < files->nr_fds) {
		f = files->fds[fd].file;
		fd_set(files, fd, NULL, false);
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return f;
}

/* Close the table's reference to f: the table's POSIX record locks on
 * its inode go too (POSIX: any close of the file releases them). */
static void fd_file_close(struct files_struct *files, struct file *f)
{
	vfs_plock_close(f, files);
	vfs_close(f);
}

int fd_close(int fd)
{
	struct files_struct *files = proc_current()->files;
	struct file *f = fd_take(files, fd);

	if (!f)
		return -EBADF;
	fd_file_close(files, f);
	return 0;
}

/* A new descriptor >= min for oldfd's file: the descriptor, -EBADF,
 * -EINVAL (min out of range) or -EMFILE. */
int fd_dup(int oldfd, int min, bool cloexec)
{
	struct files_struct *files = proc_current()->files;
	unsigned int limit = fd_limit();
	struct file *f = fd_get_raw(oldfd);
	uint32_t flags;
	int fd;

	if (!f)
		return -EBADF;
	if (min < 0 || (unsigned int)min >= limit)
		return -EINVAL;
	fd = fd_alloc(files, min, limit, &flags);
	if (fd < 0)
		return fd;
	file_ref_get(f);
	fd_set(files, fd, f, cloexec);
	spin_unlock_irqrestore(&files->lock, flags);
	return fd;
}

/* Make newfd a copy of oldfd, closing what newfd had: newfd, -EBADF or
 * -ENOMEM. */
int fd_dup2(int oldfd, int newfd, bool cloexec)
{
	struct files_struct *files = proc_current()->files;
	struct file *f = fd_get_raw(oldfd), *old = NULL;
	uint32_t flags;

	if (!f || newfd < 0 || (unsigned int)newfd >= fd_limit())
		return -EBADF;
	if (oldfd == newfd)
		return newfd;
	if ((unsigned int)newfd >= READ_ONCE(files->nr_fds) &&
	    files_grow(files, (unsigned int)newfd))
		return -ENOMEM;
	flags = spin_lock_irqsave(&files->lock);
	file_ref_get(f);
	old = files->fds[newfd].file;
	fd_set(files, newfd, f, cloexec);
	spin_unlock_irqrestore(&files->lock, flags);
	if (old)
		fd_file_close(files, old);
	return newfd;
}

/* Query (set < 0) or change fd's FD_CLOEXEC: the flags, 0 or -EBADF. */
int fd_cloexec(int fd, int set)
{
	struct files_struct *files = proc_current()->files;
	uint32_t flags;
	int ret = -EBADF;

	if (fd < 0)
		return -EBADF;
	flags = spin_lock_irqsave(&files->lock);
	if ((unsigned int)fd >= files->nr_fds || !files->fds[fd].file)
		ret = -EBADF;
	else if (set < 0)
		ret = (int)files->fds[fd].flags;
	else {
		files->fds[fd].flags = set ? FD_CLOEXEC : 0;
		ret = 0;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return ret;
}

/* execve: close the FD_CLOEXEC descriptors (p's table is private by now). */
void fd_close_on_exec(struct proc *p)
{
	struct files_struct *files = p->files;

	for (unsigned int fd = 0; fd < files->nr_fds; fd++) {
		struct fd_slot *s = &files->fds[fd];

		if (s->file && (s->flags & FD_CLOEXEC))
			fd_file_close(files, fd_take(files, (int)fd));
	}
}

/* Set FD_CLOEXEC on the open descriptors from first to last. */
static void fd_cloexec_range(struct files_struct *files, unsigned int first,
			     unsigned int last)
{
	uint32_t flags = spin_lock_irqsave(&files->lock);

	for (unsigned int fd = first; fd < files->nr_fds && fd <= last; fd++)
		if (files->fds[fd].file)
			files->fds[fd].flags |= FD_CLOEXEC;
	spin_unlock_irqrestore(&files->lock, flags);
}

/* Give p a private copy of its table if another process shares it:
 * 0 or -ENOMEM. */
static int fd_unshare(struct proc *p)
{
	struct files_struct *copy;

	if (READ_ONCE(p->files->refcount) <= 1)
		return 0;
	copy = files_copy(p->files);
	if (!copy)
		return -ENOMEM;
	files_put(p->files);
	p->files = copy;
	return 0;
}

int fd_close_range(unsigned int first, unsigned int last, bool cloexec,
		   bool unshare)
{
	struct proc *p = proc_current();
	struct files_struct *files;
	int err = unshare ? fd_unshare(p) : 0;

	if (err)
		return err;
	files = p->files;
	if (cloexec) {
		fd_cloexec_range(files, first, last);
		return 0;
	}
	for (unsigned int fd = first;
	     fd < READ_ONCE(files->nr_fds) && fd <= last; fd++) {
		struct file *f = fd_take(files, (int)fd);

		if (f)
			fd_file_close(files, f);
	}
	return 0;
}

int fd_next_open(struct proc *p, int fd)
{
	struct files_struct *files = p->files;
	uint32_t flags;
	int found = -1;

	if (!files)
		return -1;
	flags = spin_lock_irqsave(&files->lock);
	for (fd++; fd >= 0 && (unsigned int)fd < files->nr_fds; fd++) {
		if (files->fds[fd].file) {
			found = fd;
			break;
		}
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return found;
}

struct file *fd_get_of(struct proc *p, int fd, unsigned int *oflags)
{
	struct files_struct *files = p->files;
	struct file *f = NULL;
	uint32_t flags;

	if (!files || fd < 0)
		return NULL;
	flags = spin_lock_irqsave(&files->lock);
	if ((unsigned int)fd < files->nr_fds && (f = files->fds[fd].file)) {
		file_ref_get(f);
		if (oflags)
			*oflags = f->flags;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	return f;
}
