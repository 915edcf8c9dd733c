/*
 * sys_select.c: select (82, i386's old form: one pointer to the five
 * arguments), _newselect (142), pselect6 (308) and pselect6_time64 (413),
 * with Linux's semantics.
 *
 * n is clamped to the size of the descriptor table (as Linux clamps it to
 * its table's); -EINVAL when negative.  Each fd_set is n bits rounded up
 * to 32-bit words, read in and written back whole (NULL: empty, not
 * written).  A set bit for a closed descriptor gives -EBADF.  A
 * descriptor counts once per set it is ready in: readable for POLLIN,
 * POLLHUP or POLLERR (and the RD* bits), writable for POLLOUT or POLLERR
 * (and WR*), exceptional for POLLPRI.  The timeout (a timeval; a timespec
 * for pselect6) is updated with the time left, as Linux does.  A signal
 * gives -ERESTARTNOHAND without touching the sets: -EINTR when a handler
 * runs, else a restart with the time left.  pselect6's sixth argument
 * points to {sigset pointer, its size}: the mask swapped in for the call.
 *
 * Interface: the SYSCALL registrations.
 */
#include "fs/poll.h"
#include "fs/vfs.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/syscall/poll.h"
#include "kernel/syscall/syscall.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define POLLIN_SET	(POLLIN | POLLRDNORM | POLLRDBAND | POLLHUP | POLLERR)
#define POLLOUT_SET	(POLLOUT | POLLWRNORM | POLLWRBAND | POLLERR)
#define POLLEX_SET	POLLPRI

enum { SEL_IN, SEL_OUT, SEL_EX, SEL_SETS };

/* The sets asked for and the results, each words 32-bit words. */
struct select_sets {
	int n;				/* descriptors 0..n-1 */
	unsigned int words;
	uint32_t *want[SEL_SETS], *res[SEL_SETS];
};

/* Descriptors a select may name: the size of the descriptor table now
 * (it grows up to RLIMIT_NOFILE), as Linux's max_fds. */
static int select_max_fds(void)
{
	return (int)READ_ONCE(proc_current()->files->nr_fds);
}

static bool bit_test(const uint32_t *set, int fd)
{
	return set[fd / 32] & (1u << (fd % 32));
}

static bool select_wanted(const struct select_sets *s, int fd)
{
	return bit_test(s->want[SEL_IN], fd) || bit_test(s->want[SEL_OUT], fd) ||
	       bit_test(s->want[SEL_EX], fd);
}

/* -EBADF when a set names a closed descriptor; else the highest one
 * named plus 1, which becomes s->n. */
static int select_check_fds(struct select_sets *s)
{
	int top = 0;

	for (int fd = 0; fd < s->n; fd++) {
		if (!select_wanted(s, fd))
			continue;
		if (!fd_get(fd))
			return -EBADF;
		top = fd + 1;
	}
	s->n = top;
	return 0;
}

/* One pass: the results, and how many (descriptor, set) pairs are ready. */
static int select_scan(void *arg, struct poll_table *pt)
{
	static const unsigned int events[SEL_SETS] = {
		POLLIN_SET, POLLOUT_SET, POLLEX_SET,
	};
	struct select_sets *s = arg;
	int count = 0;

	for (int fd = 0; fd < s->n; fd++) {
		struct file *f;
		unsigned int mask;

		if (!select_wanted(s, fd) || !(f = fd_get(fd)))
			continue;
		mask = vfs_poll(f, pt);
		for (int i = 0; i < SEL_SETS; i++) {
			if ((mask & events[i]) && bit_test(s->want[i], fd)) {
				s->res[i][fd / 32] |= 1u << (fd % 32);
				count++;
			}
		}
	}
	fd_put_borrowed();	/* a pass at a time, as Linux's fdget/fdput */
	return count;
}

/* Read the user's sets (NULL: empty): 0 or -EFAULT. */
static int select_copy_in(struct select_sets *s, void *const usets[SEL_SETS])
{
	size_t bytes = s->words * sizeof(uint32_t);

	for (int i = 0; i < SEL_SETS; i++)
		if (usets[i] && bytes && copy_from_user(s->want[i], usets[i], bytes))
			return -EFAULT;
	return 0;
}

static int select_copy_out(struct select_sets *s, void *const usets[SEL_SETS])
{
	size_t bytes = s->words * sizeof(uint32_t);

	for (int i = 0; i < SEL_SETS; i++)
		if (usets[i] && bytes && copy_to_user(usets[i], s->res[i], bytes))
			return -EFAULT;
	return 0;
}

/* The select itself: the count, 0 at the deadline, or -Exxx. */
static long do_select(int n, void *const usets[SEL_SETS], uint64_t deadline)
{
	struct select_sets s;
	struct poll_table pt;
	uint32_t *mem;
	long ret;

	if (n < 0)
		return -EINVAL;
	s.n = MIN(n, select_max_fds());
	s.words = (unsigned int)(s.n + 31) / 32;
	mem = kzalloc(2 * SEL_SETS * s.words * sizeof(uint32_t) + 1);
	if (!mem)
		return -ENOMEM;
	for (int i = 0; i < SEL_SETS; i++) {
		s.want[i] = mem + i * s.words;
		s.res[i] = mem + (SEL_SETS + i) * s.words;
	}
	ret = select_copy_in(&s, usets);
	if (!ret)
		ret = select_check_fds(&s);
	if (!ret) {
		poll_table_init(&pt);
		ret = poll_until(&pt, select_scan, &s, deadline);
		poll_table_free(&pt);
	}
	if (ret >= 0 && select_copy_out(&s, usets))
		ret = -EFAULT;
	kfree(mem);
	return ret;
}

static long select_common(int n, void *uin, void *uout, void *uex,
			  void *utime, enum poll_time_type type,
			  const uint64_t *umask, uint32_t setsize)
{
	void *const usets[SEL_SETS] = { uin, uout, uex };
	uint64_t deadline;
	long ret = poll_timeout_get(utime, type, &deadline);

	if (!ret)
		ret = poll_sigmask_set(umask, setsize);
	if (ret)
		return ret;
	ret = do_select(n, usets, deadline);
	return poll_finish(deadline, utime, type, ret);
}

static long sys__newselect(int n, void *uin, void *uout, void *uex,
			   void *utv)
{
	return select_common(n, uin, uout, uex, utv, POLL_TIMEVAL32, NULL, 0);
}
SYSCALL(NR__newselect, sys__newselect);

/* i386's first select: one pointer to the five arguments. */
struct sel_arg_struct {
	uint32_t n, inp, outp, exp, tvp;
};

static long sys_select(const struct sel_arg_struct *uargs)
{
	struct sel_arg_struct a;

	if (copy_from_user(&a, uargs, sizeof(a)))
		return -EFAULT;
	return sys__newselect((int)a.n, (void *)a.inp, (void *)a.outp,
			      (void *)a.exp, (void *)a.tvp);
}
SYSCALL(NR_select, sys_select);

/* pselect6's sixth argument. */
struct pselect_sigmask {
	uint32_t set;			/* const sigset_t * */
	uint32_t size;
};

static long pselect_common(int n, void *uin, void *uout, void *uex,
			   void *uts, enum poll_time_type type,
			   const struct pselect_sigmask *usig)
{
	struct pselect_sigmask sig = { 0, 0 };

	if (usig && copy_from_user(&sig, usig, sizeof(sig)))
		return -EFAULT;
	return select_common(n, uin, uout, uex, uts, type,
			     (const uint64_t *)sig.set, sig.size);
}

static long sys_pselect6(int n, void *uin, void *uout, void *uex, void *uts,
			 const struct pselect_sigmask *usig)
{
	return pselect_common(n, uin, uout, uex, uts, POLL_TIMESPEC32, usig);
}
SYSCALL(NR_pselect6, sys_pselect6);

static long sys_pselect6_time64(int n, void *uin, void *uout, void *uex,
				void *uts, const struct pselect_sigmask *usig)
{
	return pselect_common(n, uin, uout, uex, uts, POLL_TIMESPEC64, usig);
}
SYSCALL(NR_pselect6_time64, sys_pselect6_time64);
