/*
 * epoll.h: epoll instances (Linux's eventpoll): a file that watches a set
 * of other files and reports which are ready (fs/epoll.c; the system
 * calls are in kernel/syscall/sys_epoll.c).
 *
 *   epoll_file_new(flags)     a new epoll file (O_* flags), NULL: ENOMEM
 *   epoll_is(f)               whether f is an epoll file
 *   epoll_ctl_file(ep, op, target, fd, ev)
 *                             add, change or remove (op EPOLL_CTL_*) the
 *                             interest in target (open as fd); ev is
 *                             unused for EPOLL_CTL_DEL.  0, -EEXIST,
 *                             -ENOENT, -EINVAL, -ELOOP, -EPERM, -ENOMEM
 *   epoll_wait_file(ep, uevents, max, deadline)
 *                             wait until something is ready (deadline as
 *                             poll_until: WAIT_FOREVER, 0 or clock_ns);
 *                             the number of events stored to uevents, 0,
 *                             -EINTR, -EFAULT
 *   epoll_file_closed(f)      f's last reference is gone: every epoll
 *                             drops its interest in it (vfs_close)
 */
#ifndef FS_EPOLL_H
#define FS_EPOLL_H

#include <stdbool.h>
#include <stdint.h>

#define EPOLL_CTL_ADD	1
#define EPOLL_CTL_DEL	2
#define EPOLL_CTL_MOD	3

#define EPOLLEXCLUSIVE	(1u << 28)
#define EPOLLWAKEUP	(1u << 29)
#define EPOLLONESHOT	(1u << 30)
#define EPOLLET		(1u << 31)

/* Linux's i386 struct epoll_event: no padding between the two. */
struct epoll_event {
	uint32_t events;
	uint64_t data;
} __attribute__((packed));
_Static_assert(sizeof(struct epoll_event) == 12, "struct epoll_event");

struct file;

struct file *epoll_file_new(unsigned int flags);
bool epoll_is(const struct file *f);
int epoll_ctl_file(struct file *ep, int op, struct file *target, int fd,
		   const struct epoll_event *ev);
int epoll_wait_file(struct file *ep, struct epoll_event *uevents, int max,
		    uint64_t deadline);
void epoll_file_closed(struct file *f);

#endif
