/*
 * utest.h: starting user space at the end of boot (kernel/proc/utest.c).
 *
 *   proc_start_init()   with "utest": run /test/programs.txt and power
 *                       off (no return); else run init= or /sbin/init,
 *                       if any, and return when it ends.
 */
#ifndef KERNEL_PROC_UTEST_H
#define KERNEL_PROC_UTEST_H

void proc_start_init(void);

#endif
