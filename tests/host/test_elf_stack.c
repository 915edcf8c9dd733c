/*
 * test_elf_stack.c: the initial user stack (elf/stack.c), decoded back
 * from the buffer as a program would read it: argc, every argv and envp
 * pointer and its string, the NULLs, each auxv entry in Linux's order,
 * AT_RANDOM's bytes, AT_EXECFN and AT_PLATFORM, the 16-byte alignment and
 * the NULL word at the top; then the -E2BIG limits and -EINVAL.
 */
#include <stdlib.h>
#include <string.h>
#include "elf/elf.h"
#include "lib/errno.h"
#include "tests/host/test.h"

#define TOP	0xC0000000u

struct decoder {
	const unsigned char *buf;
	uint32_t base;
	uint32_t lo;		/* lowest valid address: the final sp */
};

static uint32_t rd(const struct decoder *d, uint32_t addr)
{
	uint32_t v = 0;

	if (addr < d->lo || addr > TOP - 4) {
		test_fail(__FILE__, __LINE__, "word at %#x outside", addr);
		return 0;
	}
	memcpy(&v, d->buf + (addr - d->base), 4);
	return v;
}

static const char *str(const struct decoder *d, uint32_t addr)
{
	if (addr < d->lo || addr >= TOP) {
		test_fail(__FILE__, __LINE__, "string at %#x outside", addr);
		return "";
	}
	return (const char *)d->buf + (addr - d->base);
}

static const uint8_t random16[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
				      13, 14, 15, 16 };

static void default_args(struct elf_stack_args *a, struct elf_image *img)
{
	static const char *const argv[] = { "/test/hello", "one", "" };
	static const char *const envp[] = { "A=1", "PATH=/test" };

	memset(img, 0, sizeof(*img));
	img->entry = 0x08049010;
	img->phdr = 0x08048034;
	img->phnum = 7;
	img->phent = 32;
	*a = (struct elf_stack_args){ .argv = argv, .argc = 3, .envp = envp,
		.envc = 2, .execfn = "/test/hello", .img = img, .uid = 1000,
		.euid = 1001, .gid = 100, .egid = 101, .hwcap = 0x178bfbff,
		.random = random16, .platform = "i686" };
}

/* Checks vector v (n strings) at slot, then its NULL; returns the next. */
static uint32_t check_vector(const struct decoder *d, uint32_t slot,
			     const char *const *v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++, slot += 4)
		CHECK_MSG(!strcmp(str(d, rd(d, slot)), v[i]), "string %u", i);
	CHECK_EQ(rd(d, slot), 0);
	return slot + 4;
}

static void check_auxv(const struct decoder *d, uint32_t slot,
		       const struct elf_stack_args *a)
{
	static const uint32_t order[] = { 16, 6, 17, 3, 4, 5, 7, 8, 9, 11, 12,
					  13, 14, 23, 25, 31, 15, 0 };
	uint32_t want[32] = { [16] = a->hwcap, [6] = 4096, [17] = 100,
		[3] = a->img->phdr, [4] = 32, [5] = a->img->phnum, [7] = 0,
		[8] = 0, [9] = a->img->entry, [11] = a->uid, [12] = a->euid,
		[13] = a->gid, [14] = a->egid, [23] = 0 };
	uint32_t type, val;

	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++, slot += 8) {
		type = rd(d, slot);
		val = rd(d, slot + 4);
		CHECK_MSG(type == order[i], "auxv[%zu] type %u", i, type);
		if (type == 25)
			CHECK(!memcmp(str(d, val), random16, 16));
		else if (type == 31)
			CHECK(!strcmp(str(d, val), a->execfn));
		else if (type == 15)
			CHECK(!strcmp(str(d, val), "i686"));
		else
			CHECK_MSG(val == want[type], "auxv type %u: %#x", type,
				  val);
	}
}

TEST(elf_stack_layout)
{
	size_t size = 8192;
	unsigned char *buf = malloc(size);
	struct elf_stack_args a;
	struct elf_image img;
	struct elf_stack st;
	struct decoder d = { buf, TOP - (uint32_t)size, 0 };
	uint32_t slot;

	default_args(&a, &img);
	memset(buf, 0xa5, size);
	CHECK_EQ(elf_stack_build(buf, size, TOP, &a, &st), 0);
	d.lo = st.sp;
	CHECK_EQ(st.sp % 16, 0);
	CHECK(st.sp >= d.base);
	CHECK_EQ(rd(&d, TOP - 4), 0);
	CHECK_EQ(rd(&d, st.sp), 3);
	CHECK_EQ(st.argv, st.sp + 4);
	slot = check_vector(&d, st.argv, a.argv, a.argc);
	CHECK_EQ(slot, st.envp);
	slot = check_vector(&d, st.envp, a.envp, a.envc);
	CHECK_EQ(slot, st.auxv);
	check_auxv(&d, st.auxv, &a);
	CHECK(st.strings > st.auxv + 18 * 8 - 1);
	CHECK(st.strings - (st.auxv + 18 * 8) < 16);	/* only padding */
	/* The argv strings, then the environment's, back to back. */
	CHECK_EQ(st.arg_start, rd(&d, st.argv));
	CHECK_EQ(st.arg_end, st.env_start);
	CHECK_EQ(st.env_start, rd(&d, st.envp));
	CHECK_EQ(st.env_end, rd(&d, st.envp + 4 * (a.envc - 1)) +
		 strlen(a.envp[a.envc - 1]) + 1);
	CHECK_EQ(st.arg_end, rd(&d, st.argv + 4 * (a.argc - 1)) +
		 strlen(a.argv[a.argc - 1]) + 1);
	free(buf);
}

TEST(elf_stack_sysinfo_no_platform_empty_argv)
{
	unsigned char *buf = malloc(4096);
	struct elf_stack_args a;
	struct elf_image img;
	struct elf_stack st;
	struct decoder d = { buf, TOP - 4096, 0 };

	default_args(&a, &img);
	a.argc = 0;
	a.envc = 0;
	a.platform = NULL;
	a.sysinfo = 0xb7fff480;
	a.sysinfo_ehdr = 0xb7fff000;
	CHECK_EQ(elf_stack_build(buf, 4096, TOP, &a, &st), 0);
	d.lo = st.sp;
	CHECK_EQ(st.sp % 16, 0);
	CHECK_EQ(rd(&d, st.sp), 1);		/* argv = { "" } */
	CHECK(!strcmp(str(&d, rd(&d, st.argv)), ""));
	CHECK_EQ(rd(&d, st.argv + 4), 0);
	CHECK_EQ(rd(&d, st.envp), 0);
	CHECK_EQ(rd(&d, st.auxv), 32);		/* AT_SYSINFO first */
	CHECK_EQ(rd(&d, st.auxv + 4), 0xb7fff480);
	CHECK_EQ(rd(&d, st.auxv + 8), 33);	/* AT_SYSINFO_EHDR */
	CHECK_EQ(rd(&d, st.auxv + 12), 0xb7fff000);
	CHECK_EQ(rd(&d, st.auxv + 16), 16);	/* then AT_HWCAP */
	CHECK_EQ(rd(&d, st.auxv + 18 * 8), 0);	/* AT_NULL, no platform */
	free(buf);
}

/* The most entries: both vDSO ones and the platform. */
TEST(elf_stack_sysinfo_and_platform)
{
	unsigned char *buf = malloc(4096);
	struct elf_stack_args a;
	struct elf_image img;
	struct elf_stack st;
	struct decoder d = { buf, TOP - 4096, 0 };

	default_args(&a, &img);
	a.sysinfo = 0xb7fff480;
	a.sysinfo_ehdr = 0xb7fff000;
	CHECK_EQ(elf_stack_build(buf, 4096, TOP, &a, &st), 0);
	d.lo = st.sp;
	CHECK_EQ(rd(&d, st.auxv + 8), 33);
	CHECK_EQ(rd(&d, st.auxv + 18 * 8), 15);	/* AT_PLATFORM last */
	CHECK(!strcmp(str(&d, rd(&d, st.auxv + 18 * 8 + 4)), "i686"));
	CHECK_EQ(rd(&d, st.auxv + 19 * 8), 0);	/* AT_NULL */
	CHECK(st.strings >= st.auxv + 20 * 8);
	free(buf);
}

/* Every argument and environment count keeps sp aligned. */
TEST(elf_stack_alignment_all_counts)
{
	static const char *const v[] = { "a", "bb", "ccc", "dddd", "e", "f",
					 "g", "h" };
	unsigned char *buf = malloc(4096);
	struct elf_stack_args a;
	struct elf_image img;
	struct elf_stack st;

	default_args(&a, &img);
	for (unsigned int n = 0; n < 8; n++)
		for (unsigned int m = 0; m < 8; m++) {
			a.argv = v;
			a.argc = n;
			a.envp = v;
			a.envc = m;
			CHECK_EQ(elf_stack_build(buf, 4096, TOP, &a, &st), 0);
			CHECK_MSG(st.sp % 16 == 0, "%u %u", n, m);
		}
	free(buf);
}

TEST(elf_stack_limits)
{
	size_t size = 512 * 1024;
	unsigned char *buf = malloc(size);
	char *big = malloc(ELF_MAX_ARG_STRLEN + 1);
	const char *v[20];
	struct elf_stack_args a;
	struct elf_image img;
	struct elf_stack st;

	default_args(&a, &img);
	memset(big, 'x', ELF_MAX_ARG_STRLEN);
	big[ELF_MAX_ARG_STRLEN - 1] = '\0';	/* the longest allowed */
	v[0] = big;
	a.argv = v;
	a.argc = 1;
	CHECK_EQ(elf_stack_build(buf, size, TOP, &a, &st), 0);
	big[ELF_MAX_ARG_STRLEN - 1] = 'x';
	big[ELF_MAX_ARG_STRLEN] = '\0';		/* one byte too long */
	CHECK_EQ(elf_stack_build(buf, size, TOP, &a, &st), -E2BIG);
	a.argc = 0;
	a.execfn = big;
	CHECK_EQ(elf_stack_build(buf, size, TOP, &a, &st), -E2BIG);

	default_args(&a, &img);
	big[ELF_MAX_ARG_STRLEN - 1] = '\0';
	for (int i = 0; i < 20; i++)
		v[i] = big;
	a.envp = v;
	a.envc = 16;	/* 16 x 128 KiB = 2 MiB: over with the rest */
	CHECK_EQ(elf_stack_build(buf, size, TOP, &a, &st), -E2BIG);
	a.envc = 3;	/* within the limits, but not in a 512 KiB buffer */
	CHECK_EQ(elf_stack_build(buf, size, TOP, &a, &st), 0);
	a.envc = 4;
	CHECK_EQ(elf_stack_build(buf, size, TOP, &a, &st), -E2BIG);
	CHECK_EQ(elf_stack_build(buf, size, TOP - 4, &a, &st), -EINVAL);
	free(big);
	free(buf);
}
