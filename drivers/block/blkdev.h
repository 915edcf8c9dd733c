/*
 * blkdev.h: the block layer.
 *
 * A block device is a struct blkdev with a name ("ram0", "hda", "hda1"),
 * a size in 512-byte sectors and a const ops table, registered with
 * blkdev_register().  Partitions found in a disk's MBR (blk_scan_mbr())
 * become devices of their own whose requests are shifted onto the disk.
 *
 * I/O is asynchronous underneath: blk_submit() puts a request on its
 * device's queue; the driver's start() programs the hardware for the
 * request at the head of the queue; its interrupt handler calls
 * blk_complete(), which records the status, wakes the waiter and starts
 * the next request.  blk_wait() sleeps until a request completes.
 * blk_rw() is the synchronous helper that most callers use.
 *
 * A request moves `count` sectors between the disk and a list of memory
 * segments.  Each segment is a kernel virtual address in lowmem (so it is
 * physically contiguous, for DMA) and a length that is a multiple of 512.
 *
 * Interface: blkdev_register, blkdev_unregister, blkdev_get, blkdev_put,
 * blkdev_find, blkdev_for_each, blk_submit,
 * blk_complete, blk_wait, blk_rw, blk_scan_mbr, blk_partition_add.
 */
#ifndef DRIVERS_BLOCK_BLKDEV_H
#define DRIVERS_BLOCK_BLKDEV_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/spinlock.h"
#include "kernel/wait.h"
#include "lib/list.h"

#define SECTOR_SIZE		512u
#define SECTOR_SHIFT		9
#define BLK_MAX_SEGMENTS	16
#define BLKDEV_NAME_MAX		16

struct blkdev;
struct blk_request;

struct blk_segment {
	void *buf;		/* lowmem kernel address */
	uint32_t len;		/* bytes, a multiple of SECTOR_SIZE */
};

enum blk_op { BLK_READ, BLK_WRITE };

struct blk_request {
	struct blkdev *dev;	/* the device it was submitted to */
	enum blk_op op;
	uint64_t sector;	/* first sector, on dev (a partition is shifted) */
	uint32_t count;		/* sectors: the sum of the segments' lengths */
	struct blk_segment seg[BLK_MAX_SEGMENTS];
	unsigned int nseg;
	int status;		/* 0 or -Exxx once done */
	volatile bool done;
	uint64_t start_ns;	/* when the driver started it */
	struct list_head queue;	/* on the device's queue */
	void *driver_data;	/* the driver's, while the request is active */
};

/*
 * Driver operations.  start() is called with the device's queue lock held
 * and interrupts off, for the request at the head of the queue, when the
 * device is idle.  It programs the hardware and returns 0, and the driver
 * calls blk_complete() later, usually from its interrupt handler.  A
 * synchronous driver (the RAM disk) does the transfer and returns
 * BLK_DONE instead.  -Exxx fails the request at once.
 */
#define BLK_DONE	1
struct blkdev_ops {
	int (*start)(struct blkdev *dev, struct blk_request *rq);
	/* Optional: write the device's volatile cache to the medium.  Called
	 * with no request active (the queue is drained first): 0 or -EIO. */
	int (*flush)(struct blkdev *dev);
};

struct blk_stats {
	uint64_t reads, writes;			/* requests completed */
	uint64_t read_sectors, write_sectors;
	uint64_t errors;
	uint64_t busy_ns;			/* time with a request active */
};

struct blkdev {
	char name[BLKDEV_NAME_MAX];
	uint64_t nr_sectors;
	const struct blkdev_ops *ops;
	void *driver_data;
	bool read_only;
	struct module *owner;		/* its driver's module; NULL: built in */

	/* A partition: requests go to parent, shifted by start_sector. */
	struct blkdev *parent;
	uint64_t start_sector;
	unsigned int partno;

	/* Owned by the block layer. */
	struct spinlock lock;
	struct list_head queue;		/* pending requests, head active */
	bool active;			/* the head request is started */
	struct wait_queue wq;		/* woken on every completion */
	struct blk_stats stats;
	struct list_head list;		/* all devices */
	void *cache;			/* the page cache's mapping, lazily */
	uint32_t users;			/* blkdev_get: open files, mounts */
};

struct module;

/* A device in use (an open file, a mount) keeps it and its driver's
 * module: blkdev_get() is 0, or -ENXIO when the module is going away;
 * blkdev_put() undoes it.  blkdev_unregister() removes a disk and its
 * partitions: 0, or -EBUSY while any is in use.  The hook, set by the
 * page cache's owner (fs/buffer.c), writes back and drops a device's
 * cached pages when its disk's last user puts it (as Linux drops a block
 * device's cache at its last close: what a filesystem wrote through its
 * files is then read from the disk, not from stale device pages) and,
 * gone set, when it is removed. */
int blkdev_get(struct blkdev *dev);
void blkdev_put(struct blkdev *dev);
int blkdev_unregister(struct blkdev *dev);
void blkdev_set_release_hook(void (*hook)(struct blkdev *dev, bool gone));

/* 0, -EEXIST for a duplicate name, -EINVAL for a bad device. */
int blkdev_register(struct blkdev *dev);
struct blkdev *blkdev_find(const char *name);	/* "hda1" or "/dev/hda1" */
struct blkdev *blkdev_next(struct blkdev *prev);	/* NULL: first */

/* Queue rq (fields dev, op, sector, seg, nseg set by the caller). */
int blk_submit(struct blk_request *rq);
/* From the driver, usually in its interrupt handler. */
void blk_complete(struct blk_request *rq, int status);
/* Sleep until rq is done; returns its status. */
int blk_wait(struct blk_request *rq);
/* Synchronous transfer of count sectors to or from buf (lowmem). */
int blk_rw(struct blkdev *dev, enum blk_op op, uint64_t sector,
	   uint32_t count, void *buf);

/* Wait for dev's queue to drain, then flush its write cache (a disk's,
 * for a partition).  0 or -Exxx. */
int blk_flush(struct blkdev *dev);

/* For memory-backed devices: do rq by copying between its segments and
 * the device image at disk (sector 0 at disk[0]). */
void blk_copy_request(const struct blk_request *rq, uint8_t *disk);

/* Register partitions of disk found in its MBR; returns how many. */
int blk_scan_mbr(struct blkdev *disk);

#endif
