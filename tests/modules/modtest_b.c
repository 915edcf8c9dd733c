/*
 * modtest_b.c: the second test module: at init it calls modtest_a's
 * export and says what it got; its parameters test the loader's
 * (greeting, a string; fail, a bool that makes init fail, to test that a
 * failed init leaves nothing behind).
 */
#include "kernel/module.h"
#include "kernel/printk.h"
#include "tests/modules/modtest_a.h"
#include "lib/errno.h"

static char *greeting = "hello";
module_param(greeting, charp, 0444);
MODULE_PARM_DESC(greeting, "what init says");
static bool fail;
module_param(fail, bool, 0444);
MODULE_PARM_DESC(fail, "make init fail with -EINVAL");

static int __init modtest_b_init(void)
{
	int sum = modtest_a_add(2);

	pr_info("modtest_b: %s, modtest_a_add(2) = %d, calls %u\n", greeting,
		sum, modtest_a_calls);
	return fail ? -EINVAL : 0;
}

static void __exit modtest_b_exit(void)
{
	pr_info("modtest_b: unloaded\n");
}

module_init(modtest_b_init);
module_exit(modtest_b_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("maestro");
MODULE_DESCRIPTION("maestro's test module: uses modtest_a's exports");
