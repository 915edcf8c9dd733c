/*
 * test_elf.c: elf_parse() (elf/elf.c).
 *
 * - real programs: build/user/bin/hello (ET_EXEC) and hello-pie (static
 *   PIE), made by tests/user/user.mk, checked against what readelf -lhW
 *   says about them (build/user/readelf/NAME.readelf).  The synthetic and
 *   malformed headers and the fuzz loop are in test_elf_bad.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elf/elf.h"
#include "lib/errno.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

#define USER_BIN	"build/user/bin/"

/* ---- readelf's view ---------------------------------------------------- */

struct re_load {
	unsigned long off, vaddr, filesz, memsz;
	int prot;
};

struct re_info {
	int type;
	unsigned long entry, phoff, phnum;
	int nload;
	struct re_load load[ELF_MAX_LOAD];
};

static int re_prot(const char *flg)
{
	return (strchr(flg, 'R') ? ELF_PROT_READ : 0) |
	       (strchr(flg, 'W') ? ELF_PROT_WRITE : 0) |
	       (strchr(flg, 'E') ? ELF_PROT_EXEC : 0);
}

static void re_line(struct re_info *re, const char *l)
{
	struct re_load *ld = &re->load[re->nload];
	char flg[8] = "";
	unsigned long paddr;

	if (strstr(l, "Type:"))
		re->type = strstr(l, "EXEC") ? ET_EXEC : ET_DYN;
	sscanf(l, " Entry point address: %lx", &re->entry);
	sscanf(l, " Start of program headers: %lu", &re->phoff);
	sscanf(l, " Number of program headers: %lu", &re->phnum);
	if (re->nload < ELF_MAX_LOAD &&
	    sscanf(l, " LOAD %lx %lx %lx %lx %lx %3[RWE ]", &ld->off,
		   &ld->vaddr, &paddr, &ld->filesz, &ld->memsz, flg) == 6) {
		ld->prot = re_prot(flg);
		re->nload++;
	}
}

static int re_read(const char *path, struct re_info *re)
{
	char line[256];
	FILE *f = fopen(path, "r");

	memset(re, 0, sizeof(*re));
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		re_line(re, line);
	fclose(f);
	return 0;
}

/* The first page of a file, in a buffer of exactly its length. */
static unsigned char *read_head(const char *path, size_t *len)
{
	unsigned char *buf = malloc(ELF_PAGE_SIZE);
	FILE *f = fopen(path, "rb");

	*len = f ? fread(buf, 1, ELF_PAGE_SIZE, f) : 0;
	if (f)
		fclose(f);
	return buf;
}

static unsigned long re_phdr(const struct re_info *re)
{
	unsigned long size = re->phnum * 32;

	for (int i = 0; i < re->nload; i++)
		if (re->phoff >= re->load[i].off &&
		    re->phoff + size <= re->load[i].off + re->load[i].filesz)
			return re->load[i].vaddr + re->phoff - re->load[i].off;
	return 0;
}

static void check_real(const char *name)
{
	char path[128], rpath[128];
	struct elf_image img;
	struct re_info re;
	unsigned char *head;
	size_t len;
	uint32_t bias;

	snprintf(path, sizeof(path), USER_BIN "%s", name);
	snprintf(rpath, sizeof(rpath), "build/user/readelf/%s.readelf", name);
	head = read_head(path, &len);
	CHECK_MSG(len > 0 && re_read(rpath, &re) == 0, "%s missing", path);
	if (len == 0) {
		free(head);
		return;
	}
	CHECK_EQ(elf_parse(head, len, &img), 0);
	bias = re.type == ET_DYN ? ELF_ET_DYN_BASE - (re.load[0].vaddr & ~0xfffu) : 0;
	CHECK_EQ(img.type, re.type);
	CHECK_EQ(img.load_bias, bias);
	CHECK_EQ(img.entry, re.entry + bias);
	CHECK_EQ(img.phnum, re.phnum);
	CHECK_EQ(img.phent, 32);
	CHECK_EQ(img.phdr, re_phdr(&re) + bias);
	CHECK(!img.has_interp);
	CHECK(!img.exec_stack);
	CHECK_EQ(img.nload, re.nload);
	for (int i = 0; i < re.nload && i < (int)img.nload; i++) {
		CHECK_EQ(img.load[i].vaddr, re.load[i].vaddr + bias);
		CHECK_EQ(img.load[i].offset, re.load[i].off);
		CHECK_EQ(img.load[i].filesz, re.load[i].filesz);
		CHECK_EQ(img.load[i].memsz, re.load[i].memsz);
		CHECK_EQ(img.load[i].prot, re.load[i].prot);
	}
	free(head);
}

TEST(elf_parse_real_static_exec)
{
	check_real("hello");
}

TEST(elf_parse_real_static_pie)
{
	check_real("hello-pie");
}
