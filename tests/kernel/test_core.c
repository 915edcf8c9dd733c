/*
 * test_core.c: in-kernel tests of the core services: the command line
 * parser, the clocks, exception fixups and the kernel log.
 */
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/extable.h"
#include "kernel/ktest.h"
#include "kernel/logbuf.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

KTEST(cmdline, get_values)
{
	const char *line = "root=/dev/hda1 quiet init=\"/bin/sh -x\" loglevel=3 quiet=2";
	char buf[32];

	KT_ASSERT(ctx, cmdline_get(line, "root", buf, sizeof(buf)) != NULL);
	KT_EXPECT(ctx, strcmp(buf, "/dev/hda1") == 0);
	KT_ASSERT(ctx, cmdline_get(line, "init", buf, sizeof(buf)) != NULL);
	KT_EXPECT(ctx, strcmp(buf, "/bin/sh -x") == 0);
	/* The last occurrence wins. */
	KT_ASSERT(ctx, cmdline_get(line, "quiet", buf, sizeof(buf)) != NULL);
	KT_EXPECT(ctx, strcmp(buf, "2") == 0);
	KT_EXPECT(ctx, cmdline_get(line, "roo", buf, sizeof(buf)) == NULL);
	KT_EXPECT(ctx, cmdline_get(line, "console", buf, sizeof(buf)) == NULL);
	KT_EXPECT(ctx, cmdline_get("", "root", buf, sizeof(buf)) == NULL);
}

KTEST(cmdline, truncates_long_values)
{
	char buf[4];

	KT_ASSERT(ctx, cmdline_get("root=/dev/hda1", "root", buf, sizeof(buf)));
	KT_EXPECT(ctx, strcmp(buf, "/de") == 0);
}

KTEST(cmdline, parse_uint)
{
	unsigned long v = 7;

	KT_EXPECT_EQ(ctx, cmdline_parse_uint("42", &v), 0);
	KT_EXPECT_EQ(ctx, v, 42);
	KT_EXPECT_EQ(ctx, cmdline_parse_uint("0x1F", &v), 0);
	KT_EXPECT_EQ(ctx, v, 31);
	KT_EXPECT_EQ(ctx, cmdline_parse_uint("4294967295", &v), 0);
	KT_EXPECT_EQ(ctx, v, 4294967295ul);
	KT_EXPECT_EQ(ctx, cmdline_parse_uint("4294967296", &v), -EINVAL);
	KT_EXPECT_EQ(ctx, cmdline_parse_uint("", &v), -EINVAL);
	KT_EXPECT_EQ(ctx, cmdline_parse_uint("0x", &v), -EINVAL);
	KT_EXPECT_EQ(ctx, cmdline_parse_uint("12a", &v), -EINVAL);
	KT_EXPECT_EQ(ctx, cmdline_parse_uint("-1", &v), -EINVAL);
}

/* Unknown and malformed options warn, and the count says how many. */
KTEST(cmdline, parse_warns_and_goes_on)
{
	KT_EXPECT_EQ(ctx, cmdline_parse("ktest"), 0);
	KT_EXPECT_EQ(ctx, cmdline_parse("no_such_option=1 ktest"), 1);
	KT_EXPECT_EQ(ctx, cmdline_parse("loglevel=abc loglevel=99 init=rel"), 3);
	KT_EXPECT_EQ(ctx, cmdline_parse("console=nosuchtty"), 1);
	KT_EXPECT_EQ(ctx, cmdline_parse("   "), 0);
	KT_EXPECT_EQ(ctx, cmdline_parse("loglevel=7"), 0);
}

KTEST(clock, jiffies_advance)
{
	uint64_t start = jiffies;
	uint64_t deadline = clock_ns() + 500 * 1000 * 1000ull;

	KT_ASSERT(ctx, cpu_irqs_enabled());
	while (jiffies < start + 3 && clock_ns() < deadline)
		cpu_hlt();
	KT_EXPECT(ctx, jiffies >= start + 3);
}

/* The calibration made over the boot's first milliseconds agrees with
 * countdowns timed now, within 0.5%. */
KTEST(clock, calibration_agrees_with_a_countdown)
{
	uint32_t khz = tsc_khz(), now = tsc_khz_remeasure();
	uint32_t diff = khz > now ? khz - now : now - khz;

	KT_ASSERT(ctx, khz > 0 && now > 0);
	KT_EXPECT(ctx, (uint64_t)diff * 200 <= khz);
}

KTEST(clock, ns_is_monotonic_and_tracks_jiffies)
{
	uint64_t j0 = jiffies, t0 = clock_ns(), prev = t0;

	KT_ASSERT(ctx, tsc_khz() > 0);
	while (jiffies < j0 + HZ / 10 + 1) {
		uint64_t now = clock_ns();

		KT_ASSERT(ctx, now >= prev);
		prev = now;
	}
	/* About 100 ms passed: allow a wide margin for TCG. */
	uint64_t ms = (clock_ns() - t0) / 1000000;
	KT_EXPECT(ctx, ms >= 50 && ms <= 1000);
}

KTEST(clock, delay_us)
{
	uint64_t t0 = clock_ns();

	clock_delay_us(2000);
	KT_EXPECT(ctx, clock_ns() - t0 >= 2000 * 1000);
}

KTEST(clock, rtc_is_sane)
{
	struct rtc_time t;

	KT_ASSERT_EQ(ctx, rtc_read(&t), 0);
	KT_EXPECT(ctx, t.year >= 2020 && t.year < 2200);
	KT_EXPECT(ctx, t.month >= 1 && t.month <= 12);
	KT_EXPECT(ctx, t.day >= 1 && t.day <= 31);
	KT_EXPECT(ctx, t.hour < 24 && t.minute < 60 && t.second < 60);
	KT_EXPECT(ctx, clock_realtime_ns() / NSEC_PER_SEC >= 1577836800);
}

KTEST(clock, rtc_to_unix)
{
	struct rtc_time epoch = { 1970, 1, 1, 0, 0, 0 };
	struct rtc_time leap = { 2000, 3, 1, 0, 0, 0 };
	struct rtc_time y2038 = { 2038, 1, 19, 3, 14, 8 };

	KT_EXPECT_EQ(ctx, rtc_to_unix(&epoch), 0);
	KT_EXPECT_EQ(ctx, rtc_to_unix(&leap), 951868800);
	KT_EXPECT_EQ(ctx, rtc_to_unix(&y2038), 2147483648ll);
}

/* A read of an unmapped address faults; the exception table recovers. */
KTEST(exception, page_fault_is_caught)
{
	uint32_t v = 0x1234;

	KT_EXPECT_EQ(ctx, probe_read_u32((const uint32_t *)0x10, &v), -EFAULT);
	KT_EXPECT_EQ(ctx, probe_read_u32((const uint32_t *)(KMAP_END - 4096), &v),
		     -EFAULT);
	KT_EXPECT_EQ(ctx, v, 0x1234);
}

KTEST(exception, mapped_read_succeeds)
{
	static const uint32_t word = 0xfeedbeef;
	uint32_t v = 0;

	KT_EXPECT_EQ(ctx, probe_read_u32(&word, &v), 0);
	KT_EXPECT_EQ(ctx, v, 0xfeedbeef);
}

/* An invalid opcode in a listed instruction is recovered the same way. */
KTEST(exception, invalid_opcode_is_caught)
{
	int caught = 0;

	__asm__ __volatile__(
		"1:	ud2\n"
		"	jmp 3f\n"
		"2:	movl $1, %0\n"
		"3:\n"
		EXTABLE_ENTRY(1b, 2b)
		: "+r"(caught));
	KT_EXPECT_EQ(ctx, caught, 1);
}

KTEST(exception, divide_error_is_caught)
{
	volatile uint32_t zero = 0;
	uint32_t quotient = 0, caught = 0;

	__asm__ __volatile__(
		"	xorl %%edx, %%edx\n"
		"1:	divl %2\n"
		"	jmp 3f\n"
		"2:	movl $1, %1\n"
		"3:\n"
		EXTABLE_ENTRY(1b, 2b)
		: "+a"(quotient), "+r"(caught)
		: "m"(zero)
		: "edx");
	KT_EXPECT_EQ(ctx, caught, 1);
}

KTEST(printk, ring_buffer_keeps_messages)
{
	static struct log_record r;
	struct log_cursor c;

	logbuf_cursor_end(&c);
	printk(KERN_DEBUG "ktest marker 8a71c\n");
	KT_ASSERT_EQ(ctx, logbuf_get(&c, &r), 0);
	/* One record: the level, no prefix, no final newline. */
	KT_EXPECT_EQ(ctx, r.level, 7);
	KT_EXPECT_EQ(ctx, r.facility, LOG_FAC_KERN);
	KT_EXPECT(ctx, r.len == 18 && memcmp(r.text, "ktest marker 8a71c", 18) == 0);
}
