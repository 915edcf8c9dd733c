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
 */
#include "drivers/block/blkdev.h"
#include "kernel/boot.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

struct ramdisk {
	struct blkdev dev;
	uint8_t *data;
};

static struct ramdisk ramdisks[BOOT_MAX_MODULES];

static int ramdisk_start(struct blkdev *dev, struct blk_request *rq)
{
	struct ramdisk *rd = dev->driver_data;

	blk_copy_request(rq, rd->data);
	return BLK_DONE;
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
	rd->dev.nr_sectors = (m->end - m->start) >> SECTOR_SHIFT;
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
