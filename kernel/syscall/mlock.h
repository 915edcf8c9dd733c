/*
 * mlock.h: the checks locked memory needs, shared by the mlock calls
 * (sys_mlock.c) and mmap's MAP_LOCKED (sys_mm.c), as Linux's
 * can_do_mlock and mlock_future_check.  Privilege (CAP_IPC_LOCK) is the
 * effective uid 0.
 *
 *   mlock_allowed()                 0, or -EPERM: RLIMIT_MEMLOCK is 0
 *                                   for an unprivileged caller
 *   mlock_fits(mm, pages)           whether pages more locked pages stay
 *                                   within RLIMIT_MEMLOCK (always for
 *                                   the privileged)
 *   mlock_map(mm, addr, len, flags) after a mapping: lock it as
 *                                   MAP_LOCKED or mlockall(MCL_FUTURE)
 *                                   asks (mm locked)
 */
#ifndef KERNEL_SYSCALL_MLOCK_H
#define KERNEL_SYSCALL_MLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mm;

int mlock_allowed(void);
bool mlock_fits(struct mm *mm, uint32_t pages);
void mlock_map(struct mm *mm, uintptr_t addr, size_t len, uint32_t flags);

#endif
