/*
 * test_elf_script.c: "#!" lines (elf/script.c) against the cases of
 * Linux's fs/binfmt_script.c: trimming, the one argument with its inner
 * blanks, NUL bytes, the 255-byte window with and without a newline.
 */
#include <string.h>
#include "elf/elf.h"
#include "lib/errno.h"
#include "tests/host/test.h"

static int parse(const char *text, size_t len, struct elf_script *s)
{
	return elf_script_parse(text, len, s);
}

static void check_line(const char *text, const char *interp, const char *arg)
{
	struct elf_script s;
	int ret = parse(text, strlen(text), &s);

	CHECK_MSG(ret == 0, "\"%s\": %d", text, ret);
	if (ret)
		return;
	CHECK_MSG(!strcmp(s.interp, interp), "\"%s\": interp \"%s\"", text,
		  s.interp);
	if (arg)
		CHECK_MSG(s.arg && !strcmp(s.arg, arg), "\"%s\": arg \"%s\"",
			  text, s.arg ? s.arg : "(null)");
	else
		CHECK_MSG(!s.arg, "\"%s\": arg \"%s\"", text, s.arg);
}

TEST(elf_script_lines)
{
	check_line("#!/bin/sh\necho hi\n", "/bin/sh", NULL);
	check_line("#!/bin/sh", "/bin/sh", NULL);
	check_line("#! /bin/sh \n", "/bin/sh", NULL);
	check_line("#!\t/bin/sh\t-e\t\n", "/bin/sh", "-e");
	check_line("#!/usr/bin/env python3 -u\n", "/usr/bin/env",
		   "python3 -u");
	check_line("#!/bin/awk   -f  \nBEGIN{}", "/bin/awk", "-f");
	check_line("#!/a b\r\n", "/a", "b\r");
}

TEST(elf_script_rejects)
{
	struct elf_script s;

	CHECK_EQ(parse("", 0, &s), -ENOEXEC);
	CHECK_EQ(parse("#", 1, &s), -ENOEXEC);
	CHECK_EQ(parse("!#/bin/sh\n", 10, &s), -ENOEXEC);
	CHECK_EQ(parse("#!\n", 3, &s), -ENOEXEC);
	CHECK_EQ(parse("#!   \t \n/bin/sh", 15, &s), -ENOEXEC);
	CHECK(!elf_is_script("#", 1));
	CHECK(elf_is_script("#!", 2));
}

TEST(elf_script_nul_and_window)
{
	char buf[400];
	struct elf_script s;

	memcpy(buf, "#!/bin/x\0arg\n", 13);
	CHECK_EQ(parse(buf, 13, &s), 0);	/* name cut at the NUL */
	CHECK(!strcmp(s.interp, "/bin/x") && !s.arg);

	/* A name longer than the window, no newline: cut, refused. */
	memset(buf, 'a', sizeof(buf));
	memcpy(buf, "#!/", 3);
	CHECK_EQ(parse(buf, sizeof(buf), &s), -ENOEXEC);

	/* The name is complete; the argument runs past the window. */
	memcpy(buf, "#!/bin/sh ", 10);
	CHECK_EQ(parse(buf, sizeof(buf), &s), 0);
	CHECK(!strcmp(s.interp, "/bin/sh"));
	CHECK(s.arg && strlen(s.arg) == ELF_SCRIPT_BUF - 1 - 10);

	/* A newline beyond the window does not count. */
	memset(buf, 'b', sizeof(buf));
	memcpy(buf, "#!/", 3);
	buf[300] = '\n';
	CHECK_EQ(parse(buf, sizeof(buf), &s), -ENOEXEC);
}
