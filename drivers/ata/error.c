/*
 * error.c: what the ATA driver does when a command goes wrong.
 *
 * ata_cmd_failed() logs the failure in one line (drive, operation, LBA,
 * status and error registers spelled out, bus-master status) and decides:
 * retry the chunk up to ATA_RETRIES times; when a DMA request still fails,
 * try it once more by PIO; then give up and fail the request with -EIO.
 * A command past its deadline, a drive left busy or a bus-master error
 * gets the channel reset first.
 *
 * The watchdog is a tick hook (kernel/timer.h): a command that made no
 * progress before its deadline (the drive never interrupted) has its
 * channel reset and goes through the same retry logic, so a dead drive
 * costs a few timeouts, never a hung kernel.  It also sends the commands
 * that wait for their drive to be ready (ata_issue_waiting, io.c).
 */
#include "drivers/ata/internal.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "kernel/timer.h"
#include "lib/printf.h"

#define ATA_RESET_SETTLE_NS	2000000ull	/* 2 ms before polling */

static const char *const ata_status_bits[8] = {
	"ERR", "IDX", "CORR", "DRQ", "DSC", "DF", "DRDY", "BSY",
};
static const char *const ata_error_bits[8] = {
	"AMNF", "TK0NF", "ABRT", "MCR", "IDNF", "MC", "UNC", "ICRC",
};

/* " (NAME NAME)" for the bits set in v, into buf. */
static const char *ata_bits(char *buf, size_t size, uint8_t v,
			    const char *const names[8])
{
	size_t n = scnprintf(buf, size, " (");

	for (int i = 7; i >= 0; i--)
		if (v & (1u << i))
			n += scnprintf(buf + n, size - n, "%s%s",
				       n > 2 ? " " : "", names[i]);
	scnprintf(buf + n, size - n, ")");
	return v ? buf : "";
}

static void ata_log_failure(struct ata_channel *ch, const char *what,
			    uint8_t status, uint8_t bm_status)
{
	char sbits[48], ebits[56];
	uint8_t error = status & ATA_SR_ERR ? inb(ch->cmd + ATA_REG_ERROR) : 0;

	pr_err("ata: %s: %s %s of %u sectors at LBA %llu failed: status "
	       "0x%02x%s, error 0x%02x%s, bus master 0x%02x; try %u of %u\n",
	       ch->cur->dev.name, what, ch->rq->op == BLK_READ ? "read" : "write",
	       ch->chunk_count, (unsigned long long)ch->chunk_lba, status,
	       ata_bits(sbits, sizeof(sbits), status, ata_status_bits), error,
	       ata_bits(ebits, sizeof(ebits), error, ata_error_bits), bm_status,
	       ch->attempts + 1, ATA_RETRIES + 1);
}

/*
 * Software reset of both drives of ch: the 5 us pulse only; the drives
 * then settle for ATA_RESET_SETTLE_NS and may stay busy for
 * ATA_RESET_TIMEOUT_NS after it, which the next command waits out
 * (ata_issue, ata_issue_waiting), not this function.  Interrupts are
 * enabled again, and the bus-master engine stopped.  Caller holds
 * ch->lock.
 */
void ata_channel_reset(struct ata_channel *ch)
{
	if (ch->bm)
		ata_dma_stop(ch);
	outb(ch->ctl + ATA_REG_DEVCTL, ATA_CTL_SRST | ATA_CTL_NIEN);
	clock_delay_us(5);
	outb(ch->ctl + ATA_REG_DEVCTL, 0);
	ch->ready_after_ns = clock_ns() + ATA_RESET_SETTLE_NS;
	for (int i = 0; i < 2; i++) {
		ch->drive[i].stats.resets += ch->drive[i].present;
		/* A reset may leave the drive's multiple mode off: plain
		 * PIO commands from now on are right either way. */
		ch->drive[i].multiple = 0;
	}
}

struct blk_request *ata_cmd_failed(struct ata_channel *ch, const char *what,
				   uint8_t status, uint8_t bm_status)
{
	struct ata_drive *d = ch->cur;
	bool timed_out = clock_ns() > ch->deadline_ns;

	d->stats.errors++;
	ata_log_failure(ch, what, status, bm_status);
	if (timed_out || (status & (ATA_SR_BSY | ATA_SR_DRQ)) ||
	    (bm_status & BM_SR_ERR))
		ata_channel_reset(ch);
	if (++ch->attempts <= ATA_RETRIES) {
		d->stats.retries++;
		ata_issue(ch);
		return NULL;
	}
	if (ch->dma && !ch->fell_back) {
		pr_warn("ata: %s: DMA keeps failing; trying this request by PIO\n",
			d->dev.name);
		d->stats.pio_fallbacks++;
		ch->fell_back = true;
		ch->attempts = ATA_RETRIES;	/* PIO gets one try */
		ata_issue(ch);
		return NULL;
	}
	pr_err("ata: %s: %s of %u sectors at LBA %llu: I/O error\n",
	       d->dev.name, ch->rq->op == BLK_READ ? "read" : "write",
	       ch->rq->count, (unsigned long long)ch->rq->sector);
	return ata_finish(ch, -EIO);
}

/* The tick hook: fail commands past their deadline. */
static void ata_watchdog(struct tick_hook *hook)
{
	for (unsigned int i = 0; i < ATA_CHANNELS; i++) {
		struct ata_channel *ch = &ata_channels[i];
		struct blk_request *done = NULL;
		uint32_t flags = spin_lock_irqsave(&ch->lock);

		if (ch->rq && ch->ready_by_ns) {
			done = ata_issue_waiting(ch);
		} else if (ch->rq && clock_ns() > ch->deadline_ns) {
			uint8_t status = inb(ch->ctl + ATA_REG_ALTSTATUS);
			uint8_t bms = ch->dma ? inb(ch->bm + BM_REG_STATUS) : 0;

			ch->cur->stats.timeouts++;
			pr_err("ata: %s: no interrupt for %u ms; resetting the "
			       "%s channel\n", ch->cur->dev.name, ch->timeout_ms,
			       ch->name);
			done = ata_cmd_failed(ch, ch->dma ? "DMA" : "PIO",
					      status, bms);
		}
		spin_unlock_irqrestore(&ch->lock, flags);
		if (done)
			blk_complete(done, done->status);
	}
}

static struct tick_hook ata_watchdog_hook = { .fn = ata_watchdog };

int ata_watchdog_init(void)
{
	tick_hook_register(&ata_watchdog_hook);
	return 0;
}
