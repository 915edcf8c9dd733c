/*
 * share.c: the per-process structures that clone() may share between
 * processes (see proc.h): the descriptor table (CLONE_FILES), the root,
 * cwd and umask (CLONE_FS) and the signal actions (CLONE_SIGHAND).
 *
 * Each is refcounted: clone with the flag takes a reference, without it
 * makes a copy (files_copy shares every open file, as dup does); the last
 * put releases what it holds.  Threads of one process share them through
 * their struct proc, so these counts are about processes only.  execve
 * gives a process that shares its table or its actions a private copy
 * (proc_unshare_for_exec), as Linux does, so that close-on-exec and the
 * reset of handlers do not reach the other sharers.
 *
 * Interface (proc.h): files_alloc, files_copy, files_size_for, files_put,
 * fs_alloc, fs_copy, fs_put, fs_set_cwd, sighand_copy, sighand_put,
 * proc_unshare_for_exec, proc_root_dir, proc_cwd_dir.
 */
#include "kernel/proc/proc.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"

/* A table of n empty slots, or NULL. */
static struct files_struct *files_new(unsigned int n)
{
	struct files_struct *files = kmalloc(sizeof(*files));

	if (!files)
		return NULL;
	files->fds = kzalloc(n * sizeof(*files->fds));
	if (!files->fds) {
		kfree(files);
		return NULL;
	}
	files->nr_fds = n;
	files->refcount = 1;
	files->lock = (struct spinlock)SPINLOCK_INIT;
	return files;
}

struct files_struct *files_alloc(void)
{
	return files_new(PROC_INIT_FDS);
}

/* The table size that holds slot fd, as Linux i386 6.1 sizes its
 * fdtable (measured: FDSize after a dup2 to fd): the power of two above
 * fd, at least PROC_INIT_FDS. */
unsigned int files_size_for(unsigned int fd)
{
	unsigned int size = PROC_INIT_FDS;

	while (size <= fd)
		size *= 2;
	return size;
}

/* The size a copy of files gets: enough for its highest open descriptor
 * (called locked). */
static unsigned int files_copy_size(const struct files_struct *files)
{
	unsigned int fd = files->nr_fds;

	while (fd > 0 && !files->fds[fd - 1].file)
		fd--;
	return fd ? files_size_for(fd - 1) : PROC_INIT_FDS;
}

/* A new table with every descriptor of src (each file gains a reference),
 * sized for them as Linux's dup_fd; allocated before src is locked, again
 * if src opened a higher descriptor meanwhile. */
struct files_struct *files_copy(struct files_struct *src)
{
	struct files_struct *files;
	unsigned int n, want;
	uint32_t flags;

	flags = spin_lock_irqsave(&src->lock);
	want = files_copy_size(src);
	spin_unlock_irqrestore(&src->lock, flags);
	do {
		n = want;
		files = files_new(n);
		if (!files)
			return NULL;
		flags = spin_lock_irqsave(&src->lock);
		want = files_copy_size(src);
		if (want > n) {
			spin_unlock_irqrestore(&src->lock, flags);
			files_put(files);
		}
	} while (want > n);
	/* Every open descriptor of src is below want <= n. */
	memcpy(files->fds, src->fds, want * sizeof(*files->fds));
	for (unsigned int fd = 0; fd < want; fd++)
		if (files->fds[fd].file)
			file_ref_get(files->fds[fd].file);
	spin_unlock_irqrestore(&src->lock, flags);
	return files;
}

/* Drop a reference; the last closes every descriptor. */
void files_put(struct files_struct *files)
{
	if (!files || __atomic_sub_fetch(&files->refcount, 1, __ATOMIC_ACQ_REL))
		return;
	for (unsigned int fd = 0; fd < files->nr_fds; fd++) {
		if (!files->fds[fd].file)
			continue;
		vfs_plock_close(files->fds[fd].file, files);
		vfs_close(files->fds[fd].file);
	}
	vfs_plock_owner_gone(files);	/* one set while its fd was closed */
	kfree(files->fds);
	kfree(files);
}

/* root and cwd: references the new structure takes over. */
struct fs_struct *fs_alloc(struct inode *root, struct inode *cwd)
{
	struct fs_struct *fs = kzalloc(sizeof(*fs));

	if (!fs)
		return NULL;
	fs->refcount = 1;
	fs->root = root;
	fs->cwd = cwd;
	fs->umask = 022;
	return fs;
}

struct fs_struct *fs_copy(struct fs_struct *src)
{
	struct inode *root = vfs_dir_grab(&src->root);
	struct inode *cwd = vfs_dir_grab(&src->cwd);
	struct fs_struct *fs = fs_alloc(root, cwd);

	if (fs) {
		fs->umask = src->umask;
		return fs;
	}
	iput(root);
	iput(cwd);
	return NULL;
}

void fs_put(struct fs_struct *fs)
{
	if (!fs || __atomic_sub_fetch(&fs->refcount, 1, __ATOMIC_ACQ_REL))
		return;
	iput(fs->cwd);
	iput(fs->root);
	kfree(fs);
}

/* Make dir (a reference, taken over) the cwd (vfs_dir_replace: no
 * lookup of another thread starts from the old one as it goes). */
void fs_set_cwd(struct fs_struct *fs, struct inode *dir)
{
	vfs_dir_replace(&fs->cwd, dir);
}

void fs_set_root(struct fs_struct *fs, struct inode *dir)
{
	vfs_dir_replace(&fs->root, dir);
}

struct sighand_struct *sighand_copy(const struct sighand_struct *src)
{
	struct sighand_struct *sh = kmalloc(sizeof(*sh));

	if (!sh)
		return NULL;
	sh->refcount = 1;
	if (src)
		memcpy(sh->action, src->action, sizeof(sh->action));
	else
		memset(sh->action, 0, sizeof(sh->action));
	return sh;
}

void sighand_put(struct sighand_struct *sh)
{
	if (sh && !__atomic_sub_fetch(&sh->refcount, 1, __ATOMIC_ACQ_REL))
		kfree(sh);
}

/* execve: private copies of a shared descriptor table and actions.
 * Returns 0 or -ENOMEM (nothing changed). */
int proc_unshare_for_exec(struct proc *p)
{
	struct files_struct *files = NULL;
	struct sighand_struct *sh = NULL;

	if (p->files->refcount > 1 && !(files = files_copy(p->files)))
		return -ENOMEM;
	if (p->sighand->refcount > 1 && !(sh = sighand_copy(p->sighand))) {
		files_put(files);
		return -ENOMEM;
	}
	if (files) {
		files_put(p->files);
		p->files = files;
	}
	if (sh) {
		sighand_put(p->sighand);
		p->sighand = sh;
	}
	return 0;
}

struct inode *proc_root_dir(void)
{
	struct proc *p = proc_current();

	return p && p->fs ? p->fs->root : NULL;
}

/* The current process's cwd (an *at call passes its dirfd to fs/ instead). */
struct inode *proc_cwd_dir(void)
{
	struct thread *t = thread_current();

	if (!t || !t->proc->fs)
		return NULL;
	return t->proc->fs->cwd;
}
