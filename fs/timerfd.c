/*
 * timerfd.c: timers as files (Linux's timerfd).
 *
 * A timerfd holds a ktimer (kernel/ktimer.h) on the clock it was made
 * for: CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME or their _ALARM
 * twins (the machine never suspends, so BOOTTIME is MONOTONIC and the
 * alarm clocks are the plain ones).  timerfd_set arms it with a value
 * relative to now or, with abstime, a time on its clock (a wall-clock
 * time is turned into a monotonic deadline then: the wall clock is never
 * set, so TFD_TIMER_CANCEL_ON_SET has nothing to cancel), and an
 * interval; the count of expirations starts again at 0.  A read of at
 * least 8 bytes (else -EINVAL) returns the expirations since the last
 * read as a 64-bit count and sets it to 0; it sleeps while there is none
 * (-EAGAIN with O_NONBLOCK, -ERESTARTSYS on a signal).  poll: readable
 * while the count is not 0; the tick wakes sleepers at each expiry.
 *
 * Interface (fs/vfs.h): timerfd_file, timerfd_set, timerfd_get.
 */
#include "fs/internal.h"
#include "fs/poll.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/ktimer.h"
#include "kernel/proc/signal.h"
#include "kernel/wait.h"
#include "lib/string.h"
#include "mm/mm.h"

struct timerfd {
	struct ktimer timer;
	struct wait_queue wq;
	bool realtime;			/* its clock is the wall clock */
};

static const struct file_ops timerfd_fops;

static void timerfd_fire(struct ktimer *t)
{
	struct timerfd *tfd = t->data;

	wake_up(&tfd->wq);
}

static ssize_t timerfd_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	struct timerfd *tfd = f->private;
	uint64_t n;

	if (len < sizeof(n))
		return -EINVAL;
	while (!(n = ktimer_take(&tfd->timer))) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		wait_event(&tfd->wq, ktimer_pending(&tfd->timer) ||
			   signal_check());
		if (signal_check())
			return -ERESTARTSYS;
	}
	memcpy(buf, &n, sizeof(n));
	return sizeof(n);
}

static unsigned int timerfd_poll(struct file *f, struct poll_table *pt)
{
	struct timerfd *tfd = f->private;

	poll_wait(f, &tfd->wq, pt);
	return ktimer_pending(&tfd->timer) ? POLLIN | POLLRDNORM : 0;
}

static int timerfd_release(struct inode *inode, struct file *f)
{
	struct timerfd *tfd = f->private;

	ktimer_stop(&tfd->timer);
	kfree(tfd);
	return 0;
}

static const struct file_ops timerfd_fops = {
	.read = timerfd_read,
	.poll = timerfd_poll,
	.release = timerfd_release,
};

struct file *timerfd_file(int clockid, bool nonblock, int *err)
{
	struct timerfd *tfd;
	struct file *f;

	*err = -EINVAL;
	if (clockid != CLOCK_REALTIME && clockid != CLOCK_MONOTONIC &&
	    clockid != CLOCK_BOOTTIME && clockid != CLOCK_REALTIME_ALARM &&
	    clockid != CLOCK_BOOTTIME_ALARM)
		return NULL;
	*err = -ENOMEM;
	tfd = kzalloc(sizeof(*tfd));
	if (!tfd)
		return NULL;
	ktimer_init(&tfd->timer, timerfd_fire, tfd);
	wait_queue_init(&tfd->wq);
	tfd->realtime = clockid == CLOCK_REALTIME ||
		clockid == CLOCK_REALTIME_ALARM;
	f = anon_file("timerfd", &timerfd_fops, tfd,
		      O_RDWR | (nonblock ? O_NONBLOCK : 0));
	if (!f)
		kfree(tfd);
	return f;
}

int timerfd_set(struct file *f, bool abstime, uint64_t value,
		uint64_t interval, uint64_t *old_value, uint64_t *old_interval)
{
	struct timerfd *tfd = f->private;

	if (f->fops != &timerfd_fops)
		return -EINVAL;
	ktimer_get(&tfd->timer, old_value, old_interval);
	ktimer_arm(&tfd->timer, ktimer_deadline(&tfd->timer, tfd->realtime,
						  abstime, value),
		   interval);
	return 0;
}

int timerfd_get(struct file *f, uint64_t *value, uint64_t *interval)
{
	struct timerfd *tfd = f->private;

	if (f->fops != &timerfd_fops)
		return -EINVAL;
	ktimer_get(&tfd->timer, value, interval);
	return 0;
}
