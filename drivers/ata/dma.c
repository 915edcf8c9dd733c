/*
 * dma.c: PCI IDE bus-master DMA (SFF-8038i).
 *
 * Each channel has a PRD table in a page of its own.  ata_dma_prepare()
 * describes the current chunk's memory in it, one entry per physically
 * contiguous piece that neither exceeds 64 KiB nor crosses a 64 KiB
 * boundary, and arms the engine: table address, direction, status bits
 * cleared.  The command is then written to the drive, and ata_dma_start()
 * sets the start bit.  When the drive interrupts, ata_dma_stop() clears
 * the start bit and acknowledges the interrupt and error bits.
 *
 * Segments are lowmem buffers, so a segment is physically contiguous and
 * virt_to_phys() gives its address.  The engine needs even addresses:
 * ata_dma_usable() says whether a request can be done by DMA at all.
 */
#include "drivers/ata/internal.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "mm/mm.h"

bool ata_dma_usable(const struct blk_request *rq)
{
	for (unsigned int i = 0; i < rq->nseg; i++) {
		uintptr_t va = (uintptr_t)rq->seg[i].buf;

		if ((va & 1) || va < KERNEL_BASE ||
		    va - KERNEL_BASE + rq->seg[i].len > LOWMEM_MAX)
			return false;
	}
	return true;
}

/* Add entries for len bytes at physical address pa; false when full. */
static bool ata_prd_add(struct ata_prd *prdt, unsigned int *n,
			uintptr_t pa, uint32_t len)
{
	while (len) {
		uint32_t piece = MIN(len, ATA_PRD_BOUNDARY -
				     (pa & (ATA_PRD_BOUNDARY - 1)));

		if (*n == ATA_PRD_ENTRIES)
			return false;
		prdt[*n].addr = pa;
		prdt[*n].bytes = piece & 0xffff;	/* 0 means 64 KiB */
		prdt[*n].flags = 0;
		(*n)++;
		pa += piece;
		len -= piece;
	}
	return true;
}

/* Describe the chunk's memory in ch->prdt; 0, or -ENOSPC when too long. */
static int ata_prd_build(struct ata_channel *ch)
{
	const struct blk_request *rq = ch->rq;
	struct ata_cursor c = ch->chunk_start;
	uint32_t left = ch->chunk_count << SECTOR_SHIFT;
	unsigned int n = 0;

	while (left && c.seg < rq->nseg) {
		const struct blk_segment *s = &rq->seg[c.seg];
		uint32_t len = MIN(left, s->len - c.off);

		if (!ata_prd_add(ch->prdt, &n, virt_to_phys(s->buf) + c.off, len))
			return -ENOSPC;
		left -= len;
		ata_cursor_advance(rq, &c, len);
	}
	if (left || n == 0)
		return -EINVAL;
	ch->prdt[n - 1].flags = ATA_PRD_EOT;
	return 0;
}

int ata_dma_prepare(struct ata_channel *ch)
{
	int err = ata_prd_build(ch);

	if (err)
		return err;
	barrier();		/* the table is in memory before the engine runs */
	outb(ch->bm + BM_REG_COMMAND, 0);
	outl(ch->bm + BM_REG_PRDT, virt_to_phys(ch->prdt));
	outb(ch->bm + BM_REG_COMMAND,
	     ch->rq->op == BLK_READ ? BM_CMD_READ : 0);
	outb(ch->bm + BM_REG_STATUS, inb(ch->bm + BM_REG_STATUS) |
	     BM_SR_INT | BM_SR_ERR);
	return 0;
}

void ata_dma_start(struct ata_channel *ch)
{
	uint8_t cmd = inb(ch->bm + BM_REG_COMMAND);

	outb(ch->bm + BM_REG_COMMAND, cmd | BM_CMD_START);
}

uint8_t ata_dma_stop(struct ata_channel *ch)
{
	uint8_t status = inb(ch->bm + BM_REG_STATUS);

	outb(ch->bm + BM_REG_COMMAND, 0);
	outb(ch->bm + BM_REG_STATUS, status | BM_SR_INT | BM_SR_ERR);
	return status;
}
