/*
 * test_ata_queue.c: the ATA driver with the block layer around it:
 * partitions shifted onto the disk, the counters of both layers, both
 * drives of one channel and the other channel busy at the same time, and
 * buffers DMA cannot use (odd addresses) done by PIO instead.
 */
#include "drivers/ata/ata.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "mm/mm.h"
#include "tests/kernel/ata_util.h"

#define REGION_PART	64u	/* in hda1 */
#define REGION_STATS	14000u
#define REGION_QUEUE	14200u
#define REGION_ODDBUF	14800u

KTEST(ata, partition_shift)
{
	struct blkdev *hda = blkdev_find("hda"), *part = blkdev_find("hda1");
	uint8_t *buf = ata_buf_alloc(1);

	KT_ASSERT(ctx, hda && part && buf);
	KT_EXPECT_EQ(ctx, blk_rw(part, BLK_READ, 0, 4, buf), 0);
	KT_EXPECT_EQ(ctx, ata_image_check(buf, ATA_TEST_PART_START, 4), -1);
	ata_pattern_fill(buf, REGION_PART, 6, 80);
	KT_EXPECT_EQ(ctx, blk_rw(part, BLK_WRITE, REGION_PART, 6, buf), 0);
	memset(buf, 0, 8 * SECTOR_SIZE);
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ,
				 ATA_TEST_PART_START + REGION_PART, 6, buf), 0);
	KT_EXPECT_EQ(ctx, ata_pattern_check(buf, REGION_PART, 6, 80), -1);
	KT_EXPECT_EQ(ctx, blk_rw(part, BLK_READ, part->nr_sectors - 1, 2, buf),
		     -EINVAL);
	/* The partition's last sector is the disk's. */
	KT_EXPECT_EQ(ctx, blk_rw(part, BLK_READ, part->nr_sectors - 1, 1, buf), 0);
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, ATA_TEST_HDA_SECTORS - 1, 1,
				 buf + SECTOR_SIZE), 0);
	KT_EXPECT(ctx, memcmp(buf, buf + SECTOR_SIZE, SECTOR_SIZE) == 0);
	ata_buf_free(buf, 1);
}

KTEST(ata, counters_move)
{
	struct blkdev *hda = blkdev_find("hda"), *part = blkdev_find("hda1");
	struct blk_stats disk0, part0;
	struct ata_stats a0, a1;
	uint8_t *buf = ata_buf_alloc(1);

	KT_ASSERT(ctx, hda && part && buf);
	disk0 = hda->stats;
	part0 = part->stats;
	ata_get_stats(hda, &a0);
	KT_EXPECT_EQ(ctx, ata_set_mode(hda, ATA_MODE_PIO), 0);
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, REGION_STATS, 3, buf), 0);
	KT_EXPECT_EQ(ctx, ata_set_mode(hda, ATA_MODE_DMA), 0);
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_WRITE, REGION_STATS, 5, buf), 0);
	KT_EXPECT_EQ(ctx, blk_rw(part, BLK_READ, 0, 2, buf), 0);
	ata_get_stats(hda, &a1);
	KT_EXPECT_EQ(ctx, hda->stats.reads - disk0.reads, 2);
	KT_EXPECT_EQ(ctx, hda->stats.writes - disk0.writes, 1);
	KT_EXPECT_EQ(ctx, hda->stats.read_sectors - disk0.read_sectors, 5);
	KT_EXPECT_EQ(ctx, hda->stats.write_sectors - disk0.write_sectors, 5);
	KT_EXPECT(ctx, hda->stats.busy_ns > disk0.busy_ns);
	KT_EXPECT_EQ(ctx, part->stats.reads - part0.reads, 1);
	KT_EXPECT_EQ(ctx, part->stats.read_sectors - part0.read_sectors, 2);
	KT_EXPECT_EQ(ctx, a1.pio_cmds - a0.pio_cmds, 1);
	KT_EXPECT_EQ(ctx, a1.dma_cmds - a0.dma_cmds, 2);
	KT_EXPECT_EQ(ctx, a1.errors, a0.errors);
	ata_buf_free(buf, 1);
}

/* hdb and hdd are small: their requests go near their start. */
static uint64_t queue_lba(unsigned int i, unsigned int pass)
{
	return (i % 3 == 0 ? REGION_QUEUE : 1024) + i * 64 + (pass / 2) * 512;
}

/*
 * Requests on hda, hdb (same channel: one waits for the other) and hdd
 * (other channel) in flight together, in both modes, then checked.
 */
KTEST(ata, both_channels_both_drives)
{
	static const char *const names[] = { "hda", "hdb", "hdd", "hda", "hdb" };
	enum { N = ARRAY_SIZE(names) };
	static struct blk_request rq[N];
	uint8_t *buf = ata_buf_alloc(6);		/* N x 32 KiB */

	KT_ASSERT(ctx, buf != NULL);
	for (unsigned int pass = 0; pass < 4; pass++) {
		enum blk_op op = pass & 1 ? BLK_READ : BLK_WRITE;

		for (unsigned int i = 0; i < N; i++) {
			struct blkdev *dev = blkdev_find(names[i]);
			uint8_t *p = buf + i * 32768;
			uint64_t lba = queue_lba(i, pass);

			KT_ASSERT(ctx, dev != NULL);
			ata_set_mode(dev, pass / 2 ? ATA_MODE_PIO : ATA_MODE_DMA);
			if (op == BLK_WRITE)
				ata_pattern_fill(p, lba, 64, 90 + i);
			else
				memset(p, 0, 32768);
			rq[i] = (struct blk_request){ .dev = dev, .op = op,
				.sector = lba, .nseg = 1,
				.seg = { { .buf = p, .len = 32768 } } };
			KT_EXPECT_EQ(ctx, blk_submit(&rq[i]), 0);
		}
		for (unsigned int i = 0; i < N; i++)
			KT_EXPECT_EQ(ctx, blk_wait(&rq[i]), 0);
		for (unsigned int i = 0; op == BLK_READ && i < N; i++)
			KT_EXPECT_EQ(ctx, ata_pattern_check(buf + i * 32768,
				queue_lba(i, pass), 64, 90 + i), -1);
	}
	for (unsigned int i = 0; i < N; i++)
		ata_set_mode(blkdev_find(names[i]), ATA_MODE_DMA);
	ata_buf_free(buf, 6);
}

/* A buffer at an odd address cannot be given to the DMA engine: the
 * driver does such a request by PIO, transparently. */
KTEST(ata, odd_buffer_uses_pio)
{
	struct blkdev *hda = blkdev_find("hda");
	uint8_t *block = ata_buf_alloc(2);
	struct ata_stats a0, a1;
	uint8_t *p;

	KT_ASSERT(ctx, hda && block);
	p = block + 1;
	KT_ASSERT_EQ(ctx, ata_set_mode(hda, ATA_MODE_DMA), 0);
	ata_get_stats(hda, &a0);
	ata_pattern_fill(p, REGION_ODDBUF, 9, 99);
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_WRITE, REGION_ODDBUF, 9, p), 0);
	memset(block, 0, 16384);
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, REGION_ODDBUF, 9, p), 0);
	KT_EXPECT_EQ(ctx, ata_pattern_check(p, REGION_ODDBUF, 9, 99), -1);
	ata_get_stats(hda, &a1);
	KT_EXPECT_EQ(ctx, a1.pio_cmds - a0.pio_cmds, 2);
	KT_EXPECT_EQ(ctx, a1.dma_cmds, a0.dma_cmds);
	ata_buf_free(block, 2);
}
