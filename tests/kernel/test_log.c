/*
 * test_log.c: in-kernel tests of the kernel log's readers: the record
 * ring's cursors across a wrap and dropped records, Linux's syslog and
 * /dev/kmsg text formats, and syslog(2)'s actions (kernel/syslog.h,
 * called as /proc/kmsg does, with kernel buffers).
 */
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "kernel/logbuf.h"
#include "kernel/printk.h"
#include "kernel/syslog.h"
#include "lib/printf.h"
#include "lib/string.h"

static struct log_record rec;
static char out[8192];

static void rec_set(uint64_t seq, uint64_t ts_ns, int fac, int level,
		    const char *text)
{
	rec.seq = seq;
	rec.ts_ns = ts_ns;
	rec.facility = (uint8_t)fac;
	rec.level = (uint8_t)level;
	rec.len = (uint16_t)strlen(text);
	memcpy(rec.text, text, rec.len);
}

KTEST(log, syslog_format_prefixes_every_line)
{
	const char *want = "<6>[    1.234567] first\n<6>[    1.234567] second\n";
	size_t n;

	rec_set(5, 1234567890ull, LOG_FAC_KERN, 6, "first\nsecond");
	n = logfmt_syslog(&rec, out, sizeof(out));
	KT_ASSERT_EQ(ctx, n, strlen(want));
	KT_EXPECT(ctx, memcmp(out, want, n) == 0);
	/* Too small a buffer: the length of the whole, what fits kept. */
	KT_EXPECT_EQ(ctx, logfmt_syslog(&rec, out, 4), strlen(want));
	rec_set(6, 12345000000000ull, LOG_FAC_USER, 4, "");
	n = logfmt_syslog(&rec, out, sizeof(out));
	KT_EXPECT(ctx, n == 20 && memcmp(out, "<12>[12345.000000] \n", 20) == 0);
}

KTEST(log, kmsg_format_escapes)
{
	const char *want = "12,42,1234567,-;a\\x5cb\\x09c\\x0ad\n";
	size_t n;

	rec_set(42, 1234567890ull, LOG_FAC_USER, 4, "a\\b\tc\nd");
	n = logfmt_kmsg(&rec, out, sizeof(out));
	KT_ASSERT_EQ(ctx, n, strlen(want));
	KT_EXPECT(ctx, memcmp(out, want, n) == 0);
}

/* Fill the ring several times over: records come out whole and in
 * order, a cursor on a dropped record moves to the oldest kept. */
KTEST(log, ring_wraps_and_drops_old_records)
{
	struct log_cursor c, old;
	static char text[700];
	uint64_t first = 0, prev = 0;
	unsigned int got = 0;

	logbuf_cursor_end(&old);
	for (unsigned int i = 0; i < 300; i++) {
		size_t n = (size_t)snprintf(text, sizeof(text), "wrap %u ", i);

		memset(text + n, 'a' + (char)(i % 26), 100 + i % 500);
		logbuf_store(LOG_FAC_KERN, 7, 0, text, n + 100 + i % 500);
	}
	c = old;
	KT_ASSERT_EQ(ctx, logbuf_get(&c, &rec), 0);
	KT_EXPECT(ctx, rec.seq > old.seq);	/* the first were dropped */
	KT_EXPECT(ctx, logbuf_pending(&old) < 300);
	first = rec.seq;
	do {
		unsigned int i = (unsigned int)(rec.seq - old.seq), len;
		char head[16];

		len = (unsigned int)snprintf(head, sizeof(head), "wrap %u ", i);
		KT_ASSERT(ctx, got == 0 || rec.seq == prev + 1);
		KT_ASSERT_EQ(ctx, rec.len, len + 100 + i % 500);
		KT_ASSERT(ctx, memcmp(rec.text, head, len) == 0);
		KT_ASSERT(ctx, rec.text[rec.len - 1] == 'a' + (char)(i % 26));
		prev = rec.seq;
		got++;
	} while (logbuf_get(&c, &rec) == 0 && rec.seq < old.seq + 300);
	KT_EXPECT_EQ(ctx, prev, old.seq + 299);
	KT_EXPECT(ctx, got > 60);	/* 64 KiB of ~370-byte records */
	KT_EXPECT_EQ(ctx, first + got - 1, prev);
}

KTEST(log, syslog_errors_and_sizes)
{
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0,
				    SYSLOG_FROM_PROC), LOGBUF_SIZE);
	KT_EXPECT_EQ(ctx, syslog_do(11, NULL, 0, SYSLOG_FROM_PROC), -EINVAL);
	KT_EXPECT_EQ(ctx, syslog_do(-1, NULL, 0, SYSLOG_FROM_PROC), -EINVAL);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_READ_ALL, NULL, 10,
				    SYSLOG_FROM_PROC), -EINVAL);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_READ_ALL, out, -1,
				    SYSLOG_FROM_PROC), -EINVAL);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_READ_ALL, out, 0,
				    SYSLOG_FROM_PROC), 0);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 9,
				    SYSLOG_FROM_PROC), -EINVAL);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 0,
				    SYSLOG_FROM_PROC), -EINVAL);
}

KTEST(log, syslog_console_level)
{
	int saved = printk_loglevel();

	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 3,
				    SYSLOG_FROM_PROC), 0);
	KT_EXPECT_EQ(ctx, printk_loglevel(), 3);
	syslog_do(SYSLOG_ACTION_CONSOLE_OFF, NULL, 0, SYSLOG_FROM_PROC);
	KT_EXPECT_EQ(ctx, printk_loglevel(), 1);
	syslog_do(SYSLOG_ACTION_CONSOLE_OFF, NULL, 0, SYSLOG_FROM_PROC);
	syslog_do(SYSLOG_ACTION_CONSOLE_ON, NULL, 0, SYSLOG_FROM_PROC);
	KT_EXPECT_EQ(ctx, printk_loglevel(), 3);	/* not 1: saved once */
	printk_set_loglevel(saved);
}

/* READ_ALL gives the newest lines that fit; CLEAR hides what came
 * before; READ_CLEAR reads and clears. */
KTEST(log, syslog_read_all_and_clear)
{
	const char *tail = "] ktest read-all 5c1e\n";
	long n;

	printk(KERN_DEBUG "ktest read-all 5c1e\n");
	n = syslog_do(SYSLOG_ACTION_READ_ALL, out, 300, SYSLOG_FROM_PROC);
	KT_ASSERT(ctx, n > 40 && n <= 300);
	KT_EXPECT(ctx, memcmp(out, "<", 1) == 0);	/* whole lines only */
	KT_EXPECT(ctx, memcmp(out + n - strlen(tail), tail, strlen(tail)) == 0);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_CLEAR, NULL, 0,
				    SYSLOG_FROM_PROC), 0);
	logbuf_store(LOG_FAC_KERN, 5, 2000000000ull, "after clear", 11);
	n = syslog_do(SYSLOG_ACTION_READ_CLEAR, out, sizeof(out),
		      SYSLOG_FROM_PROC);
	KT_ASSERT_EQ(ctx, n, 30);
	KT_EXPECT(ctx, memcmp(out, "<5>[    2.000000] after clear\n", 30) == 0);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_READ_ALL, out, sizeof(out),
				    SYSLOG_FROM_PROC), 0);
}

/* READ consumes: a line too long for the buffer comes out in parts. */
KTEST(log, syslog_read_consumes)
{
	char part[8];
	long n, total = 0;

	while (syslog_do(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0, SYSLOG_FROM_PROC))
		syslog_do(SYSLOG_ACTION_READ, out, sizeof(out),
			  SYSLOG_FROM_PROC);
	logbuf_store(LOG_FAC_KERN, 3, 3000000000ull, "consume me", 10);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0,
				    SYSLOG_FROM_PROC), 1);
	KT_EXPECT_EQ(ctx, syslog_do(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0,
				    SYSLOG_FROM_READER), 29);
	do {
		n = syslog_do(SYSLOG_ACTION_READ, part, sizeof(part),
			      SYSLOG_FROM_PROC);
		KT_ASSERT(ctx, n > 0 && n <= (long)sizeof(part));
		memcpy(out + total, part, (size_t)n);
		total += n;
	} while (syslog_do(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0,
			   SYSLOG_FROM_PROC));
	KT_ASSERT_EQ(ctx, total, 29);
	KT_EXPECT(ctx, memcmp(out, "<3>[    3.000000] consume me\n", 29) == 0);
}
