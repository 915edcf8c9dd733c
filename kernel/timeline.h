/*
 * timeline.h: the boot timeline.
 *
 * timeline_mark("name") records the TSC when a boot stage ends.  The TSC
 * runs from the first instruction, but it is calibrated only part way
 * through boot, so the marks are kept as raw ticks and timeline_print()
 * converts them afterwards: one line per stage with its duration.
 */
#ifndef KERNEL_TIMELINE_H
#define KERNEL_TIMELINE_H

#include <stdint.h>

void timeline_mark(const char *stage);
void timeline_print(void);
uint64_t timeline_total_ns(void);	/* boot start to the last mark */

#endif
