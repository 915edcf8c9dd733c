/*
 * coredump.c: the ELF core file a fatal signal leaves behind.
 *
 * When a signal whose default action is "core" ends a process, and its
 * RLIMIT_CORE is not 0 and it is dumpable, the process's memory and
 * registers are written to the file "core" in its current directory, as
 * Linux does with its default core_pattern: created mode 0600 (or an
 * existing regular file truncated; never through a symbolic link), an
 * ET_CORE file for EM_386 with
 *   - one PT_NOTE: NT_PRSTATUS (the signal, pids, CPU times and the
 *     registers of the thread that took the signal) and NT_PRPSINFO (the
 *     state, ids, command name and arguments), with Linux i386's layouts;
 *   - one PT_LOAD per mapping: its contents for the memory Linux dumps
 *     by default (coredump_filter 0x33: anonymous memory, private or
 *     shared, written private file mappings, the vDSO), size only for
 *     the rest (file data, unreadable mappings).  Pages never touched
 *     are written as zeros: nothing is faulted in.
 * The other threads of the process are ended first, so the memory stops
 * changing.  The mappings are copied under the mm's lock, which is not
 * held while the file is written (a write takes the file's inode lock,
 * and a write's fault takes an mm's lock after it).  The core is cut at
 * RLIMIT_CORE; only a complete one counts as dumped, for the wait
 * status's core bit (W_COREFLAG), as Linux.
 *
 * Interface (kernel/proc/proc.h): coredump_write.
 */
#include "kernel/proc/proc.h"
#include "elf/elf32.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "kernel/proc/rlimit.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define NT_PRSTATUS	1
#define NT_PRPSINFO	3
#define NOTE_NAME	"CORE"		/* with its NUL: 5 bytes, padded to 8 */

/* Linux i386's struct elf_prstatus (144 bytes) and elf_prpsinfo (124). */
struct core_prstatus {
	int32_t si_signo, si_code, si_errno;
	int16_t cursig;
	uint16_t pad;
	uint32_t sigpend, sighold;
	int32_t pid, ppid, pgrp, sid;
	struct { int32_t sec, usec; } utime, stime, cutime, cstime;
	uint32_t regs[17];		/* struct user_regs_struct */
	int32_t fpvalid;
};
_Static_assert(sizeof(struct core_prstatus) == 144, "elf_prstatus");

struct core_prpsinfo {
	char state, sname, zomb, nice;
	uint32_t flag;
	uint16_t uid, gid;
	int32_t pid, ppid, pgrp, sid;
	char fname[16];
	char psargs[80];
};
_Static_assert(sizeof(struct core_prpsinfo) == 124, "elf_prpsinfo");

struct core_note {
	uint32_t namesz, descsz, type;
	char name[8];
};

struct core_out {
	struct file *file;
	uint64_t pos, limit;
	int err;
};

static void core_emit(struct core_out *c, const void *buf, size_t len)
{
	uint64_t pos = c->pos;

	if (c->err)
		return;
	if (c->pos + len > c->limit)
		c->err = -EFBIG;
	else if (vfs_pwrite(c->file, buf, len, &pos) != (ssize_t)len)
		c->err = -EIO;
	c->pos += len;
}

static void core_note(struct core_out *c, uint32_t type, const void *desc,
		      uint32_t size)
{
	struct core_note n = { sizeof(NOTE_NAME), size, type, NOTE_NAME };

	core_emit(c, &n, sizeof(n));
	core_emit(c, desc, size);		/* both sizes are multiples of 4 */
}

/* Does Linux's default coredump_filter dump vma's contents? */
static bool vma_dumped(const struct vma *vma)
{
	if (!(vma->prot & PROT_READ))
		return false;
	if (!vma->file)
		return true;		/* anonymous, shared or not; vDSO */
	return !(vma->flags & VMA_SHARED) && (vma->prot & PROT_WRITE);
}

/* A mapping, as the dump sees it. */
struct core_vma {
	uintptr_t start, end;
	uint32_t flags;			/* PF_* */
	bool dumped;			/* its contents are written */
};

/* mm's mappings in order: an array of *n (kfree it), or NULL. */
static struct core_vma *core_snapshot(struct mm *mm, unsigned int *n)
{
	struct core_vma *v;
	struct vma *vma;
	unsigned int i = 0;

	mm_lock(mm);
	v = kmalloc((mm->nr_vmas ? mm->nr_vmas : 1) * sizeof(*v));
	if (v)
		list_for_each_entry(vma, &mm->vmas, list)
			v[i++] = (struct core_vma){
				.start = vma->start, .end = vma->end,
				.dumped = vma_dumped(vma),
				.flags = (vma->prot & PROT_READ ? PF_R : 0) |
					 (vma->prot & PROT_WRITE ? PF_W : 0) |
					 (vma->prot & PROT_EXEC ? PF_X : 0),
			};
	mm_unlock(mm);
	*n = i;
	return v;
}

static uint32_t timeval_us(uint64_t ns, int32_t *sec)
{
	*sec = (int32_t)(ns / 1000000000u);
	return (uint32_t)(ns % 1000000000u / 1000);
}

static void fill_prstatus(struct core_prstatus *s, const struct proc *p,
			  const struct trap_frame *f, int sig,
			  const struct ksiginfo *info)
{
	struct task_acct a;

	proc_acct_sum(p, &a);
	*s = (struct core_prstatus){
		.si_signo = sig, .si_code = info->code, .cursig = (int16_t)sig,
		.sighold = (uint32_t)thread_current()->sigmask,
		.pid = thread_current()->tid,
		.ppid = p->parent ? p->parent->pid : 0,
		.pgrp = p->pgid, .sid = p->sid,
		.regs = { f->ebx, f->ecx, f->edx, f->esi, f->edi, f->ebp, f->eax,
			  f->ds, f->es, f->fs, f->gs, f->error, f->eip, f->cs,
			  f->eflags, f->user_esp, f->user_ss },
	};
	s->utime.usec = (int32_t)timeval_us(a.utime_ns, &s->utime.sec);
	s->stime.usec = (int32_t)timeval_us(a.stime_ns, &s->stime.sec);
}

static void fill_prpsinfo(struct core_prpsinfo *i, const struct proc *p)
{
	uintptr_t args = p->mm->arg_start;
	size_t n = MIN(p->mm->arg_end - args, sizeof(i->psargs) - 1);

	*i = (struct core_prpsinfo){
		.state = 0, .sname = 'R', .uid = (uint16_t)p->uid,
		.gid = (uint16_t)p->gid, .pid = p->pid,
		.ppid = p->parent ? p->parent->pid : 0,
		.pgrp = p->pgid, .sid = p->sid,
	};
	strncpy(i->fname, p->name, sizeof(i->fname) - 1);
	if (copy_from_user_nofault(i->psargs, (const void *)args, n))
		n = 0;
	for (size_t k = 0; k < n; k++)
		if (!i->psargs[k])
			i->psargs[k] = ' ';	/* argv joined, as ps shows it */
	i->psargs[n] = '\0';
}

/* The ELF and program headers, the notes, then each dumped mapping's
 * pages from a page-aligned offset. */
static void core_headers(struct core_out *c, const struct core_vma *vmas,
			 unsigned int nvma, uint32_t notes_size)
{
	struct elf32_ehdr eh = {
		.e_ident = { 0x7f, 'E', 'L', 'F', ELFCLASS32, ELFDATA2LSB, 1 },
		.e_type = ET_CORE, .e_machine = EM_386, .e_version = 1,
		.e_phoff = sizeof(struct elf32_ehdr), .e_ehsize = sizeof(struct elf32_ehdr),
		.e_phentsize = sizeof(struct elf32_phdr), .e_phnum = (uint16_t)(nvma + 1),
	};
	uint32_t data = (uint32_t)(sizeof(eh) + (nvma + 1) * sizeof(struct elf32_phdr));
	struct elf32_phdr note = { .p_type = PT_NOTE, .p_offset = data,
			    .p_filesz = notes_size };

	core_emit(c, &eh, sizeof(eh));
	core_emit(c, &note, sizeof(note));
	data = ALIGN_UP(data + notes_size, PAGE_SIZE);
	for (unsigned int i = 0; i < nvma; i++) {
		uint32_t size = vmas[i].end - vmas[i].start;
		struct elf32_phdr ph = {
			.p_type = PT_LOAD, .p_offset = data,
			.p_vaddr = vmas[i].start,
			.p_filesz = vmas[i].dumped ? size : 0, .p_memsz = size,
			.p_flags = vmas[i].flags, .p_align = PAGE_SIZE,
		};

		core_emit(c, &ph, sizeof(ph));
		data += ph.p_filesz;
	}
}

static void core_memory(struct core_out *c, const struct core_vma *vmas,
			unsigned int nvma, void *page)
{
	c->pos = ALIGN_UP(c->pos, PAGE_SIZE);
	for (unsigned int i = 0; i < nvma; i++) {
		if (!vmas[i].dumped)
			continue;
		for (uintptr_t a = vmas[i].start; a < vmas[i].end && !c->err;
		     a += PAGE_SIZE) {
			if (copy_from_user_nofault(page, (const void *)a,
						   PAGE_SIZE))
				memset(page, 0, PAGE_SIZE);	/* not there */
			core_emit(c, page, PAGE_SIZE);
		}
	}
}

static int core_dump(struct core_out *c, struct proc *p,
		     const struct trap_frame *f, int sig,
		     const struct ksiginfo *info)
{
	struct core_prstatus *st = kzalloc(sizeof(*st));
	struct core_prpsinfo *ps = kzalloc(sizeof(*ps));
	void *page = kmalloc(PAGE_SIZE);
	uint32_t notes = 2 * sizeof(struct core_note) + sizeof(*st) +
			 sizeof(*ps);
	unsigned int nvma = 0;
	struct core_vma *vmas = core_snapshot(p->mm, &nvma);

	if (!st || !ps || !page || !vmas) {
		c->err = -ENOMEM;
	} else {
		fill_prstatus(st, p, f, sig, info);
		fill_prpsinfo(ps, p);
		core_headers(c, vmas, nvma, notes);
		core_note(c, NT_PRSTATUS, st, sizeof(*st));
		core_note(c, NT_PRPSINFO, ps, sizeof(*ps));
		core_memory(c, vmas, nvma, page);
	}
	kfree(vmas);
	kfree(st);
	kfree(ps);
	kfree(page);
	return c->err;
}

bool coredump_write(const struct trap_frame *f, int sig,
		    const struct ksiginfo *info)
{
	struct proc *p = proc_current();
	struct core_out c = { .limit = rlimit_cur(RLIMIT_CORE) };
	int err;

	if (!c.limit || !p->dumpable || !p->mm)
		return false;
	proc_kill_other_threads();
	c.file = vfs_open("core", O_CREAT | O_WRONLY | O_TRUNC | O_NOFOLLOW |
			  O_NONBLOCK, 0600);
	if (IS_ERR(c.file)) {
		pr_info("proc: pid %d (%s): no core file (error %ld)\n", p->pid,
			p->name, PTR_ERR(c.file));
		return false;
	}
	err = S_ISREG(c.file->inode->mode) ? core_dump(&c, p, f, sig, info)
					   : -EINVAL;
	vfs_close(c.file);
	if (err)
		pr_info("proc: pid %d (%s): core file incomplete (error %d)\n",
			p->pid, p->name, err);
	return !err;
}
