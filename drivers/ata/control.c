/*
 * control.c: the ata.h interface for tests and benchmarks: looking at a
 * drive (identity, counters) and choosing how it is driven.  Settings are
 * changed under the channel lock and apply from the next request on.
 */
#include "drivers/ata/internal.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"

/* Assign value to lvalue (a field of drive d or of its channel) under
 * the channel lock, so that a request in flight never sees half of it. */
#define ata_locked_set(d, lvalue, value) do {				\
	uint32_t flags_ = spin_lock_irqsave(&(d)->ch->lock);		\
	(lvalue) = (value);						\
	spin_unlock_irqrestore(&(d)->ch->lock, flags_);			\
} while (0)

bool ata_is_disk(const struct blkdev *dev)
{
	return dev && dev->ops == &ata_ops && !dev->parent;
}

int ata_set_mode(struct blkdev *dev, enum ata_mode mode)
{
	struct ata_drive *d;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	if (mode == ATA_MODE_DMA &&
	    (!d->ch->prdt || !d->info.dma || ata_force_pio))
		return -EOPNOTSUPP;
	if (mode != ATA_MODE_DMA && mode != ATA_MODE_PIO)
		return -EINVAL;
	ata_locked_set(d, d->mode, mode);
	return 0;
}

int ata_get_mode(const struct blkdev *dev)
{
	return ata_is_disk(dev) ? (int)ata_drive_of(dev)->mode : -ENODEV;
}

int ata_force_lba48(struct blkdev *dev, bool on)
{
	struct ata_drive *d;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	if (on && !d->info.lba48)
		return -EOPNOTSUPP;
	ata_locked_set(d, d->force_lba48, on);
	return 0;
}

int ata_set_max_sectors(struct blkdev *dev, uint32_t max)
{
	struct ata_drive *d;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	ata_locked_set(d, d->max_sectors, max);
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

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	ata_locked_set(d, *stats, d->stats);
	return 0;
}

int ata_set_timeout_ms(struct blkdev *dev, uint32_t ms)
{
	struct ata_drive *d;

	if (!ata_is_disk(dev))
		return -ENODEV;
	if (ms == 0)
		return -EINVAL;
	d = ata_drive_of(dev);
	ata_locked_set(d, d->ch->timeout_ms, ms);
	return 0;
}

int ata_test_drop_irq(struct blkdev *dev)
{
	struct ata_drive *d;

	if (!ata_is_disk(dev))
		return -ENODEV;
	d = ata_drive_of(dev);
	ata_locked_set(d, d->drop_irq, true);
	return 0;
}

int64_t ata_test_reset(struct blkdev *dev)
{
	struct ata_channel *ch;
	uint64_t start, held;
	uint32_t flags;

	if (!ata_is_disk(dev))
		return -ENODEV;
	ch = ata_drive_of(dev)->ch;
	for (;;) {
		flags = spin_lock_irqsave(&ch->lock);
		if (!ch->rq)
			break;
		spin_unlock_irqrestore(&ch->lock, flags);
		cpu_relax();
	}
	start = clock_ns();
	ata_channel_reset(ch);
	held = clock_ns() - start;
	spin_unlock_irqrestore(&ch->lock, flags);
	return (int64_t)held;
}
