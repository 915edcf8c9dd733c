/*
 * pagemap.c: /proc/<pid>/pagemap (and task/<tid>/pagemap), a binary file
 * of one 64-bit entry per page of the process's user space, read at any
 * offset (entry i describes the page at i * PAGE_SIZE; mm/vm/pagemap.c
 * says what an entry holds).  As Linux: offsets and lengths must be
 * multiples of 8 (-EINVAL), reading stops at the end of user space, and
 * frame numbers are shown only through a file root opened.  A process
 * without an address space reads as empty.
 *
 * Interface (internal.h): procfs_pagemap_fops.
 */
#include "fs/procfs/internal.h"
#include "lib/compiler.h"
#include "kernel/cred.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define PM_ENTRY	8u
#define PM_ENTRIES	(KERNEL_BASE / PAGE_SIZE)

/* The address space of process or thread id (a reference), or NULL. */
static struct mm *pagemap_mm(int id, bool *found)
{
	struct mm *mm = NULL;
	struct proc *p;

	preempt_disable();
	p = procfs_find(id);
	*found = p != NULL;
	if (p && p->mm)
		mm = mm_get(p->mm);
	preempt_enable();
	return mm;
}

static ssize_t pagemap_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	uint64_t first = *pos / PM_ENTRY;
	struct mm *mm;
	bool found;
	size_t n;

	if ((*pos % PM_ENTRY) || (len % PM_ENTRY))
		return -EINVAL;
	if (first >= PM_ENTRIES)
		return 0;
	n = (size_t)MIN(len / PM_ENTRY, PM_ENTRIES - first);
	mm = pagemap_mm(INO_PID(f->inode->ino), &found);
	if (!mm)
		return found ? 0 : -ESRCH;
	vm_pagemap(mm, (uintptr_t)first * PAGE_SIZE, buf, n, f->private != NULL);
	mm_destroy(mm);
	*pos += n * PM_ENTRY;
	return (ssize_t)(n * PM_ENTRY);
}

/* Whether frame numbers are shown is decided at open, as Linux. */
static int pagemap_open(struct inode *inode, struct file *f)
{
	f->private = current_cred()->uid == 0 ? f : NULL;
	return 0;
}

const struct file_ops procfs_pagemap_fops = {
	.open = pagemap_open,
	.read = pagemap_read,
};
