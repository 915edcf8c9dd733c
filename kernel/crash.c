/*
 * crash.c: deliberate crashes for the system tests.
 *
 * "crash=pagefault", "crash=ud2" or "crash=panic" on the command line makes
 * crash_if_asked(), called once boot is complete, fail on purpose, so the
 * tests can check that a fatal error prints its report and a symbolized
 * backtrace and halts instead of rebooting.
 */
#include "kernel/crash.h"
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "lib/string.h"

enum crash_kind { CRASH_NONE, CRASH_PAGE_FAULT, CRASH_UD2, CRASH_PANIC };

static enum crash_kind crash_kind;

static int crash_param(const char *value)
{
	if (strcmp(value, "pagefault") == 0)
		crash_kind = CRASH_PAGE_FAULT;
	else if (strcmp(value, "ud2") == 0)
		crash_kind = CRASH_UD2;
	else if (strcmp(value, "panic") == 0)
		crash_kind = CRASH_PANIC;
	else
		return -EINVAL;
	return 0;
}
KERNEL_PARAM(crash, crash_param);

/* noinline keeps each in its own frame, so the backtrace shows the path. */
static __attribute__((noinline)) void crash_page_fault(void)
{
	uintptr_t bad = 0x8;

	__asm__ ("" : "+r"(bad));	/* hide the constant from the compiler */
	*(volatile uint32_t *)bad = 0xdead;
}

static __attribute__((noinline)) void crash_invalid_opcode(void)
{
	__asm__ __volatile__("ud2");
}

void crash_if_asked(void)
{
	if (crash_kind == CRASH_NONE)
		return;
	pr_warn("crash: crashing on purpose, as the command line asked\n");
	switch (crash_kind) {
	case CRASH_PAGE_FAULT:
		crash_page_fault();
		break;
	case CRASH_UD2:
		crash_invalid_opcode();
		break;
	case CRASH_PANIC:
		panic("deliberate panic (crash=panic)");
	case CRASH_NONE:
		break;
	}
	panic("crash: the deliberate fault did not fault");
}
