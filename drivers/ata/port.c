/*
 * port.c: the helpers every part of the ATA driver shares, and that
 * depend on nothing else of it: walking a request's segments with a
 * cursor, and waiting on a channel's status register (the 400 ns a
 * drive needs after a command or a select, and a bounded wait for
 * status bits).  io.c, dma.c, pio.c, error.c, flush.c and probe.c use
 * them; it uses none of them, so no file of the driver needs another
 * just for these.
 *
 * Interface (internal.h): ata_cursor_advance, ata_wait_400ns,
 * ata_wait_status.
 */
#include "drivers/ata/internal.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"

void ata_cursor_advance(const struct blk_request *rq, struct ata_cursor *c,
			uint32_t bytes)
{
	while (bytes && c->seg < rq->nseg) {
		uint32_t step = MIN(bytes, rq->seg[c->seg].len - c->off);

		c->off += step;
		bytes -= step;
		if (c->off == rq->seg[c->seg].len) {
			c->seg++;
			c->off = 0;
		}
	}
}

void ata_wait_400ns(const struct ata_channel *ch)
{
	for (int i = 0; i < 4; i++)
		inb(ch->ctl + ATA_REG_ALTSTATUS);
}

/* Bounded wait until (status & mask) == want; false on timeout. */
bool ata_wait_status(const struct ata_channel *ch, uint8_t mask,
		     uint8_t want, uint64_t timeout_ns)
{
	uint64_t deadline = clock_ns() + timeout_ns;

	do {
		if ((inb(ch->ctl + ATA_REG_ALTSTATUS) & mask) == want)
			return true;
	} while (clock_ns() < deadline);
	return false;
}
