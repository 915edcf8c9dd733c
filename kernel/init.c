/*
 * init.c: run the initcalls level by level (see init.h), each one timed
 * as a span of the boot timeline.
 */
#include "kernel/init.h"
#include "kernel/x86/cpu.h"
#include "kernel/prof/uapi.h"
#include "kernel/printk.h"
#include "kernel/timeline.h"

extern const struct initcall __initcall_start[], __initcall_end[];

void initcalls_run(void)
{
	for (const struct initcall *c = __initcall_start; c < __initcall_end; c++) {
		uint64_t start = rdtsc();
		int err = c->fn();

		timeline_span(PROF_SPAN_INITCALL, c->name, start, rdtsc());
		if (err < 0)
			pr_err("init: %s failed (%d)\n", c->name, err);
	}
}
