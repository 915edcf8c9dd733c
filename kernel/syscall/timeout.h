/*
 * timeout.h: user time values as the system calls with a timeout take
 * them (kernel/syscall/timeout.c): one place that reads a timeval or
 * timespec from user space, checks it as Linux does, and turns it into
 * nanoseconds or a clock_ns() deadline that saturates instead of
 * wrapping (Linux clamps to KTIME_MAX, about 292 years: {INT64_MAX, 0}
 * sleeps forever, it does not end at once).
 *
 *   utime_get_ns(utime, type, &ns)
 *                    read the user's value of type into ns (saturated at
 *                    TIMEOUT_MAX_NS): 0, -EFAULT, or -EINVAL for a
 *                    negative tv_sec or a tv_nsec outside [0, 1e9) (a
 *                    timeval carries whole seconds of tv_usec over, as
 *                    select does; a time64 tv_nsec is its low half, as a
 *                    32-bit caller's is on Linux)
 *   timeout_ns(sec, nsec, &ns)
 *                    the same check and sum for a value already read
 *   timeout_deadline(now, ns)
 *                    now + ns, saturated at TIMEOUT_MAX_NS (never
 *                    WAIT_FOREVER: it is a real deadline)
 *   itimerspec_get(uits, time64, &value, &interval)
 *                    a struct itimerspec (interval first) of 32- or
 *                    64-bit timespecs, each checked as utime_get_ns
 *   itimerspec_put(uits, time64, value, interval)   0, -EFAULT
 */
#ifndef KERNEL_SYSCALL_TIMEOUT_H
#define KERNEL_SYSCALL_TIMEOUT_H

#include <stdbool.h>
#include <stdint.h>

#define NS_PER_SEC_U	1000000000ull
#define TIMEOUT_MAX_NS	((uint64_t)INT64_MAX)	/* Linux's KTIME_MAX */

/* The user layouts (Linux i386). */
struct timeval32 {
	int32_t tv_sec, tv_usec;
};

struct timespec32 {
	int32_t tv_sec, tv_nsec;
};

struct timespec64_user {
	int64_t tv_sec, tv_nsec;
};

enum utime_type {
	UTIME_TIMEVAL32,	/* int32 tv_sec, tv_usec (select) */
	UTIME_TIMESPEC32,	/* int32 tv_sec, tv_nsec */
	UTIME_TIMESPEC64,	/* int64 tv_sec, tv_nsec (the *_time64 calls) */
};

int utime_get_ns(const void *utime, enum utime_type type, uint64_t *ns);
int timeout_ns(int64_t sec, int64_t nsec, uint64_t *ns);
uint64_t timeout_deadline(uint64_t now, uint64_t ns);
int itimerspec_get(const void *uits, bool time64, uint64_t *value,
		   uint64_t *interval);
int itimerspec_put(void *uits, bool time64, uint64_t value, uint64_t interval);

#endif
