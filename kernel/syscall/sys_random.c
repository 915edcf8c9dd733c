/*
 * sys_random.c: getrandom(2), as Linux 5.18+: flags other than
 * GRND_NONBLOCK, GRND_RANDOM and GRND_INSECURE, or GRND_INSECURE with
 * GRND_RANDOM, are -EINVAL; before the generator is ready a call without
 * GRND_INSECURE waits for it (kernel/random/jitter.c: bounded, and a
 * signal gives -ERESTARTSYS), or with GRND_NONBLOCK fails with -EAGAIN.
 * GRND_RANDOM has meant nothing more since Linux 5.6.  The length is cut
 * to MAX_RW_COUNT as every read is; a buffer outside user space is
 * -EFAULT before anything is made.
 *
 * Interface: the SYSCALL registration.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/random.h"
#include "lib/errno.h"
#include "mm/uaccess.h"

#define GRND_NONBLOCK	1
#define GRND_RANDOM	2
#define GRND_INSECURE	4
#define MAX_RW_COUNT	0x7ffff000u	/* INT_MAX rounded down to a page */

static long sys_getrandom(void *ubuf, size_t len, uint32_t flags)
{
	if (flags & ~(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	if ((flags & (GRND_INSECURE | GRND_RANDOM)) ==
	    (GRND_INSECURE | GRND_RANDOM))
		return -EINVAL;
	if (!(flags & GRND_INSECURE)) {
		int err = random_wait_ready(flags & GRND_NONBLOCK);

		if (err)
			return err;
	}
	if (len > MAX_RW_COUNT)
		len = MAX_RW_COUNT;
	if (!access_ok(ubuf, len))
		return -EFAULT;
	if (!len)
		return 0;
	return random_read_user(ubuf, len);
}
SYSCALL(NR_getrandom, sys_getrandom);
