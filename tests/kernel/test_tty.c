/*
 * test_tty.c: the tty layer through a loopback terminal: a test driver
 * that records what the tty layer sends it (taking at most `room` bytes
 * at a time, to test flow control) and feeds input with tty_receive().
 * The node is opened through devfs like any terminal; reads, writes and
 * polls go through the file ops, modes through tty_set_termios.
 */
#include "drivers/tty/internal.h"
#include "fs/poll.h"
#include "kernel/clock.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "tests/kernel/vfs_sandbox.h"

#define LOOP_OUT_MAX	4096

static struct loopback {
	struct tty *tty;
	char out[LOOP_OUT_MAX];
	size_t len;
	size_t room;			/* bytes the next write may take */
} loop;

static size_t loop_write(struct tty *tty, const uint8_t *buf, size_t len)
{
	size_t n = len < loop.room ? len : loop.room;

	if (n > LOOP_OUT_MAX - loop.len)
		n = LOOP_OUT_MAX - loop.len;
	memcpy(loop.out + loop.len, buf, n);
	loop.len += n;
	loop.room -= n;
	return n;
}

static const struct tty_driver_ops loop_ops = { .write = loop_write };

static const struct termios std_termios = {
	.c_iflag = TTY_STD_IFLAG, .c_oflag = TTY_STD_OFLAG,
	.c_cflag = TTY_STD_CFLAG, .c_lflag = TTY_STD_LFLAG,
	.c_cc = TTY_STD_CC,
};

/* A fresh sandbox with /dev, the loopback terminal open as *f. */
static int loop_open(struct sandbox *s, struct file **f, unsigned int flags)
{
	int err;

	if (!loop.tty) {
		loop.tty = tty_register("ttyloop", TTY_MAJOR, 120, &loop_ops,
					&loop);
		if (IS_ERR(loop.tty))
			return (int)PTR_ERR(loop.tty);
	}
	loop.len = 0;
	loop.room = (size_t)-1;
	tty_set_termios(loop.tty, &std_termios, 2);
	err = sandbox_enter(s);
	if (!err)
		err = vfs_mkdir("/dev", 0755);
	if (!err)
		err = vfs_mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	*f = err ? ERR_PTR(err) : vfs_open("/dev/ttyloop", O_RDWR | flags, 0);
	return IS_ERR(*f) ? (int)PTR_ERR(*f) : 0;
}

static int loop_close(struct sandbox *s, struct file *f)
{
	int err;

	vfs_close(f);
	err = vfs_umount("/dev");
	return err ? err : sandbox_leave(s);
}

static void feed(const char *s)
{
	tty_receive(loop.tty, (const uint8_t *)s, strlen(s));
}

static bool out_is(const char *want)
{
	return loop.len == strlen(want) && memcmp(loop.out, want, loop.len) == 0;
}

static void set_raw(uint8_t vmin, uint8_t vtime)
{
	struct termios t = std_termios;

	t.c_lflag &= ~(ICANON | ECHO);
	t.c_cc[VMIN] = vmin;
	t.c_cc[VTIME] = vtime;
	tty_set_termios(loop.tty, &t, 0);
}

KTEST(tty, canonical_read_and_echo)
{
	struct sandbox s;
	struct file *f;
	char buf[16];

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, 0), 0);
	feed("ab\177c\r");
	KT_EXPECT(ctx, out_is("ab\b \bc\r\n"));
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 3);
	KT_EXPECT(ctx, memcmp(buf, "ac\n", 3) == 0);
	feed("\004");				/* EOF: a read of 0 */
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 0);
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}

KTEST(tty, write_through_opost)
{
	struct sandbox s;
	struct file *f;

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, 0), 0);
	KT_EXPECT_EQ(ctx, vfs_write(f, "x\ny", 3), 3);
	KT_EXPECT(ctx, out_is("x\r\ny"));
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}

KTEST(tty, nonblocking_and_poll)
{
	struct sandbox s;
	struct file *f;
	char buf[8];

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, O_NONBLOCK), 0);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), -EAGAIN);
	KT_EXPECT_EQ(ctx, vfs_poll(f, NULL), POLLOUT | POLLWRNORM);
	feed("par");				/* no whole line yet */
	KT_EXPECT_EQ(ctx, vfs_poll(f, NULL) & POLLIN, 0);
	KT_EXPECT_EQ(ctx, n_tty_in_count(&loop.tty->ld), 0);
	feed("t\n");
	KT_EXPECT_EQ(ctx, vfs_poll(f, NULL) & POLLIN, POLLIN);
	KT_EXPECT_EQ(ctx, n_tty_in_count(&loop.tty->ld), 5);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 5);
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}

static int feed_later(void *arg)
{
	const char *s = arg;

	for (; *s; s++) {
		sleep_ns(20000000);		/* 20 ms between bytes */
		tty_receive(loop.tty, (const uint8_t *)s, 1);
	}
	return 0;
}

/* Read with the current modes while a thread types text; returns the
 * byte count and the time taken in ms. */
static ssize_t timed_read(struct file *f, char *buf, size_t len,
			  const char *text, uint64_t *ms)
{
	struct task *t = text ? kthread_create(feed_later, (void *)text,
					       "ttyfeed") : NULL;
	uint64_t start = clock_ns();
	ssize_t n = vfs_read(f, buf, len);

	*ms = (clock_ns() - start) / 1000000;
	if (t)
		kthread_join(t);
	return n;
}

KTEST(tty, vmin_vtime_cases)
{
	struct sandbox s;
	struct file *f;
	char buf[16];
	uint64_t ms;

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, 0), 0);
	set_raw(0, 0);				/* polling read */
	KT_EXPECT_EQ(ctx, timed_read(f, buf, 8, NULL, &ms), 0);
	KT_EXPECT(ctx, ms < 20);
	set_raw(0, 2);				/* 0.2 s for a first byte */
	KT_EXPECT_EQ(ctx, timed_read(f, buf, 8, NULL, &ms), 0);
	KT_EXPECT(ctx, ms >= 190 && ms < 400);
	KT_EXPECT_EQ(ctx, timed_read(f, buf, 8, "ab", &ms), 1);
	KT_EXPECT(ctx, ms < 150);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, 8), 1);	/* the 'b' */
	set_raw(3, 0);				/* three bytes, however long */
	KT_EXPECT_EQ(ctx, timed_read(f, buf, 8, "xyz", &ms), 3);
	KT_EXPECT(ctx, memcmp(buf, "xyz", 3) == 0);
	KT_EXPECT(ctx, ms >= 50);
	set_raw(5, 1);				/* 0.1 s after the last byte */
	KT_EXPECT_EQ(ctx, timed_read(f, buf, 8, "12", &ms), 2);
	KT_EXPECT(ctx, ms >= 130 && ms < 400);
	set_raw(2, 0);				/* buffer smaller than MIN */
	feed("pq");
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, 1), 1);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, 1), 1);
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}

KTEST(tty, driver_flow_control)
{
	struct sandbox s;
	struct file *f;

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, 0), 0);
	loop.room = 4;				/* the driver takes 4 bytes */
	KT_EXPECT_EQ(ctx, vfs_write(f, "0123456789", 10), 10);
	KT_EXPECT(ctx, out_is("0123"));
	KT_EXPECT_EQ(ctx, n_tty_out_count(&loop.tty->ld), 6);
	loop.room = 100;			/* room again: the driver says so */
	tty_write_wakeup(loop.tty);
	KT_EXPECT(ctx, out_is("0123456789"));
	KT_EXPECT_EQ(ctx, n_tty_out_count(&loop.tty->ld), 0);
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}

KTEST(tty, stop_start_output)
{
	struct sandbox s;
	struct file *f;

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, 0), 0);
	feed("\023");				/* ^S */
	KT_EXPECT_EQ(ctx, vfs_write(f, "abc", 3), 3);
	KT_EXPECT(ctx, out_is(""));
	feed("\021");				/* ^Q */
	KT_EXPECT(ctx, out_is("abc"));
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}

KTEST(tty, termios_flush_and_switch)
{
	struct sandbox s;
	struct file *f;
	struct termios t;
	char buf[8];

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, O_NONBLOCK), 0);
	tty_get_termios(loop.tty, &t);
	KT_EXPECT_EQ(ctx, t.c_lflag, TTY_STD_LFLAG);
	KT_EXPECT_EQ(ctx, t.c_cc[VERASE], 0177);
	feed("lost\n");
	KT_EXPECT_EQ(ctx, tty_set_termios(loop.tty, &t, 2), 0);	/* TCSETSF */
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), -EAGAIN);
	feed("kept");				/* a partial line... */
	set_raw(1, 0);				/* ...readable once raw */
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 4);
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}

KTEST(tty, ctty_needs_a_process)
{
	struct sandbox s;
	struct file *f, *g;

	KT_ASSERT_EQ(ctx, loop_open(&s, &f, 0), 0);
	/* A kernel thread has no controlling terminal: /dev/tty is ENXIO
	 * and opening a terminal gives it none. */
	KT_EXPECT(ctx, tty_current_ctty() == NULL);
	KT_EXPECT_EQ(ctx, loop.tty->session, 0);
	g = vfs_open("/dev/tty", O_RDWR, 0);
	KT_EXPECT_EQ(ctx, PTR_ERR(g), -ENXIO);
	KT_EXPECT_EQ(ctx, tty_check_change(loop.tty, SIGTTIN), 0);
	KT_EXPECT_EQ(ctx, loop_close(&s, f), 0);
}
