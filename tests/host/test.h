/*
 * test.h: a tiny unit-test framework for the host tests.
 *
 * A test case is a plain function written as TEST(name) { ... }.  It
 * registers itself from a constructor before main() runs, so test files
 * need no central list: adding a file to the build adds its cases.
 *
 * Inside a case, CHECK(cond) and CHECK_MSG(cond, fmt, ...) record a failure
 * with its file and line and carry on (only the first few failures of a case
 * are printed).  CHECK_EQ(a, b) compares two integers and prints both.
 *
 * main() (tests/host/test_main.c) runs every case in registration order,
 * prints one line per case, "ok   <name>" or "FAIL <name>", then the summary
 * line "N passed, N failed", and exits with status 1 if any case failed.
 */
#ifndef TESTS_HOST_TEST_H
#define TESTS_HOST_TEST_H

struct test_case {
	const char *name;
	void (*fn)(void);
	struct test_case *next;
};

void test_register(struct test_case *tc);
void test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#define TEST(fn)							\
	static void fn(void);						\
	static struct test_case fn##_case = { #fn, fn, 0 };		\
	__attribute__((constructor)) static void fn##_register(void)	\
	{								\
		test_register(&fn##_case);				\
	}								\
	static void fn(void)

#define CHECK_MSG(cond, ...)						\
	do {								\
		if (!(cond))						\
			test_fail(__FILE__, __LINE__, __VA_ARGS__);	\
	} while (0)

#define CHECK(cond)	CHECK_MSG(cond, "%s", #cond)

#define CHECK_EQ(a, b)							\
	do {								\
		long long a_ = (long long)(a), b_ = (long long)(b);	\
		CHECK_MSG(a_ == b_, "%s == %s: %lld != %lld",		\
			  #a, #b, a_, b_);				\
	} while (0)

#endif
