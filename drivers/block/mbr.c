/*
 * mbr.c: MBR partition tables.
 *
 * blk_scan_mbr(disk) reads sector 0 and registers each used primary entry
 * as a device named disk name + number ("hda1".."hda4").  Entries that
 * point past the end of the disk are skipped with a warning; extended
 * partitions are not followed (their logical drives are left for later).
 */
#include "drivers/block/blkdev.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

struct mbr_entry {
	uint8_t status;
	uint8_t chs_first[3];
	uint8_t type;
	uint8_t chs_last[3];
	uint32_t lba_first;
	uint32_t sectors;
} __packed;
_Static_assert(sizeof(struct mbr_entry) == 16, "MBR entries are 16 bytes");

#define MBR_TABLE_OFFSET	446
#define MBR_SIGNATURE_OFFSET	510
#define MBR_TYPE_EMPTY		0x00
#define MBR_TYPE_EXTENDED	0x05
#define MBR_TYPE_EXTENDED_LBA	0x0f
#define MBR_TYPE_GPT		0xee

static int mbr_add(struct blkdev *disk, unsigned int no,
		   const struct mbr_entry *e)
{
	struct blkdev *part;

	if (e->lba_first == 0 || (uint64_t)e->lba_first + e->sectors >
	    disk->nr_sectors) {
		pr_warn("block: %s: partition %u lies outside the disk\n",
			disk->name, no);
		return -EINVAL;
	}
	part = kzalloc(sizeof(*part));
	if (!part)
		return -ENOMEM;
	snprintf(part->name, sizeof(part->name), "%s%u", disk->name, no);
	part->parent = disk;
	part->start_sector = e->lba_first;
	part->nr_sectors = e->sectors;
	part->partno = no;
	part->read_only = disk->read_only;
	if (blkdev_register(part) < 0) {
		kfree(part);
		return -EEXIST;
	}
	return 0;
}

int blk_scan_mbr(struct blkdev *disk)
{
	uint8_t *sector = kmalloc(SECTOR_SIZE);
	int found = 0;

	if (!sector)
		return -ENOMEM;
	if (blk_rw(disk, BLK_READ, 0, 1, sector) < 0) {
		pr_warn("block: %s: cannot read the partition table\n", disk->name);
		goto out;
	}
	if (sector[MBR_SIGNATURE_OFFSET] != 0x55 ||
	    sector[MBR_SIGNATURE_OFFSET + 1] != 0xaa)
		goto out;
	for (unsigned int i = 0; i < 4; i++) {
		struct mbr_entry e;

		memcpy(&e, sector + MBR_TABLE_OFFSET + i * sizeof(e), sizeof(e));
		if (e.type == MBR_TYPE_EMPTY || e.type == MBR_TYPE_EXTENDED ||
		    e.type == MBR_TYPE_EXTENDED_LBA || e.type == MBR_TYPE_GPT)
			continue;
		if (mbr_add(disk, i + 1, &e) == 0)
			found++;
	}
out:
	kfree(sector);
	return found;
}
