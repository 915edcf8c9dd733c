/*
 * power.h: shutting down: power-off and reboot.
 *
 * Both first run every shutdown hook, level by level: SHUTDOWN_HOOK(level,
 * fn) places fn in the .shutdown.<level> linker section.  Kernel threads
 * that write (the page-cache flusher) stop at SHUTDOWN_TASKS.  Filesystems sync
 * and unmount at SHUTDOWN_FS, then block devices flush their write caches
 * at SHUTDOWN_BLOCK.  Then they stop the machine: power-off through ACPI S5 (with QEMU's
 * and Bochs' fixed ports as a fallback), reboot through the keyboard
 * controller's reset line, then a triple fault.  If the machine does not
 * stop, the kernel halts with a message saying it is safe to turn off.
 *
 * The command line switch shutdown=poweroff|reboot shuts down once boot
 * is complete and the first process (init=), if one was started, has
 * ended: "init=/test/prog shutdown=poweroff" runs one program and stops
 * the machine (for tests and benchmarks, until user space can ask).
 */
#ifndef KERNEL_POWER_H
#define KERNEL_POWER_H

#include "lib/compiler.h"

typedef void (*shutdown_hook_t)(void);

#define SHUTDOWN_TASKS	0	/* kernel threads stop (the flusher) */
#define SHUTDOWN_FS	1
#define SHUTDOWN_BLOCK	2

#define SHUTDOWN_HOOK(level, fn_)					\
	static const shutdown_hook_t shutdown_hook_##fn_		\
		__section(".shutdown." #level) __used __aligned(4) = fn_

__noreturn void kernel_poweroff(void);
__noreturn void kernel_reboot(void);
void shutdown_if_asked(void);

#endif
