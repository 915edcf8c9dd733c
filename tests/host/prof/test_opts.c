/*
 * test_opts.c: the profile command's options (profile_opts.c).
 */
#include <string.h>
#include "tests/host/test.h"
#include "userland/profile/profile.h"

/* Parses the words of line (at most 15); returns the result. */
static int opts_parse(struct prof_opts *o, const char *line)
{
	static char buf[256];
	char *argv[16], err[160];
	int argc = 0;

	strcpy(buf, line);
	for (char *w = strtok(buf, " "); w && argc < 15; w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	return prof_opts_parse(o, argc, argv, err, sizeof(err));
}

TEST(prof_opts_good)
{
	struct prof_opts o;

	CHECK_EQ(opts_parse(&o, "profile -F 99 -m4 -o out.txt ls -l /"), 0);
	CHECK_EQ(o.hz, 99);
	CHECK_EQ(o.log_mib, 4);
	CHECK(o.out && !strcmp(o.out, "out.txt"));
	CHECK(o.cmd && !strcmp(o.cmd[0], "ls") && !strcmp(o.cmd[1], "-l"));
	CHECK_EQ(opts_parse(&o, "profile -a -d 5"), 0);
	CHECK(o.all && o.seconds == 5 && !o.cmd);
	CHECK_EQ(opts_parse(&o, "profile --syscalls --memory -- -x"), 0);
	CHECK(o.syscalls && o.memory && !strcmp(o.cmd[0], "-x"));
	CHECK_EQ(opts_parse(&o, "profile --boot --timeline"), 0);
	CHECK(o.boot && o.timeline);
	CHECK_EQ(opts_parse(&o, "profile --raw -a"), 0);
	CHECK_EQ(opts_parse(&o, "profile --help"), 0);
	CHECK(o.help);
}

TEST(prof_opts_bad)
{
	struct prof_opts o;

	CHECK_EQ(opts_parse(&o, "profile"), -22);
	CHECK_EQ(opts_parse(&o, "profile -F"), -22);
	CHECK_EQ(opts_parse(&o, "profile -F 0 ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile -F 100000 ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile -F 12x ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile -m 1000 ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile -q ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile --nope ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile -d 3 ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile --timeline ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile --boot ls"), -22);
	CHECK_EQ(opts_parse(&o, "profile --boot -a"), -22);
}
