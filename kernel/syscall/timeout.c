/*
 * timeout.c: user timevals and timespecs to saturated nanoseconds and
 * deadlines, for futex, rt_sigtimedwait, nanosleep, clock_nanosleep,
 * poll, ppoll, select and pselect6 (see timeout.h).
 *
 * Also the itimerspecs of timerfd and the POSIX timers.
 *
 * Interface: utime_get_ns, timeout_ns, timeout_deadline,
 * itimerspec_get, itimerspec_put (timeout.h).
 */
#include "kernel/syscall/timeout.h"
#include "lib/errno.h"
#include "mm/uaccess.h"

#define USEC_PER_SEC	1000000
#define NS_PER_USEC	1000

/* sec s and nsec ns as nanoseconds, at most TIMEOUT_MAX_NS; -EINVAL for
 * a negative or denormal value (Linux's timespec64_valid). */
int timeout_ns(int64_t sec, int64_t nsec, uint64_t *ns)
{
	if (sec < 0 || nsec < 0 || nsec >= (int64_t)NS_PER_SEC_U)
		return -EINVAL;
	if ((uint64_t)sec >= TIMEOUT_MAX_NS / NS_PER_SEC_U)
		*ns = TIMEOUT_MAX_NS;
	else
		*ns = (uint64_t)sec * NS_PER_SEC_U + (uint64_t)nsec;
	return 0;
}

uint64_t timeout_deadline(uint64_t now, uint64_t ns)
{
	if (now >= TIMEOUT_MAX_NS || ns >= TIMEOUT_MAX_NS - now)
		return TIMEOUT_MAX_NS;
	return now + ns;
}

int utime_get_ns(const void *utime, enum utime_type type, uint64_t *ns)
{
	union {
		struct timeval32 tv;
		struct timespec32 ts32;
		struct timespec64_user ts64;
	} t;
	static const uint32_t size[] = {
		[UTIME_TIMEVAL32] = sizeof(t.tv),
		[UTIME_TIMESPEC32] = sizeof(t.ts32),
		[UTIME_TIMESPEC64] = sizeof(t.ts64),
	};

	if ((unsigned int)type >= sizeof(size) / sizeof(size[0]))
		return -EINVAL;
	if (copy_from_user(&t, utime, size[type]))
		return -EFAULT;
	switch (type) {
	case UTIME_TIMEVAL32:
		if (t.tv.tv_usec < 0)
			return -EINVAL;
		return timeout_ns((int64_t)t.tv.tv_sec +
				  t.tv.tv_usec / USEC_PER_SEC,
				  (int64_t)(t.tv.tv_usec % USEC_PER_SEC) *
				  NS_PER_USEC, ns);
	case UTIME_TIMESPEC32:
		return timeout_ns(t.ts32.tv_sec, t.ts32.tv_nsec, ns);
	case UTIME_TIMESPEC64:
		return timeout_ns(t.ts64.tv_sec, (uint32_t)t.ts64.tv_nsec, ns);
	}
	return -EINVAL;
}

int itimerspec_get(const void *uits, bool time64, uint64_t *value,
		   uint64_t *interval)
{
	enum utime_type type = time64 ? UTIME_TIMESPEC64 : UTIME_TIMESPEC32;
	size_t half = time64 ? sizeof(struct timespec64_user) :
		sizeof(struct timespec32);
	int err = utime_get_ns(uits, type, interval);

	return err ? err : utime_get_ns((const char *)uits + half, type, value);
}

int itimerspec_put(void *uits, bool time64, uint64_t value, uint64_t interval)
{
	struct timespec64_user t64[2] = {
		{ (int64_t)(interval / NS_PER_SEC_U), interval % NS_PER_SEC_U },
		{ (int64_t)(value / NS_PER_SEC_U), value % NS_PER_SEC_U },
	};
	struct timespec32 t32[2] = {
		{ (int32_t)t64[0].tv_sec, (int32_t)t64[0].tv_nsec },
		{ (int32_t)t64[1].tv_sec, (int32_t)t64[1].tv_nsec },
	};

	if (time64)
		return copy_to_user(uits, t64, sizeof(t64));
	return copy_to_user(uits, t32, sizeof(t32));
}
