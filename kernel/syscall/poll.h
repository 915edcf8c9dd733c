/*
 * poll.h: what the poll calls (sys_poll.c) and the select calls
 * (sys_select.c) share: timeouts, the temporary signal mask of ppoll and
 * pselect6, and the end of every call, as Linux's poll_select_finish.
 *
 * A timeout is a clock_ns() deadline: WAIT_FOREVER (none given), 0 (a
 * zero timeout: look once) or the time it ends.
 *
 *   poll_timeout(sec, nsec, &deadline)
 *                         0, or -EINVAL for a negative or denormal time;
 *                         a huge one saturates (timeout.h)
 *   poll_timeout_get(utime, type, &deadline)
 *                         the same from a user timeval/timespec of type
 *                         (NULL: none): 0, -EFAULT, -EINVAL
 *   poll_sigmask_set(umask, size)
 *                         with umask, block exactly *umask until
 *                         poll_finish (or, when a signal interrupted the
 *                         call, until its handler returns), as
 *                         rt_sigsuspend does: 0, -EINVAL (size not 8),
 *                         -EFAULT
 *   poll_finish(deadline, utime, type, ret)
 *                         put the old mask back unless ret is
 *                         -ERESTARTNOHAND, and write the time left to
 *                         utime (not for a zero timeout); returns ret, or
 *                         -EINTR instead of a restart when that write
 *                         faults (the restart would not see the time
 *                         left)
 */
#ifndef KERNEL_SYSCALL_POLL_H
#define KERNEL_SYSCALL_POLL_H

#include <stdint.h>
#include "kernel/syscall/timeout.h"

enum poll_time_type {
	POLL_TIMEVAL32 = UTIME_TIMEVAL32,	/* select */
	POLL_TIMESPEC32 = UTIME_TIMESPEC32,
	POLL_TIMESPEC64 = UTIME_TIMESPEC64,	/* the *_time64 calls */
};

int poll_timeout(int64_t sec, int64_t nsec, uint64_t *deadline);
int poll_timeout_get(const void *utime, enum poll_time_type type,
		     uint64_t *deadline);
int poll_sigmask_set(const uint64_t *umask, uint32_t size);
long poll_finish(uint64_t deadline, void *utime, enum poll_time_type type,
		 long ret);

#endif
