/*
 * blkdev.c: the block layer core (see blkdev.h): the device list, the
 * per-device request queues, completion and waiting.
 *
 * A partition has no queue of its own: blk_submit() shifts the request
 * onto the whole disk and queues it there, so one queue orders all the
 * I/O that reaches one piece of hardware.  Statistics are kept for the
 * device a request was submitted to and for its disk.
 */
#include "drivers/block/blkdev.h"
#include "kernel/clock.h"
#include "kernel/export.h"
#include "lib/errno.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "lib/string.h"

static struct list_head blkdevs = LIST_HEAD_INIT(blkdevs);
static struct spinlock blkdevs_lock = SPINLOCK_INIT;

int blkdev_register(struct blkdev *dev)
{
	uint32_t flags;

	if (!dev->name[0] || (!dev->parent && (!dev->ops || !dev->ops->start)))
		return -EINVAL;
	if (blkdev_find(dev->name))
		return -EEXIST;
	dev->lock = (struct spinlock)SPINLOCK_INIT;
	list_init(&dev->queue);
	dev->active = false;
	wait_queue_init(&dev->wq);
	flags = spin_lock_irqsave(&blkdevs_lock);
	list_add_tail(&dev->list, &blkdevs);
	spin_unlock_irqrestore(&blkdevs_lock, flags);
	pr_info("block: %s: %llu sectors (%llu MiB)%s\n", dev->name,
		(unsigned long long)dev->nr_sectors,
		(unsigned long long)(dev->nr_sectors >> 11),
		dev->read_only ? ", read-only" : "");
	return 0;
}
EXPORT_SYMBOL(blkdev_register);

struct blkdev *blkdev_find(const char *name)
{
	struct blkdev *dev, *found = NULL;
	uint32_t flags;

	if (strncmp(name, "/dev/", 5) == 0)
		name += 5;
	flags = spin_lock_irqsave(&blkdevs_lock);
	list_for_each_entry(dev, &blkdevs, list) {
		if (strcmp(dev->name, name) == 0) {
			found = dev;
			break;
		}
	}
	spin_unlock_irqrestore(&blkdevs_lock, flags);
	return found;
}
EXPORT_SYMBOL(blkdev_find);

struct blkdev *blkdev_next(struct blkdev *prev)
{
	struct list_head *next = prev ? prev->list.next : blkdevs.next;

	return next == &blkdevs ? NULL : list_entry(next, struct blkdev, list);
}

static void blk_account(struct blk_stats *st, const struct blk_request *rq,
			uint64_t busy)
{
	if (rq->status) {
		st->errors++;
	} else if (rq->op == BLK_READ) {
		st->reads++;
		st->read_sectors += rq->count;
	} else {
		st->writes++;
		st->write_sectors += rq->count;
	}
	st->busy_ns += busy;
}

/* Retire the active request rq of disk dev.  Caller holds dev->lock. */
static void blk_finish(struct blkdev *dev, struct blk_request *rq, int status)
{
	uint64_t busy = clock_ns() - rq->start_ns;

	list_del(&rq->queue);
	dev->active = false;
	rq->status = status;
	blk_account(&dev->stats, rq, busy);
	if (rq->dev != dev)
		blk_account(&rq->dev->stats, rq, busy);
	rq->done = true;
	wake_up(&dev->wq);
}

/* Start the head request if the device is idle.  Caller holds dev->lock. */
static void blk_start_next(struct blkdev *dev)
{
	while (!dev->active && !list_empty(&dev->queue)) {
		struct blk_request *rq =
			list_first_entry(&dev->queue, struct blk_request, queue);
		int ret;

		dev->active = true;
		rq->start_ns = clock_ns();
		ret = dev->ops->start(dev, rq);
		if (ret != 0)
			blk_finish(dev, rq, ret < 0 ? ret : 0);
	}
}

static int blk_check(const struct blk_request *rq, uint64_t nr_sectors)
{
	uint32_t bytes = 0;

	if (rq->nseg == 0 || rq->nseg > BLK_MAX_SEGMENTS)
		return -EINVAL;
	for (unsigned int i = 0; i < rq->nseg; i++) {
		if (!rq->seg[i].len || rq->seg[i].len % SECTOR_SIZE)
			return -EINVAL;
		bytes += rq->seg[i].len;
	}
	if (bytes >> SECTOR_SHIFT != rq->count)
		return -EINVAL;
	if (rq->sector >= nr_sectors || rq->count > nr_sectors - rq->sector)
		return -EINVAL;
	return 0;
}

int blk_submit(struct blk_request *rq)
{
	struct blkdev *dev = rq->dev;
	uint32_t flags;
	int err;

	if (!dev)
		return -ENODEV;
	rq->count = 0;
	for (unsigned int i = 0; i < rq->nseg && i < BLK_MAX_SEGMENTS; i++)
		rq->count += rq->seg[i].len >> SECTOR_SHIFT;
	err = blk_check(rq, dev->nr_sectors);
	if (!err && rq->op == BLK_WRITE && dev->read_only)
		err = -EROFS;
	if (err)
		return err;
	rq->status = 0;
	rq->done = false;
	if (dev->parent) {
		rq->sector += dev->start_sector;
		dev = dev->parent;
	}
	flags = spin_lock_irqsave(&dev->lock);
	list_add_tail(&rq->queue, &dev->queue);
	blk_start_next(dev);
	spin_unlock_irqrestore(&dev->lock, flags);
	return 0;
}
EXPORT_SYMBOL(blk_submit);

void blk_complete(struct blk_request *rq, int status)
{
	struct blkdev *dev = rq->dev->parent ? rq->dev->parent : rq->dev;
	uint32_t flags = spin_lock_irqsave(&dev->lock);

	blk_finish(dev, rq, status);
	blk_start_next(dev);
	spin_unlock_irqrestore(&dev->lock, flags);
}
EXPORT_SYMBOL(blk_complete);

int blk_wait(struct blk_request *rq)
{
	struct blkdev *dev = rq->dev->parent ? rq->dev->parent : rq->dev;

	wait_event(&dev->wq, rq->done);
	return rq->status;
}
EXPORT_SYMBOL(blk_wait);

int blk_rw(struct blkdev *dev, enum blk_op op, uint64_t sector,
	   uint32_t count, void *buf)
{
	struct blk_request rq = { .dev = dev, .op = op, .sector = sector };
	uint32_t max = 128;		/* sectors per segment: 64 KiB */
	int err = 0;

	while (count && !err) {
		uint32_t n = 0;

		rq.sector = sector;
		for (rq.nseg = 0; rq.nseg < BLK_MAX_SEGMENTS && n < count; rq.nseg++) {
			uint32_t chunk = MIN(count - n, max);

			rq.seg[rq.nseg].buf = (char *)buf + n * SECTOR_SIZE;
			rq.seg[rq.nseg].len = chunk * SECTOR_SIZE;
			n += chunk;
		}
		err = blk_submit(&rq);
		if (!err)
			err = blk_wait(&rq);
		sector += n;
		count -= n;
		buf = (char *)buf + n * SECTOR_SIZE;
	}
	return err;
}
EXPORT_SYMBOL(blk_rw);

void blk_copy_request(const struct blk_request *rq, uint8_t *disk)
{
	uint8_t *p = disk + (rq->sector << SECTOR_SHIFT);

	for (unsigned int i = 0; i < rq->nseg; i++) {
		if (rq->op == BLK_READ)
			memcpy(rq->seg[i].buf, p, rq->seg[i].len);
		else
			memcpy(p, rq->seg[i].buf, rq->seg[i].len);
		p += rq->seg[i].len;
	}
}
EXPORT_SYMBOL(blk_copy_request);

int blk_flush(struct blkdev *dev)
{
	if (dev->parent)
		dev = dev->parent;
	wait_event(&dev->wq, list_empty(&dev->queue));
	return dev->ops->flush ? dev->ops->flush(dev) : 0;
}

/* At shutdown, after the filesystems are synced: flush every disk. */
static void blk_shutdown(void)
{
	for (struct blkdev *dev = blkdev_next(NULL); dev; dev = blkdev_next(dev)) {
		int err;

		if (dev->parent || !dev->ops->flush)
			continue;
		err = blk_flush(dev);
		if (err)
			pr_err("block: %s: flushing the write cache failed (%d)\n",
			       dev->name, err);
		else
			pr_info("block: %s: write cache flushed\n", dev->name);
	}
}
SHUTDOWN_HOOK(SHUTDOWN_BLOCK, blk_shutdown);
