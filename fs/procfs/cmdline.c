/*
 * cmdline.c: /proc/<pid>/cmdline and environ, read from the process's
 * memory as Linux reads them (proc(5)).
 *
 * exec records where it put the argv and envp strings on the new stack
 * (mm->arg_start..arg_end, env_start..env_end); these files read that
 * memory as it is now (vm_read_remote, under the mm's lock), so a program
 * that rewrites its arguments in place shows the new text.
 *
 * cmdline: the argument strings, NULs included.  But when the byte at
 * arg_end - 1, the NUL ending the last argument, has been overwritten,
 * the program is taken to have written a title over its arguments
 * (setproctitle): the file then holds the bytes from arg_start up to and
 * including the first NUL, which may lie in the environment, at most one
 * page and never past env_end.  environ: env_start..env_end.  A zombie or
 * a process whose memory cannot be read shows an empty file.
 *
 * Interface (internal.h): procfs_show_cmdline_pid.
 */
#include "fs/procfs/internal.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "mm/vm.h"

/* Read len bytes at addr of mm into b (as many as fit): b->len grows by
 * len, or by what could be read when the memory ended first. */
static void show_remote(struct mm *mm, uintptr_t addr, size_t len,
			struct procfs_buf *b)
{
	size_t room = b->len < b->size ? b->size - b->len : 0;
	size_t want = MIN(room, len);
	long got = vm_read_remote(mm, addr, b->buf + b->len, want);

	b->len += (size_t)got < want ? (size_t)got : len;
}

/* The title case: from arg_start to the first NUL, NUL included, within
 * one page and below env_end. */
static void show_title(struct mm *mm, uintptr_t start, uintptr_t end,
		       struct procfs_buf *b)
{
	size_t limit = MIN((size_t)(end - start), (size_t)PAGE_SIZE);
	char *page = kmalloc(PAGE_SIZE);
	long got;
	size_t n;

	if (!page)
		return;
	got = vm_read_remote(mm, start, page, limit);
	n = strnlen(page, (size_t)got);
	if (n < (size_t)got)
		n++;
	procfs_put_bytes(b, page, n);
	kfree(page);
}

static void show_cmdline(struct mm *mm, struct procfs_buf *b)
{
	uintptr_t arg_start, arg_end, env_start, env_end;
	char last = 0;

	mm_lock(mm);
	arg_start = mm->arg_start;
	arg_end = mm->arg_end;
	env_start = mm->env_start;
	env_end = mm->env_end;
	mm_unlock(mm);
	if (arg_start >= arg_end)
		return;
	if (env_start != arg_end || env_end < env_start)
		env_end = arg_end;
	if (vm_read_remote(mm, arg_end - 1, &last, 1) == 1 && last)
		show_title(mm, arg_start, env_end, b);
	else
		show_remote(mm, arg_start, arg_end - arg_start, b);
}

static void show_environ(struct mm *mm, struct procfs_buf *b)
{
	uintptr_t start, end;

	mm_lock(mm);
	start = mm->env_start;
	end = mm->env_end;
	mm_unlock(mm);
	if (start < end)
		show_remote(mm, start, end - start, b);
}

/* /proc/<pid>/cmdline (kind PROCFS_PID_CMDLINE) or environ: 0 or -ESRCH. */
int procfs_show_cmdline_pid(int pid, int kind, struct procfs_buf *b)
{
	struct mm *mm = NULL;
	struct proc *p;

	preempt_disable();
	p = procfs_find(pid);
	if (p && !p->zombie && p->mm)
		mm = mm_get(p->mm);
	preempt_enable();
	if (!p)
		return -ESRCH;
	if (!mm)
		return 0;
	if (kind == PROCFS_PID_CMDLINE)
		show_cmdline(mm, b);
	else
		show_environ(mm, b);
	mm_destroy(mm);
	return 0;
}
