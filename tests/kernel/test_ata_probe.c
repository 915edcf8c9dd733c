/*
 * test_ata_probe.c: what the ATA driver found at boot: the PCI IDE
 * controller, the drives' IDENTIFY data against the images attached, the
 * CD-ROM skipped, the MBR partition, and the ata.h interface refusing
 * devices that are not ATA disks.
 */
#include "drivers/ata/ata.h"
#include "drivers/pci/pci.h"
#include "drivers/pci/pcireg.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "lib/string.h"
#include "tests/kernel/ata_util.h"

KTEST(pci, ide_controller)
{
	struct pci_dev *d = pci_find_class(PCI_CLASS_STORAGE, PCI_SUBCLASS_IDE,
					   NULL);

	KT_ASSERT(ctx, d != NULL);
	KT_EXPECT_EQ(ctx, d->vendor, 0x8086);		/* PIIX3 in QEMU */
	KT_EXPECT(ctx, pci_bar_io(d, 4) != 0);
	KT_EXPECT(ctx, pci_config_read16(d, PCI_COMMAND) & PCI_COMMAND_MASTER);
	KT_EXPECT(ctx, pci_config_read16(d, PCI_COMMAND) & PCI_COMMAND_IO);
	KT_EXPECT(ctx, pci_find_id(d->vendor, d->device, NULL) == d);
	KT_EXPECT_EQ(ctx, pci_config_read16(d, PCI_VENDOR_ID), d->vendor);
}

KTEST(pci, host_bridge_first)
{
	struct pci_dev *d = pci_next(NULL);

	KT_ASSERT(ctx, d != NULL);
	KT_EXPECT_EQ(ctx, d->bus, 0);
	KT_EXPECT_EQ(ctx, d->dev, 0);
	KT_EXPECT_EQ(ctx, d->class, PCI_CLASS_BRIDGE);
	KT_EXPECT(ctx, strcmp(pci_class_name(1, 1), "IDE controller") == 0);
}

static void expect_drive(struct ktest_ctx *ctx, const char *name,
			 uint64_t sectors)
{
	struct blkdev *dev = blkdev_find(name);
	struct ata_info info;

	KT_ASSERT(ctx, dev != NULL);
	KT_ASSERT(ctx, ata_is_disk(dev));
	KT_ASSERT_EQ(ctx, ata_get_info(dev, &info), 0);
	KT_EXPECT_EQ(ctx, info.sectors, sectors);
	KT_EXPECT_EQ(ctx, dev->nr_sectors, sectors);
	KT_EXPECT_EQ(ctx, info.lba28_sectors, sectors);
	KT_EXPECT(ctx, strcmp(info.model, "QEMU HARDDISK") == 0);
	KT_EXPECT(ctx, strncmp(info.serial, "QM0000", 6) == 0);
	KT_EXPECT(ctx, info.lba48);
	KT_EXPECT(ctx, info.dma);
	KT_EXPECT(ctx, info.udma_modes & 0x20);		/* QEMU: UDMA5 */
	KT_EXPECT_EQ(ctx, info.mwdma_modes, 0x07);
	KT_EXPECT_EQ(ctx, ata_get_mode(dev), ATA_MODE_DMA);
}

KTEST(ata, identify)
{
	expect_drive(ctx, "hda", ATA_TEST_HDA_SECTORS);
	expect_drive(ctx, "hdb", ATA_TEST_HDB_SECTORS);
	expect_drive(ctx, "hdd", ATA_TEST_HDD_SECTORS);
	KT_EXPECT(ctx, blkdev_find("hdc") == NULL);	/* the CD-ROM */
}

KTEST(ata, mbr_partitions)
{
	struct blkdev *part = blkdev_find("hda1");

	KT_ASSERT(ctx, part != NULL);
	KT_EXPECT(ctx, part->parent == blkdev_find("hda"));
	KT_EXPECT_EQ(ctx, part->start_sector, ATA_TEST_PART_START);
	KT_EXPECT_EQ(ctx, part->nr_sectors,
		     ATA_TEST_HDA_SECTORS - ATA_TEST_PART_START);
	KT_EXPECT(ctx, blkdev_find("hdb1") != NULL);
	KT_EXPECT(ctx, blkdev_find("hdd1") != NULL);
	KT_EXPECT(ctx, blkdev_find("hda2") == NULL);
}

KTEST(ata, interface_rejects_others)
{
	struct blkdev *part = blkdev_find("hda1");
	struct blkdev *hda = blkdev_find("hda");
	struct ata_info info;

	KT_ASSERT(ctx, part && hda);
	KT_EXPECT(ctx, !ata_is_disk(part));
	KT_EXPECT(ctx, !ata_is_disk(NULL));
	KT_EXPECT_EQ(ctx, ata_set_mode(part, ATA_MODE_PIO), -ENODEV);
	KT_EXPECT_EQ(ctx, ata_get_info(part, &info), -ENODEV);
	KT_EXPECT_EQ(ctx, ata_get_mode(part), -ENODEV);
	KT_EXPECT_EQ(ctx, ata_set_timeout_ms(hda, 0), -EINVAL);
	KT_EXPECT_EQ(ctx, ata_set_mode(hda, (enum ata_mode)7), -EINVAL);
}
