/*
 * ramdisk.c: /dev/ram0, the root filesystem image that GRUB loads.
 *
 * The ISO's GRUB menu loads rootfs.ext2 as a Multiboot module with the
 * string "rootfs"; the memory allocator has reserved it, and it lies in
 * lowmem, so the RAM disk reads and writes it in place through the linear
 * map.  Transfers are memcpy and complete at once (BLK_DONE).  With no
 * such module there is no ram0, and the boot log says so.
 */
#include "drivers/block/blkdev.h"
#include "kernel/boot.h"
#include "kernel/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

static struct blkdev ram0 = { .name = "ram0" };
static uint8_t *ram0_data;

static int ramdisk_start(struct blkdev *dev, struct blk_request *rq)
{
	uint8_t *p = ram0_data + (rq->sector << SECTOR_SHIFT);

	for (unsigned int i = 0; i < rq->nseg; i++) {
		if (rq->op == BLK_READ)
			memcpy(rq->seg[i].buf, p, rq->seg[i].len);
		else
			memcpy(p, rq->seg[i].buf, rq->seg[i].len);
		p += rq->seg[i].len;
	}
	return BLK_DONE;
}

static const struct blkdev_ops ramdisk_ops = {
	.start = ramdisk_start,
};

static const struct boot_module *ramdisk_module(void)
{
	for (unsigned int i = 0; i < boot_info.module_count; i++)
		if (strstr(boot_info.modules[i].cmdline, "rootfs"))
			return &boot_info.modules[i];
	return NULL;
}

static int ramdisk_init(void)
{
	const struct boot_module *m = ramdisk_module();

	if (!m) {
		pr_info("ramdisk: no rootfs module, no /dev/ram0\n");
		return 0;
	}
	if (m->end > LOWMEM_MAX || m->end - m->start < SECTOR_SIZE) {
		pr_err("ramdisk: rootfs module at 0x%x-0x%x is unusable\n",
		       m->start, m->end);
		return -EINVAL;
	}
	ram0_data = phys_to_virt(m->start);
	ram0.nr_sectors = (m->end - m->start) >> SECTOR_SHIFT;
	ram0.ops = &ramdisk_ops;
	return blkdev_register(&ram0);
}
INITCALL(INIT_DEVICE, ramdisk_init);
