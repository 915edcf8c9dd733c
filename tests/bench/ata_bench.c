/*
 * ata_bench.c: raw read throughput of the first ATA disk, in the kernel.
 *
 * "bench=ata" on the command line runs it once devices are up (an
 * INIT_LATE initcall); "bench=ata,exit" then leaves QEMU through
 * isa-debug-exit (make bench-ata does that).  The disk (hda) is read
 * through the block layer with the cache nowhere in the way:
 *   - sequentially, 16 MiB in 64 KiB requests and in 1 MiB requests
 *     (16 segments of 64 KiB, as blk_rw builds them);
 *   - at random 4 KiB-aligned places, 4 KiB per request;
 * by bus-master DMA and by PIO (PIO reads 4 MiB sequentially: it is slow),
 * and prints one table: MiB/s and microseconds per request for each, and
 * the DMA/PIO speed ratio.  Each measurement is run BENCH_RUNS times and
 * the fastest run is kept, so a busy host disturbs the numbers less.
 * A second table reads the same 16 MiB through the page cache once it is
 * warm (bread, copying each 4 KiB block out as read(2) will): random and
 * sequential, against the DMA figures (time per 4 KiB read, throughput).
 */
#include "drivers/ata/ata.h"
#include "drivers/block/blkdev.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "fs/buffer.h"
#include "lib/random.h"
#include "lib/string.h"
#include "mm/mm.h"

#define BENCH_SEQ_DMA		(16u << 20)
#define BENCH_SEQ_PIO		(4u << 20)
#define BENCH_RUNS		3
#define BENCH_RAND_DMA		2000u
#define BENCH_RAND_PIO		500u
#define BENCH_BUF_ORDER		8		/* 1 MiB */

static bool bench_ata, bench_exit;

static int bench_param(const char *value)
{
	char word[16];
	unsigned int n = 0;

	for (const char *p = value;; p++) {
		if (*p && *p != ',' && n < sizeof(word) - 1) {
			word[n++] = *p;
			continue;
		}
		word[n] = 0;
		if (strcmp(word, "ata") == 0)
			bench_ata = true;
		else if (strcmp(word, "exit") == 0)
			bench_exit = true;
		else if (n)
			return -EINVAL;
		n = 0;
		if (!*p)
			return 0;
	}
}
KERNEL_PARAM(bench, bench_param);

struct bench_result {
	uint64_t bytes, ns;
	uint32_t requests;
	int err;
};

/* Read total bytes from sector 0 on in requests of req bytes. */
static void bench_seq(struct blkdev *dev, void *buf, uint32_t total,
		      uint32_t req, struct bench_result *r)
{
	uint64_t start = clock_ns();

	for (uint32_t done = 0; done < total && !r->err; done += req) {
		r->err = blk_rw(dev, BLK_READ, done >> SECTOR_SHIFT,
				req >> SECTOR_SHIFT, buf);
		r->requests++;
	}
	r->ns = clock_ns() - start;
	r->bytes = (uint64_t)r->requests * req;
}

static void bench_random(struct blkdev *dev, void *buf, uint32_t count,
			 struct bench_result *r)
{
	uint32_t seed = 2463534242u, blocks = (uint32_t)(dev->nr_sectors >> 3);
	uint64_t start = clock_ns();

	for (uint32_t i = 0; i < count && !r->err; i++) {
		uint64_t sector = (uint64_t)(xorshift32(&seed) % blocks) << 3;

		r->err = blk_rw(dev, BLK_READ, sector, 8, buf);
		r->requests++;
	}
	r->ns = clock_ns() - start;
	r->bytes = (uint64_t)r->requests * 4096;
}

/* MiB/s times 10, and microseconds per request times 10. */
static uint64_t bench_mibs10(const struct bench_result *r)
{
	return r->ns ? r->bytes * 10 * 1000000000ull / r->ns >> 20 : 0;
}
static uint64_t bench_us10(const struct bench_result *r)
{
	return r->requests ? r->ns / 100 / r->requests : 0;
}

static void bench_row(const char *name, const struct bench_result *dma,
		      const struct bench_result *pio)
{
	uint64_t d = bench_mibs10(dma), p = bench_mibs10(pio);
	uint64_t du = bench_us10(dma), pu = bench_us10(pio);
	uint64_t ratio = p ? d * 10 / p : 0;

	pr_notice("bench-ata: %-18s %7llu.%llu %9llu.%llu %7llu.%llu %9llu.%llu %6llu.%llux\n",
		  name, d / 10, d % 10, du / 10, du % 10, p / 10, p % 10,
		  pu / 10, pu % 10, ratio / 10, ratio % 10);
}

/* Keep in best the faster of best and r (an error sticks). */
static void bench_keep(struct bench_result *best, const struct bench_result *r)
{
	if (!best->ns || r->err || (!best->err && r->ns < best->ns))
		*best = *r;
}

/* Run the three measurements in one mode, BENCH_RUNS times each. */
static int bench_mode(struct blkdev *dev, void *buf, enum ata_mode mode,
		      struct bench_result best[3])
{
	bool dma = mode == ATA_MODE_DMA;
	uint32_t seq = dma ? BENCH_SEQ_DMA : BENCH_SEQ_PIO;
	int err = ata_set_mode(dev, mode);

	if (err)
		return err;
	memset(best, 0, 3 * sizeof(*best));
	for (unsigned int run = 0; run < BENCH_RUNS; run++) {
		struct bench_result r[3] = { { 0 } };

		bench_seq(dev, buf, seq, 64 << 10, &r[0]);
		bench_seq(dev, buf, seq, 1 << 20, &r[1]);
		bench_random(dev, buf, dma ? BENCH_RAND_DMA : BENCH_RAND_PIO,
			     &r[2]);
		for (int i = 0; i < 3; i++)
			bench_keep(&best[i], &r[i]);
	}
	return best[0].err ? best[0].err : best[1].err ? best[1].err :
	       best[2].err;
}

/*
 * Reads through the page cache, after a first pass has filled it with the
 * first `blocks` 4 KiB blocks: each read copies the block out, as read(2)
 * will.  random: `reads` random blocks; otherwise the blocks in order.
 */
static void bench_cached(struct blkdev *dev, void *buf, uint32_t blocks,
			 uint32_t reads, bool random, struct bench_result *r)
{
	uint32_t seed = 88172645u;
	uint64_t start;
	struct buf b;

	for (uint32_t i = 0; i < blocks && !r->err; i++) {
		r->err = bread(dev, i, 4096, &b);
		if (!r->err)
			brelse(&b);
	}
	start = clock_ns();
	for (uint32_t i = 0; i < reads && !r->err; i++) {
		uint32_t blk = random ? xorshift32(&seed) % blocks : i % blocks;

		r->err = bread(dev, blk, 4096, &b);
		if (r->err)
			break;
		memcpy(buf, b.data, 4096);
		brelse(&b);
		r->requests++;
	}
	r->ns = clock_ns() - start;
	r->bytes = (uint64_t)r->requests * 4096;
}

static void bench_cache_row(const char *name, const struct bench_result *c,
			    const struct bench_result *dma, bool by_time)
{
	uint64_t mibs = bench_mibs10(c), us100 = c->requests ?
			c->ns / c->requests / 10 : 0;
	uint64_t ratio = by_time ? (us100 ? bench_us10(dma) * 100 / us100 : 0)
				 : (bench_mibs10(dma) ? mibs * 10 / bench_mibs10(dma) : 0);

	pr_notice("bench-ata: %-18s %7llu.%llu %8llu.%02llu %8llu.%llux\n", name,
		  mibs / 10, mibs % 10, us100 / 100, us100 % 100, ratio / 10,
		  ratio % 10);
}

/* The page cache against the DMA figures measured just before. */
static int bench_cache_run(struct blkdev *dev, void *buf,
			   const struct bench_result dma[3])
{
	struct bench_result rnd = { 0 }, seq = { 0 };

	bench_cached(dev, buf, BENCH_SEQ_DMA / 4096, 20000, true, &rnd);
	bench_cached(dev, buf, BENCH_SEQ_DMA / 4096, BENCH_SEQ_DMA / 4096,
		     false, &seq);
	if (rnd.err || seq.err)
		return rnd.err ? rnd.err : seq.err;
	pr_notice("bench-ata: %-18s %9s %11s %9s\n", "cached read",
		  "MiB/s", "us/read", "vs DMA");
	bench_cache_row("random 4 KiB", &rnd, &dma[2], true);
	bench_cache_row("sequential 4 KiB", &seq, &dma[0], false);
	return 0;
}

static int bench_ata_run(struct blkdev *dev, void *buf)
{
	static struct bench_result dma[3], pio[3];
	struct ata_info info;
	int err;

	ata_get_info(dev, &info);
	pr_notice("bench-ata: %s (%s), %llu MiB; reads of %u MiB (DMA) and "
		  "%u MiB (PIO) sequential, %u and %u random 4 KiB; best of %u\n",
		  dev->name, info.model, (unsigned long long)(dev->nr_sectors >> 11),
		  BENCH_SEQ_DMA >> 20, BENCH_SEQ_PIO >> 20, BENCH_RAND_DMA,
		  BENCH_RAND_PIO, BENCH_RUNS);
	err = bench_mode(dev, buf, ATA_MODE_DMA, dma);
	if (!err)
		err = bench_mode(dev, buf, ATA_MODE_PIO, pio);
	ata_set_mode(dev, ATA_MODE_DMA);
	if (err)
		return err;
	pr_notice("bench-ata: %-18s %9s %11s %9s %11s %8s\n", "read",
		  "DMA MiB/s", "DMA us/req", "PIO MiB/s", "PIO us/req", "DMA/PIO");
	bench_row("sequential 64 KiB", &dma[0], &pio[0]);
	bench_row("sequential 1 MiB", &dma[1], &pio[1]);
	bench_row("random 4 KiB", &dma[2], &pio[2]);
	return bench_cache_run(dev, buf, dma);
}

static int bench_ata_init(void)
{
	struct blkdev *dev = blkdev_find("hda");
	struct page *pg;
	int err;

	if (!bench_ata)
		return 0;
	pg = page_alloc(BENCH_BUF_ORDER);
	if (!ata_is_disk(dev) || dev->nr_sectors < (BENCH_SEQ_DMA >> SECTOR_SHIFT) || !pg) {
		pr_err("bench-ata: needs an ATA disk hda of 16 MiB or more\n");
		err = -ENODEV;
	} else {
		err = bench_ata_run(dev, page_address(pg));
		if (err)
			pr_err("bench-ata: failed (%d)\n", err);
	}
	page_free(pg, BENCH_BUF_ORDER);
	pr_notice("bench-ata: done\n");
	if (bench_exit)
		qemu_debug_exit(err ? KTEST_EXIT_FAIL : KTEST_EXIT_PASS);
	return err;
}
INITCALL(INIT_LATE, bench_ata_init);
