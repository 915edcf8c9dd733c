/*
 * pio.c: PIO data phases, one interrupt per DRQ block.
 *
 * A block is one sector with the plain commands, and ch->pio_block sectors
 * (the last one maybe fewer) with READ/WRITE MULTIPLE, which the probe
 * enables with SET MULTIPLE (16 sectors, as Linux, when the drive allows):
 * 16 times fewer interrupts.  Reading: every interrupt announces a block
 * ready in the data register, which is read into the request's memory at
 * the PIO cursor.  Writing: the first block is written as soon as the
 * drive raises DRQ after the command (a bounded wait: no interrupt comes
 * for it), then each interrupt says the previous block was taken, and the
 * next one is written; the interrupt after the last one ends the command.
 */
#include "drivers/ata/internal.h"
#include "kernel/x86/cpu.h"
#include "kernel/printk.h"

#define ATA_DRQ_TIMEOUT_NS	10000000ull	/* 10 ms */

/* Move the block at the PIO cursor, a sector at a time (a block may
 * span segments); caller holds ch->lock. */
static void ata_pio_move(struct ata_channel *ch)
{
	const struct blk_request *rq = ch->rq;
	uint32_t n = MIN(ch->pio_block, ch->pio_left);

	for (uint32_t i = 0; i < n; i++) {
		char *p = (char *)rq->seg[ch->pio.seg].buf + ch->pio.off;

		if (rq->op == BLK_READ)
			ata_insw(ch->cmd + ATA_REG_DATA, p, SECTOR_SIZE / 2);
		else
			ata_outsw(ch->cmd + ATA_REG_DATA, p, SECTOR_SIZE / 2);
		ata_cursor_advance(rq, &ch->pio, SECTOR_SIZE);
	}
	ch->pio_left -= n;
	ch->cur->stats.pio_blocks++;
}

void ata_pio_begin(struct ata_channel *ch)
{
	ch->pio = ch->chunk_start;
	ch->pio_left = ch->chunk_count;
	if (ch->rq->op == BLK_READ)
		return;
	if (!ata_wait_status(ch, ATA_SR_BSY | ATA_SR_DRQ, ATA_SR_DRQ,
			     ATA_DRQ_TIMEOUT_NS)) {
		pr_err("ata: %s: no DRQ after a write command (status 0x%02x)\n",
		       ch->cur->dev.name, inb(ch->ctl + ATA_REG_ALTSTATUS));
		ch->deadline_ns = 0;	/* the watchdog takes over */
		return;
	}
	ata_pio_move(ch);
}

/*
 * An interrupt during a PIO command, status already read and free of
 * errors.  Returns 1 when the command is over, 0 when more interrupts
 * will come, -1 when the drive does not offer data it should.
 */
int ata_pio_irq(struct ata_channel *ch, uint8_t status)
{
	if (ch->rq->op == BLK_WRITE && ch->pio_left == 0)
		return 1;
	if (!(status & ATA_SR_DRQ))
		return -1;
	ata_pio_move(ch);
	return ch->rq->op == BLK_READ && ch->pio_left == 0;
}
