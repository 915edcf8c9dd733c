/*
 * ata_util.h: helpers shared by the ATA tests (tests/kernel/test_ata*.c).
 *
 * The test kernel runs with three disks made by tools/mkdisk.py (see
 * drivers/ata/ata.mk): hda (16 MiB, primary master), hdb (2 MiB, primary
 * slave) and hdd (2 MiB, secondary slave); the default CD-ROM sits on the
 * secondary master.  Each disk is attached with snapshot=on, so every boot
 * starts from the images' contents: an MBR with one partition from sector
 * 2048, and every other sector filled with its own number.
 *
 * Buffers come from the buddy allocator (physically contiguous lowmem, an
 * order-n block aligned to its size, which lets a test place a segment
 * across a 64 KiB boundary on purpose).  A test pattern is a function of
 * (seed, sector, word) so that data landing in the wrong sector is caught.
 */
#ifndef TESTS_KERNEL_ATA_UTIL_H
#define TESTS_KERNEL_ATA_UTIL_H

#include "drivers/ata/ata.h"
#include "drivers/block/blkdev.h"
#include "lib/string.h"
#include "mm/mm.h"

#define ATA_TEST_HDA_SECTORS	32768u
#define ATA_TEST_HDB_SECTORS	4096u
#define ATA_TEST_HDD_SECTORS	4096u
#define ATA_TEST_PART_START	2048u
#define REGION_READONLY		16384u	/* hda's sectors no test writes */

static inline void *ata_buf_alloc(unsigned int order)
{
	struct page *pg = page_alloc(order);

	return pg ? page_address(pg) : NULL;
}

static inline void ata_buf_free(void *buf, unsigned int order)
{
	if (buf)
		page_free(virt_to_page(buf), order);
}

static inline uint32_t ata_pattern_word(uint32_t seed, uint64_t sector,
					uint32_t word)
{
	return (seed * 0x9e3779b1u) ^ ((uint32_t)sector * 0x85ebca6bu) ^
	       (word * 0xc2b2ae35u) ^ word;
}

/* Fill count sectors at buf with the pattern of sectors [first, ...). */
static inline void ata_pattern_fill(void *buf, uint64_t first, uint32_t count,
				    uint32_t seed)
{
	uint32_t *w = buf;

	for (uint32_t s = 0; s < count; s++)
		for (uint32_t i = 0; i < SECTOR_SIZE / 4; i++)
			*w++ = ata_pattern_word(seed, first + s, i);
}

/* The number of the first sector that differs from the pattern, or -1. */
static inline int64_t ata_pattern_check(const void *buf, uint64_t first,
					uint32_t count, uint32_t seed)
{
	const uint32_t *w = buf;

	for (uint32_t s = 0; s < count; s++)
		for (uint32_t i = 0; i < SECTOR_SIZE / 4; i++)
			if (*w++ != ata_pattern_word(seed, first + s, i))
				return (int64_t)(first + s);
	return -1;
}

/* The first sector whose content is not its own number (the image's
 * initial pattern), or -1. */
static inline int64_t ata_image_check(const void *buf, uint64_t first,
				      uint32_t count)
{
	const uint32_t *w = buf;

	for (uint32_t s = 0; s < count; s++)
		for (uint32_t i = 0; i < SECTOR_SIZE / 4; i++)
			if (*w++ != (uint32_t)(first + s))
				return (int64_t)(first + s);
	return -1;
}

/* Synchronous request over explicit segments; returns its status. */
static inline int ata_rw_segs(struct blkdev *dev, enum blk_op op,
			      uint64_t sector, const struct blk_segment *seg,
			      unsigned int nseg)
{
	struct blk_request rq = { .dev = dev, .op = op, .sector = sector };
	int err;

	memcpy(rq.seg, seg, nseg * sizeof(*seg));
	rq.nseg = nseg;
	err = blk_submit(&rq);
	return err ? err : blk_wait(&rq);
}

#endif
