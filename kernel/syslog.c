/*
 * syslog.c: syslog(2)'s actions (see syslog.h), as Linux 6.1's do_syslog.
 *
 * Two cursors into the log ring (kernel/logbuf.h) live here, under
 * syslog_lock: the reader's (READ and /proc/kmsg consume records from it,
 * a record too long for the caller's buffer being handed out in parts)
 * and the clear point (READ_ALL shows the records from it on; CLEAR and
 * READ_CLEAR move it to the end).  READ_ALL gives the newest records that
 * fit in the caller's buffer.  Records come out as "<6>[    1.234567]
 * text" lines; one record's text is cut at SYSLOG_TEXT_MAX bytes.
 *
 * Permissions: READ_ALL and SIZE_BUFFER are open to everyone (Linux with
 * dmesg_restrict off), the rest need root (Linux: CAP_SYSLOG); /proc/kmsg
 * is checked at open.  The console log level: CONSOLE_OFF keeps only
 * emergencies (level 1) and remembers the old level for CONSOLE_ON;
 * CONSOLE_LEVEL sets 1..8.
 */
#include "kernel/syslog.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/logbuf.h"
#include "kernel/mutex.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/signal.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define SYSLOG_TEXT_MAX		4096
#define CONSOLE_LEVEL_MIN	1
#define SAVED_LEVEL_NONE	(-1)

/* One record and its text: too large for the stack. */
struct syslog_work {
	struct log_record rec;
	char text[SYSLOG_TEXT_MAX];
};

static struct mutex syslog_lock = MUTEX_INIT(syslog_lock);
static struct log_cursor syslog_cur;	/* READ's; starts at record 0 */
static size_t syslog_partial;		/* bytes of it already read */
static struct log_cursor clear_cur;
static int saved_console_level = SAVED_LEVEL_NONE;

/* w->rec as syslog text in w->text: its length. */
static size_t work_text(struct syslog_work *w)
{
	return MIN(logfmt_syslog(&w->rec, w->text, sizeof(w->text)),
		   sizeof(w->text));
}

static int put_out(char *dst, const char *src, size_t n, int source)
{
	if (source == SYSLOG_FROM_PROC) {
		memcpy(dst, src, n);
		return 0;
	}
	return copy_to_user(dst, src, n);
}

/* Whether the caller may do type: 0 or -EPERM. */
static int syslog_permitted(int type, int source)
{
	if (source == SYSLOG_FROM_PROC && type != SYSLOG_ACTION_OPEN)
		return 0;
	if (type == SYSLOG_ACTION_READ_ALL || type == SYSLOG_ACTION_SIZE_BUFFER)
		return 0;
	return proc_current() && proc_current()->euid != 0 ? -EPERM : 0;
}

/* Wait until the reader's cursor has a record; with syslog_lock held
 * before and after.  0 or -ERESTARTSYS. */
static int syslog_wait(void)
{
	while (!logbuf_pending(&syslog_cur)) {
		mutex_unlock(&syslog_lock);
		wait_event(&log_wait,
			   logbuf_pending(&syslog_cur) || signal_check());
		mutex_lock(&syslog_lock);
		if (!logbuf_pending(&syslog_cur) && signal_check())
			return -ERESTARTSYS;
	}
	return 0;
}

/*
 * One record from the reader's cursor into buf (size bytes, done bytes
 * already given): its length, or 0 when it does not fit (a first record
 * that does not fit goes out in part).  -EFAULT.
 */
static long syslog_read_one(struct syslog_work *w, char *buf, size_t size,
			    size_t done, int source)
{
	uint64_t seq = syslog_cur.seq;
	size_t n, skip;

	if (logbuf_peek(&syslog_cur, &w->rec))
		return 0;
	if (syslog_cur.seq != seq)
		syslog_partial = 0;	/* it was dropped: start afresh */
	skip = syslog_partial;
	n = work_text(w) - skip;
	if (n <= size) {
		logbuf_next(&syslog_cur);
		syslog_partial = 0;
	} else if (!done) {
		n = size;
		syslog_partial += n;
	} else {
		return 0;
	}
	return put_out(buf, w->text + skip, n, source) ? -EFAULT : (long)n;
}

static long syslog_read(struct syslog_work *w, char *buf, size_t size,
			int source)
{
	size_t done = 0;
	long n = 0;

	mutex_lock(&syslog_lock);
	n = syslog_wait();
	while (!n && done < size) {
		n = syslog_read_one(w, buf + done, size - done, done, source);
		if (n <= 0)
			break;
		done += (size_t)n;
		n = 0;
	}
	mutex_unlock(&syslog_lock);
	return done ? (long)done : n;
}

/* The text length of the records from c up to end. */
static size_t text_between(struct syslog_work *w, struct log_cursor c,
			   uint64_t end)
{
	size_t total = 0;

	while (c.seq < end && !logbuf_get(&c, &w->rec) && w->rec.seq < end)
		total += work_text(w);
	return total;
}

/* Move c forward until the records from it to end fit in size bytes. */
static void skip_to_fit(struct syslog_work *w, struct log_cursor *c,
			uint64_t end, size_t size)
{
	size_t total = text_between(w, *c, end);

	while (total > size && c->seq < end && !logbuf_get(c, &w->rec))
		total -= MIN(total, work_text(w));
}

static long syslog_read_all(struct syslog_work *w, char *buf, size_t size,
			    bool clear, int source)
{
	struct log_cursor c, end, here;
	long len = 0;
	size_t n;

	mutex_lock(&syslog_lock);
	c = clear_cur;
	logbuf_cursor_end(&end);
	skip_to_fit(w, &c, end.seq, size);
	for (here = c; c.seq < end.seq; here = c) {
		if (logbuf_get(&c, &w->rec) || w->rec.seq >= end.seq)
			break;
		n = work_text(w);
		if ((size_t)len + n > size) {
			c = here;
			break;
		}
		if (put_out(buf + len, w->text, n, source)) {
			len = -EFAULT;
			break;
		}
		len += (long)n;
	}
	if (clear)
		clear_cur = len < 0 ? here : c;
	mutex_unlock(&syslog_lock);
	return len;
}

/* Bytes READ would give now (source PROC: records, as Linux). */
static long syslog_unread(struct syslog_work *w, int source)
{
	struct log_cursor c;
	long n;

	mutex_lock(&syslog_lock);
	c = syslog_cur;
	if (source == SYSLOG_FROM_PROC)
		n = (long)logbuf_pending(&c);
	else
		n = (long)text_between(w, c, UINT64_MAX) -
		    (long)syslog_partial;
	mutex_unlock(&syslog_lock);
	return MAX(n, 0L);
}

static long syslog_console(int type, int level)
{
	switch (type) {
	case SYSLOG_ACTION_CONSOLE_OFF:
		if (saved_console_level == SAVED_LEVEL_NONE)
			saved_console_level = printk_loglevel();
		printk_set_loglevel(CONSOLE_LEVEL_MIN);
		return 0;
	case SYSLOG_ACTION_CONSOLE_ON:
		if (saved_console_level != SAVED_LEVEL_NONE) {
			printk_set_loglevel(saved_console_level);
			saved_console_level = SAVED_LEVEL_NONE;
		}
		return 0;
	default:
		if (level < 1 || level > 8)
			return -EINVAL;
		printk_set_loglevel(MAX(level, CONSOLE_LEVEL_MIN));
		saved_console_level = SAVED_LEVEL_NONE;
		return 0;
	}
}

static void syslog_clear(void)
{
	mutex_lock(&syslog_lock);
	logbuf_cursor_end(&clear_cur);
	mutex_unlock(&syslog_lock);
}

/* The reading actions, their buffer checked: 0 for len 0 as Linux. */
static long syslog_reading(int type, char *buf, int len, int source)
{
	struct syslog_work *w;
	long ret;

	if (!buf || len < 0)
		return -EINVAL;
	if (!len)
		return 0;
	if (source == SYSLOG_FROM_READER && !access_ok(buf, (size_t)len))
		return -EFAULT;
	w = kmalloc(sizeof(*w));
	if (!w)
		return -ENOMEM;
	if (type == SYSLOG_ACTION_READ)
		ret = syslog_read(w, buf, (size_t)len, source);
	else
		ret = syslog_read_all(w, buf, (size_t)len,
				      type == SYSLOG_ACTION_READ_CLEAR, source);
	kfree(w);
	return ret;
}

static long syslog_size_unread(int source)
{
	struct syslog_work *w = kmalloc(sizeof(*w));
	long ret;

	if (!w)
		return -ENOMEM;
	ret = syslog_unread(w, source);
	kfree(w);
	return ret;
}

long syslog_do(int type, char *buf, int len, int source)
{
	int err = syslog_permitted(type, source);

	if (err)
		return err;
	switch (type) {
	case SYSLOG_ACTION_CLOSE:
	case SYSLOG_ACTION_OPEN:
		return 0;
	case SYSLOG_ACTION_READ:
	case SYSLOG_ACTION_READ_ALL:
	case SYSLOG_ACTION_READ_CLEAR:
		return syslog_reading(type, buf, len, source);
	case SYSLOG_ACTION_CLEAR:
		syslog_clear();
		return 0;
	case SYSLOG_ACTION_CONSOLE_OFF:
	case SYSLOG_ACTION_CONSOLE_ON:
	case SYSLOG_ACTION_CONSOLE_LEVEL:
		return syslog_console(type, len);
	case SYSLOG_ACTION_SIZE_UNREAD:
		return syslog_size_unread(source);
	case SYSLOG_ACTION_SIZE_BUFFER:
		return LOGBUF_SIZE;
	default:
		return -EINVAL;
	}
}
