/*
 * test_ata_io.c: reading and writing through the ATA driver, by PIO and by
 * DMA: the image's own pattern read back in many request shapes, patterns
 * written in one mode and read in the other, odd sector counts, requests
 * of many segments, segments across 64 KiB physical boundaries, requests
 * longer than one LBA28 command, forced LBA48, the last sectors of the
 * disk, out-of-range requests, partitions, and the counters.
 *
 * Each test uses its own region of hda (see the REGION_ constants), so
 * tests do not depend on each other's writes.
 */
#include "drivers/ata/ata.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "tests/kernel/ata_util.h"

#define REGION_ODD	4096u
#define REGION_SEGS	8192u
#define REGION_BIG	10240u	/* 2048 sectors */
#define REGION_LBA48	12800u
#define REGION_CHUNKS	13000u
#define REGION_PART	64u	/* in hda1 */

static const enum ata_mode modes[] = { ATA_MODE_PIO, ATA_MODE_DMA };
static const char *const mode_names[] = { "PIO", "DMA" };

static struct blkdev *hda_in(struct ktest_ctx *ctx, enum ata_mode mode)
{
	struct blkdev *hda = blkdev_find("hda");

	if (hda && ata_set_mode(hda, mode) != 0)
		ktest_fail(ctx, __FILE__, __LINE__, "cannot set %s mode",
			   mode_names[mode]);
	return hda;
}

KTEST(ata, read_image_pattern)
{
	uint8_t *buf = ata_buf_alloc(5);		/* 128 KiB */
	static const uint32_t counts[] = { 1, 2, 7, 8, 63, 128, 255, 256 };

	KT_ASSERT(ctx, buf != NULL);
	for (unsigned int m = 0; m < 2; m++) {
		struct blkdev *hda = hda_in(ctx, modes[m]);
		uint64_t lba = REGION_READONLY + m;

		for (unsigned int i = 0; i < ARRAY_SIZE(counts); i++) {
			memset(buf, 0xa5, counts[i] * SECTOR_SIZE);
			KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, lba, counts[i], buf), 0);
			KT_EXPECT_EQ(ctx, ata_image_check(buf, lba, counts[i]), -1);
			lba += counts[i] + 3;
		}
	}
	hda_in(ctx, ATA_MODE_DMA);
	ata_buf_free(buf, 5);
}

/* Write count sectors at lba in mode w, read them back in mode r. */
static void cross_mode(struct ktest_ctx *ctx, uint8_t *buf, uint64_t lba,
		       uint32_t count, enum ata_mode w, enum ata_mode r,
		       uint32_t seed)
{
	ata_pattern_fill(buf, lba, count, seed);
	KT_EXPECT_EQ(ctx, blk_rw(hda_in(ctx, w), BLK_WRITE, lba, count, buf), 0);
	memset(buf, 0, count * SECTOR_SIZE);
	KT_EXPECT_EQ(ctx, blk_rw(hda_in(ctx, r), BLK_READ, lba, count, buf), 0);
	KT_EXPECT_EQ(ctx, ata_pattern_check(buf, lba, count, seed), -1);
}

KTEST(ata, write_read_odd_counts)
{
	static const uint32_t counts[] = { 1, 3, 5, 13, 129, 255, 257, 300 };
	uint8_t *buf = ata_buf_alloc(5);
	uint64_t lba = REGION_ODD;
	uint32_t seed = 1;

	KT_ASSERT(ctx, buf != NULL);
	for (unsigned int i = 0; i < ARRAY_SIZE(counts); i++)
		for (unsigned int w = 0; w < 2; w++)
			for (unsigned int r = 0; r < 2; r++)
				cross_mode(ctx, buf, lba + i * 4, counts[i],
					   modes[w], modes[r], seed++);
	/* The neighbours of the last write are untouched (+ 300 sectors). */
	KT_EXPECT_EQ(ctx, blk_rw(hda_in(ctx, ATA_MODE_DMA), BLK_READ,
				 lba + 7 * 4 + 300, 4, buf), 0);
	KT_EXPECT_EQ(ctx, ata_image_check(buf, lba + 7 * 4 + 300, 4), -1);
	ata_buf_free(buf, 5);
}

/*
 * 16 segments of different lengths, one in four placed across a 64 KiB
 * physical boundary of a 512 KiB buddy block (which starts on one), with
 * gaps between them.  Returns the number of sectors.
 */
#define SEG_BLOCK_ORDER	7
#define SEG_BLOCK_SIZE	(PAGE_SIZE << SEG_BLOCK_ORDER)

static uint32_t make_segments(uint8_t *block, struct blk_segment *seg)
{
	static const uint32_t lens[BLK_MAX_SEGMENTS] = {
		1, 8, 3, 16, 1, 2, 5, 24, 1, 7, 9, 2, 4, 1, 30, 6,
	};
	uint32_t pos = 0, sectors = 0;

	for (unsigned int i = 0; i < BLK_MAX_SEGMENTS; i++) {
		uint32_t len = lens[i] * SECTOR_SIZE, start = pos;

		if (i % 4 == 1)		/* straddle the next boundary */
			start = ALIGN_UP(pos + 1, 0x10000u) - len / 2;
		start = ALIGN_UP(MAX(start, pos), SECTOR_SIZE);
		seg[i].buf = block + start;
		seg[i].len = len;
		pos = start + len + SECTOR_SIZE;
		sectors += lens[i];
	}
	return sectors;
}

KTEST(ata, multi_segment_across_64k)
{
	uint8_t *block = ata_buf_alloc(SEG_BLOCK_ORDER);
	uint8_t *flat = ata_buf_alloc(6);
	struct blk_segment seg[BLK_MAX_SEGMENTS];
	uint32_t n;

	KT_ASSERT(ctx, block && flat);
	n = make_segments(block, seg);
	KT_ASSERT(ctx, (uint8_t *)seg[15].buf + seg[15].len <=
		  block + SEG_BLOCK_SIZE);
	for (unsigned int m = 0; m < 2; m++) {
		struct blkdev *hda = hda_in(ctx, modes[m]);
		uint64_t lba = REGION_SEGS + m * 256;
		uint32_t done = 0;

		/* Scatter a pattern, write it in one request, read it flat. */
		ata_pattern_fill(flat, lba, n, 40 + m);
		for (unsigned int i = 0; i < BLK_MAX_SEGMENTS; i++) {
			memcpy(seg[i].buf, flat + done * SECTOR_SIZE, seg[i].len);
			done += seg[i].len / SECTOR_SIZE;
		}
		KT_EXPECT_EQ(ctx, ata_rw_segs(hda, BLK_WRITE, lba, seg,
					      BLK_MAX_SEGMENTS), 0);
		memset(flat, 0, n * SECTOR_SIZE);
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, lba, n, flat), 0);
		KT_EXPECT_EQ(ctx, ata_pattern_check(flat, lba, n, 40 + m), -1);

		/* And gather it back through the same segments. */
		memset(block, 0, SEG_BLOCK_SIZE);
		KT_EXPECT_EQ(ctx, ata_rw_segs(hda, BLK_READ, lba, seg,
					      BLK_MAX_SEGMENTS), 0);
		done = 0;
		for (unsigned int i = 0; i < BLK_MAX_SEGMENTS; i++) {
			KT_EXPECT_EQ(ctx, ata_pattern_check(seg[i].buf, lba + done,
					seg[i].len / SECTOR_SIZE, 40 + m), -1);
			done += seg[i].len / SECTOR_SIZE;
		}
	}
	ata_buf_free(block, SEG_BLOCK_ORDER);
	ata_buf_free(flat, 6);
}

/* 1 MiB in one request: one 1 MiB segment (the PRD table splits it at
 * every 64 KiB), more than an LBA28 command can carry. */
KTEST(ata, one_mib_request)
{
	uint8_t *buf = ata_buf_alloc(8);
	struct blk_segment seg = { .len = 1 << 20 };
	struct ata_stats before, after;
	struct blkdev *hda = hda_in(ctx, ATA_MODE_DMA);

	KT_ASSERT(ctx, buf && hda);
	seg.buf = buf;
	for (unsigned int m = 0; m < 2; m++) {
		hda_in(ctx, modes[m]);
		ata_pattern_fill(buf, REGION_BIG, 2048, 50 + m);
		ata_get_stats(hda, &before);
		KT_EXPECT_EQ(ctx, ata_rw_segs(hda, BLK_WRITE, REGION_BIG, &seg, 1), 0);
		memset(buf, 0, 1 << 20);
		KT_EXPECT_EQ(ctx, ata_rw_segs(hda, BLK_READ, REGION_BIG, &seg, 1), 0);
		ata_get_stats(hda, &after);
		KT_EXPECT_EQ(ctx, ata_pattern_check(buf, REGION_BIG, 2048, 50 + m), -1);
		KT_EXPECT_EQ(ctx, after.lba48_cmds - before.lba48_cmds, 2);
		KT_EXPECT_EQ(ctx, (m ? after.dma_cmds - before.dma_cmds :
				   after.pio_cmds - before.pio_cmds), 2);
	}
	hda_in(ctx, ATA_MODE_DMA);
	ata_buf_free(buf, 8);
}

KTEST(ata, forced_lba48)
{
	uint8_t *buf = ata_buf_alloc(3);
	struct blkdev *hda = blkdev_find("hda");
	struct ata_stats before, after;

	KT_ASSERT(ctx, buf && hda);
	KT_ASSERT_EQ(ctx, ata_force_lba48(hda, true), 0);
	ata_get_stats(hda, &before);
	for (unsigned int w = 0; w < 2; w++)
		for (unsigned int r = 0; r < 2; r++)
			cross_mode(ctx, buf, REGION_LBA48 + 16 * (2 * w + r), 11,
				   modes[w], modes[r], 60 + 2 * w + r);
	ata_get_stats(hda, &after);
	KT_EXPECT_EQ(ctx, after.lba48_cmds - before.lba48_cmds, 8);
	KT_EXPECT_EQ(ctx, ata_force_lba48(hda, false), 0);
	hda_in(ctx, ATA_MODE_DMA);
	ata_buf_free(buf, 3);
}

KTEST(ata, last_sectors_and_range)
{
	uint8_t *buf = ata_buf_alloc(2);
	uint64_t end = ATA_TEST_HDA_SECTORS;

	KT_ASSERT(ctx, buf != NULL);
	for (unsigned int m = 0; m < 2; m++) {
		struct blkdev *hda = hda_in(ctx, modes[m]);

		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, end - 5, 5, buf), 0);
		/* PIO sees the image, DMA what the PIO pass wrote. */
		KT_EXPECT_EQ(ctx, m ? ata_pattern_check(buf, end - 5, 5, 70) :
			     ata_image_check(buf, end - 5, 5), -1);
		cross_mode(ctx, buf, end - 5, 5, modes[m], modes[1 - m], 70 + m);
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, end - 1, 2, buf), -EINVAL);
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, end, 1, buf), -EINVAL);
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_WRITE, end + 100, 1, buf),
			     -EINVAL);
	}
	hda_in(ctx, ATA_MODE_DMA);
	ata_buf_free(buf, 2);
}

/* A request split into many commands (7 sectors each), across segment
 * boundaries, in both modes and both LBA forms. */
KTEST(ata, request_split_into_commands)
{
	uint8_t *block = ata_buf_alloc(SEG_BLOCK_ORDER);
	struct blkdev *hda = blkdev_find("hda");
	struct blk_segment seg[BLK_MAX_SEGMENTS];
	struct ata_stats a0, a1;
	uint32_t n;

	KT_ASSERT(ctx, block && hda);
	n = make_segments(block, seg);
	KT_ASSERT_EQ(ctx, ata_set_max_sectors(hda, 7), 0);
	for (unsigned int i = 0; i < 4; i++) {
		uint64_t lba = REGION_CHUNKS + 128 * i;
		uint32_t done = 0;

		ata_force_lba48(hda, i & 1);
		hda_in(ctx, modes[i >> 1]);
		for (unsigned int k = 0; k < BLK_MAX_SEGMENTS; k++) {
			ata_pattern_fill(seg[k].buf, lba + done, seg[k].len >> 9,
					 130 + i);
			done += seg[k].len >> 9;
		}
		ata_get_stats(hda, &a0);
		KT_EXPECT_EQ(ctx, ata_rw_segs(hda, BLK_WRITE, lba, seg,
					      BLK_MAX_SEGMENTS), 0);
		ata_get_stats(hda, &a1);
		KT_EXPECT_EQ(ctx, a1.dma_cmds + a1.pio_cmds - a0.dma_cmds -
			     a0.pio_cmds, (n + 6) / 7);
		KT_EXPECT_EQ(ctx, a1.lba48_cmds - a0.lba48_cmds,
			     i & 1 ? (n + 6) / 7 : 0);
		memset(block, 0, SEG_BLOCK_SIZE);
		KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, lba, n, block), 0);
		KT_EXPECT_EQ(ctx, ata_pattern_check(block, lba, n, 130 + i), -1);
	}
	KT_EXPECT_EQ(ctx, ata_set_max_sectors(hda, 0), 0);
	ata_force_lba48(hda, false);
	hda_in(ctx, ATA_MODE_DMA);
	ata_buf_free(block, SEG_BLOCK_ORDER);
}

KTEST(ata, flush_cache)
{
	struct blkdev *hda = blkdev_find("hda");
	struct blkdev *part = blkdev_find("hda1");
	struct ata_stats before, after;

	KT_ASSERT(ctx, hda && part);
	KT_ASSERT_EQ(ctx, ata_get_stats(hda, &before), 0);
	KT_EXPECT_EQ(ctx, blk_flush(hda), 0);
	KT_EXPECT_EQ(ctx, blk_flush(part), 0);	/* flushes its disk */
	KT_ASSERT_EQ(ctx, ata_get_stats(hda, &after), 0);
	KT_EXPECT_EQ(ctx, after.flushes, before.flushes + 2);
}

/*
 * PIO moves 16 sectors per interrupt (READ/WRITE MULTIPLE, which QEMU's
 * drive offers): 64 sectors read in 4 blocks, 40 written in 3 (16, 16,
 * 8), the data right both ways.
 */
KTEST(ata, pio_multiple_blocks)
{
	uint8_t *buf = ata_buf_alloc(5);
	struct blkdev *hda = hda_in(ctx, ATA_MODE_PIO);
	struct ata_info info;
	struct ata_stats before, after;
	uint64_t lba = REGION_CHUNKS + 1024;

	KT_ASSERT(ctx, buf && hda && ata_get_info(hda, &info) == 0);
	KT_EXPECT(ctx, info.multiple_max >= 16);
	ata_pattern_fill(buf, lba, 40, 77);
	KT_ASSERT(ctx, ata_get_stats(hda, &before) == 0);
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_WRITE, lba, 40, buf), 0);
	KT_ASSERT(ctx, ata_get_stats(hda, &after) == 0);
	KT_EXPECT_EQ(ctx, after.pio_blocks - before.pio_blocks, 3);
	memset(buf, 0, 64 * SECTOR_SIZE);
	before = after;
	KT_EXPECT_EQ(ctx, blk_rw(hda, BLK_READ, lba, 64, buf), 0);
	KT_ASSERT(ctx, ata_get_stats(hda, &after) == 0);
	KT_EXPECT_EQ(ctx, after.pio_blocks - before.pio_blocks, 4);
	KT_EXPECT_EQ(ctx, ata_pattern_check(buf, lba, 40, 77), -1);
	hda_in(ctx, ATA_MODE_DMA);
	ata_buf_free(buf, 5);
}
