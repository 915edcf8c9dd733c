/*
 * events.c: the records that let a reader name user frames (see prof.h).
 *
 * A process's program is described by an EXEC record (its name and the
 * executable's absolute path) followed by an MMAP record of its
 * executable segment (the address range exec loaded it at and the file
 * offset it came from) and one of the vDSO ("[vdso]"); later executable file mmaps add MMAP records.
 * FORK and EXIT give each process's lifetime, so that a reader can copy
 * the maps at fork and keep them past the end.  Kernel threads, and the
 * processes the kernel starts until they exec, get an EXEC record with an
 * empty path: their name.
 *
 * The records are made on the stack, so that recording the kernel's
 * memory does not record itself (only prof_events_synthesize allocates
 * its list, before allocations are recorded).  A path longer than
 * EVENT_PATH_MAX - 1 bytes is replaced by the name in brackets
 * ("[bash]"): the reader knows a new program came, and names its frames
 * by that.  When a recording starts, prof_events_synthesize describes the
 * processes and kernel threads already there.
 *
 * Interface (prof.h): prof_event_exec, prof_event_mmap, prof_event_fork,
 * prof_event_exit, prof_event_kthread, prof_event_spawn,
 * prof_events_synthesize.
 */
#include "kernel/prof/prof.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

#define EVENT_PATH_MAX	192
#define SYNTH_MAX	128

struct exec_event {
	struct prof_rec_exec r;
	char path[EVENT_PATH_MAX];
};

struct mmap_event {
	struct prof_rec_mmap r;
	char path[EVENT_PATH_MAX];
};

/* The path of f into buf: its length.  A path that does not fit (or a
 * file that has none) becomes "[name]", so that a reader still sees a
 * new program (an empty path names a kernel thread). */
static size_t file_path(struct file *f, const char *name, char *buf)
{
	long n = f ? vfs_file_path(f, buf, EVENT_PATH_MAX) : -ENOENT;

	if (n <= 0)
		snprintf(buf, EVENT_PATH_MAX, "[%s]", name);
	return strlen(buf);
}

static uint16_t padded(size_t head, size_t path_len)
{
	return (uint16_t)ALIGN_UP(head + path_len + 1, 4);
}

static void write_exec(int pid, int tid, const char *comm, const char *path,
		       size_t path_len)
{
	struct exec_event e;

	memset(&e, 0, sizeof(e));
	e.r.h = (struct prof_rec){ .type = PROF_REC_EXEC, .pid = pid,
				   .tid = tid };
	e.r.h.size = padded(sizeof(e.r), path_len);
	strlcpy(e.r.comm, comm, sizeof(e.r.comm));
	memcpy(e.path, path, path_len);
	prof_log_write(&e.r.h);
}

static void write_mmap(int pid, uint32_t start, uint32_t end,
		       uint32_t offset, const char *path, size_t path_len)
{
	struct mmap_event m;

	memset(&m, 0, sizeof(m));
	m.r.h = (struct prof_rec){ .type = PROF_REC_MMAP, .pid = pid,
				   .tid = pid };
	m.r.h.size = padded(sizeof(m.r), path_len);
	m.r.start = start;
	m.r.end = end;
	m.r.offset = offset;
	memcpy(m.path, path, path_len);
	prof_log_write(&m.r.h);
}

/* What a reader needs to name a process's frames. */
struct program {
	int pid, tid;
	char comm[16];
	struct file *exe;
	uint32_t start, end, offset;	/* the executable segment */
	uint32_t vdso;
};

/* EXEC, then MMAP for the program's executable segment and the vDSO
 * (named "[vdso]": no file holds it). */
static void describe_program(const struct program *g)
{
	char path[EVENT_PATH_MAX];
	size_t len = file_path(g->exe, g->comm, path);

	write_exec(g->pid, g->tid, g->comm, path, len);
	if (g->start < g->end)
		write_mmap(g->pid, g->start, g->end, g->offset, path, len);
	if (g->vdso)
		write_mmap(g->pid, g->vdso, g->vdso + PAGE_SIZE, 0, "[vdso]", 6);
}

static void program_of(struct program *g, struct proc *p, int tid)
{
	g->pid = p->pid;
	g->tid = tid;
	strlcpy(g->comm, p->name, sizeof(g->comm));
	g->exe = p->exe_file;
	g->start = p->text_start;
	g->end = p->text_end;
	g->offset = p->text_offset;
	g->vdso = p->vdso_start;
}

void prof_event_exec(struct proc *p)
{
	struct program g;

	if (prof_flags & PROF_F_BOOT)
		prof_boot_first_exec(p);
	if (!prof_task_wanted(current))
		return;
	program_of(&g, p, current->pid);
	describe_program(&g);
}

void prof_event_mmap(struct file *f, uint32_t start, uint32_t len,
		     uint32_t offset)
{
	char path[EVENT_PATH_MAX];

	if (prof_task_wanted(current))
		write_mmap(current->proc->pid, start, start + len, offset,
			   path, file_path(f, "mmap", path));
}

void prof_event_fork(int pid, int tid, int parent_pid, int parent_tid)
{
	struct prof_rec_fork r = {
		.h = { .type = PROF_REC_FORK, .size = sizeof(r), .pid = pid,
		       .tid = tid },
		.parent_pid = parent_pid,
		.parent_tid = parent_tid,
	};

	if (prof_task_wanted(current))
		prof_log_write(&r.h);
}

void prof_event_exit(void)
{
	struct prof_rec r = { .type = PROF_REC_EXIT, .size = sizeof(r),
			      .tid = current->pid };

	r.pid = current->proc ? current->proc->pid : current->pid;
	if (prof_task_wanted(current))
		prof_log_write(&r);
}

void prof_event_kthread(struct task *t)
{
	if (prof_flags & PROF_F_ALL)
		write_exec(t->pid, t->pid, t->name, "", 0);
}

void prof_event_spawn(struct proc *p)
{
	if (prof_flags & PROF_F_ALL)
		write_exec(p->pid, p->pid, p->name, "", 0);
}

/* The processes running when a recording starts, picked up with
 * preemption off (with a reference to their executables) and described
 * after, since naming a file may sleep. */
struct synth {
	unsigned int n;
	struct program p[SYNTH_MAX];
};

static int synth_proc(struct proc *p, void *arg)
{
	struct synth *s = arg;

	if (s->n == SYNTH_MAX || !(prof_flags & PROF_F_ALL || p->prof_traced))
		return 0;
	program_of(&s->p[s->n], p, p->pid);
	if (s->p[s->n].exe)
		file_ref_get(s->p[s->n].exe);
	s->n++;
	return 0;
}

static int synth_kthread(struct task *t, void *arg)
{
	if (!t->proc && !t->thread)
		write_exec(t->pid, t->pid, t->name, "", 0);
	return 0;
}

void prof_events_synthesize(void)
{
	struct synth *s = kmalloc(sizeof(*s));

	if (s) {
		s->n = 0;
		proc_for_each(synth_proc, s);
		for (unsigned int i = 0; i < s->n; i++) {
			describe_program(&s->p[i]);
			if (s->p[i].exe)
				vfs_close(s->p[i].exe);
		}
		kfree(s);
	}
	if (prof_flags & PROF_F_ALL)
		task_for_each(synth_kthread, NULL);
}
