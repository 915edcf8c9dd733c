/*
 * timeline.h: the boot timeline.
 *
 * A span is something that happened during boot, with its start and its
 * duration in raw TSC ticks (the TSC runs from the first instruction but
 * is calibrated only part way through boot, so ticks are converted when
 * printed):
 *   timeline_mark("name")    a boot stage ends now (it began where the
 *                            previous stage ended)
 *   timeline_span(kind, name, start, end)   any other span: each initcall
 *                            (kernel/init.c), an early process's first
 *                            exec and first system call, the first prompt
 *                            (kernel/prof/boot.c); kinds are PROF_SPAN_*
 * The first TIMELINE_MAX spans are kept.  timeline_print() logs the
 * stages; /proc/timeline shows every span, one a line:
 *	start_us duration_us kind name
 * (microseconds from the kernel's first instruction); timeline_emit()
 * writes them as SPAN records into the profiler's log.
 */
#ifndef KERNEL_TIMELINE_H
#define KERNEL_TIMELINE_H

#include <stdint.h>

#define TIMELINE_MAX	256

void timeline_mark(const char *stage);
void timeline_span(unsigned int kind, const char *name, uint64_t start_tsc,
		   uint64_t end_tsc);
void timeline_print(void);
uint64_t timeline_total_ns(void);	/* boot start to the last stage */
void timeline_emit(void);

#endif
