/*
 * ktest.h: in-kernel unit tests.
 *
 * A test is a plain function taking a struct ktest_ctx.  KTEST(suite, name)
 * defines one and places a descriptor in the .ktest linker section, so no
 * central list has to be edited.  The test kernel (make test-kernel) runs
 * every registered test, prints one line per test and the summary
 * "N passed, N failed", then exits QEMU through isa-debug-exit.
 *
 *	KTEST(buddy, split_and_merge)
 *	{
 *		KT_ASSERT(ctx, page_alloc(0) != NULL);
 *		KT_EXPECT_EQ(ctx, 2 + 2, 4);
 *	}
 *
 * KT_ASSERT* end the test on failure; KT_EXPECT* record it and continue.
 */
#ifndef KERNEL_KTEST_H
#define KERNEL_KTEST_H

#include "lib/compiler.h"

struct ktest_ctx {
	const char *suite;
	const char *name;
	int failures;
	uint32_t lockdep_reports;	/* the validator reports it causes */
};

struct ktest {
	const char *suite;
	const char *name;
	void (*run)(struct ktest_ctx *ctx);
};

/*
 * The "ktest" command-line switch sets ktest_mode: kmain then runs the tests
 * ("ktest=suite1,suite2" runs only those suites) and leaves QEMU through
 * isa-debug-exit (port 0xf4), whose exit status is
 * (code << 1) | 1: 1 all passed, 3 some failed, 5 the kernel panicked.
 */
#define KTEST_EXIT_PASS		0
#define KTEST_EXIT_FAIL		1
#define KTEST_EXIT_PANIC	2
#define QEMU_DEBUG_EXIT_PORT	0xf4

extern bool ktest_mode;
__noreturn void qemu_debug_exit(unsigned int code);

void ktest_fail(struct ktest_ctx *ctx, const char *file, int line,
		const char *fmt, ...) __printf(4, 5);
/* Run every registered test; returns the number that failed. */
int ktest_run_all(void);

#define KTEST(suite_, name_)						\
	static void ktest_fn_##suite_##_##name_(struct ktest_ctx *ctx);	\
	static const struct ktest ktest_##suite_##_##name_		\
		__section(".ktest") __used __aligned(4) = {		\
		.suite = #suite_, .name = #name_,			\
		.run = ktest_fn_##suite_##_##name_,			\
	};								\
	static void ktest_fn_##suite_##_##name_(struct ktest_ctx *ctx __unused)

#define KT_EXPECT(ctx, cond) do {					\
	if (!(cond))							\
		ktest_fail(ctx, __FILE__, __LINE__, "%s", #cond);	\
} while (0)

#define KT_ASSERT(ctx, cond) do {					\
	if (!(cond)) {							\
		ktest_fail(ctx, __FILE__, __LINE__, "%s", #cond);	\
		return;							\
	}								\
} while (0)

#define KT_EXPECT_EQ(ctx, a, b) do {					\
	long long a_ = (long long)(a), b_ = (long long)(b);		\
	if (a_ != b_)							\
		ktest_fail(ctx, __FILE__, __LINE__, "%s == %s (%lld != %lld)", \
			   #a, #b, a_, b_);				\
} while (0)

#define KT_ASSERT_EQ(ctx, a, b) do {					\
	long long a_ = (long long)(a), b_ = (long long)(b);		\
	if (a_ != b_) {							\
		ktest_fail(ctx, __FILE__, __LINE__, "%s == %s (%lld != %lld)", \
			   #a, #b, a_, b_);				\
		return;							\
	}								\
} while (0)

#endif
