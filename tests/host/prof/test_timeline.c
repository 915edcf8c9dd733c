/*
 * test_timeline.c: SPAN records as TSV lines, in log order, times in
 * microseconds from the INFO record's boot_tsc.
 */
#include <stdlib.h>
#include <string.h>
#include "tests/host/test.h"
#include "tests/host/prof/logbuf.h"

TEST(prof_timeline_tsv)
{
	const uint64_t boot = 1000000, khz = 2000000;	/* 2 GHz */
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_info(&l, (uint32_t)khz, boot);
	lb_span(&l, boot + 2000, 3000, PROF_SPAN_STAGE, "mm");
	lb_span(&l, boot + khz * 1234 + 1134, 0, PROF_SPAN_EXEC, "/sbin/init");
	lb_span(&l, boot + 10, 2, PROF_SPAN_INITCALL, "ata_init");
	lb_span(&l, 5, 1, PROF_SPAN_SYSCALL, "early");	/* before boot */
	lb_span(&l, boot + khz * 3600000 * 5, khz, PROF_SPAN_PROMPT, "tty1");
	lb_span(&l, boot, 0, 9, "odd");
	out = lb_decode(l.buf, l.len, PD_TIMELINE, NULL, NULL, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out,
		"1.000\t1.500\tstage\tmm\n"
		"1234000.567\t0.000\texec\t/sbin/init\n"
		"0.005\t0.001\tinitcall\tata_init\n"
		"0.000\t0.000\tsyscall\tearly\n"
		"18000000000.000\t1000.000\tprompt\ttty1\n"
		"0.000\t0.000\tunknown\todd\n"), "got:\n%s", out);
	free(out);
	free(warn);
	lb_free(&l);
}

TEST(prof_timeline_tsc_us)
{
	char buf[32];

	pd_tsc_us(0, 1000, buf, sizeof(buf));
	CHECK(!strcmp(buf, "0.000"));
	pd_tsc_us(1, 1000, buf, sizeof(buf));	/* 1 tick at 1 MHz: 1 us */
	CHECK(!strcmp(buf, "1.000"));
	pd_tsc_us(UINT64_MAX, 3000000, buf, sizeof(buf));
	CHECK_MSG(!strcmp(buf, "6148914691236517.205"), "got %s", buf);
}
