/*
 * panic.h: stopping the kernel when an invariant is broken.
 *
 * panic() prints the message, a symbolized backtrace from the caller's
 * frame, and halts the CPU with interrupts off; it never returns and never
 * reboots.  BUG_ON(cond) panics with the file and line when cond is true.
 * backtrace_print() prints the frame-pointer chain starting at ebp.
 */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include <stdint.h>
#include "lib/compiler.h"

__noreturn void panic(const char *fmt, ...) __printf(1, 2);
__noreturn void halt_forever(void);
void backtrace_print(uintptr_t ebp, int max_frames);

#define BUG_ON(cond) do {						\
	if (unlikely(cond))						\
		panic("BUG at %s:%d: %s", __FILE__, __LINE__, #cond);	\
} while (0)

#endif
