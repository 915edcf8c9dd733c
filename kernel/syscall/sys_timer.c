/*
 * sys_timer.c: the POSIX timer calls timer_create (259), timer_settime
 * (260; 409 with 64-bit timespecs), timer_gettime (261; 408),
 * timer_getoverrun (262) and timer_delete (263); kernel/proc/posixtimer.c
 * has the timers.  As Linux: the whole 64-byte struct sigevent is read
 * (-EFAULT), an unknown timer id, a bad timespec or a missing new value
 * are -EINVAL, TIMER_ABSTIME is the only flag looked at, and a timer
 * whose id cannot be stored is deleted again (-EFAULT).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/proc/posixtimer.h"
#include "kernel/syscall/timeout.h"
#include "mm/uaccess.h"

#define NR_timer_create		259
#define NR_timer_settime	260
#define NR_timer_gettime	261
#define NR_timer_getoverrun	262
#define NR_timer_delete		263
#define NR_timer_gettime64	408
#define NR_timer_settime64	409
#define TIMER_ABSTIME		1

struct sigevent32 {
	uint32_t value;
	int32_t signo, notify, tid;
	int32_t pad[12];
};
_Static_assert(sizeof(struct sigevent32) == 64, "struct sigevent");

static long sys_timer_create(int clockid, const struct sigevent32 *uev,
			     int *uid)
{
	struct sigevent32 sev;
	struct posixtimer_event ev;
	int id, err;

	if (uev) {
		if (copy_from_user(&sev, uev, sizeof(sev)))
			return -EFAULT;
		ev = (struct posixtimer_event){ sev.value, sev.signo,
						sev.notify, sev.tid };
	}
	err = posixtimer_create(clockid, uev ? &ev : NULL, &id);
	if (err)
		return err;
	if (put_user(id, uid)) {
		posixtimer_delete(id);
		return -EFAULT;
	}
	return 0;
}
SYSCALL(NR_timer_create, sys_timer_create);

static long timer_settime_call(int id, int flags, const void *unew,
			       void *uold, bool time64)
{
	uint64_t value, interval, old_value, old_interval;
	int err;

	if (!unew)
		return -EINVAL;
	err = itimerspec_get(unew, time64, &value, &interval);
	if (!err)
		err = posixtimer_set(id, flags & TIMER_ABSTIME, value, interval,
				     &old_value, &old_interval);
	if (!err && uold)
		err = itimerspec_put(uold, time64, old_value, old_interval);
	return err;
}

static long sys_timer_settime(int id, int flags, const void *unew, void *uold)
{
	return timer_settime_call(id, flags, unew, uold, false);
}
SYSCALL(NR_timer_settime, sys_timer_settime);

static long sys_timer_settime64(int id, int flags, const void *unew,
				void *uold)
{
	return timer_settime_call(id, flags, unew, uold, true);
}
SYSCALL(NR_timer_settime64, sys_timer_settime64);

static long timer_gettime_call(int id, void *ucur, bool time64)
{
	uint64_t value, interval;
	int err = posixtimer_get(id, &value, &interval);

	return err ? err : itimerspec_put(ucur, time64, value, interval);
}

static long sys_timer_gettime(int id, void *ucur)
{
	return timer_gettime_call(id, ucur, false);
}
SYSCALL(NR_timer_gettime, sys_timer_gettime);

static long sys_timer_gettime64(int id, void *ucur)
{
	return timer_gettime_call(id, ucur, true);
}
SYSCALL(NR_timer_gettime64, sys_timer_gettime64);

static long sys_timer_getoverrun(int id)
{
	return posixtimer_overrun(id);
}
SYSCALL(NR_timer_getoverrun, sys_timer_getoverrun);

static long sys_timer_delete(int id)
{
	return posixtimer_delete(id);
}
SYSCALL(NR_timer_delete, sys_timer_delete);
