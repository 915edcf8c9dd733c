/*
 * maps.c: /proc/<pid>/maps and statm, and the memory sizes that stat and
 * status print, from the process's VMAs.
 *
 * maps is Linux's format, one line per VMA: the range, rwx and p/s, the
 * file offset, the file's device and inode (zeros for anonymous memory;
 * shared anonymous memory shows as Linux's, "/dev/zero (deleted)" on
 * device 00:01, a System V segment "/SYSV<key> (deleted)" with its id as
 * the inode), then, padded as Linux i386 pads it, the mapped file's
 * path, a special
 * mapping's name ("[vdso]"), "[heap]" for the brk area or "[stack]" for
 * the stack.  The VMAs are copied out
 * with preemption off (the owner cannot change them meanwhile), taking a
 * reference to each mapped file, and printed afterwards, since naming a
 * file may sleep.
 *
 * Interface (internal.h): procfs_show_maps_pid, procfs_show_statm,
 * procfs_vm_sizes.
 */
#include "fs/procfs/internal.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "lib/printf.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define MAPS_NAME_COLUMN	48	/* 25 + 6 * sizeof(void *) - 1 */

struct vma_copy {
	uintptr_t start, end;
	uint32_t prot, flags, pgoff;
	uint32_t shmem;			/* shared anonymous memory's id, or 0 */
	int32_t sysv_key;		/* VMA_SYSV: the segment's key */
	struct file *file;		/* a reference, or NULL */
	const char *special;		/* a special mapping's name ([vdso]) */
};

void procfs_vm_sizes(struct proc *p, struct procfs_vm_sizes *s)
{
	struct vma *v;

	*s = (struct procfs_vm_sizes){ 0 };
	if (!p->mm)
		return;
	list_for_each_entry(v, &p->mm->vmas, list) {
		uint32_t pages = (uint32_t)((v->end - v->start) / PAGE_SIZE);

		s->total += pages;
		if (v->flags & VMA_LOCKED)
			s->locked += pages;
		if (v->flags & VMA_GROWSDOWN) {
			s->stack += pages;
			s->start_stack = (uint32_t)v->end;
		} else if ((v->prot & PROT_EXEC) && !(v->prot & PROT_WRITE)) {
			s->text += pages;
			if (!s->start_code) {
				s->start_code = (uint32_t)v->start;
				s->end_code = (uint32_t)v->end;
			}
		} else if ((v->prot & PROT_WRITE) && !(v->flags & VMA_SHARED)) {
			s->data += pages;
		}
	}
}

/* size resident shared text lib data dt, in pages. */
void procfs_show_statm(struct proc *p, struct procfs_buf *b)
{
	struct procfs_vm_sizes s;

	procfs_vm_sizes(p, &s);
	procfs_printf(b, "%u %u 0 %u 0 %u 0\n", s.total,
		      p->mm ? (uint32_t)mm_rss(p->mm) : 0, s.text,
		      s.data + s.stack);
}

/* Copy p's VMAs (up to max) into out: how many there are in all. */
static unsigned int maps_copy(struct proc *p, struct vma_copy *out,
			      unsigned int max)
{
	unsigned int n = 0;
	struct vma *v;

	if (!p->mm)
		return 0;
	list_for_each_entry(v, &p->mm->vmas, list) {
		if (n < max) {
			out[n] = (struct vma_copy){ v->start, v->end, v->prot,
						    v->flags, v->pgoff,
						    vma_shmem_id(v),
						    vma_shmem_key(v), v->file,
						    v->special ? v->special->name
							       : NULL };
			if (v->file)
				file_ref_get(v->file);
		}
		n++;
	}
	return n;
}

/* The "offset dev ino " columns of a line: a file's, shared anonymous
 * memory's (its offset in the object, device 00:01 and its id, as Linux
 * shows its shmem file), or zeros. */
static void maps_object(const struct vma_copy *v, struct procfs_buf *b)
{
	struct inode *inode = v->file ? v->file->inode : NULL;
	unsigned long long off = (unsigned long long)v->pgoff * PAGE_SIZE;

	if (inode)
		procfs_printf(b, "%08llx %02x:%02x %u ", off,
			      MAJOR(inode->sb->dev_id), MINOR(inode->sb->dev_id),
			      inode->ino);
	else if (v->shmem)
		procfs_printf(b, "%08llx 00:01 %u ", off, v->shmem);
	else
		procfs_printf(b, "00000000 00:00 0 ");
}

/* A System V segment's name, in buf. */
static const char *maps_sysv_name(int32_t key, char *buf)
{
	snprintf(buf, 32, "/SYSV%08x (deleted)", (uint32_t)key);
	return buf;
}

static void maps_line(const struct vma_copy *v, struct procfs_buf *b,
		      char *path)
{
	size_t start = b->len;
	const char *name = NULL;

	procfs_printf(b, "%08x-%08x %c%c%c%c ",
		      (uint32_t)v->start, (uint32_t)v->end,
		      v->prot & PROT_READ ? 'r' : '-',
		      v->prot & PROT_WRITE ? 'w' : '-',
		      v->prot & PROT_EXEC ? 'x' : '-',
		      v->flags & VMA_SHARED ? 's' : 'p');
	maps_object(v, b);
	if (v->file && vfs_file_path(v->file, path, PATH_MAX) > 0)
		name = path;
	else if (v->flags & VMA_SYSV)
		name = maps_sysv_name(v->sysv_key, path);
	else if (v->shmem)
		name = "/dev/zero (deleted)";
	else if (v->special)
		name = v->special;
	else if (v->flags & VMA_BRK)
		name = "[heap]";
	else if (v->flags & VMA_GROWSDOWN)
		name = "[stack]";
	if (name)
		procfs_printf(b, "%*s%s", (int)(b->len - start) <
			      MAPS_NAME_COLUMN ? (int)(MAPS_NAME_COLUMN -
						   (b->len - start)) + 1 : 1,
			      "", name);
	procfs_printf(b, "\n");
}

/* /proc/<pid>/maps: 0 or -ESRCH, -ENOMEM. */
int procfs_show_maps_pid(int pid, struct procfs_buf *b)
{
	unsigned int max = 16, n;
	struct vma_copy *v = NULL;
	char *path = kmalloc(PATH_MAX);
	struct proc *p;

	for (;;) {
		kfree(v);
		v = kmalloc(max * sizeof(*v));
		if (!v || !path) {
			kfree(v);
			kfree(path);
			return -ENOMEM;
		}
		preempt_disable();
		p = procfs_find(pid);
		n = p ? maps_copy(p, v, max) : 0;
		preempt_enable();
		if (!p || n <= max)
			break;
		for (unsigned int i = 0; i < max; i++)
			if (v[i].file)
				vfs_close(v[i].file);
		max = n + 8;
	}
	for (unsigned int i = 0; i < n; i++) {
		maps_line(&v[i], b, path);
		if (v[i].file)
			vfs_close(v[i].file);
	}
	kfree(v);
	kfree(path);
	return p ? 0 : -ESRCH;
}
