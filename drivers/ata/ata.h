/*
 * ata.h: the PATA disk driver.
 *
 * At boot (an INIT_DEVICE initcall) the driver finds the PCI IDE
 * controller, probes both legacy channels (0x1F0 on IRQ 14, 0x170 on
 * IRQ 15), master and slave, and registers every ATA disk that answers
 * IDENTIFY as a block device: hda, hdb (primary master, slave), hdc, hdd
 * (secondary), then its MBR partitions.  Requests from the block layer are
 * done by PCI bus-master DMA, or by PIO when the controller has no
 * bus-master BAR, the drive no DMA, or "ata=pio" is on the command line;
 * both complete on interrupts.  Errors are logged, retried and reported as
 * -EIO; a drive that stops answering is reset by a watchdog.
 *
 * The functions below let tests and benchmarks look at a drive and choose
 * how it is driven.  Each takes the disk's struct blkdev (a partition is
 * not accepted) and returns -ENODEV for a device that is not an ATA disk.
 *
 * Interface: ata_is_disk, ata_set_mode, ata_get_mode, ata_force_lba48,
 * ata_set_max_sectors, ata_get_info, ata_get_stats, ata_set_timeout_ms,
 * ata_test_drop_irq.
 */
#ifndef DRIVERS_ATA_ATA_H
#define DRIVERS_ATA_ATA_H

#include <stdbool.h>
#include <stdint.h>
#include "drivers/block/blkdev.h"

enum ata_mode {
	ATA_MODE_PIO,		/* READ/WRITE SECTORS, one interrupt a sector */
	ATA_MODE_DMA,		/* READ/WRITE DMA through a PRD table */
};

/* What IDENTIFY DEVICE said. */
struct ata_info {
	char model[41];
	char serial[21];
	char firmware[9];
	uint64_t sectors;	/* LBA48 count when supported, else LBA28 */
	uint32_t lba28_sectors;
	bool lba48;
	bool dma;		/* the drive does (MW/U)DMA */
	uint8_t mwdma_modes;	/* bit n: multiword DMA mode n supported */
	uint8_t udma_modes;	/* bit n: Ultra DMA mode n supported */
	int udma_selected;	/* the active UDMA mode, or -1 */
	int mwdma_selected;	/* the active MWDMA mode, or -1 */
	uint8_t multiple_max;	/* sectors per DRQ block for READ/WRITE
				 * MULTIPLE (word 47), 0: no such commands */
};

/* Counters per drive, since boot. */
struct ata_stats {
	uint32_t dma_cmds, pio_cmds;	/* commands issued (each retry too) */
	uint32_t pio_blocks;		/* PIO data blocks moved (one DRQ,
					 * one interrupt each) */
	uint32_t lba48_cmds;
	uint32_t flushes;		/* FLUSH CACHE commands done */
	uint32_t errors;		/* commands that failed */
	uint32_t retries;
	uint32_t pio_fallbacks;		/* DMA requests finished by PIO */
	uint32_t timeouts;		/* watchdog expiries */
	uint32_t resets;		/* channel resets */
	uint32_t ready_waits;		/* commands that waited for the drive */
	uint32_t failed;		/* requests that got -EIO */
};

bool ata_is_disk(const struct blkdev *dev);
/* 0; -EOPNOTSUPP for DMA without a bus-master controller, a drive without
 * DMA, or with "ata=pio".  Applies to requests started afterwards. */
int ata_set_mode(struct blkdev *dev, enum ata_mode mode);
int ata_get_mode(const struct blkdev *dev);	/* enum ata_mode or -ENODEV */
/* Use LBA48 commands for every request, not only where LBA28 cannot
 * reach or count; -EOPNOTSUPP when the drive has no LBA48. */
int ata_force_lba48(struct blkdev *dev, bool on);
/* Split requests into commands of at most max sectors (0: the default,
 * 256 with LBA28, 8192 with LBA48), as Linux's max_sectors_kb does. */
int ata_set_max_sectors(struct blkdev *dev, uint32_t max);
int ata_get_info(const struct blkdev *dev, struct ata_info *info);
int ata_get_stats(const struct blkdev *dev, struct ata_stats *stats);
/* Watchdog: a command with no progress for this long is failed, the
 * channel reset and the command retried.  Default ATA_TIMEOUT_MS. */
int ata_set_timeout_ms(struct blkdev *dev, uint32_t ms);
#define ATA_TIMEOUT_MS		5000u

/* For tests: the drive's next command will complete without raising its
 * interrupt (nIEN), as a hung drive would, so the watchdog must step in. */
int ata_test_drop_irq(struct blkdev *dev);
/* For tests: reset dev's channel as the error path does, with no command
 * active; the nanoseconds the channel lock was held, or -ENODEV. */
int64_t ata_test_reset(struct blkdev *dev);

#endif
