/*
 * test_log.c: damaged logs: a truncated record, size 0, a size that is
 * not a multiple of 4, a missing INFO, counted arrays past the record,
 * random bytes.  Each stops the decoding with a warning (the stacks
 * before it are still printed), never a crash.
 */
#include <stdlib.h>
#include <string.h>
#include "tests/host/test.h"
#include "tests/host/prof/logbuf.h"

#define U(...)	(const uint32_t[]){ __VA_ARGS__ }

/* An INFO, an EXEC and one sample of "sh". */
static void log_good(struct lb *l)
{
	lb_info(l, 1000, 0);
	lb_exec(l, 1, "sh", "");
	lb_sample(l, 1, 1, PROF_MODE_KERNEL, 0, 0, NULL, 0, NULL);
}

/* Decodes l; checks the output is "sh 1\n" and the warning has want. */
static void log_expect_bad(const struct lb *l, size_t len, const char *want)
{
	char *out, *warn;
	int ret;

	out = lb_decode(l->buf, len, PD_FOLD, NULL, NULL, &warn, &ret);
	CHECK_EQ(ret, -22);
	CHECK_MSG(!strcmp(out, "sh 1\n"), "output %s", out);
	CHECK_MSG(strstr(warn, want), "warning '%s' lacks '%s'", warn, want);
	free(out);
	free(warn);
}

/* A bare header of type and size. */
static void log_header(struct lb *l, int type, int size)
{
	struct prof_rec h = { .type = (uint16_t)type, .size = (uint16_t)size };
	unsigned char zero[64] = { 0 };

	lb_raw(l, &h, sizeof(h));
	lb_raw(l, zero, sizeof(zero));
}

TEST(prof_log_truncated_record)
{
	struct lb l;
	size_t good;

	lb_init(&l);
	log_good(&l);
	good = l.len;
	lb_sample(&l, 1, 1, PROF_MODE_KERNEL, 0, 2, U(1, 2), 0, NULL);
	log_expect_bad(&l, l.len - 4, "truncated record");
	log_expect_bad(&l, good + 10, "truncated header");
	lb_free(&l);
}

TEST(prof_log_bad_sizes)
{
	struct lb l;

	lb_init(&l);
	log_good(&l);
	log_header(&l, PROF_REC_SAMPLE, 0);
	log_expect_bad(&l, l.len, "record size 0");
	lb_free(&l);
	lb_init(&l);
	log_good(&l);
	log_header(&l, PROF_REC_EXIT, 26);
	log_expect_bad(&l, l.len, "record size 26");
	lb_free(&l);
	lb_init(&l);
	log_good(&l);
	log_header(&l, PROF_REC_MMAP, 28);	/* shorter than an MMAP */
	log_expect_bad(&l, l.len, "type 4 record of 28 bytes");
	lb_free(&l);
}

/* A SAMPLE whose counts say more addresses than its size holds. */
TEST(prof_log_counts_past_the_record)
{
	struct lb l;
	struct prof_rec_sample s = {
		.h = { .type = PROF_REC_SAMPLE, .size = 40 },
		.nkernel = 1, .nuser = 5,
	};
	uint32_t ips[2] = { 0, 0 };

	lb_init(&l);
	log_good(&l);
	lb_raw(&l, &s, sizeof(s));
	lb_raw(&l, ips, sizeof(ips));
	log_expect_bad(&l, l.len, "needed");
	lb_free(&l);
}

TEST(prof_log_needs_info_first)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_exec(&l, 1, "sh", "");
	out = lb_decode(l.buf, l.len, PD_FOLD, NULL, NULL, &warn, &ret);
	CHECK_EQ(ret, -22);
	CHECK(!out[0]);
	CHECK(strstr(warn, "not INFO"));
	free(out);
	free(warn);
	lb_free(&l);
	lb_init(&l);
	lb_info(&l, 1000, 0);
	((struct prof_rec_info *)(void *)l.buf)->version = PROF_VERSION + 1;
	out = lb_decode(l.buf, l.len, PD_FOLD, NULL, NULL, &warn, &ret);
	CHECK_EQ(ret, -22);
	CHECK(strstr(warn, "log version"));
	free(out);
	free(warn);
	out = lb_decode(l.buf, 0, PD_FOLD, NULL, NULL, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK(strstr(warn, "empty"));
	free(out);
	free(warn);
	lb_free(&l);
}

/* Unknown record types are skipped by their size. */
TEST(prof_log_skips_unknown_types)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_info(&l, 1000, 0);
	log_header(&l, 77, 24 + 64);
	lb_exec(&l, 1, "sh", "");
	lb_sample(&l, 1, 1, PROF_MODE_KERNEL, 0, 0, NULL, 0, NULL);
	out = lb_decode(l.buf, l.len, PD_FOLD, NULL, NULL, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out, "sh 1\n"), "got %s", out);
	free(out);
	free(warn);
	lb_free(&l);
}

/* Every prefix of a log and random damage in all modes: no crash. */
TEST(prof_log_fuzz)
{
	static const enum pd_mode modes[] = { PD_FOLD, PD_MEMORY, PD_TIMELINE };
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	log_good(&l);
	lb_mmap(&l, 1, 0x1000, 0x2000, 0, "/x");
	lb_alloc(&l, 0, 0x100, 8, 2, U(1, 2));
	lb_span(&l, 5, 6, 1, "s");
	srand(1);
	for (int round = 0; round < 40; round++) {
		size_t len = round ? (size_t)rand() % (l.len + 1) : l.len;
		unsigned char *copy = malloc(l.len);

		memcpy(copy, l.buf, l.len);
		if (round > 20)
			copy[(size_t)rand() % l.len] = (unsigned char)rand();
		out = lb_decode(copy, len, modes[round % 3], NULL, NULL, &warn,
				&ret);
		CHECK(ret == 0 || ret == -22);
		free(out);
		free(warn);
		free(copy);
	}
	lb_free(&l);
}
