/*
 * ktest.c: the in-kernel test runner (see ktest.h).
 *
 * Tests run one after the other in link order, in the boot thread, with
 * interrupts on.  Each prints "ok" or "FAIL" and its duration; the summary
 * line "N passed, N failed" is what make test-kernel reads.  With the
 * lock-order validator on (the test kernel boots with "lockdep"), a test
 * during which it reported more than the test said it would
 * (ctx->lockdep_reports) fails, and so do reports made before the first
 * test.
 */
#include "kernel/ktest.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "kernel/x86/cpu.h"
#include "kernel/lockdep.h"
#include "kernel/printk.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

extern const struct ktest __ktest_start[], __ktest_end[];

bool ktest_mode;
static char ktest_filter[64];	/* comma-separated suite names; "": all */

static int ktest_param(const char *value)
{
	ktest_mode = true;
	return strlcpy(ktest_filter, value, sizeof(ktest_filter)) <
	       sizeof(ktest_filter) ? 0 : -EINVAL;
}

/* Whether suite is selected by "ktest=suite1,suite2" (all when empty). */
static bool ktest_selected(const char *suite)
{
	size_t len = strlen(suite);

	if (!ktest_filter[0])
		return true;
	for (const char *p = ktest_filter; p; p = strchr(p, ',')) {
		p += *p == ',';
		if (strncmp(p, suite, len) == 0 && (p[len] == ',' || !p[len]))
			return true;
	}
	return false;
}
KERNEL_PARAM(ktest, ktest_param);

__noreturn void qemu_debug_exit(unsigned int code)
{
	outb(QEMU_DEBUG_EXIT_PORT, (uint8_t)code);
	/* Not under QEMU, or without the device: just stop. */
	for (;;) {
		cpu_cli();
		cpu_hlt();
	}
}

void ktest_fail(struct ktest_ctx *ctx, const char *file, int line,
		const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printk(KERN_ERR "    %s:%d: expected %s\n", file, line, msg);
	ctx->failures++;
}

/* What the lock-order validator has reported so far. */
static uint32_t lockdep_reports(void)
{
	struct lockdep_stats st;

	lockdep_stats(&st);
	return st.inversions + st.held_at_user;
}

static bool ktest_run_one(const struct ktest *t)
{
	struct ktest_ctx ctx = { .suite = t->suite, .name = t->name };
	uint64_t start = clock_ns();
	uint32_t reports = lockdep_reports();

	t->run(&ctx);
	reports = lockdep_reports() - reports;
	if (reports != ctx.lockdep_reports) {
		printk(KERN_ERR "    lockdep: %u reports during the test, "
		       "expected %u\n", reports, ctx.lockdep_reports);
		ctx.failures++;
	}
	uint32_t us = (uint32_t)((clock_ns() - start) / 1000);
	printk("ktest: %s %s.%s (%u us)\n", ctx.failures ? "FAIL" : "ok",
	       t->suite, t->name, us);
	return ctx.failures == 0;
}

int ktest_run_all(void)
{
	int passed = 0, failed = 0;

	printk("ktest: running %u tests%s\n",
	       (unsigned int)(__ktest_end - __ktest_start),
	       lockdep_enabled ? ", lock-order validator on" : "");
	if (lockdep_reports()) {
		printk(KERN_ERR "ktest: FAIL lockdep reported %u lock-order "
		       "problems before the tests\n", lockdep_reports());
		failed++;
	}
	for (const struct ktest *t = __ktest_start; t < __ktest_end; t++) {
		if (!ktest_selected(t->suite))
			continue;
		if (ktest_run_one(t))
			passed++;
		else
			failed++;
	}
	printk("ktest: %d passed, %d failed\n", passed, failed);
	return failed;
}
