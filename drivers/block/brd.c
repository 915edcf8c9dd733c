/*
 * brd.c: RAM-backed block devices, a loadable module (brd.ko), Linux's
 * brd in short: rd_nr devices of rd_size KiB each (parameters: modprobe
 * brd rd_nr=2 rd_size=8192), named ramN after the RAM disks the boot
 * loader gave (so the first is usually ram1).  A device starts empty
 * (reads give zeros); a page of memory is taken the first time a sector
 * in it is written, so a large, little-used disk costs little.  Data
 * lives as long as the module: rmmod, which the block layer refuses
 * while a device is mounted or open, drops it.
 *
 * The transfer is synchronous, under the device's queue lock; the pages
 * are drivers/block/rampages.c's (built into the kernel, shared with the
 * boot RAM disk).
 */
#include "drivers/block/blkdev.h"
#include "drivers/block/rampages.h"
#include "kernel/module.h"
#include "kernel/printk.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "mm/mm.h"

#define BRD_MAX_DEVICES		16

static unsigned int rd_nr = 1;
module_param(rd_nr, uint, 0444);
MODULE_PARM_DESC(rd_nr, "how many devices (1 to 16)");
static unsigned int rd_size = 4096;
module_param(rd_size, uint, 0444);
MODULE_PARM_DESC(rd_size, "the size of each device in KiB");

struct brd {
	struct blkdev dev;
	struct ram_pages store;
};

static struct brd *brds[BRD_MAX_DEVICES];

static int brd_start(struct blkdev *dev, struct blk_request *rq)
{
	struct brd *b = dev->driver_data;
	uint64_t sector = rq->sector;
	int err = 0;

	for (unsigned int i = 0; i < rq->nseg && !err; i++) {
		err = ram_pages_move(&b->store, sector, rq->seg[i].buf,
				     rq->seg[i].len, rq->op == BLK_WRITE);
		sector += rq->seg[i].len / SECTOR_SIZE;
	}
	return err ? err : BLK_DONE;
}

static const struct blkdev_ops brd_ops = {
	.start = brd_start,
};

static void brd_free(struct brd *b)
{
	ram_pages_free(&b->store);
	kfree(b);
}

/* The first free ramN name. */
static void brd_name(struct brd *b)
{
	for (unsigned int n = 0;; n++) {
		snprintf(b->dev.name, sizeof(b->dev.name), "ram%u", n);
		if (!blkdev_find(b->dev.name))
			return;
	}
}

static int brd_add(unsigned int i)
{
	struct brd *b = kzalloc(sizeof(*b));
	int err;

	if (!b)
		return -ENOMEM;
	if (ram_pages_init(&b->store, rd_size * 2ull)) {
		kfree(b);
		return -ENOMEM;
	}
	brd_name(b);
	b->dev.nr_sectors = rd_size * 2ull;
	b->dev.ops = &brd_ops;
	b->dev.driver_data = b;
	b->dev.owner = THIS_MODULE;
	err = blkdev_register(&b->dev);
	if (err) {
		brd_free(b);
		return err;
	}
	brds[i] = b;
	return 0;
}

static void brd_remove_all(void)
{
	for (unsigned int i = 0; i < BRD_MAX_DEVICES; i++) {
		if (!brds[i])
			continue;
		if (blkdev_unregister(&brds[i]->dev))
			pr_err("brd: %s still in use\n", brds[i]->dev.name);
		else
			brd_free(brds[i]);
		brds[i] = NULL;
	}
}

static int __init brd_init(void)
{
	int err = 0;

	if (rd_nr < 1 || rd_nr > BRD_MAX_DEVICES || rd_size < 4 ||
	    rd_size > (1u << 20)) {
		pr_err("brd: rd_nr must be 1 to %u and rd_size 4 to %u KiB\n",
		       BRD_MAX_DEVICES, 1u << 20);
		return -EINVAL;
	}
	for (unsigned int i = 0; i < rd_nr && !err; i++)
		err = brd_add(i);
	if (err)
		brd_remove_all();
	else
		pr_info("brd: %u RAM disks of %u KiB\n", rd_nr, rd_size);
	return err;
}

static void __exit brd_exit(void)
{
	brd_remove_all();
}

module_init(brd_init);
module_exit(brd_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("maestro");
MODULE_DESCRIPTION("RAM-backed block devices");
