/*
 * epoll.c: epoll instances (see epoll.h), built on the poll methods of
 * fs/poll.h.
 *
 * An epoll is a nameless file (fs/anon.c) holding one item per watched
 * (file, fd) pair.  An item hangs its own wait entries on every queue the
 * file's poll method names (poll_wait with a queue function), and keeps
 * them there until it is removed; a wake-up on any of them puts the item
 * on the epoll's ready list and wakes the epoll's waiters.  epoll_wait
 * takes the ready list, asks each item's file for its events again and
 * reports those the item wants.  A level-triggered item that reported
 * goes back at the end of the list (so a short buffer takes turns), an
 * edge-triggered one (EPOLLET) only with its next wake-up, and a
 * one-shot one (EPOLLONESHOT) is disabled until EPOLL_CTL_MOD.  Items
 * not reached stay at the front.
 *
 * Items do not hold their file: the file's last close removes them
 * (epoll_file_closed, from vfs_close), as Linux.  Adding an epoll to
 * another that it watches, directly or not, is refused (-ELOOP).
 *
 * Locks, in this order: epoll_mutex (every item added or removed),
 * then an epoll's mtx (its items, held while they are scanned; nested
 * epolls take the inner one's inside), then its spinlock (the ready
 * list and each item's on_ready, which wake-ups change with interrupts
 * off).
 *
 * Interface: epoll.h.
 */
#include "fs/epoll.h"
#include "fs/poll.h"
#include "fs/vfs.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/mutex.h"
#include "kernel/spinlock.h"
#include "kernel/wait.h"
#include "lib/list.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define EP_PRIVATE_BITS	(EPOLLWAKEUP | EPOLLONESHOT | EPOLLET | EPOLLEXCLUSIVE)
#define EP_MAX_NESTS	4

struct eventpoll {
	struct mutex mtx;
	struct spinlock lock;
	struct list_head items;		/* struct epitem, by link */
	struct list_head ready;		/* struct epitem, by rdlink */
	struct wait_queue wq;		/* epoll_wait and poll on it */
};

struct ep_wait {
	struct wait_entry wait;
	struct wait_queue *wq;
	struct epitem *item;
	struct ep_wait *next;
};

struct epitem {
	struct list_head link;		/* ep->items */
	struct list_head rdlink;	/* ep->ready or a scan's list */
	bool on_ready;			/* rdlink is on one of them */
	struct epitem *file_next;	/* file->epoll_items */
	struct eventpoll *ep;
	struct file *file;
	int fd;
	uint32_t events;
	uint64_t data;
	struct ep_wait *waits;
	int error;			/* registering: -ENOMEM */
};

/* What registering an item hands its file's poll method. */
struct ep_register {
	struct poll_table pt;
	struct epitem *item;
};

static struct mutex epoll_mutex = MUTEX_INIT(epoll_mutex);
static const struct file_ops epoll_fops;

bool epoll_is(const struct file *f)
{
	return f->fops == &epoll_fops;
}

/* Put item on ep's ready list (at the end) unless it is on one. */
static void ep_ready_add(struct eventpoll *ep, struct epitem *item)
{
	uint32_t flags = spin_lock_irqsave(&ep->lock);

	if (!item->on_ready) {
		list_add_tail(&item->rdlink, &ep->ready);
		item->on_ready = true;
	}
	spin_unlock_irqrestore(&ep->lock, flags);
}

/* A wake-up on one of the item's queues (interrupts off), about the
 * events in key (0: any). */
static void ep_item_wake(struct wait_entry *w, unsigned int key)
{
	struct epitem *item = container_of(w, struct ep_wait, wait)->item;

	if (!(item->events & ~EP_PRIVATE_BITS))
		return;			/* a one-shot that has fired */
	if (key && !(key & item->events))
		return;			/* not about what it waits for */
	ep_ready_add(item->ep, item);
	wake_up(&item->ep->wq);
}

/* poll_wait for an item's registration: one more entry on wq. */
static void ep_queue(struct poll_table *pt, struct wait_queue *wq)
{
	struct epitem *item = container_of(pt, struct ep_register, pt)->item;
	struct ep_wait *w;

	for (w = item->waits; w; w = w->next)
		if (w->wq == wq)
			return;
	w = kzalloc(sizeof(*w));
	if (!w) {
		item->error = -ENOMEM;
		return;
	}
	w->wq = wq;
	w->item = item;
	w->wait.wake = ep_item_wake;
	w->next = item->waits;
	item->waits = w;
	wait_entry_add(wq, &w->wait);
}

/* The events item's file is ready for that the item wants; with
 * register, also hang the item's entries on its queues. */
static uint32_t ep_item_poll(struct epitem *item, bool register_it)
{
	struct ep_register reg = { .item = item };

	if (!register_it)
		return vfs_poll(item->file, NULL) & item->events;
	poll_table_init(&reg.pt);
	reg.pt.queue = ep_queue;
	return vfs_poll(item->file, &reg.pt) & item->events;
}

static void ep_item_unwait(struct epitem *item)
{
	while (item->waits) {
		struct ep_wait *w = item->waits;

		wait_entry_remove(w->wq, &w->wait);
		item->waits = w->next;
		kfree(w);
	}
}

/* Take item off its file's chain of epolls. */
static void ep_item_unchain(struct epitem *item)
{
	struct epitem **p = &item->file->epoll_items;

	while (*p && *p != item)
		p = &(*p)->file_next;
	if (*p)
		*p = item->file_next;
}

/* Remove item from its epoll and free it (epoll_mutex and ep->mtx held). */
static void ep_item_remove(struct epitem *item)
{
	struct eventpoll *ep = item->ep;
	uint32_t flags;

	ep_item_unwait(item);
	flags = spin_lock_irqsave(&ep->lock);
	if (item->on_ready)
		list_del(&item->rdlink);
	spin_unlock_irqrestore(&ep->lock, flags);
	list_del(&item->link);
	ep_item_unchain(item);
	kfree(item);
}

static struct epitem *ep_find(struct eventpoll *ep, struct file *f, int fd)
{
	struct epitem *item;

	list_for_each_entry(item, &ep->items, link)
		if (item->file == f && item->fd == fd)
			return item;
	return NULL;
}

/* Whether ep is to be found among the epolls target watches, at most
 * EP_MAX_NESTS deep (deeper counts as a loop, as Linux). */
static bool ep_loops(struct eventpoll *ep, struct file *target, int depth)
{
	struct eventpoll *inner = target->private;
	struct epitem *item;

	if (inner == ep || depth > EP_MAX_NESTS)
		return true;
	list_for_each_entry(item, &inner->items, link)
		if (epoll_is(item->file) &&
		    ep_loops(ep, item->file, depth + 1))
			return true;
	return false;
}

static int ep_insert(struct eventpoll *ep, struct file *target, int fd,
		     uint32_t events, uint64_t data)
{
	struct epitem *item = kzalloc(sizeof(*item));
	int err;

	if (!item)
		return -ENOMEM;
	item->ep = ep;
	item->file = target;
	item->fd = fd;
	item->events = events;
	item->data = data;
	list_init(&item->rdlink);
	list_add_tail(&item->link, &ep->items);
	item->file_next = target->epoll_items;
	target->epoll_items = item;
	if (ep_item_poll(item, true))
		ep_ready_add(ep, item);
	err = item->error;
	if (err)
		ep_item_remove(item);
	else
		wake_up(&ep->wq);
	return err;
}

static void ep_modify(struct eventpoll *ep, struct epitem *item,
		      uint32_t events, uint64_t data)
{
	item->events = events;
	item->data = data;
	if (ep_item_poll(item, false)) {
		ep_ready_add(ep, item);
		wake_up(&ep->wq);
	}
}

/* What epoll_ctl checks before it looks at ep's items. */
static int ep_ctl_check(struct file *epf, int op, struct file *target,
			const struct epoll_event *ev)
{
	if (!target->fops || !target->fops->poll)
		return -EPERM;		/* regular files, directories... */
	if (!epoll_is(epf) || epf == target)
		return -EINVAL;
	if (op != EPOLL_CTL_ADD && op != EPOLL_CTL_MOD &&
	    op != EPOLL_CTL_DEL)
		return -EINVAL;
	if (op != EPOLL_CTL_DEL && (ev->events & EPOLLEXCLUSIVE)) {
		if (op == EPOLL_CTL_MOD || epoll_is(target))
			return -EINVAL;
		if (ev->events & ~(EPOLLEXCLUSIVE | EPOLLWAKEUP | EPOLLET |
				   POLLIN | POLLOUT | POLLERR | POLLHUP |
				   POLLRDNORM | POLLWRNORM | POLLRDBAND |
				   POLLWRBAND | POLLMSG | POLLRDHUP))
			return -EINVAL;
	}
	return 0;
}

static int ep_ctl_locked(struct eventpoll *ep, int op, struct file *target,
			 int fd, uint32_t events, uint64_t data)
{
	struct epitem *item = ep_find(ep, target, fd);

	switch (op) {
	case EPOLL_CTL_ADD:
		if (epoll_is(target) && ep_loops(ep, target, 0))
			return -ELOOP;
		if (item)
			return -EEXIST;
		return ep_insert(ep, target, fd, events, data);
	case EPOLL_CTL_MOD:
		if (!item)
			return -ENOENT;
		if (item->events & EPOLLEXCLUSIVE)
			return -EINVAL;
		ep_modify(ep, item, events, data);
		return 0;
	default:
		if (!item)
			return -ENOENT;
		ep_item_remove(item);
		return 0;
	}
}

int epoll_ctl_file(struct file *epf, int op, struct file *target, int fd,
		   const struct epoll_event *ev)
{
	struct eventpoll *ep = epf->private;
	uint32_t events = 0;
	uint64_t data = 0;
	int err = ep_ctl_check(epf, op, target, ev);

	if (err)
		return err;
	if (op != EPOLL_CTL_DEL) {
		/* EPOLLWAKEUP needs CAP_BLOCK_SUSPEND; without it Linux
		 * drops the flag, and nothing here suspends. */
		events = (ev->events & ~EPOLLWAKEUP) | POLLERR | POLLHUP;
		data = ev->data;
	}
	mutex_lock(&epoll_mutex);
	mutex_lock(&ep->mtx);
	err = ep_ctl_locked(ep, op, target, fd, events, data);
	mutex_unlock(&ep->mtx);
	mutex_unlock(&epoll_mutex);
	return err;
}

/* Move every item of from to the front of to (ep->lock held). */
static void ep_list_prepend(struct list_head *from, struct list_head *to)
{
	while (!list_empty(from)) {
		struct list_head *last = from->prev;

		list_del(last);
		list_add(last, to);
	}
}

/* Take the first item off the scan list, NULL when it is empty. */
static struct epitem *ep_scan_next(struct eventpoll *ep,
				   struct list_head *scan)
{
	struct epitem *item = NULL;
	uint32_t flags = spin_lock_irqsave(&ep->lock);

	if (!list_empty(scan)) {
		item = list_first_entry(scan, struct epitem, rdlink);
		list_del(&item->rdlink);
		item->on_ready = false;
	}
	spin_unlock_irqrestore(&ep->lock, flags);
	return item;
}

/* Report item's events at *uev: 1, or -EFAULT (the item is put back). */
static int ep_report(struct eventpoll *ep, struct epitem *item,
		     uint32_t revents, struct epoll_event *uev)
{
	struct epoll_event ev = { revents, item->data };

	if (copy_to_user(uev, &ev, sizeof(ev))) {
		ep_ready_add(ep, item);
		return -EFAULT;
	}
	if (item->events & EPOLLONESHOT)
		item->events &= EP_PRIVATE_BITS;
	else if (!(item->events & EPOLLET))
		ep_ready_add(ep, item);
	return 1;
}

/*
 * One pass over ep's ready list (ep->mtx held): items whose files have
 * none of their events now leave it.  With uevents, report up to max
 * and return how many (or -EFAULT for a first bad store); without,
 * return 1 at the first ready item, which stays listed.
 */
static int ep_scan(struct eventpoll *ep, struct epoll_event *uevents,
		   int max)
{
	struct list_head scan;
	struct epitem *item;
	uint32_t flags, revents;
	int n = 0, err;

	list_init(&scan);
	flags = spin_lock_irqsave(&ep->lock);
	ep_list_prepend(&ep->ready, &scan);
	spin_unlock_irqrestore(&ep->lock, flags);
	while ((!uevents || n < max) && (item = ep_scan_next(ep, &scan))) {
		revents = ep_item_poll(item, false);
		if (!revents)
			continue;
		if (!uevents) {		/* it stays where it was */
			flags = spin_lock_irqsave(&ep->lock);
			if (!item->on_ready)
				list_add(&item->rdlink, &scan);
			item->on_ready = true;
			spin_unlock_irqrestore(&ep->lock, flags);
			n = 1;
			break;
		}
		err = ep_report(ep, item, revents, &uevents[n]);
		if (err < 0) {
			n = n ? n : err;
			break;
		}
		n++;
	}
	flags = spin_lock_irqsave(&ep->lock);
	ep_list_prepend(&scan, &ep->ready);
	spin_unlock_irqrestore(&ep->lock, flags);
	return n;
}

struct ep_wait_args {
	struct file *epf;
	struct epoll_event *uevents;
	int max;
};

static int ep_wait_scan(void *arg, struct poll_table *pt)
{
	struct ep_wait_args *a = arg;
	struct eventpoll *ep = a->epf->private;
	int n;

	poll_wait(a->epf, &ep->wq, pt);
	mutex_lock(&ep->mtx);
	n = ep_scan(ep, a->uevents, a->max);
	mutex_unlock(&ep->mtx);
	return n;
}

int epoll_wait_file(struct file *epf, struct epoll_event *uevents, int max,
		    uint64_t deadline)
{
	struct ep_wait_args a = { epf, uevents, max };
	struct poll_table pt;
	int n;

	poll_table_init(&pt);
	n = poll_until(&pt, ep_wait_scan, &a, deadline);
	poll_table_free(&pt);
	return n == -ERESTARTNOHAND ? -EINTR : n;
}

/* An epoll is readable while one of its items has events. */
static unsigned int epoll_poll(struct file *f, struct poll_table *pt)
{
	struct eventpoll *ep = f->private;
	int ready;

	poll_wait(f, &ep->wq, pt);
	mutex_lock(&ep->mtx);
	ready = ep_scan(ep, NULL, 0);
	mutex_unlock(&ep->mtx);
	return ready ? POLLIN | POLLRDNORM : 0;
}

static int epoll_release(struct inode *inode, struct file *f)
{
	struct eventpoll *ep = f->private;

	mutex_lock(&epoll_mutex);
	mutex_lock(&ep->mtx);
	while (!list_empty(&ep->items))
		ep_item_remove(list_first_entry(&ep->items, struct epitem,
						link));
	mutex_unlock(&ep->mtx);
	mutex_unlock(&epoll_mutex);
	kfree(ep);
	return 0;
}

void epoll_file_closed(struct file *f)
{
	if (!f->epoll_items)
		return;
	mutex_lock(&epoll_mutex);
	while (f->epoll_items) {
		struct eventpoll *ep = f->epoll_items->ep;

		mutex_lock(&ep->mtx);
		ep_item_remove(f->epoll_items);
		mutex_unlock(&ep->mtx);
	}
	mutex_unlock(&epoll_mutex);
}

static const struct file_ops epoll_fops = {
	.poll = epoll_poll,
	.release = epoll_release,
};

struct file *epoll_file_new(unsigned int flags)
{
	struct eventpoll *ep = kzalloc(sizeof(*ep));
	struct file *f;

	if (!ep)
		return NULL;
	ep->mtx = (struct mutex)MUTEX_INIT(ep->mtx);
	list_init(&ep->items);
	list_init(&ep->ready);
	wait_queue_init(&ep->wq);
	f = anon_file("eventpoll", &epoll_fops, ep, O_RDWR | flags);
	if (!f)
		kfree(ep);
	return f;
}
