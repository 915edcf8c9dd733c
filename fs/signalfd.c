/*
 * signalfd.c: pending signals read from a file (Linux's signalfd).
 *
 * A signalfd holds a set of signals (never SIGKILL or SIGSTOP).  A read
 * takes pending signals of that set from the reading thread (its own,
 * then its process's), as many as whole 128-byte struct
 * signalfd_siginfo fit in the buffer (none fits: -EINVAL), and returns
 * their bytes; it sleeps while none is pending (-EAGAIN with O_NONBLOCK,
 * -ERESTARTSYS on a signal it does not take).  poll: readable while one
 * is pending for the polling thread.  The siginfo fields are filled by
 * the siginfo's layout as Linux's signalfd_copyinfo (pointers and
 * addresses sign-extended from 32 bits).  Sleepers wait on
 * signal_generated (kernel/proc/signal.h).
 *
 * Interface (fs/vfs.h): signalfd_file, signalfd_set_mask.
 */
#include "fs/internal.h"
#include "fs/poll.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/signal.h"
#include "kernel/wait.h"
#include "lib/string.h"
#include "mm/mm.h"

struct signalfd_siginfo {
	uint32_t signo;
	int32_t errno_, code;
	uint32_t pid, uid;
	int32_t fd;
	uint32_t tid, band, overrun, trapno;
	int32_t status, int_;
	uint64_t ptr, utime, stime, addr;
	uint16_t addr_lsb, pad2;
	int32_t syscall;
	uint64_t call_addr;
	uint32_t arch;
	uint8_t pad[28];
} __attribute__((packed));
_Static_assert(sizeof(struct signalfd_siginfo) == 128, "signalfd_siginfo");

struct signalfd {
	uint64_t mask;
};

static const struct file_ops signalfd_fops;

static uint64_t sign_extend(uint32_t v)
{
	return (uint64_t)(int64_t)(int32_t)v;
}

/* The union's fields by the siginfo's layout (Linux's siginfo_layout). */
static void signalfd_fields(struct signalfd_siginfo *s,
			    const struct ksiginfo *k)
{
	bool kernel_code = k->code > SI_USER && k->code < SI_KERNEL;

	if (kernel_code && k->signo == SIGCHLD) {
		s->pid = k->chld.pid;
		s->uid = k->chld.uid;
		s->status = k->chld.status;
		s->utime = sign_extend(k->chld.utime);
		s->stime = sign_extend(k->chld.stime);
	} else if (kernel_code && (k->signo == SIGSEGV || k->signo == SIGBUS ||
				   k->signo == SIGILL || k->signo == SIGFPE ||
				   k->signo == SIGTRAP)) {
		s->addr = sign_extend(k->fault.addr);
	} else if (kernel_code && k->signo == SIGPOLL) {
		s->band = k->word[0];
		s->fd = (int32_t)k->word[1];
	} else if (kernel_code) {
		return;
	} else if (k->code == SI_TIMER) {
		s->tid = k->word[0];
		s->overrun = k->word[1];
		s->ptr = sign_extend(k->word[2]);
		s->int_ = (int32_t)k->word[2];
	} else if (k->code < 0) {
		s->pid = k->rt.pid;
		s->uid = k->rt.uid;
		s->ptr = sign_extend(k->rt.value);
		s->int_ = (int32_t)k->rt.value;
	} else {
		s->pid = k->kill.pid;
		s->uid = k->kill.uid;
	}
}

static ssize_t signalfd_read(struct file *f, void *buf, size_t len,
			     uint64_t *pos)
{
	struct signalfd *sfd = f->private;
	struct signalfd_siginfo *out = buf;
	size_t n = 0, max = len / sizeof(*out);
	struct ksiginfo k;

	if (!max)
		return -EINVAL;
	while (n < max) {
		if (signal_take(sfd->mask, &k)) {
			memset(&out[n], 0, sizeof(out[n]));
			out[n].signo = k.signo;
			out[n].errno_ = k.errno_;
			out[n].code = k.code;
			signalfd_fields(&out[n], &k);
			n++;
			continue;
		}
		if (n)
			break;
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		wait_event(&signal_generated,
			   (signal_pending_set(thread_current()) & sfd->mask) ||
			   signal_check());
		if (!(signal_pending_set(thread_current()) & sfd->mask) &&
		    signal_check())
			return -ERESTARTSYS;
	}
	return n * sizeof(*out);
}

static unsigned int signalfd_poll(struct file *f, struct poll_table *pt)
{
	struct signalfd *sfd = f->private;

	poll_wait(f, &signal_generated, pt);
	if (signal_pending_set(thread_current()) & sfd->mask)
		return POLLIN | POLLRDNORM;
	return 0;
}

static int signalfd_release(struct inode *inode, struct file *f)
{
	kfree(f->private);
	return 0;
}

static const struct file_ops signalfd_fops = {
	.read = signalfd_read,
	.poll = signalfd_poll,
	.release = signalfd_release,
};

struct file *signalfd_file(uint64_t mask, bool nonblock)
{
	struct signalfd *sfd = kzalloc(sizeof(*sfd));
	struct file *f;

	if (!sfd)
		return NULL;
	sfd->mask = mask & ~SIG_UNBLOCKABLE;
	f = anon_file("signalfd", &signalfd_fops, sfd,
		      O_RDWR | (nonblock ? O_NONBLOCK : 0));
	if (!f)
		kfree(sfd);
	return f;
}

int signalfd_set_mask(struct file *f, uint64_t mask)
{
	struct signalfd *sfd = f->private;

	if (f->fops != &signalfd_fops)
		return -EINVAL;
	sfd->mask = mask & ~SIG_UNBLOCKABLE;
	wake_up(&signal_generated);	/* sleepers look at the new mask */
	return 0;
}
