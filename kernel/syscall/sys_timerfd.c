/*
 * sys_timerfd.c: timerfd_create (322), timerfd_settime (325, and 411
 * with 64-bit timespecs), timerfd_gettime (326, 410); fs/timerfd.c has
 * the timer file.  As Linux: flags other than TFD_NONBLOCK and
 * TFD_CLOEXEC at creation, other than TFD_TIMER_ABSTIME and
 * TFD_TIMER_CANCEL_ON_SET when arming, an unknown clock, a bad timespec
 * or a descriptor that is not a timerfd give -EINVAL.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/syscall/timeout.h"

#define NR_timerfd_create	322
#define NR_timerfd_settime	325
#define NR_timerfd_gettime	326
#define NR_timerfd_gettime64	410
#define NR_timerfd_settime64	411
#define TFD_TIMER_ABSTIME	1u
#define TFD_TIMER_CANCEL_ON_SET	2u

static long sys_timerfd_create(int clockid, uint32_t flags)
{
	struct file *f;
	int err;

	if (flags & ~(O_NONBLOCK | O_CLOEXEC))
		return -EINVAL;
	f = timerfd_file(clockid, flags & O_NONBLOCK, &err);
	if (!f)
		return err;
	return fd_install(f, flags & O_CLOEXEC);
}
SYSCALL(NR_timerfd_create, sys_timerfd_create);

static long timerfd_settime_call(int fd, uint32_t flags, const void *unew,
				 void *uold, bool time64)
{
	struct file *f;
	uint64_t value, interval, old_value, old_interval;
	int err;

	if (flags & ~(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET))
		return -EINVAL;
	err = itimerspec_get(unew, time64, &value, &interval);
	if (err)
		return err;
	f = fd_get(fd);
	if (!f)
		return -EBADF;
	err = timerfd_set(f, flags & TFD_TIMER_ABSTIME, value, interval,
			  &old_value, &old_interval);
	if (!err && uold)
		err = itimerspec_put(uold, time64, old_value, old_interval);
	return err;
}

static long sys_timerfd_settime(int fd, uint32_t flags, const void *unew,
				void *uold)
{
	return timerfd_settime_call(fd, flags, unew, uold, false);
}
SYSCALL(NR_timerfd_settime, sys_timerfd_settime);

static long sys_timerfd_settime64(int fd, uint32_t flags, const void *unew,
				  void *uold)
{
	return timerfd_settime_call(fd, flags, unew, uold, true);
}
SYSCALL(NR_timerfd_settime64, sys_timerfd_settime64);

static long timerfd_gettime_call(int fd, void *ucur, bool time64)
{
	struct file *f = fd_get(fd);
	uint64_t value, interval;
	int err;

	if (!f)
		return -EBADF;
	err = timerfd_get(f, &value, &interval);
	return err ? err : itimerspec_put(ucur, time64, value, interval);
}

static long sys_timerfd_gettime(int fd, void *ucur)
{
	return timerfd_gettime_call(fd, ucur, false);
}
SYSCALL(NR_timerfd_gettime, sys_timerfd_gettime);

static long sys_timerfd_gettime64(int fd, void *ucur)
{
	return timerfd_gettime_call(fd, ucur, true);
}
SYSCALL(NR_timerfd_gettime64, sys_timerfd_gettime64);
