/*
 * rusage.h: struct rusage as Linux i386 lays it out (72 bytes), filled
 * from a struct task_acct (kernel/syscall/sys_info.c), for getrusage and
 * wait4.
 *
 *   put_rusage(uru, acct, maxrss_kb)   0 or -EFAULT
 */
#ifndef KERNEL_SYSCALL_RUSAGE_H
#define KERNEL_SYSCALL_RUSAGE_H

#include <stdint.h>

struct task_acct;

long put_rusage(void *uru, const struct task_acct *a, uint32_t maxrss_kb);

#endif
