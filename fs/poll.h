/*
 * poll.h: waiting for any of several open files to become ready (the
 * kernel side of poll and select; the system calls are in
 * kernel/syscall/sys_poll.c and sys_select.c).
 *
 * A file that can be not ready has a file_ops.poll method: it calls
 * poll_wait() on each wait queue whose wake-up may change its readiness,
 * then returns the POLL* events it is ready for now (in that order, so
 * that a change between the two is not missed).  A file without the
 * method is always readable and writable (POLL_DEFAULT_MASK, as Linux's
 * DEFAULT_POLLMASK): regular files, directories, /dev/null...
 *
 * The waiter keeps a struct poll_table.  On the first pass over the files
 * poll_wait() hangs one entry per queue on it (each entry holds a
 * reference to its file, so a file closed meanwhile stays alive); later
 * passes only look (a table with a queue function hands each queue to it
 * instead, on every pass: epoll's items, fs/epoll.c).  poll_sleep() then sleeps until a wake-up on any of
 * those queues, a signal or the deadline.  A wake-up that came between
 * the pass and the sleep is remembered (triggered), so it is never lost.
 *
 *	struct poll_table pt;
 *	poll_table_init(&pt);
 *	n = poll_until(&pt, scan, arg, deadline);   (scan calls vfs_poll)
 *	poll_table_free(&pt);
 *
 * Interface: POLL* (Linux's i386 values), vfs_poll, poll_wait,
 * poll_table_init, poll_table_free, poll_until.
 */
#ifndef FS_POLL_H
#define FS_POLL_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/wait.h"

#define POLLIN		0x0001
#define POLLPRI		0x0002
#define POLLOUT		0x0004
#define POLLERR		0x0008
#define POLLHUP		0x0010
#define POLLNVAL	0x0020
#define POLLRDNORM	0x0040
#define POLLRDBAND	0x0080
#define POLLWRNORM	0x0100
#define POLLWRBAND	0x0200
#define POLLMSG		0x0400
#define POLLRDHUP	0x2000

#define POLL_DEFAULT_MASK	(POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

struct file;
struct task;

#define POLL_INLINE_ENTRIES	8

struct poll_entry {
	struct wait_entry wait;		/* on wq */
	struct wait_queue *wq;
	struct file *file;		/* a reference */
	struct poll_table *table;
};

struct poll_chunk;

struct poll_table {
	struct task *task;		/* the waiter */
	/* Instead of an entry per queue: poll_wait calls this (epoll hangs
	 * its own entries, fs/epoll.c); NULL for poll and select. */
	void (*queue)(struct poll_table *pt, struct wait_queue *wq);
	volatile bool triggered;	/* a wake-up since the last sleep */
	bool registering;		/* first pass: poll_wait hangs entries */
	int error;			/* -ENOMEM: an entry could not be made */
	unsigned int nr_inline;
	struct poll_entry inline_entries[POLL_INLINE_ENTRIES];
	struct poll_chunk *chunks;	/* more entries */
};

/* The events f is ready for (file_ops.poll, or POLL_DEFAULT_MASK); with
 * a table, the caller is also registered on f's wait queues. */
unsigned int vfs_poll(struct file *f, struct poll_table *pt);
/* For poll methods: register pt's waiter on wq (nothing if pt is NULL or
 * past its first pass). */
void poll_wait(struct file *f, struct wait_queue *wq, struct poll_table *pt);

void poll_table_init(struct poll_table *pt);
/* Take every entry off its queue and drop its file reference. */
void poll_table_free(struct poll_table *pt);

/*
 * Call scan(arg, pt) until it returns non-zero (the number of ready
 * files, or -Exxx), then return that.  Between calls, sleep until a
 * wake-up on a registered queue, a signal or clock_ns() >= deadline
 * (WAIT_FOREVER: none; 0: scan once).  Returns 0 once the deadline has
 * passed, -ERESTARTNOHAND when a signal is pending and nothing is ready,
 * and -ENOMEM when nothing is ready and not every queue could be
 * registered on.
 */
typedef int (*poll_scan_t)(void *arg, struct poll_table *pt);
int poll_until(struct poll_table *pt, poll_scan_t scan, void *arg,
	       uint64_t deadline);

#endif
