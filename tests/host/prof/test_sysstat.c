/*
 * test_sysstat.c: /proc/syscall_stats as strace -c's table.
 */
#include <stdlib.h>
#include <string.h>
#include "tests/host/test.h"
#include "tests/host/prof/logbuf.h"

static char *sys_table(const char *in, int *ret)
{
	struct lb_stream s;

	*ret = pd_sysstat_print(in, strlen(in), lb_stream_open(&s));
	return lb_stream_close(&s);
}

TEST(prof_sysstat_table)
{
	static const char in[] =
		"20 getpid 5 0 0 0\n"
		"4 write 2 0 100000 60000\n"
		"\n"
		"3 sys_read 3 1 300000 200000\n";
	static const char want[] =
		"% time     seconds  usecs/call     calls    errors syscall\n"
		"------ ----------- ----------- --------- --------- ----------------\n"
		" 75.00    0.000300         100         3         1 read\n"
		" 25.00    0.000100          50         2           write\n"
		"  0.00    0.000000           0         5           getpid\n"
		"------ ----------- ----------- --------- --------- ----------------\n"
		"100.00    0.000400          40        10         1 total\n";
	int ret;
	char *out = sys_table(in, &ret);

	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out, want), "got:\n%s", out);
	free(out);
}

TEST(prof_sysstat_long_times_and_ties)
{
	static const char in[] =
		"162 nanosleep 2 0 2500000000 1500000000\n"
		"1 exit 1 0 2500000000 2500000000\n";
	static const char want[] =
		"% time     seconds  usecs/call     calls    errors syscall\n"
		"------ ----------- ----------- --------- --------- ----------------\n"
		" 50.00    2.500000     2500000         1           exit\n"
		" 50.00    2.500000     1250000         2           nanosleep\n"
		"------ ----------- ----------- --------- --------- ----------------\n"
		"100.00    5.000000     1666666         3           total\n";
	int ret;
	char *out = sys_table(in, &ret);

	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out, want), "got:\n%s", out);
	free(out);
}

TEST(prof_sysstat_empty_and_bad)
{
	int ret;
	char *out = sys_table("", &ret);

	CHECK_EQ(ret, 0);
	CHECK(strstr(out, "100.00    0.000000           0         0"
		     "           total\n"));
	free(out);
	out = sys_table("3 read three 0 0 0\n", &ret);
	CHECK_EQ(ret, -22);
	free(out);
}
