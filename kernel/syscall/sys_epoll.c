/*
 * sys_epoll.c: epoll_create (254), epoll_create1 (329), epoll_ctl (255),
 * epoll_wait (256), epoll_pwait (319) and epoll_pwait2 (441), with
 * Linux's checks and errnos (fs/epoll.c has the instances).
 *
 * epoll_wait's timeout is in milliseconds (negative: none), pwait2's a
 * struct timespec64 (NULL: none).  A signal ends the wait with -EINTR
 * (never restarted, as Linux); the pwait calls keep their temporary
 * signal mask until its handler has run.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "fs/epoll.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/syscall/poll.h"
#include "mm/uaccess.h"

#define NR_epoll_create		254
#define NR_epoll_ctl		255
#define NR_epoll_wait		256
#define NR_epoll_pwait		319
#define NR_epoll_create1	329
#define NR_epoll_pwait2		441

#define EP_MAX_EVENTS	(0x7fffffff / (int)sizeof(struct epoll_event))

static long sys_epoll_create1(uint32_t flags)
{
	struct file *f;

	if (flags & ~O_CLOEXEC)
		return -EINVAL;
	f = epoll_file_new(0);
	if (!f)
		return -ENOMEM;
	return fd_install(f, flags & O_CLOEXEC);
}
SYSCALL(NR_epoll_create1, sys_epoll_create1);

static long sys_epoll_create(int32_t size)
{
	if (size <= 0)
		return -EINVAL;
	return sys_epoll_create1(0);
}
SYSCALL(NR_epoll_create, sys_epoll_create);

static long sys_epoll_ctl(int epfd, int op, int fd,
			  const struct epoll_event *uev)
{
	struct epoll_event ev = { 0, 0 };
	struct file *ep, *target;

	if (op != EPOLL_CTL_DEL && copy_from_user(&ev, uev, sizeof(ev)))
		return -EFAULT;
	ep = fd_get(epfd);
	target = ep ? fd_get(fd) : NULL;
	if (!target)
		return -EBADF;
	return epoll_ctl_file(ep, op, target, fd, &ev);
}
SYSCALL(NR_epoll_ctl, sys_epoll_ctl);

/* epoll_wait's checks, then the wait until deadline. */
static long epoll_wait_common(int epfd, struct epoll_event *uevents,
			      int max, uint64_t deadline)
{
	struct file *ep;

	if (max <= 0 || max > EP_MAX_EVENTS)
		return -EINVAL;
	if (!access_ok(uevents, (size_t)max * sizeof(*uevents)))
		return -EFAULT;
	ep = fd_get(epfd);
	if (!ep)
		return -EBADF;
	if (!epoll_is(ep))
		return -EINVAL;
	return epoll_wait_file(ep, uevents, max, deadline);
}

/* The deadline for a timeout of ms milliseconds (negative: none). */
static uint64_t epoll_ms_deadline(int32_t ms)
{
	uint64_t deadline = WAIT_FOREVER;

	if (ms >= 0)
		poll_timeout(ms / 1000, (ms % 1000) * 1000000ll, &deadline);
	return deadline;
}

static long sys_epoll_wait(int epfd, struct epoll_event *uevents, int max,
			   int32_t ms)
{
	return epoll_wait_common(epfd, uevents, max, epoll_ms_deadline(ms));
}
SYSCALL(NR_epoll_wait, sys_epoll_wait);

/* The pwait calls: wait with the user's mask in place, which stays until
 * the handler has run when a signal ended the wait (poll_finish keeps it
 * for -ERESTARTNOHAND). */
static long epoll_pwait_common(int epfd, struct epoll_event *uevents,
			       int max, uint64_t deadline,
			       const uint64_t *umask, uint32_t size)
{
	long ret = poll_sigmask_set(umask, size);

	if (ret)
		return ret;
	ret = epoll_wait_common(epfd, uevents, max, deadline);
	poll_finish(deadline, NULL, POLL_TIMESPEC64,
		    ret == -EINTR ? -ERESTARTNOHAND : ret);
	return ret;
}

static long sys_epoll_pwait(int epfd, struct epoll_event *uevents, int max,
			    int32_t ms, const uint64_t *umask, uint32_t size)
{
	return epoll_pwait_common(epfd, uevents, max, epoll_ms_deadline(ms),
				  umask, size);
}
SYSCALL(NR_epoll_pwait, sys_epoll_pwait);

static long sys_epoll_pwait2(int epfd, struct epoll_event *uevents, int max,
			     const void *utime, const uint64_t *umask,
			     uint32_t size)
{
	uint64_t deadline;
	long err = poll_timeout_get(utime, POLL_TIMESPEC64, &deadline);

	if (err)
		return err;
	return epoll_pwait_common(epfd, uevents, max, deadline, umask, size);
}
SYSCALL(NR_epoll_pwait2, sys_epoll_pwait2);
