/*
 * random.c: /dev/random (1:8) and /dev/urandom (1:9), the entropy pool's
 * files, as Linux 5.18+ has them.
 *
 * Reads give the generator's output (kernel/random.h).  /dev/random waits
 * until the generator is ready (bounded: kernel/random/jitter.c), or
 * fails with -EAGAIN under O_NONBLOCK; /dev/urandom never waits, and says
 * once in the log (at debug level: not on the console, where it would
 * fall into whatever the terminal shows) when it is read too early.  Writes to either are mixed
 * into the input pool without credit.  poll: /dev/random is readable once
 * ready and writable before; /dev/urandom has no poll op, so it is always
 * both.  The ioctls of <linux/random.h>: RNDGETENTCNT (the pool's credit)
 * for everyone; RNDADDTOENTCNT, RNDADDENTROPY, RNDZAPENTCNT,
 * RNDCLEARPOOL (both no-ops now, as in Linux) and RNDRESEEDCRNG for root
 * only (-EPERM); others are -EINVAL.  lseek leaves the offset at 0.
 *
 * Interface: none; the nodes are registered with devfs at INIT_FS.
 */
#include "fs/devfs/devfs.h"
#include "fs/poll.h"
#include "fs/stat.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/random.h"
#include "kernel/wait.h"
#include "lib/errno.h"
#include "mm/uaccess.h"

#define RNDGETENTCNT	0x80045200
#define RNDADDTOENTCNT	0x40045201
#define RNDADDENTROPY	0x40085203
#define RNDZAPENTCNT	0x5204
#define RNDCLEARPOOL	0x5206
#define RNDRESEEDCRNG	0x5207

static ssize_t urandom_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	static bool warned;

	if (!crng_ready() && !warned) {
		warned = true;
		pr_debug("random: %s: uninitialized urandom read (%zu bytes)\n",
			  proc_current() ? proc_current()->name : "kernel", len);
	}
	get_random_bytes(buf, len);
	return (ssize_t)len;
}

static ssize_t random_read(struct file *f, void *buf, size_t len,
			   uint64_t *pos)
{
	int err = random_wait_ready(f->flags & O_NONBLOCK);

	if (err)
		return err;
	get_random_bytes(buf, len);
	return (ssize_t)len;
}

static ssize_t random_file_write(struct file *f, const void *buf, size_t len,
				 uint64_t *pos)
{
	random_write(buf, len);
	return (ssize_t)len;
}

static unsigned int random_poll(struct file *f, struct poll_table *pt)
{
	poll_wait(f, &crng_ready_wait, pt);
	return crng_ready() ? POLLIN | POLLRDNORM : POLLOUT | POLLWRNORM;
}

/* RNDADDENTROPY's struct rand_pool_info: the credit, the length, the
 * bytes. */
static int add_entropy_ioctl(const int32_t *uarg)
{
	int32_t head[2];

	if (copy_from_user(head, uarg, sizeof(head)))
		return -EFAULT;
	if (head[0] < 0)
		return -EINVAL;
	if (head[1] < 0)		/* Linux: too long to copy whole */
		return -EFAULT;
	return random_add_entropy_user(uarg + 2, (size_t)head[1],
				       (unsigned int)head[0]);
}

static int credit_ioctl(const int32_t *uarg)
{
	int32_t bits;

	if (copy_from_user(&bits, uarg, sizeof(bits)))
		return -EFAULT;
	if (bits < 0)
		return -EINVAL;
	random_credit_bits((unsigned int)bits);
	return 0;
}

static int random_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	int32_t avail = (int32_t)random_entropy_avail();
	bool root = proc_current() && proc_current()->euid == 0;

	if (cmd == RNDGETENTCNT)
		return copy_to_user((void *)arg, &avail, sizeof(avail));
	if (cmd != RNDADDTOENTCNT && cmd != RNDADDENTROPY &&
	    cmd != RNDZAPENTCNT && cmd != RNDCLEARPOOL && cmd != RNDRESEEDCRNG)
		return -EINVAL;
	if (!root)
		return -EPERM;
	switch (cmd) {
	case RNDADDTOENTCNT:
		return credit_ioctl((const int32_t *)arg);
	case RNDADDENTROPY:
		return add_entropy_ioctl((const int32_t *)arg);
	case RNDRESEEDCRNG:
		return random_reseed();
	default:
		return 0;
	}
}

static const struct file_ops random_fops = {
	.llseek = noop_llseek,
	.read = random_read,
	.write = random_file_write,
	.poll = random_poll,
	.ioctl = random_ioctl,
};

static const struct file_ops urandom_fops = {
	.llseek = noop_llseek,
	.read = urandom_read,
	.write = random_file_write,
	.ioctl = random_ioctl,
};

static int random_devices_init(void)
{
	int err = devfs_register_char("random", 0666, MKDEV(1, 8),
				      &random_fops);

	if (!err)
		err = devfs_register_char("urandom", 0666, MKDEV(1, 9),
					  &urandom_fops);
	return err;
}
INITCALL(INIT_FS, random_devices_init);
