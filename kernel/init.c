/*
 * init.c: run the initcalls level by level (see init.h).
 */
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/timeline.h"

extern const struct initcall __initcall_start[], __initcall_end[];

void initcalls_run(void)
{
	for (const struct initcall *c = __initcall_start; c < __initcall_end; c++) {
		int err = c->fn();

		if (err < 0)
			pr_err("init: %s failed (%d)\n", c->name, err);
	}
}
