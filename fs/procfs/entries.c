/*
 * entries.c: the /proc files of the storage stage, in Linux's formats:
 * meminfo (memory and page cache), vmstat (page cache and kernel heap
 * counters), mounts (the mount table), uptime (seconds since boot and
 * in the idle task), partitions and diskstats (every block device, from
 * the block layer's statistics).
 *
 * Interface: none; the files are registered with procfs at INIT_FS.
 */
#include "drivers/block/blkdev.h"
#include "fs/internal.h"
#include "fs/procfs/procfs.h"
#include "kernel/clock.h"
#include "kernel/init.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"

#define KB_PER_PAGE	(PAGE_SIZE / 1024)

static void meminfo_line(struct procfs_buf *b, const char *name, uint64_t kb)
{
	procfs_printf(b, "%-16s%8llu kB\n", name, (unsigned long long)kb);
}

static void meminfo_show(struct procfs_buf *b)
{
	struct pagecache_stats st;
	uint64_t free = mm_free_pages() * KB_PER_PAGE;

	pagecache_get_stats(&st);
	meminfo_line(b, "MemTotal:", (uint64_t)mm_total_pages() * KB_PER_PAGE);
	meminfo_line(b, "MemFree:", free);
	meminfo_line(b, "MemAvailable:",
		     free + (uint64_t)(st.cached - st.dirty) * KB_PER_PAGE);
	meminfo_line(b, "Buffers:", 0);
	meminfo_line(b, "Cached:", (uint64_t)st.cached * KB_PER_PAGE);
	meminfo_line(b, "Dirty:", (uint64_t)st.dirty * KB_PER_PAGE);
}

/* Linux's names where they mean the same, pagecache_* and kmalloc_* (the
 * heap's objects and bytes in use) for the rest. */
static void vmstat_show(struct procfs_buf *b)
{
	struct pagecache_stats st;
	size_t objects, bytes;

	pagecache_get_stats(&st);
	kmalloc_usage(&objects, &bytes);
	procfs_printf(b, "nr_free_pages %llu\n", (unsigned long long)mm_free_pages());
	procfs_printf(b, "nr_file_pages %u\nnr_dirty %u\n", st.cached, st.dirty);
	procfs_printf(b, "pgpgin %llu\npgpgout %llu\n",
		      (unsigned long long)st.reads * KB_PER_PAGE,
		      (unsigned long long)st.writes * KB_PER_PAGE);
	procfs_printf(b, "pagecache_hits %llu\npagecache_misses %llu\n",
		      (unsigned long long)st.hits, (unsigned long long)st.misses);
	procfs_printf(b, "pagecache_readahead %llu\npagecache_evictions %llu\n",
		      (unsigned long long)st.readahead,
		      (unsigned long long)st.evictions);
	procfs_printf(b, "pagecache_waits %llu\n", (unsigned long long)st.waits);
	procfs_printf(b, "kmalloc_objects %u\nkmalloc_bytes %u\n",
		      (unsigned int)objects, (unsigned int)bytes);
}

static void mounts_show(struct procfs_buf *b)
{
	size_t room = b->len < b->size ? b->size - b->len : 0;

	b->len += vfs_mounts_show(b->buf + b->len, room);
}

static void uptime_show(struct procfs_buf *b)
{
	uint64_t cs = clock_ns() / 10000000;	/* hundredths */
	uint64_t idle = cpu_stat.idle_ns / 10000000;

	procfs_printf(b, "%llu.%02u %llu.%02u\n", (unsigned long long)(cs / 100),
		      (unsigned int)(cs % 100), (unsigned long long)(idle / 100),
		      (unsigned int)(idle % 100));
}

static void partitions_show(struct procfs_buf *b)
{
	procfs_printf(b, "major minor  #blocks  name\n\n");
	for (struct blkdev *d = blkdev_next(NULL); d; d = blkdev_next(d)) {
		uint32_t rdev = blkdev_rdev(d);

		procfs_printf(b, "%4u  %7u %10llu %s\n", MAJOR(rdev), MINOR(rdev),
			      (unsigned long long)(d->nr_sectors / 2), d->name);
	}
}

/* Linux's 14 classic fields: reads, merged, sectors, ms, the same for
 * writes, in flight, ms doing I/O, weighted ms. */
static void diskstats_show(struct procfs_buf *b)
{
	for (struct blkdev *d = blkdev_next(NULL); d; d = blkdev_next(d)) {
		const struct blk_stats *s = &d->stats;
		uint32_t rdev = blkdev_rdev(d);
		unsigned long long busy_ms = s->busy_ns / 1000000;

		procfs_printf(b, "%4u %7u %s %llu 0 %llu 0 %llu 0 %llu 0 %u %llu %llu\n",
			      MAJOR(rdev), MINOR(rdev), d->name,
			      (unsigned long long)s->reads,
			      (unsigned long long)s->read_sectors,
			      (unsigned long long)s->writes,
			      (unsigned long long)s->write_sectors,
			      d->active ? 1u : 0u, busy_ms, busy_ms);
	}
}

static int proc_entries_init(void)
{
	static const struct {
		const char *name;
		procfs_show_t show;
	} files[] = {
		{ "meminfo", meminfo_show },
		{ "vmstat", vmstat_show },
		{ "mounts", mounts_show },
		{ "uptime", uptime_show },
		{ "partitions", partitions_show },
		{ "diskstats", diskstats_show },
	};
	int err = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(files) && !err; i++)
		err = procfs_register(files[i].name, files[i].show);
	return err;
}
INITCALL(INIT_FS, proc_entries_init);
