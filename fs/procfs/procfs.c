/*
 * procfs.c: the process filesystem: one flat directory of generated
 * files (procfs.h).
 *
 * Entries live in a global list shared by every procfs mount; inode
 * numbers are 1 for the root and 2, 3... for the entries.  Opening an
 * entry runs its show() into a page-sized buffer, and again into a buffer
 * as large as the output needs when that did not fit; reads then copy
 * from that snapshot, which release frees.  Files are read-only (0444)
 * and report size 0, as in Linux.
 *
 * Interface: procfs_register, procfs_printf (procfs.h); the "proc" fs
 * type.
 */
#include <stdarg.h>
#include "fs/procfs/procfs.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/init.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

#define PROC_MAGIC	0x9fa0		/* Linux's PROC_SUPER_MAGIC */
#define PROC_ROOT_INO	1

struct procfs_entry {
	struct list_head link;
	char name[32];
	uint32_t ino;
	procfs_show_t show;
};

/* An open file's snapshot. */
struct procfs_snap {
	size_t len;
	char data[];
};

static struct list_head proc_entries = LIST_HEAD_INIT(proc_entries);
static uint32_t proc_next_ino = PROC_ROOT_INO + 1;

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

static struct procfs_entry *entry_find(const char *name)
{
	struct procfs_entry *e;

	list_for_each_entry(e, &proc_entries, link)
		if (strcmp(e->name, name) == 0)
			return e;
	return NULL;
}

int procfs_register(const char *name, procfs_show_t show)
{
	struct procfs_entry *e;

	if (strlen(name) >= sizeof(e->name) || entry_find(name))
		return -EEXIST;
	e = kzalloc(sizeof(*e));
	if (!e)
		return -ENOMEM;
	strlcpy(e->name, name, sizeof(e->name));
	e->ino = proc_next_ino++;
	e->show = show;
	list_add_tail(&e->link, &proc_entries);
	return 0;
}

/* Run e->show into a snapshot with room for size - 1 bytes and the NUL:
 * the snapshot, or NULL.  *needed: the length of the whole output. */
static struct procfs_snap *snap_make(struct procfs_entry *e, size_t size,
				     size_t *needed)
{
	struct procfs_snap *s = kmalloc(sizeof(*s) + size);
	struct procfs_buf b = { .size = size };

	if (!s)
		return NULL;
	b.buf = s->data;
	e->show(&b);
	*needed = b.len;
	s->len = MIN(b.len, size - 1);
	return s;
}

static int proc_open(struct inode *inode, struct file *f)
{
	struct procfs_entry *e = inode->private;
	size_t needed;
	struct procfs_snap *s = snap_make(e, PAGE_SIZE - 64, &needed);

	if (s && needed >= PAGE_SIZE - 64) {
		kfree(s);
		s = snap_make(e, MIN(needed + 1, (size_t)PROCFS_MAX_SIZE),
			      &needed);
	}
	if (!s)
		return -ENOMEM;
	f->private = s;
	return 0;
}

static int proc_release(struct inode *inode, struct file *f)
{
	kfree(f->private);
	return 0;
}

static ssize_t proc_read(struct file *f, void *buf, size_t len, uint64_t *pos)
{
	struct procfs_snap *s = f->private;
	size_t n;

	if (*pos >= s->len)
		return 0;
	n = MIN(len, s->len - (size_t)*pos);
	memcpy(buf, s->data + *pos, n);
	*pos += n;
	return (ssize_t)n;
}

static const struct file_ops proc_file_fops = {
	.open = proc_open,
	.release = proc_release,
	.read = proc_read,
};

static int proc_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	struct procfs_entry *e;

	if (strcmp(name, "..") == 0) {
		*ino = PROC_ROOT_INO;
		return 0;
	}
	e = entry_find(name);
	if (!e)
		return -ENOENT;
	*ino = e->ino;
	return 0;
}

static int proc_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	struct procfs_entry *e;
	uint64_t i = 2;

	if (f->pos == 0 && emit(ctx, ".", 1, PROC_ROOT_INO, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, PROC_ROOT_INO, DT_DIR))
		f->pos = 2;
	if (f->pos < 2)
		return 0;
	list_for_each_entry(e, &proc_entries, link) {
		if (i++ < f->pos)
			continue;
		if (!emit(ctx, e->name, strlen(e->name), e->ino, DT_REG))
			break;
		f->pos++;
	}
	return 0;
}

static const struct inode_ops proc_dir_iops = {
	.lookup = proc_lookup,
};

static const struct file_ops proc_dir_fops = {
	.readdir = proc_readdir,
};

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
	list_for_each_entry(e, &proc_entries, link) {
		if (e->ino == inode->ino) {
			inode->mode = S_IFREG | 0444;
			inode->nlink = 1;
			inode->fops = &proc_file_fops;
			inode->private = e;
			return 0;
		}
	}
	return -ENOENT;
}

static const struct super_ops proc_super_ops = {
	.read_inode = proc_read_inode,
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
