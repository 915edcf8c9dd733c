/*
 * ramdisk.c: RAM disks made of the boot loader's modules.
 *
 * Every Multiboot module becomes a RAM disk.  The one whose string
 * contains "rootfs" (the ISO's GRUB menu loads rootfs.ext2 that way) is
 * /dev/ram0, the default root; the others are ram1, ram2, ... in the order
 * the loader lists them (the test kernel gets its ext2 test images so).
 * The memory allocator has reserved the modules, and they lie in lowmem,
 * so a RAM disk reads and writes its module in place through the linear
 * map: transfers are memcpy and complete at once (BLK_DONE).
 *
 * A module string may give the disk's size in KiB, "rootfs size=16384",
 * larger than the module: the rest reads as zeros, and its pages are
 * taken as they are first written (drivers/block/rampages.c).  So the ISO
 * carries only the used start of its root image (tools/trim-image.py),
 * whose filesystem is as large as the size says, and its free space costs
 * neither boot time nor memory until it is used.
 */
#include "drivers/block/blkdev.h"
#include "drivers/block/rampages.h"
#include "kernel/boot.h"
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

struct ramdisk {
	struct blkdev dev;
	uint8_t *data;			/* the module, in place */
	uint64_t data_sectors;		/* its whole sectors */
	struct ram_pages rest;		/* the sectors after them, if any */
};

static struct ramdisk ramdisks[BOOT_MAX_MODULES];

/* Move one segment, whose part past the module goes to rd->rest. */
static int ramdisk_move(struct ramdisk *rd, uint64_t sector, uint8_t *buf,
			uint32_t len, bool write)
{
	if (sector < rd->data_sectors) {
		uint64_t room = (rd->data_sectors - sector) << SECTOR_SHIFT;
		uint32_t n = room < len ? (uint32_t)room : len;
		uint8_t *p = rd->data + (sector << SECTOR_SHIFT);

		if (write)
			memcpy(p, buf, n);
		else
			memcpy(buf, p, n);
		buf += n;
		len -= n;
		sector += n >> SECTOR_SHIFT;
	}
	if (!len)
		return 0;
	return ram_pages_move(&rd->rest, sector - rd->data_sectors, buf, len,
			      write);
}

static int ramdisk_start(struct blkdev *dev, struct blk_request *rq)
{
	struct ramdisk *rd = dev->driver_data;
	uint64_t sector = rq->sector;
	int err = 0;

	if (!rd->rest.npages) {		/* all in the module: the fast path */
		blk_copy_request(rq, rd->data);
		return BLK_DONE;
	}
	for (unsigned int i = 0; i < rq->nseg && !err; i++) {
		err = ramdisk_move(rd, sector, rq->seg[i].buf, rq->seg[i].len,
				   rq->op == BLK_WRITE);
		sector += rq->seg[i].len >> SECTOR_SHIFT;
	}
	return err ? err : BLK_DONE;
}

/* The sectors the module string's size= asks for (KiB), or the module's
 * own when it says nothing usable (logged) or less than the module. */
static uint64_t ramdisk_sectors(const struct boot_module *m,
				uint64_t module_sectors)
{
	char buf[24];
	unsigned long kib;

	if (!cmdline_get(m->cmdline, "size", buf, sizeof(buf)))
		return module_sectors;
	if (cmdline_parse_uint(buf, &kib) || kib > (1ul << 20)) {
		pr_err("ramdisk: module '%s': bad size (KiB) '%s', ignored\n",
		       m->cmdline, buf);
		return module_sectors;
	}
	return (uint64_t)kib * 2 > module_sectors ? (uint64_t)kib * 2 :
						      module_sectors;
}

static const struct blkdev_ops ramdisk_ops = {
	.start = ramdisk_start,
};

static int ramdisk_add(struct ramdisk *rd, unsigned int no,
		       const struct boot_module *m)
{
	if (m->end > LOWMEM_MAX || m->end <= m->start ||
	    m->end - m->start < SECTOR_SIZE) {
		pr_err("ramdisk: module '%s' at 0x%x-0x%x is unusable\n",
		       m->cmdline, m->start, m->end);
		return -EINVAL;
	}
	snprintf(rd->dev.name, sizeof(rd->dev.name), "ram%u", no);
	rd->data = phys_to_virt(m->start);
	rd->data_sectors = (m->end - m->start) >> SECTOR_SHIFT;
	rd->dev.nr_sectors = ramdisk_sectors(m, rd->data_sectors);
	if (rd->dev.nr_sectors > rd->data_sectors &&
	    ram_pages_init(&rd->rest, rd->dev.nr_sectors - rd->data_sectors)) {
		pr_err("ramdisk: no memory for %s's size\n", rd->dev.name);
		rd->dev.nr_sectors = rd->data_sectors;
	}
	rd->dev.ops = &ramdisk_ops;
	rd->dev.driver_data = rd;
	return blkdev_register(&rd->dev);
}

static int ramdisk_init(void)
{
	unsigned int next = 1;
	bool have_root = false;

	for (unsigned int i = 0; i < boot_info.module_count; i++) {
		const struct boot_module *m = &boot_info.modules[i];
		bool root = !have_root && strstr(m->cmdline, "rootfs");

		if (ramdisk_add(&ramdisks[i], root ? 0 : next, m) == 0) {
			have_root |= root;
			next += !root;
		}
	}
	if (!have_root)
		pr_info("ramdisk: no rootfs module, so no /dev/ram0\n");
	return 0;
}
INITCALL(INIT_DEVICE, ramdisk_init);
