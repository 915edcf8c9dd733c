/*
 * test_elf.c: naming user frames from real i386 ELF files (prog.c built
 * by profile.mk: unstripped ET_EXEC, stripped, static-PIE), mapped as
 * the kernel maps them (readelf's PT_LOADs, page-aligned), checked
 * against nm's addresses; damaged ELF files give errors, not crashes.
 */
#include <stdlib.h>
#include <string.h>
#include "tests/host/test.h"
#include "tests/host/prof/logbuf.h"

#define PIE_BIAS	0x56555000u

/* nm's address of name in PROF_TEST_DIR/file.nm, 0 if not there. */
static uint32_t elf_nm_addr(const char *file, const char *name)
{
	char path[256], line[512], sym[256], type;
	unsigned int addr;
	uint32_t found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.nm", PROF_TEST_DIR, file);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%x %c %255s", &addr, &type, sym) == 3 &&
		    !strcmp(sym, name))
			found = addr;
	fclose(f);
	return found;
}

/* The processes' maps as the kernel makes them: one MMAP record per
 * PT_LOAD of readelf's view, at bias. */
static int elf_map(struct lb *l, uint32_t pid, const char *file,
		   const char *guest_path, uint32_t bias)
{
	char path[256], line[512];
	unsigned int off, va, pa, fsz, msz;
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.readelf", PROF_TEST_DIR, file);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, " LOAD 0x%x 0x%x 0x%x 0x%x 0x%x", &off, &va,
			   &pa, &fsz, &msz) != 5)
			continue;
		lb_mmap(l, pid, bias + (va & ~0xfffu),
			bias + ((va + fsz + 0xfff) & ~0xfffu), off & ~0xfffu,
			guest_path);
		n++;
	}
	fclose(f);
	return n;
}

/* The stack of one user sample at addr (exact or a return address) in
 * a process running guest_path mapped from file at bias. */
static char *elf_fold(const char *file, const char *guest_path,
		      uint32_t bias, uint32_t addr, int exact)
{
	const uint32_t ips[2] = { 0x08000000, addr };	/* 1st: unmapped */
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_info(&l, 1000, 0);
	lb_exec(&l, 1, "p", guest_path);
	CHECK(elf_map(&l, 1, file, guest_path, bias) >= 2);
	lb_sample(&l, 1, 1, PROF_MODE_USER, 0, 0, NULL, exact ? 1 : 2,
		  exact ? ips + 1 : ips);
	out = lb_decode(l.buf, l.len, PD_FOLD, NULL, PROF_TEST_DIR, &warn,
			&ret);
	CHECK_EQ(ret, 0);
	free(warn);
	lb_free(&l);
	return out;
}

/* Checks that the functions of file, mapped at bias, are named. */
static void elf_check_names(const char *file, uint32_t bias)
{
	static const char *const names[] = { "prof_leaf", "prof_middle",
					     "main" };
	char guest[64], want[128], *out;

	snprintf(guest, sizeof(guest), "/%s", file);
	for (size_t i = 0; i < 3; i++) {
		uint32_t a = elf_nm_addr(file, names[i]);

		CHECK_MSG(a, "%s: no %s in nm's output", file, names[i]);
		snprintf(want, sizeof(want), "p;%s 1\n", names[i]);
		out = elf_fold(file, guest, bias, bias + a + 2, 1);
		CHECK_MSG(!strcmp(out, want), "%s exact: %s", file, out);
		free(out);
		/* a return address: the frame of the call */
		out = elf_fold(file, guest, bias, bias + a + 3, 0);
		snprintf(want, sizeof(want), "p;%s;[unknown]+0x8000000 1\n",
			 names[i]);
		CHECK_MSG(!strcmp(out, want), "%s return: %s", file, out);
		free(out);
	}
}

/* A return address at a function's first byte is the previous
 * function's: its call was the last instruction (looked up at addr-1). */
static void elf_check_return_at_start(const char *file, uint32_t bias)
{
	uint32_t a = elf_nm_addr(file, "prof_middle");
	char guest[64], *out;

	snprintf(guest, sizeof(guest), "/%s", file);
	out = elf_fold(file, guest, bias, bias + a, 0);
	CHECK_MSG(!strcmp(out, "p;prof_leaf;[unknown]+0x8000000 1\n"),
		  "%s: %s", file, out);
	free(out);
	out = elf_fold(file, guest, bias, bias + a, 1);
	CHECK_MSG(!strcmp(out, "p;prof_middle 1\n"), "%s: %s", file, out);
	free(out);
}

TEST(prof_elf_exec_symbols)
{
	elf_check_names("prog", 0);
	elf_check_return_at_start("prog", 0);
}

TEST(prof_elf_static_pie_symbols)
{
	elf_check_names("prog-pie", PIE_BIAS);
	elf_check_return_at_start("prog-pie", PIE_BIAS);
}

/* A stripped file: FILE+0xADDR, ADDR being nm's address in the
 * unstripped one (what addr2line wants). */
TEST(prof_elf_stripped_gives_file_address)
{
	uint32_t a = elf_nm_addr("prog", "prof_middle");
	char want[128], *out;

	out = elf_fold("prog", "/prog-stripped", 0, a + 5, 1);
	snprintf(want, sizeof(want), "p;prog-stripped+0x%x 1\n", a + 5);
	CHECK_MSG(!strcmp(out, want), "got %s, want %s", out, want);
	free(out);
}

/* A file that is not there: FILE+0xOFFSET, the offset in the file. */
TEST(prof_elf_missing_file_gives_offset)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_info(&l, 1000, 0);
	lb_exec(&l, 1, "p", "/no/such");
	lb_mmap(&l, 1, 0x10000, 0x20000, 0x3000, "/no/such");
	lb_sample(&l, 1, 1, PROF_MODE_USER, 0, 0, NULL, 1,
		  (const uint32_t[]){ 0x10010 });
	out = lb_decode(l.buf, l.len, PD_FOLD, NULL, PROF_TEST_DIR, &warn, &ret);
	CHECK_MSG(!strcmp(out, "p;such+0x3010 1\n"), "got %s", out);
	free(out);
	free(warn);
	lb_free(&l);
}

/* Reads PROF_TEST_DIR/name whole; NULL if it cannot. */
static unsigned char *elf_read(const char *name, size_t *len)
{
	char path[256];
	unsigned char *buf;

	snprintf(path, sizeof(path), "%s/%s", PROF_TEST_DIR, name);
	return pd_read_path(path, &buf, len) ? NULL : buf;
}

/* Every prefix of the file, and damaged headers: no crash, and a
 * damaged table is an error. */
TEST(prof_elf_damaged_files)
{
	struct pd_elf e;
	size_t len;
	unsigned char *buf = elf_read("prog", &len), *copy;
	uint32_t bad = 0xfffffff0u;

	CHECK(buf);
	if (!buf)
		return;
	copy = malloc(len);
	for (size_t n = 0; n <= len; n += n < 256 ? 1 : 97) {
		memset(&e, 0, sizeof(e));
		memcpy(copy, buf, n);
		(void)pd_elf_parse(&e, copy, n);
		pd_elf_free(&e);
	}
	memcpy(copy, buf, len);
	memcpy(copy + 32, &bad, 4);	/* e_shoff */
	memset(&e, 0, sizeof(e));
	CHECK(pd_elf_parse(&e, copy, len) < 0);
	pd_elf_free(&e);
	memset(&e, 0, sizeof(e));
	CHECK(pd_elf_parse(&e, (const unsigned char *)"\177ELF", 4) < 0);
	pd_elf_free(&e);
	memset(&e, 0, sizeof(e));
	CHECK_EQ(pd_elf_parse(&e, buf, len), 0);
	CHECK(e.nloads >= 2);
	CHECK(e.syms.n > 10);
	pd_elf_free(&e);
	free(copy);
	free(buf);
}
