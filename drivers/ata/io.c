/*
 * io.c: how the ATA driver carries out block requests.
 *
 * ata_start() is the block layer's start(): it hands the request to the
 * drive's channel, or, when the channel is busy with the other drive, puts
 * it on the channel's waiting list; ata_finish() starts the next waiting
 * request when the active one ends.  A request is done as a series of
 * commands of at most ata_max_chunk() sectors each, by DMA or PIO
 * (ata_issue()).  The interrupt handler acknowledges the controller and
 * the drive, moves PIO data, issues the next chunk or retires the request,
 * and calls blk_complete() once the channel lock is dropped.
 *
 * Nothing here waits for the drive with the lock held: a drive that is
 * not ready for a command (still busy with the last one, or settling
 * after a reset) leaves the command waiting, and the watchdog's tick
 * (ata_issue_waiting) sends it once the drive is ready, or fails it as a
 * timed-out command when it stays busy.
 *
 * Lock order: the block layer's device lock, then the channel lock.
 * blk_complete() takes the device lock, so it is never called with a
 * channel lock held.
 */
#include "drivers/ata/internal.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"

uint32_t ata_max_chunk(const struct ata_drive *d)
{
	uint32_t max = d->info.lba48 ? ATA_LBA48_CHUNK : ATA_LBA28_MAX_COUNT;

	return d->max_sectors ? MIN(d->max_sectors, max) : max;
}

static bool ata_use_lba48(const struct ata_drive *d, uint64_t lba,
			  uint32_t count)
{
	return d->info.lba48 && (d->force_lba48 || count > ATA_LBA28_MAX_COUNT ||
				 lba + count > ATA_LBA28_MAX);
}

enum ata_xfer { XFER_PIO, XFER_DMA, XFER_PIO_MULTIPLE };

static uint8_t ata_command(bool write, enum ata_xfer xfer, bool lba48)
{
	static const uint8_t cmds[2][3][2] = {
		{ { ATA_CMD_READ_PIO, ATA_CMD_READ_PIO_EXT },
		  { ATA_CMD_READ_DMA, ATA_CMD_READ_DMA_EXT },
		  { ATA_CMD_READ_MULTIPLE, ATA_CMD_READ_MULTIPLE_EXT } },
		{ { ATA_CMD_WRITE_PIO, ATA_CMD_WRITE_PIO_EXT },
		  { ATA_CMD_WRITE_DMA, ATA_CMD_WRITE_DMA_EXT },
		  { ATA_CMD_WRITE_MULTIPLE, ATA_CMD_WRITE_MULTIPLE_EXT } },
	};

	return cmds[write][xfer][lba48];
}

/* Load the task file for count sectors at lba and write the command. */
static void ata_taskfile(struct ata_channel *ch, struct ata_drive *d,
			 uint64_t lba, uint32_t count, uint8_t command)
{
	uint16_t p = ch->cmd;
	bool lba48 = ata_use_lba48(d, lba, count);

	if (lba48) {
		outb(p + ATA_REG_COUNT, (count >> 8) & 0xff);
		outb(p + ATA_REG_LBA0, (lba >> 24) & 0xff);
		outb(p + ATA_REG_LBA1, (lba >> 32) & 0xff);
		outb(p + ATA_REG_LBA2, (lba >> 40) & 0xff);
	} else {
		outb(p + ATA_REG_DEVICE, ATA_DEV_OBS | ATA_DEV_LBA |
		     (d->unit ? ATA_DEV_SLAVE : 0) | ((lba >> 24) & 0x0f));
	}
	outb(p + ATA_REG_COUNT, count & 0xff);
	outb(p + ATA_REG_LBA0, lba & 0xff);
	outb(p + ATA_REG_LBA1, (lba >> 8) & 0xff);
	outb(p + ATA_REG_LBA2, (lba >> 16) & 0xff);
	outb(p + ATA_REG_COMMAND, command);
	d->stats.lba48_cmds += lba48;
}

/* Select the current drive: may it take a command now (not settling
 * after a reset, neither BSY nor DRQ)? */
static bool ata_select_ready(struct ata_channel *ch, uint64_t now)
{
	outb(ch->cmd + ATA_REG_DEVICE, ATA_DEV_OBS | ATA_DEV_LBA |
	     (ch->cur->unit ? ATA_DEV_SLAVE : 0));
	ata_wait_400ns(ch);
	return now >= ch->ready_after_ns &&
	       !(inb(ch->ctl + ATA_REG_ALTSTATUS) & (ATA_SR_BSY | ATA_SR_DRQ));
}

/* Write the current chunk's command to the selected, ready drive. */
static void ata_send(struct ata_channel *ch, uint64_t now)
{
	struct ata_drive *d = ch->cur;
	bool write = ch->rq->op == BLK_WRITE;

	ch->ready_by_ns = 0;
	ch->deadline_ns = now + (uint64_t)ch->timeout_ms * 1000000;
	if (d->drop_irq) {
		outb(ch->ctl + ATA_REG_DEVCTL, ATA_CTL_NIEN);
		d->drop_irq = false;
	}
	ch->pio_block = ch->dma ? 0 : MAX(d->multiple, 1u);
	ata_taskfile(ch, d, ch->chunk_lba, ch->chunk_count,
		     ata_command(write, ch->dma ? XFER_DMA : d->multiple ?
				 XFER_PIO_MULTIPLE : XFER_PIO,
				 ata_use_lba48(d, ch->chunk_lba, ch->chunk_count)));
	if (ch->dma) {
		d->stats.dma_cmds++;
		ata_dma_start(ch);
	} else {
		d->stats.pio_cmds++;
		ata_pio_begin(ch);
	}
}

/*
 * Issue the command for the chunk at ch->done, or, when the drive is not
 * ready for it, leave it for ata_issue_waiting().  Caller holds ch->lock.
 */
void ata_issue(struct ata_channel *ch)
{
	struct ata_drive *d = ch->cur;
	struct blk_request *rq = ch->rq;
	uint64_t now = clock_ns();

	ch->chunk_lba = rq->sector + ch->done;
	ch->chunk_count = MIN(rq->count - ch->done, ata_max_chunk(d));
	ch->dma = ch->rq_dma_ok && !ch->fell_back && d->mode == ATA_MODE_DMA &&
		  ata_dma_prepare(ch) == 0;
	if (ata_select_ready(ch, now)) {
		ata_send(ch, now);
		return;
	}
	d->stats.ready_waits++;
	ch->ready_by_ns = MAX(now + ATA_READY_TIMEOUT_NS, ch->ready_after_ns +
			      ATA_RESET_TIMEOUT_NS);
}

/* The watchdog's tick for a command waiting for its drive: send it if
 * the drive is ready now, fail it (as timed out: the channel is reset)
 * past ch->ready_by_ns.  A finished request, for blk_complete(), or NULL. */
struct blk_request *ata_issue_waiting(struct ata_channel *ch)
{
	uint64_t now = clock_ns();
	uint8_t status;

	if (ata_select_ready(ch, now)) {
		ata_send(ch, now);
		return NULL;
	}
	if (now <= ch->ready_by_ns)
		return NULL;
	status = inb(ch->ctl + ATA_REG_ALTSTATUS);
	pr_err("ata: %s: not ready for a command (status 0x%02x)\n",
	       ch->cur->dev.name, status);
	ch->ready_by_ns = 0;
	ch->deadline_ns = now;
	return ata_cmd_failed(ch, ch->dma ? "DMA" : "PIO", status, 0);
}

/* Make rq of drive d the channel's active request.  Holds ch->lock. */
static void ata_begin(struct ata_channel *ch, struct ata_drive *d,
		      struct blk_request *rq)
{
	ch->cur = d;
	ch->rq = rq;
	ch->done = 0;
	ch->attempts = 0;
	ch->fell_back = false;
	ch->chunk_start = (struct ata_cursor){ 0, 0 };
	ch->ready_by_ns = 0;
	ch->rq_dma_ok = ch->prdt && ata_dma_usable(rq);
	ata_issue(ch);
}

struct blk_request *ata_finish(struct ata_channel *ch, int status)
{
	struct blk_request *rq = ch->rq;

	rq->status = status;
	if (status)
		ch->cur->stats.failed++;
	ch->rq = NULL;
	ch->cur = NULL;
	if (!list_empty(&ch->waiting)) {
		struct ata_drive *d = list_first_entry(&ch->waiting,
						       struct ata_drive, waiting);
		struct blk_request *next = d->pending;

		list_del(&d->waiting);
		d->pending = NULL;
		ata_begin(ch, d, next);
	}
	return rq;
}

/* The current chunk went well: go on with the next one or finish. */
static struct blk_request *ata_chunk_done(struct ata_channel *ch)
{
	ch->done += ch->chunk_count;
	ata_cursor_advance(ch->rq, &ch->chunk_start,
			   ch->chunk_count << SECTOR_SHIFT);
	ch->attempts = 0;
	if (ch->done == ch->rq->count)
		return ata_finish(ch, 0);
	ata_issue(ch);
	return NULL;
}

static struct blk_request *ata_irq_dma(struct ata_channel *ch)
{
	uint8_t bms = inb(ch->bm + BM_REG_STATUS), status;

	if (!(bms & (BM_SR_INT | BM_SR_ERR)))
		return NULL;		/* not from this transfer */
	bms = ata_dma_stop(ch);
	status = inb(ch->cmd + ATA_REG_STATUS);
	if ((status & (ATA_SR_BSY | ATA_SR_ERR | ATA_SR_DF | ATA_SR_DRQ)) ||
	    (bms & BM_SR_ERR))
		return ata_cmd_failed(ch, "DMA", status, bms);
	return ata_chunk_done(ch);
}

static struct blk_request *ata_irq_pio(struct ata_channel *ch)
{
	uint8_t status = inb(ch->cmd + ATA_REG_STATUS);
	int ret;

	if (status & ATA_SR_BSY)
		return NULL;
	if (status & (ATA_SR_ERR | ATA_SR_DF))
		return ata_cmd_failed(ch, "PIO", status, 0);
	ret = ata_pio_irq(ch, status);
	if (ret < 0)
		return ata_cmd_failed(ch, "PIO", status, 0);
	if (ret > 0)
		return ata_chunk_done(ch);
	ch->deadline_ns = clock_ns() + (uint64_t)ch->timeout_ms * 1000000;
	return NULL;
}

void ata_irq_channel(struct ata_channel *ch)
{
	uint32_t flags = spin_lock_irqsave(&ch->lock);
	struct blk_request *done = NULL;

	if (!ch->rq || ch->ready_by_ns)
		inb(ch->cmd + ATA_REG_STATUS);	/* stray: acknowledge it */
	else
		done = ch->dma ? ata_irq_dma(ch) : ata_irq_pio(ch);
	spin_unlock_irqrestore(&ch->lock, flags);
	if (done) {
		add_disk_randomness(&ch->timing, (uint32_t)done->sector);
		blk_complete(done, done->status);
	}
}

/* The block layer's start(), with the device lock held. */
static int ata_start(struct blkdev *dev, struct blk_request *rq)
{
	struct ata_drive *d = ata_drive_of(dev);
	struct ata_channel *ch = d->ch;
	uint32_t flags = spin_lock_irqsave(&ch->lock);

	if (ch->rq) {
		d->pending = rq;
		list_add_tail(&d->waiting, &ch->waiting);
	} else {
		ata_begin(ch, d, rq);
	}
	spin_unlock_irqrestore(&ch->lock, flags);
	return 0;
}

const struct blkdev_ops ata_ops = {
	.start = ata_start,
	.flush = ata_flush,
};
