/*
 * vdso.c: the vDSO as Linux i386 gives it to every program.
 *
 * Arguments pick the parts (none: all but maps):
 *   auxv	AT_SYSINFO_EHDR points at an ELF header ("\177ELF", ET_DYN,
 *		EM_386) with one PT_LOAD and a PT_DYNAMIC; AT_SYSINFO is its
 *		__kernel_vsyscall;
 *   symbols	the dynamic symbols, walked through DT_HASH and looked up
 *		through DT_GNU_HASH, the same both ways: the three
 *		__kernel_* names and their version (LINUX_2.5), and the
 *		__vdso_* time functions at LINUX_2.6;
 *   vsyscall	__kernel_vsyscall makes system calls (getpid, write, an
 *		error, mmap2 with its sixth argument, in ebp, a file's page
 *		offset) and keeps every register but eax;
 *   signals	handlers installed by the raw rt_sigaction and the old
 *		sigaction system calls without SA_RESTORER (plain and
 *		SA_SIGINFO) return through __kernel_sigreturn and
 *		__kernel_rt_sigreturn, whose bytes are Linux's; the frame
 *		still holds the legacy retcode bytes; under NX the stack
 *		could not have run them;
 *   time	the __vdso_* time functions agree with the system calls and
 *		give their errors (as -errno);
 *   fork	a child has the same vDSO and can use it;
 *   munmap	a child may unmap it (then a handler with its own
 *		SA_RESTORER, musl's, still returns) or make it writable,
 *		which copies it: the parent's stays as it was;
 *   maps	/proc/self/maps names it [vdso], r-xp, at AT_SYSINFO_EHDR;
 *   step	a program single-stepping itself (TF, a SIGTRAP handler)
 *		through system calls made by __kernel_vsyscall keeps
 *		stepping after them, and the calls work.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include "check.h"

#define SA_RESTORER_	0x04000000
#define SA_SIGINFO_	0x00000004
#define NR_sigaction_	67

/* The vDSO as the program found it. */
static struct {
	uintptr_t base;			/* load bias: ehdr - first p_vaddr */
	const Elf32_Ehdr *eh;
	const Elf32_Dyn *dyn;
	const uint32_t *hash, *gnu_hash;
	const Elf32_Sym *sym;
	const char *str;
	const Elf32_Half *versym;
	const Elf32_Verdef *verdef;
} v;

static const char *const wanted[] = {
	"__kernel_rt_sigreturn", "__kernel_sigreturn", "__kernel_vsyscall",
};

static int vdso_find(void)
{
	const Elf32_Phdr *ph;
	const Elf32_Dyn *d;

	v.eh = (const Elf32_Ehdr *)getauxval(AT_SYSINFO_EHDR);
	if (!v.eh)
		return -1;
	ph = (const Elf32_Phdr *)((const char *)v.eh + v.eh->e_phoff);
	for (int i = 0; i < v.eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD && !v.base)
			v.base = (uintptr_t)v.eh - ph[i].p_vaddr;
	for (int i = 0; i < v.eh->e_phnum; i++)
		if (ph[i].p_type == PT_DYNAMIC)
			v.dyn = (const Elf32_Dyn *)(v.base + ph[i].p_vaddr);
	for (d = v.dyn; d && d->d_tag != DT_NULL; d++) {
		const void *p = (const void *)(v.base + d->d_un.d_ptr);

		switch (d->d_tag) {
		case DT_HASH: v.hash = p; break;
		case DT_GNU_HASH: v.gnu_hash = p; break;
		case DT_SYMTAB: v.sym = p; break;
		case DT_STRTAB: v.str = p; break;
		case DT_VERSYM: v.versym = p; break;
		case DT_VERDEF: v.verdef = p; break;
		}
	}
	return v.sym && v.str ? 0 : -1;
}

static void auxv(void)
{
	const Elf32_Ehdr *eh = (const Elf32_Ehdr *)getauxval(AT_SYSINFO_EHDR);
	const Elf32_Phdr *ph;
	int loads = 0, dyns = 0;

	yes("AT_SYSINFO_EHDR given", eh != NULL);
	if (!eh)
		return;
	yes("ELF magic", !memcmp(eh->e_ident, ELFMAG, SELFMAG));
	yes("ELFCLASS32, little-endian", eh->e_ident[EI_CLASS] == ELFCLASS32 &&
	    eh->e_ident[EI_DATA] == ELFDATA2LSB);
	yes("ET_DYN", eh->e_type == ET_DYN);
	yes("EM_386", eh->e_machine == EM_386);
	ph = (const Elf32_Phdr *)((const char *)eh + eh->e_phoff);
	for (int i = 0; i < eh->e_phnum; i++) {
		loads += ph[i].p_type == PT_LOAD;
		dyns += ph[i].p_type == PT_DYNAMIC;
		CHECK(!(ph[i].p_flags & PF_W));
	}
	printf("PT_LOAD %d, PT_DYNAMIC %d\n", loads, dyns);
	CHECK(vdso_find() == 0);
}

/* The name of version index i (from DT_VERDEF), or "-". */
static const char *version_name(unsigned int i)
{
	const Elf32_Verdef *d = v.verdef;

	while (d) {
		if (d->vd_ndx == (i & 0x7fff)) {
			const Elf32_Verdaux *a = (const Elf32_Verdaux *)
				((const char *)d + d->vd_aux);
			return v.str + a->vda_name;
		}
		d = d->vd_next ? (const Elf32_Verdef *)((const char *)d +
							d->vd_next) : NULL;
	}
	return "-";
}

/* Symbol by name through DT_HASH (the SysV table), or NULL. */
static const Elf32_Sym *hash_lookup(const char *name)
{
	uint32_t h = 0, g, nbucket = v.hash[0];
	const uint32_t *bucket = v.hash + 2, *chain = bucket + nbucket;

	for (const unsigned char *s = (const void *)name; *s; s++) {
		h = (h << 4) + *s;
		g = h & 0xf0000000;
		h ^= g >> 24;
		h &= ~g;
	}
	for (uint32_t i = bucket[h % nbucket]; i; i = chain[i])
		if (!strcmp(v.str + v.sym[i].st_name, name))
			return &v.sym[i];
	return NULL;
}

/* Symbol by name through DT_GNU_HASH (bloom filter ignored), or NULL. */
static const Elf32_Sym *gnu_lookup(const char *name)
{
	const uint32_t *t = v.gnu_hash;
	uint32_t nbucket = t[0], symoffset = t[1], bloom_size = t[2], h = 5381;
	const uint32_t *bucket = t + 4 + bloom_size, *chain = bucket + nbucket;

	for (const unsigned char *s = (const void *)name; *s; s++)
		h = h * 33 + *s;
	for (uint32_t i = bucket[h % nbucket]; i >= symoffset && i; i++) {
		uint32_t ch = chain[i - symoffset];

		if ((ch | 1) == (h | 1) &&
		    !strcmp(v.str + v.sym[i].st_name, name))
			return &v.sym[i];
		if (ch & 1)
			break;
	}
	return NULL;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every defined symbol DT_HASH lists (nchain of them), sorted; those of
 * wanted[] are printed with their version. */
static void list_symbols(void)
{
	const char *found[64];
	unsigned int n = 0;

	for (uint32_t i = 1; i < v.hash[1] && n < 64; i++)
		if (v.sym[i].st_shndx != SHN_UNDEF &&
		    ELF32_ST_TYPE(v.sym[i].st_info) == STT_FUNC)
			found[n++] = v.str + v.sym[i].st_name;
	qsort(found, n, sizeof(found[0]), by_name);
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int w = 0; w < 3; w++)
			if (!strcmp(found[i], wanted[w]))
				printf("symbol %s@%s\n", found[i], version_name(
				       v.versym[hash_lookup(found[i]) - v.sym]));
}

static uintptr_t sym_addr(const char *name)
{
	const Elf32_Sym *s = v.hash ? hash_lookup(name) : gnu_lookup(name);

	return s ? v.base + s->st_value : 0;
}

static void symbols(void)
{
	static const char *const time_fns[] = {
		"__vdso_clock_gettime", "__vdso_clock_gettime64",
		"__vdso_gettimeofday", "__vdso_time",
	};
	int same = 1, at26 = 1;

	if (!v.sym)
		return;
	yes("DT_HASH or DT_GNU_HASH", v.hash || v.gnu_hash);
	yes("DT_VERSYM and DT_VERDEF", v.versym && v.verdef);
	if (v.hash)
		list_symbols();
	for (unsigned int w = 0; w < 3 && v.hash && v.gnu_hash; w++)
		same &= hash_lookup(wanted[w]) == gnu_lookup(wanted[w]);
	yes("DT_HASH and DT_GNU_HASH agree", same);
	for (unsigned int i = 0; i < 4; i++) {
		const Elf32_Sym *s = v.hash ? hash_lookup(time_fns[i]) :
					      gnu_lookup(time_fns[i]);

		at26 &= s && !strcmp(version_name(v.versym[s - v.sym]),
				     "LINUX_2.6");
	}
	yes("__vdso_clock_gettime(64), gettimeofday, time at LINUX_2.6", at26);
	yes("AT_SYSINFO is __kernel_vsyscall",
	    getauxval(AT_SYSINFO) == sym_addr("__kernel_vsyscall"));
	yes("e_entry is __kernel_vsyscall",
	    v.base + v.eh->e_entry == sym_addr("__kernel_vsyscall"));
}

/* The registers of a call through the vDSO's entry, in and out. */
struct regs {
	uint32_t eax, ebx, ecx, edx, esi, edi, ebp;
};

/* vsys_call(entry, regs): load every register from *regs, call entry,
 * store every register back. */
void vsys_call(uintptr_t entry, struct regs *r);
__asm__(
	".text\n"
	".globl vsys_call\n"
	".type vsys_call, @function\n"
	"vsys_call:\n"
	"	pushl %ebp\n"
	"	pushl %ebx\n"
	"	pushl %esi\n"
	"	pushl %edi\n"
	"	movl 20(%esp), %eax\n"		/* entry */
	"	movl 24(%esp), %edi\n"		/* regs */
	"	pushl %eax\n"
	"	pushl %edi\n"
	"	movl 0(%edi), %eax\n"
	"	movl 4(%edi), %ebx\n"
	"	movl 8(%edi), %ecx\n"
	"	movl 12(%edi), %edx\n"
	"	movl 16(%edi), %esi\n"
	"	movl 24(%edi), %ebp\n"
	"	movl 20(%edi), %edi\n"
	"	call *4(%esp)\n"
	"	xchgl %edi, (%esp)\n"		/* regs back; edi saved */
	"	movl %eax, 0(%edi)\n"
	"	movl %ebx, 4(%edi)\n"
	"	movl %ecx, 8(%edi)\n"
	"	movl %edx, 12(%edi)\n"
	"	movl %esi, 16(%edi)\n"
	"	movl %ebp, 24(%edi)\n"
	"	popl %eax\n"
	"	movl %eax, 20(%edi)\n"
	"	addl $4, %esp\n"
	"	popl %edi\n"
	"	popl %esi\n"
	"	popl %ebx\n"
	"	popl %ebp\n"
	"	ret\n"
	".size vsys_call, . - vsys_call\n");

static int regs_kept(const struct regs *a, const struct regs *b)
{
	return a->ebx == b->ebx && a->ecx == b->ecx && a->edx == b->edx &&
	       a->esi == b->esi && a->edi == b->edi && a->ebp == b->ebp;
}

/* mmap2 through entry of page 1 of a file whose pages hold 'a' and 'b':
 * the sixth argument (ebp) reaches the kernel. */
static void vsyscall_six(uintptr_t entry)
{
	static char page[4096];
	const char *path = "/tmp/vdso-six";
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	struct regs in, r;

	yes("a file for mmap2", fd >= 0);
	if (fd < 0)
		return;
	memset(page, 'a', sizeof(page));
	yes("its page 0", write(fd, page, sizeof(page)) == sizeof(page));
	memset(page, 'b', sizeof(page));
	yes("its page 1", write(fd, page, sizeof(page)) == sizeof(page));
	in = (struct regs){ SYS_mmap2, 0, 4096, PROT_READ, MAP_PRIVATE,
			    (uint32_t)fd, 1 };
	r = in;
	vsys_call(entry, &r);
	yes("mmap2 with a page offset maps", r.eax < 0xfffff000u);
	yes("the sixth argument counted",
	    r.eax < 0xfffff000u && *(const char *)r.eax == 'b');
	yes("registers kept after mmap2", regs_kept(&in, &r));
	if (r.eax < 0xfffff000u)
		munmap((void *)r.eax, 4096);
	close(fd);
	unlink(path);
}

static void vsyscall(void)
{
	static const char msg[] = "written through __kernel_vsyscall\n";
	uintptr_t entry = getauxval(AT_SYSINFO);
	struct regs in = { SYS_getpid, 0x11111111, 0x22222222, 0x33333333,
			   0x44444444, 0x55555555, 0x66666666 }, r = in;

	yes("AT_SYSINFO given", entry != 0);
	if (!entry)
		return;
	vsys_call(entry, &r);
	yes("getpid through it", r.eax == (uint32_t)getpid());
	yes("ebx ecx edx esi edi ebp kept", regs_kept(&in, &r));
	in = (struct regs){ SYS_write, 1, (uintptr_t)msg, sizeof(msg) - 1,
			    0x1234, 0x5678, 0x9abc };
	r = in;
	vsys_call(entry, &r);
	yes("write's count", r.eax == sizeof(msg) - 1);
	yes("registers kept after write", regs_kept(&in, &r));
	r = (struct regs){ .eax = SYS_close, .ebx = (uint32_t)-1 };
	vsys_call(entry, &r);
	yes("close(-1) gives -EBADF", (int32_t)r.eax == -EBADF);
	r = (struct regs){ .eax = 0x7fff };
	vsys_call(entry, &r);
	yes("unknown number gives -ENOSYS", (int32_t)r.eax == -ENOSYS);
	vsyscall_six(entry);
}

static void on_usr2(int sig);

/* What a handler saw of its frame. */
static volatile struct {
	int runs, sig;
	uintptr_t ret;			/* its return address (pretcode) */
	uint8_t retcode[8];		/* the frame's legacy bytes */
} seen;

#define SIGFRAME_RETCODE	724	/* offsetof(struct sigframe_ia32, retcode) */
#define RT_SIGFRAME_RETCODE	260	/* offsetof(struct rt_sigframe_ia32, ...) */

static __attribute__((noinline)) void plain_handler(int sig)
{
	const uint8_t *frame = (const uint8_t *)__builtin_frame_address(0) + 4;

	seen.runs++;
	seen.sig = sig;
	seen.ret = (uintptr_t)__builtin_return_address(0);
	memcpy((void *)seen.retcode, frame + SIGFRAME_RETCODE, 8);
}

static __attribute__((noinline)) void info_handler(int sig, siginfo_t *si,
						   void *uc)
{
	const uint8_t *frame = (const uint8_t *)si - 16;	/* info at 16 */

	(void)uc;
	seen.runs++;
	seen.sig = sig == si->si_signo ? sig : -1;
	seen.ret = (uintptr_t)__builtin_return_address(0);
	memcpy((void *)seen.retcode, frame + RT_SIGFRAME_RETCODE, 8);
}

/* rt_sigaction's struct for i386, and the old sigaction's. */
struct ksigaction {
	uintptr_t handler;
	uint32_t flags;
	uintptr_t restorer;
	uint32_t mask[2];
};
struct old_ksigaction {
	uintptr_t handler;
	uint32_t mask, flags;
	uintptr_t restorer;
};

static void print_retcode(void)
{
	printf("  frame retcode:");
	for (int i = 0; i < 8; i++)
		printf(" %02x", seen.retcode[i]);
	printf("\n");
}

/* Raise SIGUSR1 with its action set, then report what the handler saw. */
static void one_signal(const char *how, int rt, const char *want_ret)
{
	volatile uint32_t canary = 0xc0ffee;

	memset((void *)&seen, 0, sizeof(seen));
	CHECK(raise(SIGUSR1) == 0);
	printf("%s: handler ran %d time(s), sig %s\n", how, seen.runs,
	       seen.sig > 0 ? sig_name(seen.sig) : "?");
	yes(rt ? "  returned to __kernel_rt_sigreturn" :
		 "  returned to __kernel_sigreturn",
	    seen.ret == sym_addr(want_ret));
	yes("  came back with locals intact", canary == 0xc0ffee);
	print_retcode();
}

static void signals(void)
{
	struct ksigaction ka = { (uintptr_t)plain_handler, 0, 0, { 0, 0 } };
	struct old_ksigaction oka = { (uintptr_t)info_handler, 0,
				      SA_SIGINFO_, 0 }, oold;
	const uint8_t *p;

	p = (const uint8_t *)sym_addr("__kernel_sigreturn");
	yes("__kernel_sigreturn is popl %eax; movl $119, %eax; int $0x80",
	    p && !memcmp(p, "\x58\xb8\x77\x00\x00\x00\xcd\x80", 8));
	p = (const uint8_t *)sym_addr("__kernel_rt_sigreturn");
	yes("__kernel_rt_sigreturn is movl $173, %eax; int $0x80",
	    p && !memcmp(p, "\xb8\xad\x00\x00\x00\xcd\x80", 7));
	CHECK(syscall(SYS_rt_sigaction, SIGUSR1, &ka, NULL, 8) == 0);
	one_signal("rt_sigaction, plain", 0, "__kernel_sigreturn");
	ka = (struct ksigaction){ (uintptr_t)info_handler, SA_SIGINFO_, 0,
				  { 0, 0 } };
	CHECK(syscall(SYS_rt_sigaction, SIGUSR1, &ka, NULL, 8) == 0);
	one_signal("rt_sigaction, SA_SIGINFO", 1, "__kernel_rt_sigreturn");
	CHECK(syscall(NR_sigaction_, SIGUSR1, &oka, &oold) == 0);
	yes("old sigaction reports the previous action",
	    oold.handler == (uintptr_t)info_handler &&
	    (oold.flags & ~SA_RESTORER_) == SA_SIGINFO_);
	one_signal("old sigaction, SA_SIGINFO", 1, "__kernel_rt_sigreturn");
	oka = (struct old_ksigaction){ (uintptr_t)plain_handler, 0, 0, 0 };
	CHECK(syscall(NR_sigaction_, SIGUSR1, &oka, NULL) == 0);
	one_signal("old sigaction, plain", 0, "__kernel_sigreturn");
	signal(SIGUSR1, SIG_DFL);
}

typedef long (*cgt_fn)(long, void *);
typedef long (*gtod_fn)(void *, void *);
typedef long (*time_fn)(long *);

static void time_fns(void)
{
	cgt_fn cgt = (cgt_fn)sym_addr("__vdso_clock_gettime");
	cgt_fn cgt64 = (cgt_fn)sym_addr("__vdso_clock_gettime64");
	gtod_fn gtod = (gtod_fn)sym_addr("__vdso_gettimeofday");
	time_fn tm = (time_fn)sym_addr("__vdso_time");
	int32_t ts32[2] = { 0, 0 }, tv[2] = { 0, 0 };
	int64_t ts64[2] = { 0, 0 };
	long t1 = 0, t2;
	time_t now = time(NULL);

	if (!cgt || !cgt64 || !gtod || !tm) {
		yes("every __vdso_* time function found", 0);
		return;
	}
	yes("__vdso_clock_gettime(CLOCK_REALTIME) is 0",
	    cgt(CLOCK_REALTIME, ts32) == 0);
	yes("  and near time()", ts32[0] - now >= -2 && ts32[0] - now <= 2 &&
	    ts32[1] >= 0 && ts32[1] < 1000000000);
	yes("__vdso_clock_gettime64(CLOCK_MONOTONIC) is 0",
	    cgt64(CLOCK_MONOTONIC, ts64) == 0 && ts64[1] >= 0 &&
	    ts64[1] < 1000000000);
	yes("__vdso_gettimeofday is 0 and near time()", gtod(tv, NULL) == 0 &&
	    tv[0] - now >= -2 && tv[0] - now <= 2 && tv[1] < 1000000);
	t2 = tm(&t1);
	yes("__vdso_time returns and stores the time", t1 == t2 &&
	    t2 - now >= -2 && t2 - now <= 2);
	printf("__vdso_clock_gettime(-1): %s\n",
	       cgt(-1, ts32) == -EINVAL ? "-EINVAL" : "other");
}

static void fork_child(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct regs r = { .eax = SYS_getpid };
		struct ksigaction ka = { (uintptr_t)info_handler, SA_SIGINFO_,
					 0, { 0, 0 } };

		vsys_call(getauxval(AT_SYSINFO), &r);
		printf("child: vsyscall getpid: %s\n",
		       r.eax == (uint32_t)getpid() ? "ok" : "wrong");
		CHECK(syscall(SYS_rt_sigaction, SIGUSR1, &ka, NULL, 8) == 0);
		one_signal("child: rt_sigaction, SA_SIGINFO", 1,
			   "__kernel_rt_sigreturn");
		exit(failures);
	}
	printf("fork: child %s\n", wait_str(pid));
}


/* A raw system call: musl's go through AT_SYSINFO, which the child
 * below unmaps. */
static long raw3(long nr, long a, long b, long c)
{
	__asm__ volatile("int $0x80" : "+a"(nr) : "b"(a), "c"(b), "d"(c)
			 : "memory");
	return nr;
}

static long raw2(long nr, long a, long b)
{
	return raw3(nr, a, b, 0);
}

/* Child: unmap the vDSO, then take a signal whose handler (musl's, with
 * its own SA_RESTORER) makes no system call.  Exits 0 when munmap
 * succeeded and the handler ran and came back. */
static __attribute__((noreturn)) void munmap_child(uintptr_t len)
{
	struct sigaction sa = { .sa_handler = on_usr2 };
	long unmapped;

	CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
	seen.runs = 0;
	unmapped = raw2(SYS_munmap, (long)v.eh, (long)len);
	raw2(SYS_kill, raw2(SYS_getpid, 0, 0), SIGUSR2);
	raw2(SYS_exit_group, unmapped == 0 && seen.runs == 1 ? 0 : 1, 0);
	__builtin_unreachable();
}

static void on_usr2(int sig)
{
	seen.runs++;
	seen.sig = sig;
}

static void unmap_and_write(void)
{
	size_t len = 0;
	const Elf32_Phdr *ph = (const Elf32_Phdr *)((const char *)v.eh +
						     v.eh->e_phoff);
	struct sigaction sa = { .sa_handler = on_usr2 };
	uint8_t *page = (uint8_t *)v.eh;
	pid_t pid;

	for (int i = 0; i < v.eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD)
			len = (ph[i].p_memsz + 4095) & ~4095u;
	pid = fork();
	if (pid == 0)
		munmap_child(len);
	printf("munmap of the vDSO: child %s\n", wait_str(pid));
	pid = fork();
	if (pid == 0) {
		/* Writable on request: the write copies the page.  musl's
		 * system calls go through it: raw ones from here on. */
		long ok = raw3(SYS_mprotect, (long)page, (long)len,
			       PROT_READ | PROT_WRITE);

		if (ok == 0)
			page[EI_PAD] = 0x5a;
		raw2(SYS_exit_group, ok == 0 && page[EI_PAD] == 0x5a ? 0 : 1,
		     0);
	}
	printf("child made it writable and wrote: %s\n", wait_str(pid));
	yes("parent's vDSO unchanged", page[EI_PAD] == 0);
	CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
	memset((void *)&seen, 0, sizeof(seen));
	raise(SIGUSR2);
	yes("parent's musl handler still returns", seen.runs == 1);
}

static void maps(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[256], want[32];
	int lines = 0, at = 0;

	if (!f) {
		yes("/proc/self/maps opens", 0);
		return;
	}
	snprintf(want, sizeof(want), "%08lx-", (unsigned long)v.eh);
	while (fgets(line, sizeof(line), f)) {
		if (!strstr(line, "[vdso]"))
			continue;
		lines++;
		at = !strncmp(line, want, strlen(want));
		printf("[vdso] line: %.4s\n", strchr(line, ' ') + 1);
	}
	fclose(f);
	printf("[vdso] lines: %d\n", lines);
	yes("it starts at AT_SYSINFO_EHDR", at);
}

#define EFLAGS_TF	0x100
#define STEP_LIMIT	2000	/* traps before the handler stops them */

static volatile int step_traps;

static void on_trap(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig;
	(void)si;
	if (++step_traps >= STEP_LIMIT)
		uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
}

/* Three getpid calls with TF set: every instruction traps, the vDSO's and
 * the ones after the calls too (the kernel gives TF back). */
static void single_step(void)
{
	struct sigaction sa = { .sa_sigaction = on_trap,
				.sa_flags = SA_SIGINFO };
	pid_t pids[3];
	int before;

	sigaction(SIGTRAP, &sa, NULL);
	__asm__ __volatile__("pushfl; orl %0, (%%esp); popfl"
			     : : "i"(EFLAGS_TF) : "memory", "cc");
	for (int i = 0; i < 3; i++)
		pids[i] = (pid_t)syscall(SYS_getpid);
	before = step_traps;
	for (volatile int i = 0; i < 10; i++)
		;
	yes("traps in the calls", before > 10);
	yes("traps after the calls", step_traps > before ||
				     step_traps >= STEP_LIMIT);
	__asm__ __volatile__("pushfl; andl %0, (%%esp); popfl"
			     : : "i"(~EFLAGS_TF) : "memory", "cc");
	yes("the calls' results", pids[0] == getpid() && pids[1] == pids[0] &&
				  pids[2] == pids[0]);
	signal(SIGTRAP, SIG_DFL);
}

static int want(int argc, char **argv, const char *part)
{
	if (argc == 1)
		return strcmp(part, "maps") != 0;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], part))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	auxv();
	if (!v.sym)
		return finish();
	if (want(argc, argv, "symbols"))
		symbols();
	if (want(argc, argv, "vsyscall"))
		vsyscall();
	if (want(argc, argv, "signals"))
		signals();
	if (want(argc, argv, "time"))
		time_fns();
	if (want(argc, argv, "fork"))
		fork_child();
	if (want(argc, argv, "munmap"))
		unmap_and_write();
	if (want(argc, argv, "maps"))
		maps();
	if (want(argc, argv, "step"))
		single_step();
	return finish();
}
