/*
 * power.h: shutting down: power-off and reboot.
 *
 * Both first run every shutdown hook (SHUTDOWN_HOOK(fn), placed in the
 * .shutdown linker section: the VFS syncs and unmounts its filesystems
 * there), then stop the machine: power-off through ACPI S5 (with QEMU's
 * and Bochs' fixed ports as a fallback), reboot through the keyboard
 * controller's reset line, then a triple fault.  If the machine does not
 * stop, the kernel halts with a message saying it is safe to turn off.
 *
 * The command line switch shutdown=poweroff|reboot shuts down once boot
 * is complete (for tests, until user space can ask).
 */
#ifndef KERNEL_POWER_H
#define KERNEL_POWER_H

#include "kernel/compiler.h"

typedef void (*shutdown_hook_t)(void);

#define SHUTDOWN_HOOK(fn_)						\
	static const shutdown_hook_t shutdown_hook_##fn_		\
		__section(".shutdown") __used __aligned(4) = fn_

__noreturn void kernel_poweroff(void);
__noreturn void kernel_reboot(void);
void shutdown_if_asked(void);

#endif
