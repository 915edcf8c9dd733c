/*
 * test_poll.c: poll tables and FIFOs.  Files without a poll op are
 * always ready; one sleep on many pipes (more than a table holds inline)
 * is woken by a thread writing to any of them, or ends at its deadline,
 * and every file reference it took is given back; a FIFO on ramfs keeps
 * its pipe in the inode while open and drops it at the last close; a
 * blocking FIFO open waits for the other end without holding the VFS
 * lock (the waiting thread's partner does VFS work meanwhile).
 */
#include "fs/poll.h"
#include "fs/vfs.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/sched/task.h"
#include "tests/kernel/vfs_sandbox.h"

#define MS	1000000ull

KTEST(poll, default_mask)
{
	struct sandbox s;
	struct file *f;

	SANDBOX(ctx, &s);
	f = vfs_open("/f", O_RDONLY | O_CREAT, 0644);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_poll(f, NULL), POLL_DEFAULT_MASK);
	vfs_close(f);
	f = vfs_open("/", O_RDONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_poll(f, NULL), POLL_DEFAULT_MASK);
	vfs_close(f);
	SANDBOX_END(ctx, &s);
}

struct pipes {
	struct file *ends[20][2];
	unsigned int nr;
	int which;			/* the pipe the writer writes to */
};

static int write_later(void *arg)
{
	struct pipes *p = arg;

	sleep_ns(30 * MS);
	return (int)vfs_write(p->ends[p->which][1], "x", 1);
}

/* Ready read ends: how many (poll_until's scan). */
static int scan_reads(void *arg, struct poll_table *pt)
{
	struct pipes *p = arg;
	int n = 0;

	for (unsigned int i = 0; i < p->nr; i++)
		if (vfs_poll(p->ends[i][0], pt) & POLLIN)
			n++;
	return n;
}

static void pipes_close(struct pipes *p)
{
	for (unsigned int i = 0; i < p->nr; i++) {
		vfs_close(p->ends[i][0]);
		vfs_close(p->ends[i][1]);
	}
}

KTEST(poll, one_sleep_on_many_pipes)
{
	struct pipes p = { .nr = 20, .which = 17 };
	struct poll_table pt;
	struct task *t;
	uint64_t start;

	for (unsigned int i = 0; i < p.nr; i++)
		KT_ASSERT_EQ(ctx, vfs_pipe(p.ends[i], 0), 0);
	t = kthread_create(write_later, &p, "pollw");
	KT_ASSERT(ctx, t != NULL);
	start = clock_ns();
	poll_table_init(&pt);
	KT_EXPECT_EQ(ctx, poll_until(&pt, scan_reads, &p, clock_ns() + 5000 * MS), 1);
	KT_EXPECT(ctx, pt.chunks != NULL);	/* past the inline entries */
	KT_EXPECT_EQ(ctx, p.ends[0][0]->refcount, 2);	/* held by the table */
	poll_table_free(&pt);
	KT_EXPECT(ctx, clock_ns() - start < 5000 * MS);
	KT_EXPECT_EQ(ctx, kthread_join(t), 1);
	for (unsigned int i = 0; i < p.nr; i++)
		KT_EXPECT_EQ(ctx, p.ends[i][0]->refcount, 1);
	KT_EXPECT_EQ(ctx, vfs_poll(p.ends[17][0], NULL), POLLIN | POLLRDNORM);
	pipes_close(&p);
}

KTEST(poll, deadline_and_zero_timeout)
{
	struct pipes p = { .nr = 2 };
	struct poll_table pt;
	uint64_t start;

	for (unsigned int i = 0; i < p.nr; i++)
		KT_ASSERT_EQ(ctx, vfs_pipe(p.ends[i], 0), 0);
	poll_table_init(&pt);
	KT_EXPECT_EQ(ctx, poll_until(&pt, scan_reads, &p, 0), 0);
	poll_table_free(&pt);
	start = clock_ns();
	poll_table_init(&pt);
	KT_EXPECT_EQ(ctx, poll_until(&pt, scan_reads, &p, start + 40 * MS), 0);
	poll_table_free(&pt);
	KT_EXPECT(ctx, clock_ns() - start >= 40 * MS);
	pipes_close(&p);
}

KTEST(poll, pipe_masks)
{
	struct file *e[2];

	KT_ASSERT_EQ(ctx, vfs_pipe(e, O_NONBLOCK), 0);
	KT_EXPECT_EQ(ctx, vfs_poll(e[0], NULL), 0);
	KT_EXPECT_EQ(ctx, vfs_poll(e[1], NULL), POLLOUT | POLLWRNORM);
	KT_EXPECT_EQ(ctx, vfs_write(e[1], "ab", 2), 2);
	KT_EXPECT_EQ(ctx, vfs_poll(e[0], NULL), POLLIN | POLLRDNORM);
	vfs_close(e[1]);
	KT_EXPECT_EQ(ctx, vfs_poll(e[0], NULL), POLLIN | POLLRDNORM | POLLHUP);
	vfs_close(e[0]);
	KT_ASSERT_EQ(ctx, vfs_pipe(e, 0), 0);
	vfs_close(e[0]);
	KT_EXPECT_EQ(ctx, vfs_poll(e[1], NULL), POLLOUT | POLLWRNORM | POLLERR);
	vfs_close(e[1]);
}

KTEST(poll, fifo_pipe_lives_with_the_inode)
{
	struct sandbox s;
	struct file *r, *w;
	struct inode *inode;
	char buf[8];

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mknod("/p", S_IFIFO | 0600, 0), 0);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/p", O_WRONLY | O_NONBLOCK, 0)),
		     -ENXIO);
	r = vfs_open("/p", O_RDONLY | O_NONBLOCK, 0);
	KT_ASSERT(ctx, !IS_ERR(r));
	KT_EXPECT(ctx, r->inode->pipe != NULL);
	KT_EXPECT_EQ(ctx, vfs_poll(r, NULL), 0);	/* no writer seen yet */
	w = vfs_open("/p", O_WRONLY, 0);		/* a reader: no wait */
	KT_ASSERT(ctx, !IS_ERR(w));
	KT_EXPECT(ctx, w->inode == r->inode && w->private == r->private);
	KT_EXPECT_EQ(ctx, vfs_write(w, "fifo", 4), 4);
	vfs_close(w);
	KT_EXPECT_EQ(ctx, vfs_poll(r, NULL), POLLIN | POLLRDNORM | POLLHUP);
	KT_EXPECT_EQ(ctx, vfs_read(r, buf, sizeof(buf)), 4);
	KT_EXPECT_EQ(ctx, vfs_read(r, buf, sizeof(buf)), 0);
	inode = igrab(r->inode);
	vfs_close(r);
	KT_EXPECT(ctx, inode->pipe == NULL);		/* freed at the last close */
	iput(inode);
	r = vfs_open("/p", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(r));
	KT_EXPECT_EQ(ctx, vfs_poll(r, NULL), POLLOUT | POLLWRNORM);
	vfs_close(r);
	KT_EXPECT_EQ(ctx, vfs_unlink("/p"), 0);
	SANDBOX_END(ctx, &s);
}

static int open_reader(void *arg)
{
	struct file *f = vfs_open("/p", O_RDONLY, 0);
	char buf[8];
	int n;

	if (IS_ERR(f))
		return (int)PTR_ERR(f);
	n = (int)vfs_read(f, buf, sizeof(buf));
	vfs_close(f);
	return n;
}

KTEST(poll, fifo_open_waits_without_the_vfs_lock)
{
	struct sandbox s;
	struct task *t;
	struct file *w;
	struct kstat st;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mknod("/p", S_IFIFO | 0600, 0), 0);
	t = kthread_create(open_reader, NULL, "fifor");
	KT_ASSERT(ctx, t != NULL);
	sleep_ns(30 * MS);		/* the reader now waits in its open */
	KT_EXPECT_EQ(ctx, vfs_mkdir("/d", 0755), 0);
	KT_EXPECT_EQ(ctx, vfs_stat("/p", true, &st), 0);
	w = vfs_open("/p", O_WRONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(w));
	KT_EXPECT_EQ(ctx, vfs_write(w, "abc", 3), 3);
	vfs_close(w);
	KT_EXPECT_EQ(ctx, kthread_join(t), 3);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/d"), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/p"), 0);
	SANDBOX_END(ctx, &s);
}
