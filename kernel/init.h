/*
 * init.h: initcalls, subsystem set-up functions run by kmain in order.
 *
 * INITCALL(level, fn) places fn in the .initcall.<level> section; once the
 * core (memory, interrupts, clocks) is up, kmain runs every level in turn,
 * and within a level the functions in link order.  A function returns 0
 * or -Exxx; a failure is logged with the function's name and boot goes on.
 * So a subsystem plugs itself in without editing kernel/main.c.
 *
 * Levels:
 *	INIT_CORE	1  generic layers (block layer, page cache, VFS core)
 *	INIT_FS		2  filesystem types register themselves
 *	INIT_DEVICE	3  drivers probe hardware (PCI, ATA, RAM disk)
 *	INIT_LATE	4  things that need devices: mounting the root
 */
#ifndef KERNEL_INIT_H
#define KERNEL_INIT_H

#include "lib/compiler.h"

typedef int (*initcall_t)(void);

struct initcall {
	initcall_t fn;
	const char *name;
};

#define INIT_CORE	1
#define INIT_FS		2
#define INIT_DEVICE	3
#define INIT_LATE	4

#define INITCALL(level, fn_)						\
	static const struct initcall initcall_##fn_			\
		__section(".initcall." #level) __used __aligned(4) =	\
		{ .fn = fn_, .name = #fn_ }

void initcalls_run(void);

#endif
