/*
 * test_ksyms.c: kallsyms / nm text parsing and symbol lookup.
 */
#include <string.h>
#include "tests/host/test.h"
#include "tests/host/prof/ksyms_text.h"
#include "userland/profile/pd.h"

static const char ksyms_odd[] =
	"c0200000 T alpha\n"
	"c0200000 t alpha_alias\n"	/* a local alias: alpha wins */
	"c0200010 t beta\t[mod]\n"	/* a module column */
	"c0200020 W gamma\r\n"		/* CRLF */
	"00000010 A absolute\n"		/* skipped */
	"         U undefined\n"	/* skipped */
	"zzzz T notanumber\n"
	"c0200030 T\n"			/* no name */
	"c0200040 B bss_start\n"	/* ends gamma */
	"c0200050 w delta";		/* no newline at the end */

TEST(prof_ksyms_parse_and_find)
{
	struct pd_symtab t;

	pd_symtab_init(&t);
	CHECK_EQ(pd_ksyms_parse(&t, ksyms_odd, strlen(ksyms_odd)), 5);
	pd_symtab_finish(&t);
	CHECK(!pd_symtab_find(&t, 0xc01fffff));
	CHECK(!strcmp(pd_symtab_find(&t, 0xc0200000), "alpha"));
	CHECK(!strcmp(pd_symtab_find(&t, 0xc020000f), "alpha"));
	CHECK(!strcmp(pd_symtab_find(&t, 0xc0200010), "beta"));
	CHECK(!strcmp(pd_symtab_find(&t, 0xc020003f), "gamma"));
	CHECK(!pd_symtab_find(&t, 0xc0200040));
	CHECK(!pd_symtab_find(&t, 0xc020004f));
	CHECK(!strcmp(pd_symtab_find(&t, 0xc0200050), "delta"));
	CHECK(!strcmp(pd_symtab_find(&t, 0xffffffff), "delta"));
	pd_symtab_free(&t);
}

TEST(prof_ksyms_empty_and_garbage)
{
	struct pd_symtab t;
	static const char junk[] = "\n\n \x01\xff garbage\nc0 T\n";

	pd_symtab_init(&t);
	CHECK_EQ(pd_ksyms_parse(&t, "", 0), 0);
	CHECK_EQ(pd_ksyms_parse(&t, junk, sizeof(junk) - 1), 0);
	pd_symtab_finish(&t);
	CHECK(!pd_symtab_find(&t, 0xc0000000));
	pd_symtab_free(&t);
}

/* Kernel frames: a return address at a function's first byte belongs
 * to the function before (its call was the last instruction). */
TEST(prof_ksyms_frame_names)
{
	struct pd_symtab t;
	struct pd_str b;

	pd_symtab_init(&t);
	pd_ksyms_parse(&t, TEST_KSYMS, strlen(TEST_KSYMS));
	pd_symtab_finish(&t);
	pd_str_init(&b);
	pd_name_kernel(&b, &t, 0xc0102200, 1);
	pd_name_kernel(&b, &t, 0xc0102200, 0);
	pd_name_kernel(&b, &t, 0xc0103004, 1);
	CHECK_MSG(!strcmp(b.s, "do_read_[k];sys_read_[k];[kernel]+0xc0103004_[k]"),
		  "got %s", b.s);
	pd_str_free(&b);
	pd_symtab_free(&t);
}
