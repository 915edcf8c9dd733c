/*
 * internal.h: the ATA driver's own structures and the functions its files
 * share (not for other subsystems: they use ata.h).
 *
 * A channel is one cable: one set of task-file registers, one interrupt
 * line, one bus-master engine and PRD table, and at most one command in
 * flight.  Its two drives have block-layer queues of their own, so a
 * request can be handed to a drive while the other drive of the channel is
 * busy: it then waits on the channel's list until the channel is free.
 *
 * A request is carried out as one or more commands ("chunks") of at most
 * ata_max_chunk() sectors; a cursor (segment, offset) walks its segments.
 * Everything in struct ata_channel below `lock` is protected by it.
 *
 * Files: probe.c (controller, reset, IDENTIFY, registration), identify.c
 * (parsing IDENTIFY data), io.c (requests, commands, the interrupt
 * handler), dma.c (PRD tables, the bus-master engine), pio.c (the PIO data
 * phases), error.c (error reports, retries, reset and watchdog), control.c
 * (the ata.h interface), port.c (the cursor and the status waits all of
 * them share).
 */
#ifndef DRIVERS_ATA_INTERNAL_H
#define DRIVERS_ATA_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "drivers/ata/ata.h"
#include "drivers/ata/atareg.h"
#include "drivers/block/blkdev.h"
#include "kernel/random.h"
#include "kernel/spinlock.h"
#include "lib/list.h"

#define ATA_CHANNELS		2
#define ATA_RETRIES		2	/* retries of a failed command */
#define ATA_LBA48_CHUNK		8192u	/* sectors per LBA48 command */
#define ATA_PRD_ENTRIES		(4096 / sizeof(struct ata_prd))
/* How long a drive may stay busy before a command, and after a reset's
 * settling time, before the command fails as a timed-out one. */
#define ATA_READY_TIMEOUT_NS	10000000ull	/* 10 ms */
#define ATA_RESET_TIMEOUT_NS	50000000ull	/* 50 ms */

struct ata_channel;

struct ata_drive {
	struct blkdev dev;		/* hda..hdd; driver_data = this */
	struct ata_channel *ch;
	unsigned int unit;		/* 0 master, 1 slave */
	bool present;
	struct ata_info info;
	enum ata_mode mode;
	bool force_lba48;
	uint32_t max_sectors;		/* per command; 0: the default */
	uint32_t multiple;		/* sectors per PIO DRQ block set by
					 * SET MULTIPLE; 0: one, with the
					 * plain PIO commands */
	bool drop_irq;			/* ata_test_drop_irq() */
	struct ata_stats stats;
	struct blk_request *pending;	/* waiting for the channel */
	struct list_head waiting;	/* on ch->waiting */
};

struct ata_cursor {
	unsigned int seg;		/* index in rq->seg */
	uint32_t off;			/* bytes into that segment */
};

struct ata_channel {
	const char *name;		/* "primary", "secondary" */
	uint16_t cmd, ctl, bm;		/* port bases; bm 0: no bus master */
	unsigned int irq;
	struct ata_drive drive[2];
	struct ata_prd *prdt;		/* a page; NULL without bus master */
	uint32_t timeout_ms;

	struct spinlock lock;
	struct list_head waiting;	/* drives with a pending request */
	struct ata_drive *cur;		/* owner of the active request */
	struct blk_request *rq;		/* the active request, or NULL */
	bool dma;			/* this command is a DMA one */
	bool rq_dma_ok;			/* the request's buffers allow DMA */
	unsigned int attempts;		/* failed tries of this chunk */
	bool fell_back;			/* DMA given up for this request */
	uint64_t chunk_lba;		/* the current command */
	uint32_t chunk_count;
	uint32_t done;			/* sectors of rq finished before it */
	struct ata_cursor chunk_start;	/* where the chunk's data starts */
	struct ata_cursor pio;		/* PIO: next sector's place */
	uint32_t pio_left;		/* PIO: sectors still to move */
	uint32_t pio_block;		/* PIO: sectors per DRQ block */
	uint64_t deadline_ns;		/* watchdog: fail the command after */
	struct random_timing timing;	/* of its completions, for the pool */
	uint64_t ready_after_ns;	/* a reset: do not poll the drive before */
	uint64_t ready_by_ns;		/* nonzero: the command waits for the
					 * drive to be ready until then */
};

extern struct ata_channel ata_channels[ATA_CHANNELS];

/* Move count 16-bit words between the data register and memory. */
static inline void ata_insw(uint16_t port, void *buf, uint32_t count)
{
	__asm__ __volatile__("rep insw"
			     : "+D"(buf), "+c"(count) : "d"(port) : "memory");
}
static inline void ata_outsw(uint16_t port, const void *buf, uint32_t count)
{
	__asm__ __volatile__("rep outsw"
			     : "+S"(buf), "+c"(count) : "d"(port) : "memory");
}
extern bool ata_force_pio;		/* "ata=pio" */

static inline struct ata_drive *ata_drive_of(const struct blkdev *dev)
{
	return dev->driver_data;
}

/* identify.c */
void ata_id_parse(const uint16_t *id, struct ata_info *info);
void ata_id_log(const struct ata_drive *d);

/* flush.c */
int ata_flush(struct blkdev *dev);

/* io.c */
extern const struct blkdev_ops ata_ops;
void ata_irq_channel(struct ata_channel *ch);
void ata_issue(struct ata_channel *ch);
struct blk_request *ata_issue_waiting(struct ata_channel *ch);
uint32_t ata_max_chunk(const struct ata_drive *d);
/* Retire ch's request with status; returns it for blk_complete(), to be
 * called once ch->lock is dropped.  Starts the next waiting request. */
struct blk_request *ata_finish(struct ata_channel *ch, int status);

/* port.c */
void ata_cursor_advance(const struct blk_request *rq, struct ata_cursor *c,
			uint32_t bytes);
void ata_wait_400ns(const struct ata_channel *ch);
/* Bounded wait until (status & mask) == want; false on timeout. */
bool ata_wait_status(const struct ata_channel *ch, uint8_t mask,
		     uint8_t want, uint64_t timeout_ns);

/* dma.c */
bool ata_dma_usable(const struct blk_request *rq);
int ata_dma_prepare(struct ata_channel *ch);
void ata_dma_start(struct ata_channel *ch);
uint8_t ata_dma_stop(struct ata_channel *ch);

/* pio.c */
void ata_pio_begin(struct ata_channel *ch);
int ata_pio_irq(struct ata_channel *ch, uint8_t status);

/* error.c */
struct blk_request *ata_cmd_failed(struct ata_channel *ch, const char *what,
				   uint8_t status, uint8_t bm_status);
void ata_channel_reset(struct ata_channel *ch);
int ata_watchdog_init(void);

#endif
