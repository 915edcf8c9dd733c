/*
 * exec.c: loading a program into the current process (execve's core).
 *
 * The file's first page decides: a "#!" line restarts with the
 * interpreter (Linux's argv rewrite, at most EXEC_MAX_DEPTH levels); an
 * ELF32 executable is checked by elf_parse and loaded into a fresh
 * address space: each PT_LOAD is mapped from the file, privately, as
 * Linux does (its pages come from the page cache when first touched and
 * are copied only when written; the bss is anonymous zeros), or, for a
 * file or layout that cannot be mapped so, becomes anonymous memory into
 * which the file's bytes are copied.  Then the break starts after the image,
 * the vDSO is mapped (vdso/vdso.c; AT_SYSINFO and AT_SYSINFO_EHDR
 * announce it) and the initial stack is built by elf_stack_build.  Copied
 * segments are mapped writable while they are filled and get their own
 * protections after.
 * The stack is executable when PT_GNU_STACK asks for it or is missing; a
 * program without PT_GNU_STACK also gets READ_IMPLIES_EXEC (mm/vm.h), as
 * Linux i386 gives it.
 *
 * Once the program is found and parsed, the other threads of the process
 * are ended (proc_kill_other_threads: the caller takes the process's pid
 * as its tid) and a descriptor table or signal actions shared with
 * another process (CLONE_FILES, CLONE_SIGHAND) are copied.  The new
 * address space is loaded while it is filled; on any failure the old one
 * comes back and the caller gets the error.  Only when everything is in
 * place is the old one dropped (a vfork parent then resumes), after the
 * caller's robust futex list was walked on it (futex_exec_thread):
 * close-on-exec descriptors are closed, handled signals reset to SIG_DFL,
 * the TLS slots cleared and the trap frame set to the new entry;
 * set-user-id and set-group-id bits take effect, the process keeps a
 * reference to the executable (its /proc/<pid>/exe), the new address
 * space records where the argv and envp strings are (mm->arg_start...,
 * read by /proc/<pid>/cmdline and environ), and the stack may grow to
 * RLIMIT_STACK.
 * A program that wants a dynamic loader (PT_INTERP) is refused with
 * -ENOEXEC and a log line.
 *
 * Interface (proc.h): proc_exec.
 */
#include "kernel/proc/proc.h"
#include "kernel/proc/futex.h"
#include "kernel/proc/posixtimer.h"
#include "kernel/proc/cred.h"
#include "kernel/prof/prof.h"
#include "kernel/proc/vfork.h"
#include "kernel/x86/fpu.h"
#include "elf/elf.h"
#include "fs/vfs.h"
#include "lib/compiler.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "kernel/random.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"
#include "vdso/vdso.h"

#define EXEC_MAX_DEPTH	4		/* #! levels, as Linux */
#define EXEC_MAX_ARGS	1024
#define EXEC_STACK_MIN	(128u * 1024)	/* first stack VMA */

struct exec_ctx {
	struct file *file;
	uint8_t *page;			/* the file's first page, then scratch */
	ssize_t len;
	struct elf_image img;
	struct mm *mm, *old_mm;
	uintptr_t vdso;			/* where the vDSO went, or 0 */
	const char *execfn;		/* the path given to exec */
	const char *argv[EXEC_MAX_ARGS + 3];
	unsigned int argc;
	const char *const *envp;
	struct elf_script script[EXEC_MAX_DEPTH];
};

/* O_NONBLOCK: a FIFO opens at once (and fails below, as Linux's -EACCES)
 * instead of waiting for a writer.  A file open for writing is refused
 * (-ETXTBSY), and no one may open it for writing while x->file (and then
 * the process's exe_file) holds it. */
static int exec_open(struct exec_ctx *x, const char *path)
{
	struct file *f = vfs_open(path, O_RDONLY | O_NONBLOCK, 0);
	int err;

	if (IS_ERR(f))
		return PTR_ERR(f);
	err = S_ISREG(f->inode->mode) ? inode_permission(f->inode, MAY_EXEC)
				      : -EACCES;
	if (!err && (f->inode->sb->flags & SB_NOEXEC))
		err = -EACCES;		/* a noexec mount */
	if (!err && !(f->inode->mode & 0111))
		err = -EACCES;
	if (!err)
		err = file_deny_write(f);
	if (!err)
		x->len = vfs_read(f, x->page, PAGE_SIZE);
	if (!err && x->len < 0)
		err = (int)x->len;
	if (err) {
		vfs_close(f);
		return err;
	}
	if (x->file)
		vfs_close(x->file);
	x->file = f;
	return 0;
}

/* "#!interp [arg]": argv becomes interp [arg] path argv[1...]. */
static int exec_script(struct exec_ctx *x, struct elf_script *s,
		       const char **path)
{
	unsigned int extra;
	int err = elf_script_parse(x->page, (size_t)x->len, s);

	if (err)
		return err;
	extra = s->arg ? 2 : 1;
	if (x->argc + extra > EXEC_MAX_ARGS + 2)
		return -E2BIG;
	if (x->argc == 0)
		x->argc = 1;		/* the path replaces argv[0] anyway */
	memmove(&x->argv[extra + 1], &x->argv[1],
		(x->argc - 1) * sizeof(x->argv[0]));
	x->argv[0] = s->interp;
	if (s->arg)
		x->argv[1] = s->arg;
	x->argv[extra] = *path;
	x->argc += extra;
	*path = s->interp;
	return 0;
}

/* Open path, following #! lines, and parse the ELF it ends at. */
static int exec_find(struct exec_ctx *x, const char *path)
{
	int err;

	for (int depth = 0;; depth++) {
		err = exec_open(x, path);
		if (err)
			return err;
		if (!elf_is_script(x->page, (size_t)x->len))
			break;
		if (depth == EXEC_MAX_DEPTH)
			return -ELOOP;
		err = exec_script(x, &x->script[depth], &path);
		if (err)
			return err;
	}
	err = elf_parse(x->page, (size_t)x->len, &x->img);
	if (!err && x->img.has_interp) {
		pr_notice("exec: %s needs a dynamic loader (PT_INTERP), which maestro does not have yet\n",
			  path);
		err = -ENOEXEC;
	}
	return err;
}

/* Copy len bytes of the file at off to user address va. */
static int exec_copy(struct exec_ctx *x, uint32_t off, uint32_t va,
		     uint32_t len)
{
	while (len) {
		uint32_t n = len < PAGE_SIZE ? len : PAGE_SIZE;
		ssize_t got;

		if (vfs_lseek(x->file, off, SEEK_SET) < 0)
			return -EIO;
		got = vfs_read(x->file, x->page, n);
		if (got != (ssize_t)n)
			return got < 0 ? (int)got : -ENOEXEC;
		if (copy_to_user((void *)va, x->page, n))
			return -EFAULT;
		off += n;
		va += n;
		len -= n;
	}
	return 0;
}

/* Map and fill every PT_LOAD, then give each its protection (a page two
 * segments share gets both): the copying way, for any ELF file. */
static int exec_copy_segments(struct exec_ctx *x)
{
	const struct elf_segment *s = x->img.load;
	uintptr_t mapped = 0, start, end;
	int err = 0;

	for (unsigned int i = 0; i < x->img.nload && !err; i++) {
		start = ALIGN_DOWN(s[i].vaddr, PAGE_SIZE);
		end = ALIGN_UP(s[i].vaddr + s[i].memsz, PAGE_SIZE);
		if (start < mapped)
			start = mapped;
		if (start < end)
			err = vm_mmap(x->mm, &start, end - start,
				      PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED);
		if (end > mapped)
			mapped = end;
		if (!err)
			err = exec_copy(x, s[i].offset, s[i].vaddr, s[i].filesz);
	}
	for (unsigned int i = 0; i < x->img.nload && !err; i++) {
		start = ALIGN_DOWN(s[i].vaddr, PAGE_SIZE);
		end = ALIGN_UP(s[i].vaddr + s[i].memsz, PAGE_SIZE);
		err = vm_mprotect(x->mm, start, end - start, s[i].prot);
		if (!err && i && start < ALIGN_UP(s[i - 1].vaddr +
						   s[i - 1].memsz, PAGE_SIZE))
			err = vm_mprotect(x->mm, start, PAGE_SIZE,
					  s[i].prot | s[i - 1].prot);
	}
	return err;
}

/*
 * Whether every PT_LOAD can be mapped from the file instead: a file whose
 * pages can be mapped, each segment's offset congruent with its address,
 * its bytes inside the file, no page shared by two segments, and a bss
 * only in a writable segment (its start is cleared in place).
 */
static bool exec_can_map(const struct exec_ctx *x)
{
	const struct elf_segment *s = x->img.load;
	uint64_t size = x->file->inode->size;

	if (!x->file->fops->map_page)
		return false;
	for (unsigned int i = 0; i < x->img.nload; i++) {
		if ((s[i].vaddr ^ s[i].offset) & (PAGE_SIZE - 1) ||
		    (uint64_t)s[i].offset + s[i].filesz > size)
			return false;
		if (s[i].memsz > s[i].filesz && !(s[i].prot & ELF_PROT_WRITE))
			return false;
		if (i && ALIGN_DOWN(s[i].vaddr, PAGE_SIZE) <
			 ALIGN_UP(s[i - 1].vaddr + s[i - 1].memsz, PAGE_SIZE))
			return false;
	}
	return true;
}

/*
 * Map one PT_LOAD as Linux's binfmt_elf does: its file pages privately
 * (read from the page cache as they are touched, copied only when
 * written), the rest of its last file page cleared (those bytes are bss,
 * not what follows in the file), and anonymous zeros for the bss beyond.
 */
static int exec_map_segment(struct exec_ctx *x, const struct elf_segment *s)
{
	uintptr_t start = ALIGN_DOWN(s->vaddr, PAGE_SIZE);
	uintptr_t file_end = s->vaddr + s->filesz;
	uintptr_t zero_start = ALIGN_UP(file_end, PAGE_SIZE);
	uintptr_t end = ALIGN_UP(s->vaddr + s->memsz, PAGE_SIZE);
	int err = 0;

	if (s->filesz)
		err = vm_mmap_file(x->mm, &start, zero_start - start, s->prot,
				   MAP_PRIVATE | MAP_FIXED, x->file,
				   (s->offset - (s->vaddr - start)) >> PAGE_SHIFT);
	else
		zero_start = start;
	if (!err && s->memsz > s->filesz && file_end < zero_start &&
	    s->filesz)
		err = clear_user((void *)file_end, zero_start - file_end);
	if (!err && zero_start < end)
		err = vm_mmap(x->mm, &zero_start, end - zero_start, s->prot,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED);
	return err;
}

/* Every PT_LOAD, mapped from the file when it can be, else copied. */
static int exec_load_segments(struct exec_ctx *x)
{
	int err = 0;

	if (!exec_can_map(x))
		return exec_copy_segments(x);
	for (unsigned int i = 0; i < x->img.nload && !err; i++)
		err = exec_map_segment(x, &x->img.load[i]);
	return err;
}

static uint32_t cpu_hwcap(void)
{
	uint32_t a = 1, b, c, d;

	__asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "=c"(c), "=d"(d));
	return d;
}

/* Build argv, envp and auxv on a new stack: *sp gets the initial esp. */
static int exec_stack(struct exec_ctx *x, uint32_t *sp)
{
	struct proc *p = current->proc;
	uint8_t random[ELF_RANDOM_BYTES];
	struct elf_stack_args a = {
		.argv = x->argv, .argc = x->argc, .envp = x->envp,
		.execfn = x->execfn, .img = &x->img,
		.uid = p->uid, .euid = p->euid, .gid = p->gid, .egid = p->egid,
		.hwcap = cpu_hwcap(), .random = random, .platform = "i686",
		.sysinfo = x->vdso ? x->vdso + VDSO_SYM_kernel_vsyscall : 0,
		.sysinfo_ehdr = x->vdso,
	};
	size_t size = PAGE_SIZE + strlen(x->execfn) + 1;
	struct elf_stack out;
	void *buf;
	int err;

	while (x->envp[a.envc])
		a.envc++;
	for (unsigned int i = 0; i < x->argc; i++)
		size += strlen(x->argv[i]) + 1 + 4;
	for (unsigned int i = 0; i < a.envc; i++)
		size += strlen(x->envp[i]) + 1 + 4;
	if (size > ELF_ARG_MAX + PAGE_SIZE)
		return -E2BIG;
	size = ALIGN_UP(size, PAGE_SIZE);
	get_random_bytes(random, sizeof(random));	/* AT_RANDOM */
	err = vm_stack_setup(x->mm, VM_STACK_TOP, size + EXEC_STACK_MIN,
			     x->img.exec_stack);
	buf = err ? NULL : kzalloc(size);
	if (!err && !buf)
		err = -ENOMEM;
	if (!err)
		err = elf_stack_build(buf, size, VM_STACK_TOP, &a, &out);
	if (!err)
		err = copy_to_user((void *)(VM_STACK_TOP - size), buf, size);
	kfree(buf);
	*sp = out.sp;
	if (!err) {
		x->mm->arg_start = out.arg_start;
		x->mm->arg_end = out.arg_end;
		x->mm->env_start = out.env_start;
		x->mm->env_end = out.env_end;
	}
	return err;
}

/* Load the new image into x->mm, which becomes the current one. */
static int exec_load(struct exec_ctx *x, uint32_t *sp)
{
	int err;

	x->mm = mm_create();		/* the process's reference, once committed */
	if (!x->mm)
		return -ENOMEM;
	x->mm->read_implies_exec = x->img.read_implies_exec ||
		(current->proc->personality & PER_READ_IMPLIES_EXEC);
	x->old_mm = thread_swap_mm(mm_get(x->mm));	/* the task's */
	err = exec_load_segments(x);
	if (!err) {
		vm_brk_init(x->mm, x->img.end);
		err = vdso_map(x->mm, &x->vdso);
	}
	if (!err)
		err = exec_stack(x, sp);
	if (err) {
		mm_destroy(thread_swap_mm(x->old_mm));
		mm_destroy(x->mm);
	}
	return err;
}

/* The new program's identity: set-id bits (not on a nosuid mount or
 * with no_new_privs), dumpable unless they changed the ids, a new exec
 * count (proc_notify_parent) and the reference to the executable that
 * /proc/<pid>/exe shows. */
static void exec_commit_identity(struct proc *p, struct exec_ctx *x)
{
	struct inode *inode = x->file->inode;
	struct file *old = p->exe_file;

	cred_exec(p, inode, p->no_new_privs ||
		  (inode->sb->flags & SB_NOSUID));
	p->dumpable = p->euid == p->uid && p->egid == p->gid;
	if (!p->dumpable) {
		p->pdeath_sig = 0;
		p->personality &= ~PER_CLEAR_ON_SETID;
	}
	p->self_exec_id++;	/* children made before send only SIGCHLD */
	p->exe_file = x->file;
	x->file = NULL;
	if (old)
		vfs_close(old);
}

/* Where the program's (first) executable segment and the vDSO lie, for
 * the profiler to name its frames. */
static void exec_note_text(struct proc *p, const struct exec_ctx *x)
{
	const struct elf_image *img = &x->img;

	p->vdso_start = x->vdso;
	p->text_start = p->text_end = p->text_offset = 0;
	for (unsigned int i = 0; i < img->nload; i++) {
		if (!(img->load[i].prot & ELF_PROT_EXEC))
			continue;
		p->text_start = img->load[i].vaddr;
		p->text_end = img->load[i].vaddr + img->load[i].filesz;
		p->text_offset = img->load[i].offset;
		return;
	}
}

/* Past the point of no return: the process runs the new image. */
static void exec_commit(struct exec_ctx *x, struct trap_frame *f, uint32_t sp)
{
	struct proc *p = current->proc;
	const char *name = strrchr(x->execfn, '/');
	struct mm *old = p->mm;
	struct mm *new = thread_swap_mm(x->old_mm);

	futex_exec_thread(current->thread);	/* on the old memory */
	x->old_mm = thread_swap_mm(new);
	p->mm = x->mm;
	proc_acct_mm_drop(p, old);
	mm_destroy(old);		/* the process's reference */
	mm_destroy(x->old_mm);		/* the task's */
	rlimit_apply_stack(p);
	exec_commit_identity(p, x);
	vfork_release(current->thread);
	current->thread->clear_child_tid = 0;
	fd_close_on_exec(p);
	signal_exec(p);
	posixtimer_delete_all(p);
	strlcpy(p->name, name ? name + 1 : x->execfn, sizeof(p->name));
	strlcpy(current->name, p->name, sizeof(current->name));
	exec_note_text(p, x);
	if (x->img.read_implies_exec)	/* kept, as Linux's personality */
		p->personality |= PER_READ_IMPLIES_EXEC;
	memset(current->tls, 0, sizeof(current->tls));
	gdt_load_tls(current->tls);
	fpu_reset(current);		/* a new program starts from FNINIT */
	memset(f, 0, sizeof(*f));
	f->cs = SEL_UCODE;
	f->ds = f->es = f->user_ss = SEL_UDATA;
	f->eflags = 0x202;		/* IF */
	f->eip = x->img.entry;
	f->user_esp = sp;
}

/*
 * Run path with argv and envp (kernel strings, NULL-terminated arrays) in
 * the current process; on success f returns to the new program's entry.
 * Returns 0 or -Exxx (ENOENT, EACCES, ENOEXEC, E2BIG, ENOMEM, ELOOP...);
 * on failure the process is as it was.
 */
int proc_exec(struct trap_frame *f, const char *path,
	      const char *const *argv, const char *const *envp)
{
	struct exec_ctx *x = kzalloc(sizeof(*x));
	uint32_t sp = 0;
	int err = -ENOMEM;

	if (!x)
		return -ENOMEM;
	x->page = kmalloc(PAGE_SIZE);
	x->execfn = path;
	x->envp = envp;
	while (argv[x->argc] && x->argc < EXEC_MAX_ARGS)
		x->argv[x->argc] = argv[x->argc], x->argc++;
	if (argv[x->argc])
		err = -E2BIG;
	else if (x->page)
		err = exec_find(x, path);
	if (!err)
		err = proc_kill_other_threads();
	if (!err)
		err = proc_unshare_for_exec(current->proc);
	if (!err)
		err = exec_load(x, &sp);
	if (!err) {
		exec_commit(x, f, sp);
		prof_exec(current->proc);
	}
	if (x->file)
		vfs_close(x->file);
	kfree(x->page);
	kfree(x);
	return err;
}
