/*
 * panic.c: fatal errors and backtraces (see panic.h).
 *
 * The backtrace follows the frame-pointer chain ([ebp] = caller's ebp,
 * [ebp + 4] = return address), reading each word with probe_read_u32 so a
 * corrupted chain ends the trace instead of faulting again.
 */
#include "kernel/panic.h"
#include "kernel/export.h"
#include "kernel/x86/cpu.h"
#include "kernel/extable.h"
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "mm/mm.h"

static bool panicking;

__noreturn void halt_forever(void)
{
	cpu_cli();
	pr_emerg("System halted.\n");
	if (ktest_mode)
		qemu_debug_exit(KTEST_EXIT_PANIC);
	for (;;)
		cpu_hlt();
}

void backtrace_print(uintptr_t ebp, int max_frames)
{
	char name[96];

	for (int i = 0; i < max_frames && ebp; i++) {
		uint32_t next, ret;

		if (ebp < KERNEL_BASE || (ebp & 3) ||
		    probe_read_u32((const uint32_t *)ebp, &next) < 0 ||
		    probe_read_u32((const uint32_t *)ebp + 1, &ret) < 0)
			break;
		ksym_snprint(name, sizeof(name), ret);
		pr_emerg("  [<%08x>] %s\n", ret, name);
		if (next <= ebp)
			break;		/* stacks grow down: the chain must go up */
		ebp = next;
	}
}

__noreturn void panic(const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	cpu_cli();
	if (panicking)
		halt_forever();
	panicking = true;
	va_start(ap, fmt);
	vscnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pr_emerg("panic: %s\n", msg);
	pr_emerg("Call trace:\n");
	backtrace_print((uintptr_t)__builtin_frame_address(0), 16);
	halt_forever();
}
EXPORT_SYMBOL(panic);
