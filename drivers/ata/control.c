/*
 * control.c: the ata.h interface for tests and benchmarks: looking at a
 * drive (identity, counters) and choosing how it is driven.  Settings are
 * changed under the channel lock and apply from the next request on.
 */
#include "drivers/ata/internal.h"
#include "kernel/errno.h"

bool ata_is_disk(const struct blkdev *dev)
{
	return dev && dev->ops == &ata_ops && !dev->parent;
}

int ata_set_mode(struct blkdev *dev, enum ata_mode mode)
{
	struct ata_drive *d;
	uint32_t flags;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	if (mode == ATA_MODE_DMA &&
	    (!d->ch->prdt || !d->info.dma || ata_force_pio))
		return -EOPNOTSUPP;
	if (mode != ATA_MODE_DMA && mode != ATA_MODE_PIO)
		return -EINVAL;
	flags = spin_lock_irqsave(&d->ch->lock);
	d->mode = mode;
	spin_unlock_irqrestore(&d->ch->lock, flags);
	return 0;
}

int ata_get_mode(const struct blkdev *dev)
{
	return ata_is_disk(dev) ? (int)ata_drive_of(dev)->mode : -ENODEV;
}

int ata_force_lba48(struct blkdev *dev, bool on)
{
	struct ata_drive *d;
	uint32_t flags;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	if (on && !d->info.lba48)
		return -EOPNOTSUPP;
	flags = spin_lock_irqsave(&d->ch->lock);
	d->force_lba48 = on;
	spin_unlock_irqrestore(&d->ch->lock, flags);
	return 0;
}

int ata_set_max_sectors(struct blkdev *dev, uint32_t max)
{
	struct ata_drive *d;
	uint32_t flags;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	flags = spin_lock_irqsave(&d->ch->lock);
	d->max_sectors = max;
	spin_unlock_irqrestore(&d->ch->lock, flags);
	return 0;
}

int ata_get_info(const struct blkdev *dev, struct ata_info *info)
{
	if (!ata_is_disk(dev))
		return -ENODEV;
	*info = ata_drive_of(dev)->info;
	return 0;
}

int ata_get_stats(const struct blkdev *dev, struct ata_stats *stats)
{
	struct ata_drive *d;
	uint32_t flags;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	flags = spin_lock_irqsave(&d->ch->lock);
	*stats = d->stats;
	spin_unlock_irqrestore(&d->ch->lock, flags);
	return 0;
}

int ata_set_timeout_ms(struct blkdev *dev, uint32_t ms)
{
	struct ata_drive *d;
	uint32_t flags;

	if (!ata_is_disk(dev))
		return -ENODEV;
	if (ms == 0)
		return -EINVAL;
	d = ata_drive_of(dev);
	flags = spin_lock_irqsave(&d->ch->lock);
	d->ch->timeout_ms = ms;
	spin_unlock_irqrestore(&d->ch->lock, flags);
	return 0;
}

int ata_test_drop_irq(struct blkdev *dev)
{
	struct ata_drive *d;
	uint32_t flags;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	flags = spin_lock_irqsave(&d->ch->lock);
	d->drop_irq = true;
	spin_unlock_irqrestore(&d->ch->lock, flags);
	return 0;
}
