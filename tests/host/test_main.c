/*
 * test_main.c: runs the registered host test cases (see test.h).
 *
 * Prints "ok   name" or "FAIL name" per case, with the first failure
 * messages of a failing case indented just above it, and ends with exactly
 * "N passed, N failed".  Exit status: 0 when all passed, else 1.
 */
#include <stdarg.h>
#include <stdio.h>
#include "tests/host/test.h"

#define MAX_MESSAGES	8	/* failure messages printed per case */

static struct test_case *first, **tail = &first;
static unsigned int case_failures;

void test_register(struct test_case *tc)
{
	tc->next = NULL;
	*tail = tc;
	tail = &tc->next;
}

void test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (case_failures++ >= MAX_MESSAGES)
		return;
	printf("    %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

int main(void)
{
	unsigned int passed = 0, failed = 0;
	struct test_case *tc;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (tc = first; tc; tc = tc->next) {
		case_failures = 0;
		tc->fn();
		if (case_failures) {
			if (case_failures > MAX_MESSAGES)
				printf("    (%u failures in all)\n",
				       case_failures);
			printf("FAIL %s\n", tc->name);
			failed++;
		} else {
			printf("ok   %s\n", tc->name);
			passed++;
		}
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
