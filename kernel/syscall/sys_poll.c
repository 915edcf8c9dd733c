/*
 * sys_poll.c: poll (168), ppoll (309) and ppoll_time64 (414), with
 * Linux's semantics, and the timeout and signal-mask helpers the select
 * calls share (kernel/syscall/poll.h).
 *
 * poll copies the user's array of struct pollfd in (at most
 * RLIMIT_NOFILE entries: -EINVAL beyond), asks each descriptor's file for
 * its events (fs/poll.h) and sleeps on all their wait queues at once
 * until one is ready, the timeout passes or a signal comes; then it
 * writes every revents back.  A negative fd is skipped (revents 0); a
 * closed one gives POLLNVAL; POLLERR and POLLHUP are reported even when
 * not asked for.  A signal gives -EINTR when a handler runs; else poll
 * goes on through restart_syscall with the same array and deadline, so
 * with the time left (-ERESTART_RESTARTBLOCK, as Linux).  ppoll takes a
 * timespec, writes the time left back to it, and swaps in a signal mask
 * for the duration of the call; a signal gives -ERESTARTNOHAND, which
 * restarts it with the time it wrote back.
 *
 * Interface: the SYSCALL registrations; poll_timeout, poll_timeout_get,
 * poll_sigmask_set, poll_finish (kernel/syscall/poll.h).
 */
#include "kernel/syscall/poll.h"
#include "fs/poll.h"
#include "fs/vfs.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/restart.h"
#include "kernel/syscall/syscall.h"
#include "kernel/syscall/timeout.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define NS_PER_SEC	1000000000ll
#define NS_PER_USEC	1000ll
#define NS_PER_MSEC	1000000ll
#define SIGSETSIZE	8

struct pollfd32 {
	int32_t fd;
	int16_t events, revents;
};
_Static_assert(sizeof(struct pollfd32) == 8, "struct pollfd");

/* A deadline for ns: 0 for a zero timeout (look once), else saturated. */
static uint64_t poll_deadline(uint64_t ns)
{
	return ns ? timeout_deadline(clock_ns(), ns) : 0;
}

int poll_timeout(int64_t sec, int64_t nsec, uint64_t *deadline)
{
	uint64_t ns;
	int err = timeout_ns(sec, nsec, &ns);

	if (!err)
		*deadline = poll_deadline(ns);
	return err;
}

int poll_timeout_get(const void *utime, enum poll_time_type type,
		     uint64_t *deadline)
{
	uint64_t ns;
	int err;

	*deadline = WAIT_FOREVER;
	if (!utime)
		return 0;
	err = utime_get_ns(utime, (enum utime_type)type, &ns);
	if (!err)
		*deadline = poll_deadline(ns);
	return err;
}

int poll_sigmask_set(const uint64_t *umask, uint32_t size)
{
	struct thread *t = thread_current();
	uint64_t mask;

	if (!umask)
		return 0;
	if (size != SIGSETSIZE)
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	t->saved_sigmask = t->sigmask;
	t->restore_sigmask = true;
	signal_set_mask(t, mask);
	return 0;
}

/* Write ns, the time left, to utime as type: 0 or -EFAULT. */
static int poll_time_put(void *utime, enum poll_time_type type, uint64_t ns)
{
	int64_t sec = (int64_t)(ns / NS_PER_SEC), nsec = (int64_t)(ns % NS_PER_SEC);
	struct timeval32 tv = { (int32_t)sec, (int32_t)(nsec / NS_PER_USEC) };
	struct timespec32 ts32 = { (int32_t)sec, (int32_t)nsec };
	struct timespec64_user ts64 = { sec, nsec };

	switch (type) {
	case POLL_TIMEVAL32:
		return copy_to_user(utime, &tv, sizeof(tv));
	case POLL_TIMESPEC32:
		return copy_to_user(utime, &ts32, sizeof(ts32));
	case POLL_TIMESPEC64:
		return copy_to_user(utime, &ts64, sizeof(ts64));
	}
	return -EFAULT;
}

long poll_finish(uint64_t deadline, void *utime, enum poll_time_type type,
		 long ret)
{
	struct thread *t = thread_current();
	uint64_t now = clock_ns();

	if (ret != -ERESTARTNOHAND && t->restore_sigmask) {
		t->restore_sigmask = false;
		signal_set_mask(t, t->saved_sigmask);
	}
	if (!utime || !deadline)
		return ret;
	if (poll_time_put(utime, type, deadline > now ? deadline - now : 0))
		return ret == -ERESTARTNOHAND ? -EINTR : ret;
	return ret;
}

struct poll_set {
	struct pollfd32 *fds;
	uint32_t nfds;
};

/* One pass over the set: revents of each entry; the number ready. */
static int poll_scan(void *arg, struct poll_table *pt)
{
	struct poll_set *set = arg;
	int count = 0;

	for (uint32_t i = 0; i < set->nfds; i++) {
		struct pollfd32 *pfd = &set->fds[i];
		unsigned int mask = 0;
		struct file *f;

		if (pfd->fd >= 0) {
			f = fd_get(pfd->fd);
			mask = f ? vfs_poll(f, pt) & ((uint16_t)pfd->events |
						      POLLERR | POLLHUP)
				 : POLLNVAL;
		}
		pfd->revents = (int16_t)mask;
		if (mask)
			count++;
	}
	fd_put_borrowed();	/* a pass at a time, as Linux's fdget/fdput */
	return count;
}

/* poll over the user's array: the number ready, 0, or -Exxx (revents
 * are written back for -ERESTARTNOHAND too, as Linux). */
static long do_poll(struct pollfd32 *ufds, uint32_t nfds, uint64_t deadline)
{
	struct poll_set set = { .nfds = nfds };
	struct poll_table pt;
	long ret;

	if (nfds > rlimit_cur(RLIMIT_NOFILE))
		return -EINVAL;		/* as Linux */
	set.fds = kmalloc(nfds ? nfds * sizeof(*set.fds) : 1);
	if (!set.fds)
		return -ENOMEM;
	if (copy_from_user(set.fds, ufds, nfds * sizeof(*set.fds))) {
		kfree(set.fds);
		return -EFAULT;
	}
	poll_table_init(&pt);
	ret = poll_until(&pt, poll_scan, &set, deadline);
	poll_table_free(&pt);
	for (uint32_t i = 0; i < nfds; i++)
		if (put_user(set.fds[i].revents, &ufds[i].revents)) {
			ret = -EFAULT;
			break;
		}
	kfree(set.fds);
	return ret;
}

static long poll_restart(struct restart_block *rb);

/* poll until deadline; interrupted by a signal, it records how to go on
 * (restart_syscall) and returns -ERESTART_RESTARTBLOCK. */
static long poll_until_deadline(struct pollfd32 *ufds, uint32_t nfds,
				uint64_t deadline)
{
	struct restart_block *rb;
	long ret = do_poll(ufds, nfds, deadline);

	if (ret != -ERESTARTNOHAND)
		return ret;
	rb = restart_current();
	rb->poll.ufds = (uint32_t)ufds;
	rb->poll.nfds = nfds;
	rb->poll.deadline = deadline;
	return restart_set(poll_restart);
}

static long poll_restart(struct restart_block *rb)
{
	return poll_until_deadline((struct pollfd32 *)rb->poll.ufds,
				   rb->poll.nfds, rb->poll.deadline);
}

/* timeout in ms; negative: none. */
static long sys_poll(struct pollfd32 *ufds, uint32_t nfds, int32_t timeout)
{
	uint64_t deadline = WAIT_FOREVER;

	if (timeout >= 0)
		poll_timeout(timeout / 1000, timeout % 1000 * NS_PER_MSEC,
			     &deadline);
	return poll_until_deadline(ufds, nfds, deadline);
}
SYSCALL(NR_poll, sys_poll);

static long ppoll_common(struct pollfd32 *ufds, uint32_t nfds, void *utime,
			 enum poll_time_type type, const uint64_t *umask,
			 uint32_t setsize)
{
	uint64_t deadline;
	long ret = poll_timeout_get(utime, type, &deadline);

	if (!ret)
		ret = poll_sigmask_set(umask, setsize);
	if (ret)
		return ret;
	ret = do_poll(ufds, nfds, deadline);
	return poll_finish(deadline, utime, type, ret);
}

static long sys_ppoll(struct pollfd32 *ufds, uint32_t nfds,
		      struct timespec32 *uts, const uint64_t *umask,
		      uint32_t setsize)
{
	return ppoll_common(ufds, nfds, uts, POLL_TIMESPEC32, umask, setsize);
}
SYSCALL(NR_ppoll, sys_ppoll);

static long sys_ppoll_time64(struct pollfd32 *ufds, uint32_t nfds,
			     struct timespec64_user *uts,
			     const uint64_t *umask, uint32_t setsize)
{
	return ppoll_common(ufds, nfds, uts, POLL_TIMESPEC64, umask, setsize);
}
SYSCALL(NR_ppoll_time64, sys_ppoll_time64);
