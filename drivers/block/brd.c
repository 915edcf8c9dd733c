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
 * The transfer is synchronous, under the device's queue lock: each
 * segment is copied page piece by page piece.
 */
#include "drivers/block/blkdev.h"
#include "kernel/module.h"
#include "kernel/printk.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

#define BRD_MAX_DEVICES		16
#define SECTORS_PER_PAGE	(PAGE_SIZE / SECTOR_SIZE)

static unsigned int rd_nr = 1;
module_param(rd_nr, uint, 0444);
MODULE_PARM_DESC(rd_nr, "how many devices (1 to 16)");
static unsigned int rd_size = 4096;
module_param(rd_size, uint, 0444);
MODULE_PARM_DESC(rd_size, "the size of each device in KiB");

struct brd {
	struct blkdev dev;
	uint32_t npages;
	struct page **pages;		/* npages slots, NULL: never written */
};

static struct brd *brds[BRD_MAX_DEVICES];

/* The page holding sector, taken now when write needs it; NULL: zeros
 * (a read of a never-written page) or no memory (a write). */
static uint8_t *brd_page(struct brd *b, uint64_t sector, bool write)
{
	uint32_t index = (uint32_t)(sector / SECTORS_PER_PAGE);

	if (!b->pages[index] && write) {
		b->pages[index] = page_alloc(0);
		if (b->pages[index])
			memset(page_address(b->pages[index]), 0, PAGE_SIZE);
	}
	return b->pages[index] ? page_address(b->pages[index]) : NULL;
}

/* Move len bytes of buf at sector, within one page. */
static int brd_copy(struct brd *b, uint64_t sector, uint8_t *buf,
		    uint32_t len, bool write)
{
	uint8_t *page = brd_page(b, sector, write);
	uint32_t off = (uint32_t)(sector % SECTORS_PER_PAGE) * SECTOR_SIZE;

	if (write && !page)
		return -ENOMEM;
	if (write)
		memcpy(page + off, buf, len);
	else if (page)
		memcpy(buf, page + off, len);
	else
		memset(buf, 0, len);
	return 0;
}

static int brd_start(struct blkdev *dev, struct blk_request *rq)
{
	struct brd *b = dev->driver_data;
	uint64_t sector = rq->sector;
	int err = 0;

	for (unsigned int i = 0; i < rq->nseg && !err; i++) {
		uint8_t *buf = rq->seg[i].buf;

		for (uint32_t done = 0; done < rq->seg[i].len && !err;) {
			uint32_t off = (uint32_t)(sector % SECTORS_PER_PAGE) *
				       SECTOR_SIZE;
			uint32_t n = PAGE_SIZE - off;

			if (n > rq->seg[i].len - done)
				n = rq->seg[i].len - done;
			err = brd_copy(b, sector, buf + done, n,
				       rq->op == BLK_WRITE);
			done += n;
			sector += n / SECTOR_SIZE;
		}
	}
	return err ? err : BLK_DONE;
}

static const struct blkdev_ops brd_ops = {
	.start = brd_start,
};

static void brd_free(struct brd *b)
{
	for (uint32_t i = 0; i < b->npages; i++)
		page_free(b->pages[i], 0);
	kfree(b->pages);
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
	b->npages = (rd_size * 1024u + PAGE_SIZE - 1) / PAGE_SIZE;
	b->pages = kzalloc(b->npages * sizeof(*b->pages));
	if (!b->pages) {
		kfree(b);
		return -ENOMEM;
	}
	brd_name(b);
	b->dev.nr_sectors = (uint64_t)b->npages * SECTORS_PER_PAGE;
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
