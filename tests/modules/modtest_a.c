/*
 * modtest_a.c: the first of the two test modules (tests/modules/): it
 * exports modtest_a_add(), which adds its parameter base to a number,
 * and counts its users in modtest_a_calls.  modtest_b uses both, so
 * modtest_a cannot be removed while modtest_b is loaded.
 */
#include "kernel/export.h"
#include "kernel/module.h"
#include "kernel/printk.h"
#include "tests/modules/modtest_a.h"

static int base = 40;
module_param(base, int, 0444);
MODULE_PARM_DESC(base, "what modtest_a_add adds");

unsigned int modtest_a_calls;
EXPORT_SYMBOL(modtest_a_calls);

int modtest_a_add(int x)
{
	modtest_a_calls++;
	return base + x;
}
EXPORT_SYMBOL(modtest_a_add);

static int __init modtest_a_init(void)
{
	pr_info("modtest_a: loaded, base %d\n", base);
	return 0;
}

static void __exit modtest_a_exit(void)
{
	pr_info("modtest_a: unloaded after %u calls\n", modtest_a_calls);
}

module_init(modtest_a_init);
module_exit(modtest_a_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("maestro");
MODULE_DESCRIPTION("maestro's test module: exports modtest_a_add");
