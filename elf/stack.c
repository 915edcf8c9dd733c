/*
 * stack.c: the initial user stack of a new program, laid out exactly as
 * Linux i386 does it (fs/exec.c and fs/binfmt_elf.c's create_elf_tables,
 * without stack randomization).
 *
 * Interface (elf/elf.h):
 *   elf_stack_build(buf, size, top, args, out)
 *	buf is kernel memory standing for the user bytes [top - size, top);
 *	the strings come from kernel memory (exec has copied them in).
 *	Returns 0 and the addresses in *out, -E2BIG when a string, the total
 *	or the buffer is too big/small, -EINVAL for a bad top or size.
 *
 * From the top down:
 *	4 zero bytes			(Linux leaves one NULL word at the top)
 *	execfn string			AT_EXECFN points here
 *	envp strings, argv strings	each block in order, argv[0] lowest
 *	(align down to 16)
 *	platform string ("i686")	AT_PLATFORM, when given
 *	16 random bytes			AT_RANDOM
 *	(padding so that sp is 16-byte aligned)
 *	auxv pairs, ending with AT_NULL
 *	NULL, envp[envc - 1] ... envp[0]
 *	NULL, argv[argc - 1] ... argv[0]
 *	argc				<- sp, 16-byte aligned
 * The auxiliary vector, in Linux's order: [AT_SYSINFO], [AT_SYSINFO_EHDR]
 * (the vDSO's entry and ELF header, when there is one), AT_HWCAP,
 * AT_PAGESZ, AT_CLKTCK, AT_PHDR, AT_PHENT, AT_PHNUM, AT_BASE, AT_FLAGS,
 * AT_ENTRY, AT_UID, AT_EUID, AT_GID, AT_EGID, AT_SECURE, AT_RANDOM,
 * AT_EXECFN, [AT_PLATFORM], AT_NULL.  Not given: AT_HWCAP2,
 * AT_MINSIGSTKSZ, AT_RSEQ_*.
 *
 * Limits, Linux's: each string (execfn included) is at most
 * ELF_MAX_ARG_STRLEN bytes with its NUL; all strings plus one pointer per
 * argument and environment string must fit in ELF_ARG_MAX (a quarter of
 * the 8 MiB default stack rlimit).  An empty argv becomes { "" }, as in
 * Linux 5.18 and later.
 */
#include "elf/elf.h"
#include "lib/errno.h"
#include "lib/string.h"

#define AT_NULL		0
#define AT_PHDR		3
#define AT_PHENT	4
#define AT_PHNUM	5
#define AT_PAGESZ	6
#define AT_BASE		7
#define AT_FLAGS	8
#define AT_ENTRY	9
#define AT_UID		11
#define AT_EUID		12
#define AT_GID		13
#define AT_EGID		14
#define AT_PLATFORM	15
#define AT_HWCAP	16
#define AT_CLKTCK	17
#define AT_SECURE	23
#define AT_RANDOM	25
#define AT_EXECFN	31
#define AT_SYSINFO	32
#define AT_SYSINFO_EHDR	33

#define STACK_MAX_AUX	24	/* 20 used at most */

struct stack_writer {
	uint8_t *buf;
	uint32_t base;		/* user address of buf[0] */
	uint32_t p;		/* current lowest used user address */
};

static const char *const stack_empty_argv[] = { "" };

/* Length with the NUL, or 0 when longer than ELF_MAX_ARG_STRLEN. */
static size_t stack_strsize(const char *s)
{
	size_t n = strnlen(s, ELF_MAX_ARG_STRLEN);

	return n == ELF_MAX_ARG_STRLEN ? 0 : n + 1;
}

/* Adds the sizes of n strings to *total; -E2BIG past the limits. */
static int stack_count(const char *const *v, unsigned int n, size_t *total)
{
	size_t len;

	for (unsigned int i = 0; i < n; i++) {
		len = stack_strsize(v[i]);
		if (!len || len > ELF_ARG_MAX - *total)
			return -E2BIG;
		*total += len;
	}
	return 0;
}

static int stack_check_limits(const struct elf_stack_args *a)
{
	size_t total = (size_t)(a->argc + a->envc) * sizeof(uint32_t);

	if (a->argc > ELF_ARG_MAX / 4 || a->envc > ELF_ARG_MAX / 4 ||
	    total >= ELF_ARG_MAX)
		return -E2BIG;
	if (stack_count(&a->execfn, 1, &total) ||
	    stack_count(a->envp, a->envc, &total) ||
	    stack_count(a->argv, a->argc, &total))
		return -E2BIG;
	return 0;
}

static int stack_push(struct stack_writer *w, const void *src, size_t n)
{
	if (w->p - w->base < n)
		return -E2BIG;
	w->p -= n;
	memcpy(w->buf + (w->p - w->base), src, n);
	return 0;
}

static void stack_put(struct stack_writer *w, uint32_t addr, uint32_t val)
{
	memcpy(w->buf + (addr - w->base), &val, sizeof(val));
}

/* Pushes v[n - 1] first, so that v[0] ends lowest; returns its address. */
static int stack_push_strings(struct stack_writer *w, const char *const *v,
			      unsigned int n)
{
	for (unsigned int i = n; i-- > 0;)
		if (stack_push(w, v[i], strlen(v[i]) + 1))
			return -E2BIG;
	return 0;
}

/* Writes n pointers at slot to the n strings that start at str, then NULL. */
static uint32_t stack_put_vector(struct stack_writer *w, uint32_t slot,
				 const char *const *v, unsigned int n,
				 uint32_t str)
{
	for (unsigned int i = 0; i < n; i++, slot += 4) {
		stack_put(w, slot, str);
		str += strlen(v[i]) + 1;
	}
	stack_put(w, slot, 0);
	return slot + 4;
}

#define AUX(t, v)	do { aux[n][0] = (t); aux[n][1] = (v); n++; } while (0)

/* Fills aux[][2] in Linux's order; returns the count with AT_NULL. */
static unsigned int stack_auxv(uint32_t aux[][2], const struct elf_stack_args *a,
			       uint32_t execfn, uint32_t platform,
			       uint32_t random)
{
	const struct elf_image *img = a->img;
	unsigned int n = 0;

	if (a->sysinfo)
		AUX(AT_SYSINFO, a->sysinfo);
	if (a->sysinfo_ehdr)
		AUX(AT_SYSINFO_EHDR, a->sysinfo_ehdr);
	AUX(AT_HWCAP, a->hwcap);
	AUX(AT_PAGESZ, ELF_PAGE_SIZE);
	AUX(AT_CLKTCK, ELF_CLKTCK);
	AUX(AT_PHDR, img->phdr);
	AUX(AT_PHENT, img->phent);
	AUX(AT_PHNUM, img->phnum);
	AUX(AT_BASE, a->base);
	AUX(AT_FLAGS, 0);
	AUX(AT_ENTRY, img->entry);
	AUX(AT_UID, a->uid);
	AUX(AT_EUID, a->euid);
	AUX(AT_GID, a->gid);
	AUX(AT_EGID, a->egid);
	AUX(AT_SECURE, a->secure);
	AUX(AT_RANDOM, random);
	AUX(AT_EXECFN, execfn);
	if (platform)
		AUX(AT_PLATFORM, platform);
	AUX(AT_NULL, 0);
	return n;
}

/* The strings, the platform and the random bytes; fills the addresses. */
static int stack_push_data(struct stack_writer *w, const struct elf_stack_args *a,
			   uint32_t addr[4])
{
	static const uint32_t zero;

	if (stack_push(w, &zero, sizeof(zero)) ||
	    stack_push(w, a->execfn, strlen(a->execfn) + 1))
		return -E2BIG;
	addr[0] = w->p;		/* execfn */
	if (stack_push_strings(w, a->envp, a->envc))
		return -E2BIG;
	addr[1] = w->p;		/* envp[0] string */
	if (stack_push_strings(w, a->argv, a->argc))
		return -E2BIG;
	addr[2] = w->p;		/* argv[0] string */
	w->p &= ~15u;
	addr[3] = 0;		/* platform */
	if (a->platform) {
		if (stack_push(w, a->platform, strlen(a->platform) + 1))
			return -E2BIG;
		addr[3] = w->p;
	}
	return stack_push(w, a->random, ELF_RANDOM_BYTES);
}

/* Everything below the data: argc, argv, envp, auxv. */
static int stack_push_tables(struct stack_writer *w,
			     const struct elf_stack_args *a,
			     const uint32_t addr[4], struct elf_stack *out)
{
	uint32_t aux[STACK_MAX_AUX][2];
	unsigned int naux = stack_auxv(aux, a, addr[0], addr[3], w->p);
	uint32_t words = 1 + (a->argc + 1) + (a->envc + 1) + 2 * naux;
	uint32_t sp, slot;

	out->strings = w->p;
	out->arg_start = addr[2];
	out->arg_end = out->env_start = addr[1];
	out->env_end = addr[0];
	if ((w->p - w->base) / 4 < words + 4)
		return -E2BIG;
	sp = (w->p - words * 4) & ~15u;
	stack_put(w, sp, a->argc);
	out->sp = sp;
	out->argv = sp + 4;
	slot = stack_put_vector(w, out->argv, a->argv, a->argc, addr[2]);
	out->envp = slot;
	slot = stack_put_vector(w, slot, a->envp, a->envc, addr[1]);
	out->auxv = slot;
	memcpy(w->buf + (slot - w->base), aux, naux * sizeof(aux[0]));
	w->p = sp;
	return 0;
}

int elf_stack_build(void *buf, size_t size, uint32_t top,
		    const struct elf_stack_args *args, struct elf_stack *out)
{
	struct elf_stack_args a = *args;
	struct stack_writer w;
	uint32_t addr[4];

	if (top % 16 || size > top || size < 64)
		return -EINVAL;
	if (a.argc == 0) {
		a.argv = stack_empty_argv;
		a.argc = 1;
	}
	if (stack_check_limits(&a))
		return -E2BIG;
	w.buf = buf;
	w.base = top - (uint32_t)size;
	w.p = top;
	if (stack_push_data(&w, &a, addr))
		return -E2BIG;
	return stack_push_tables(&w, &a, addr, out);
}
