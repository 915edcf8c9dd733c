/*
 * procfs.c: the process filesystem: a directory of generated files
 * (procfs.h), the /proc/self symlink and a /proc/<pid>/ directory per
 * process (piddir.c, with the files of pid.c, maps.c and links.c).
 *
 * Entries live in a global list shared by every procfs mount; inode
 * numbers are 1 for the root and 2, 3... for the entries, PROC_SELF_INO
 * for self and those of internal.h for the pid directories and their
 * files, so a lookup of a number finds a process that exists now and the
 * files print whatever process has that pid when read (-ESRCH once it is
 * gone).  Inodes are dropped as soon as they are unused.  readdir of
 * /proc lists the entries, self, then the live pids in increasing order.
 *
 * As in Linux, a file is printed when read, not when opened: the first
 * read, and every read from offset 0, runs its show() into a page-sized
 * buffer (again into one as large as the output needs when that did not
 * fit); reads at other offsets copy from that snapshot, which release
 * frees.  Files are read-only (0444) and report size 0, as in Linux.
 * A file registered with its own file ops (procfs_register_file: kmsg)
 * does its own reading instead.
 *
 * Interface: procfs_register, procfs_register_file, procfs_printf
 * (procfs.h); the "proc" fs type.
 */
#include <stdarg.h>
#include "fs/procfs/internal.h"
#include "kernel/proc/proc.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/cred.h"
#include "kernel/init.h"
#include "kernel/mutex.h"
#include "kernel/sched/task.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

#define PROC_MAGIC	0x9fa0		/* Linux's PROC_SUPER_MAGIC */
#define PROC_SELF_INO	0xfff0		/* /proc/self */
/* readdir of /proc: after ".", "..", the entries and "self", f->pos is
 * PROC_PID_POS + the next pid to list. */
#define PROC_PID_POS	0x100000

/* A snapshot of a file's contents. */
struct procfs_snap {
	size_t len;
	char data[];
};

/* An open file: its latest snapshot (NULL before the first read), under
 * lock (printing may sleep, and readers may share the file). */
struct procfs_open {
	struct mutex lock;
	struct procfs_snap *snap;
};

void procfs_printf(struct procfs_buf *b, const char *fmt, ...)
{
	size_t room = b->len < b->size ? b->size - b->len : 0;
	char spare;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = room ? vsnprintf(b->buf + b->len, room, fmt, ap) :
		   vsnprintf(&spare, 1, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

/* Append len bytes (not a string: NULs too) to b, as many as fit. */
void procfs_put_bytes(struct procfs_buf *b, const void *data, size_t len)
{
	size_t room = b->len < b->size ? b->size - b->len : 0;

	memcpy(b->buf + b->len, data, MIN(room, len));
	b->len += len;
}

/* Print inode's file into a snapshot with room for size - 1 bytes and
 * the NUL: the snapshot, or an ERR_PTR.  *needed: the length of the whole
 * output. */
static struct procfs_snap *snap_make(struct inode *inode, size_t size,
				     size_t *needed)
{
	struct procfs_snap *s = kmalloc(sizeof(*s) + size);
	struct procfs_buf b = { .size = size };
	int err = 0;

	if (!s)
		return ERR_PTR(-ENOMEM);
	b.buf = s->data;
	if (inode->ino >= PROC_PID_INO)
		err = procfs_pid_show(INO_PID(inode->ino),
				      INO_KIND(inode->ino),
				      INO_IS_TASK(inode->ino), &b);
	else
		((struct procfs_entry *)inode->private)->show(&b);
	if (err) {
		kfree(s);
		return ERR_PTR(err);
	}
	*needed = b.len;
	s->len = MIN(b.len, size - 1);
	return s;
}

/* inode's file, printed now: a snapshot or an ERR_PTR. */
static struct procfs_snap *snap_print(struct inode *inode)
{
	size_t needed;
	struct procfs_snap *s = snap_make(inode, PAGE_SIZE - 64, &needed);

	if (!IS_ERR(s) && needed >= PAGE_SIZE - 64) {
		kfree(s);
		s = snap_make(inode, MIN(needed + 1, (size_t)PROCFS_MAX_SIZE),
			      &needed);
	}
	return s;
}

static int proc_open(struct inode *inode, struct file *f)
{
	struct procfs_open *o = kzalloc(sizeof(*o));

	if (!o)
		return -ENOMEM;
	o->lock = (struct mutex)MUTEX_INIT(o->lock);
	f->private = o;
	return 0;
}

static int proc_release(struct inode *inode, struct file *f)
{
	struct procfs_open *o = f->private;

	kfree(o->snap);
	kfree(o);
	return 0;
}

/* A read from offset 0, or the first read, prints the file afresh;
 * reads further on continue in the same snapshot. */
static ssize_t proc_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	struct procfs_open *o = f->private;
	struct procfs_snap *s;
	ssize_t n = 0;

	mutex_lock(&o->lock);
	if (!o->snap || *pos == 0) {
		s = snap_print(f->inode);
		if (IS_ERR(s)) {
			n = PTR_ERR(s);
			goto out;
		}
		kfree(o->snap);
		o->snap = s;
	}
	s = o->snap;
	if (*pos < s->len) {
		n = (ssize_t)MIN(len, s->len - (size_t)*pos);
		memcpy(buf, s->data + *pos, (size_t)n);
		*pos += (uint64_t)n;
	}
out:
	mutex_unlock(&o->lock);
	return n;
}

/* A write to a file registered with a store(): given to it whole. */
static ssize_t proc_write(struct file *f, const void *buf, size_t len,
			  uint64_t *pos)
{
	const struct procfs_entry *e = f->inode->private;
	int err;

	if (f->inode->ino >= PROC_PID_INO || !e->store)
		return -EIO;
	err = e->store(buf, len);
	if (err)
		return err;
	*pos += len;
	return (ssize_t)len;
}

const struct file_ops procfs_file_fops = {
	.open = proc_open,
	.release = proc_release,
	.read = proc_read,
	.write = proc_write,
};

/* A decimal pid with no sign or leading zero: it, or -1. */
static int pid_parse(const char *name)
{
	int pid = 0;

	if (name[0] == '0' || !name[0])
		return -1;
	for (; *name; name++) {
		if (*name < '0' || *name > '9' || pid > PID_MAX)
			return -1;
		pid = pid * 10 + (*name - '0');
	}
	return pid;
}

static int proc_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	struct procfs_entry *e;
	int pid;

	if (strcmp(name, "..") == 0) {
		*ino = PROC_ROOT_INO;
		return 0;
	}
	e = procfs_tree_find(PROC_ROOT_INO, name, strlen(name));
	if (e) {
		*ino = e->ino;
		return 0;
	}
	if (strcmp(name, "self") == 0) {
		*ino = PROC_SELF_INO;
		return 0;
	}
	pid = pid_parse(name);
	if (pid <= 0 || !procfs_pid_exists(pid))
		return -ENOENT;
	*ino = PID_INO(pid, PROCFS_PID_DIR);
	return 0;
}

static ssize_t proc_self_readlink(struct inode *inode, char *buf, size_t len)
{
	struct proc *p = proc_current();
	char s[16];
	size_t n;

	if (!p)
		return -ENOENT;
	n = (size_t)snprintf(s, sizeof(s), "%d", p->pid);
	n = MIN(n, len);
	memcpy(buf, s, n);
	return (ssize_t)n;
}

/* "." and ".." of a directory whose parent is parent: false when emit
 * stopped before them. */
static bool dots_emit(struct file *f, uint32_t parent, dir_emit_t emit,
		      void *ctx)
{
	if (f->pos == 0 && emit(ctx, ".", 1, f->inode->ino, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, parent, DT_DIR))
		f->pos = 2;
	return f->pos >= 2;
}

static int proc_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	bool done = true;

	if (!dots_emit(f, PROC_ROOT_INO, emit, ctx))
		return 0;
	if (f->pos < PROC_PID_POS)
		f->pos = 2 + procfs_tree_readdir(PROC_ROOT_INO, f->pos - 2,
						 emit, ctx, &done);
	if (!done)
		return 0;
	if (f->pos < PROC_PID_POS) {
		if (!emit(ctx, "self", 4, PROC_SELF_INO, DT_LNK))
			return 0;
		f->pos = PROC_PID_POS;
	}
	for (;;) {
		char num[16];
		int pid = procfs_pid_next((int)(f->pos - PROC_PID_POS));
		size_t n;

		if (pid < 0)
			break;
		n = (size_t)snprintf(num, sizeof(num), "%d", pid);
		if (!emit(ctx, num, n, PID_INO(pid, PROCFS_PID_DIR), DT_DIR))
			break;
		f->pos = PROC_PID_POS + (uint64_t)pid + 1;
	}
	return 0;
}

/* A directory of registered entries below /proc (/proc/sys/...). */
static int proc_subdir_lookup(struct inode *dir, const char *name,
			      uint32_t *ino)
{
	const struct procfs_entry *d = dir->private, *e;

	if (strcmp(name, "..") == 0) {
		*ino = d->parent;
		return 0;
	}
	e = procfs_tree_find(d->ino, name, strlen(name));
	if (!e)
		return -ENOENT;
	*ino = e->ino;
	return 0;
}

static int proc_subdir_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	const struct procfs_entry *d = f->inode->private;
	bool done;

	if (dots_emit(f, d->parent, emit, ctx))
		f->pos = 2 + procfs_tree_readdir(d->ino, f->pos - 2, emit, ctx,
						 &done);
	return 0;
}

static const struct inode_ops proc_subdir_iops = {
	.lookup = proc_subdir_lookup,
};

static const struct file_ops proc_subdir_fops = {
	.readdir = proc_subdir_readdir,
};

static const struct inode_ops proc_dir_iops = {
	.lookup = proc_lookup,
};

static const struct file_ops proc_dir_fops = {
	.readdir = proc_readdir,
};

static const struct inode_ops proc_self_iops = {
	.readlink = proc_self_readlink,
};

/*
 * The files under /proc/sys/ follow sysctl's rule, not the usual one:
 * root gets the owner's bits, a member of group 0 the group's, others
 * the rest, and nobody may execute them; so even root cannot open a
 * read-only sysctl for writing (Linux's proc_sys_permission).
 */
static int proc_sysctl_permission(struct inode *inode, int mask)
{
	const struct cred *cred = current_cred();
	unsigned int mode = inode->mode;

	if (mask & MAY_EXEC)
		return -EACCES;
	if (cred->uid == 0)
		mode >>= 6;
	else if (cred_in_group(cred, 0))
		mode >>= 3;
	return (mask & ~mode & (MAY_READ | MAY_WRITE)) ? -EACCES : 0;
}

static const struct inode_ops proc_sysctl_iops = {
	.permission = proc_sysctl_permission,
};

/* /proc/self and /proc/<pid>/...: 0 or -ENOENT. */
static int proc_read_pid_inode(struct inode *inode)
{
	if (inode->ino == PROC_SELF_INO) {
		inode->mode = S_IFLNK | 0777;
		inode->nlink = 1;
		inode->iops = &proc_self_iops;
		return 0;
	}
	return procfs_read_pid_inode(inode);
}

static int proc_read_inode(struct inode *inode)
{
	struct procfs_entry *e;

	inode->atime = inode->mtime = inode->ctime = vfs_now();
	if (inode->ino == PROC_ROOT_INO) {
		inode->mode = S_IFDIR | 0555;
		inode->nlink = 2;
		inode->iops = &proc_dir_iops;
		inode->fops = &proc_dir_fops;
		return 0;
	}
	e = inode->ino < PROC_PID_INO ? procfs_tree_entry(inode->ino) : NULL;
	if (!e)
		return proc_read_pid_inode(inode);
	inode->private = e;
	if (e->is_dir) {
		inode->mode = S_IFDIR | 0555;
		inode->nlink = 2;
		inode->iops = &proc_subdir_iops;
		inode->fops = &proc_subdir_fops;
	} else {
		inode->mode = S_IFREG | (e->fops ? e->mode :
					 e->store ? 0644 : 0444);
		inode->nlink = 1;
		inode->fops = e->fops ? e->fops : &procfs_file_fops;
		if (e->sysctl)
			inode->iops = &proc_sysctl_iops;
	}
	return 0;
}

/* Unused inodes are dropped, so that /proc/<pid>/ is made afresh. */
static bool proc_drop_inode(struct inode *inode)
{
	return true;
}

static const struct super_ops proc_super_ops = {
	.read_inode = proc_read_inode,
	.drop_inode = proc_drop_inode,
};

static int proc_mount(struct super_block *sb, const char *options)
{
	struct inode *root;

	sb->ops = &proc_super_ops;
	sb->magic = PROC_MAGIC;
	root = iget(sb, PROC_ROOT_INO);
	if (IS_ERR(root))
		return PTR_ERR(root);
	sb->root = root;
	return 0;
}

static struct fs_type procfs_type = {
	.name = "proc",
	.mount = proc_mount,
};

static int procfs_init(void)
{
	return vfs_register_fs(&procfs_type);
}
INITCALL(INIT_FS, procfs_init);
