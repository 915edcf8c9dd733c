/*
 * flush.c: FLUSH CACHE, the blkdev flush operation of ATA drives.
 *
 * Used at shutdown, after the filesystems are synced, when the block
 * layer has drained the queue: the command is sent with the channel's
 * interrupt masked and its end awaited with a bounded poll (a drive may
 * take seconds to write its cache out), like reset and IDENTIFY.
 */
#include "drivers/ata/internal.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "kernel/wait.h"

#define ATA_CMD_FLUSH_CACHE	0xe7
#define ATA_CMD_FLUSH_CACHE_EXT	0xea
#define ATA_FLUSH_TIMEOUT_NS	(30ull * 1000 * 1000 * 1000)

/* Lock the channel once no command is active on it (the other drive's
 * may be); returns the saved interrupt flags. */
static uint32_t ata_lock_idle_channel(struct ata_drive *d)
{
	struct ata_channel *ch = d->ch;
	uint32_t flags;

	for (;;) {
		wait_event(&d->dev.wq, READ_ONCE(ch->rq) == NULL);
		flags = spin_lock_irqsave(&ch->lock);
		if (!ch->rq)
			return flags;
		spin_unlock_irqrestore(&ch->lock, flags);
	}
}

/* Send FLUSH CACHE with the interrupt masked; false on a timeout.
 * Caller holds the channel lock. */
static bool ata_flush_polled(struct ata_drive *d, uint8_t *status)
{
	struct ata_channel *ch = d->ch;
	bool done = false;

	outb(ch->ctl + ATA_REG_DEVCTL, ATA_CTL_NIEN);
	outb(ch->cmd + ATA_REG_DEVICE, ATA_DEV_OBS | (d->unit ? ATA_DEV_SLAVE : 0));
	if (ata_wait_status(ch, ATA_SR_BSY, 0, ATA_FLUSH_TIMEOUT_NS)) {
		outb(ch->cmd + ATA_REG_COMMAND, d->info.lba48 ?
		     ATA_CMD_FLUSH_CACHE_EXT : ATA_CMD_FLUSH_CACHE);
		done = ata_wait_status(ch, ATA_SR_BSY, 0, ATA_FLUSH_TIMEOUT_NS);
		*status = inb(ch->cmd + ATA_REG_STATUS);
	}
	outb(ch->ctl + ATA_REG_DEVCTL, 0);
	return done;
}

int ata_flush(struct blkdev *dev)
{
	struct ata_drive *d = ata_drive_of(dev);
	uint32_t flags = ata_lock_idle_channel(d);
	uint8_t status = 0;
	bool done = ata_flush_polled(d, &status);

	spin_unlock_irqrestore(&d->ch->lock, flags);
	if (!done || (status & (ATA_SR_ERR | ATA_SR_DF))) {
		pr_err("ata: %s: FLUSH CACHE failed (status 0x%02x%s)\n",
		       dev->name, status, done ? "" : ", timed out");
		return -EIO;
	}
	d->stats.flushes++;
	return 0;
}
