/*
 * test_ata_error.c: the ATA driver when things go wrong.
 *
 * A read past the real end of the disk (the test makes the block layer
 * believe the disk is larger) is refused by the drive: the driver must log
 * it, retry, fall back to PIO, and return -EIO, then work normally.  A
 * drive that never interrupts (ata_test_drop_irq) must be caught by the
 * watchdog, reset and retried: the request still succeeds.  A reset
 * holds the channel lock (interrupts off) for microseconds: the next
 * command waits for the drive to settle from the tick, not in a spin.
 */
#include "drivers/ata/ata.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "tests/kernel/ata_util.h"

#define REGION_TIMEOUT	15000u

KTEST(ata, drive_error_retry_fallback_eio)
{
	struct blkdev *hda = blkdev_find("hda");
	uint8_t *buf = ata_buf_alloc(1);
	struct ata_stats a0, a1;
	uint64_t real = ATA_TEST_HDA_SECTORS;

	KT_ASSERT(ctx, hda && buf);
	for (unsigned int m = 0; m < 2; m++) {
		KT_ASSERT_EQ(ctx, ata_set_mode(hda, m ? ATA_MODE_DMA : ATA_MODE_PIO), 0);
		ata_get_stats(hda, &a0);
		hda->nr_sectors = real + 64;
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, real + 8, 4, buf), -EIO);
		hda->nr_sectors = real;
		ata_get_stats(hda, &a1);
		/* 1 try + 2 retries, and for DMA one more by PIO. */
		KT_EXPECT_EQ(ctx, a1.errors - a0.errors, 3 + m);
		KT_EXPECT_EQ(ctx, a1.retries - a0.retries, 2);
		KT_EXPECT_EQ(ctx, a1.pio_fallbacks - a0.pio_fallbacks, m);
		KT_EXPECT_EQ(ctx, a1.failed - a0.failed, 1);
		KT_EXPECT_EQ(ctx, a1.timeouts, a0.timeouts);
		/* The drive still works. */
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, real - 4, 4, buf), 0);
	}
	ata_buf_free(buf, 1);
}

KTEST(ata, watchdog_recovers_lost_interrupt)
{
	struct blkdev *hda = blkdev_find("hda");
	uint8_t *buf = ata_buf_alloc(1);
	struct ata_stats a0, a1;

	KT_ASSERT(ctx, hda && buf);
	/* Short, to keep the test quick, but far above what a read takes
	 * under TCG on a busy host: 30 ms was seen to expire on a retry. */
	KT_ASSERT_EQ(ctx, ata_set_timeout_ms(hda, 200), 0);
	for (unsigned int m = 0; m < 2; m++) {
		uint64_t lba = REGION_TIMEOUT + 16 * m;

		ata_set_mode(hda, m ? ATA_MODE_DMA : ATA_MODE_PIO);
		ata_get_stats(hda, &a0);
		ata_pattern_fill(buf, lba, 8, 120 + m);
		KT_EXPECT_EQ(ctx, ata_test_drop_irq(hda), 0);
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_WRITE, lba, 8, buf), 0);
		memset(buf, 0, 4096);
		KT_EXPECT_EQ(ctx, ata_test_drop_irq(hda), 0);
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, lba, 8, buf), 0);
		KT_EXPECT_EQ(ctx, ata_pattern_check(buf, lba, 8, 120 + m), -1);
		ata_get_stats(hda, &a1);
		KT_EXPECT_EQ(ctx, a1.timeouts - a0.timeouts, 2);
		KT_EXPECT_EQ(ctx, a1.retries - a0.retries, 2);
		KT_EXPECT(ctx, a1.resets - a0.resets >= 2);
		KT_EXPECT_EQ(ctx, a1.failed, a0.failed);
	}
	KT_EXPECT_EQ(ctx, ata_set_timeout_ms(hda, ATA_TIMEOUT_MS), 0);
	ata_set_mode(hda, ATA_MODE_DMA);
	ata_buf_free(buf, 1);
}

KTEST(ata, reset_does_not_spin)
{
	struct blkdev *hda = blkdev_find("hda");
	uint8_t *buf = ata_buf_alloc(1);
	struct ata_stats a0, a1;
	int64_t held;

	KT_ASSERT(ctx, hda && buf);
	ata_get_stats(hda, &a0);
	held = ata_test_reset(hda);
	KT_EXPECT(ctx, held >= 0 && held < 500000);	/* 2 ms and more before */
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, REGION_READONLY, 8, buf), 0);
	KT_EXPECT_EQ(ctx, ata_image_check(buf, REGION_READONLY, 8), -1);
	ata_get_stats(hda, &a1);
	KT_EXPECT_EQ(ctx, a1.resets - a0.resets, 1);
	KT_EXPECT(ctx, a1.ready_waits - a0.ready_waits >= 1);
	KT_EXPECT_EQ(ctx, a1.errors, a0.errors);
	ata_buf_free(buf, 1);
}
