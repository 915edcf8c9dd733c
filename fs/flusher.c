/*
 * flusher.c: the flusher, a kernel thread that writes everything dirty
 * back every FLUSH_PERIOD_NS: the data of files on block devices first,
 * without the VFS lock while the disk works (flush_file_data), then every
 * mounted filesystem (vfs_sync: what data is left, inodes and the
 * superblock into the caches under the VFS lock, the metadata blocks
 * written without it) and, under the lock, what else the page cache
 * holds dirty (block devices written through /dev).
 *
 * It starts at INIT_LATE, except in the test kernel, whose tests count
 * disk writes and start their own flusher.  At shutdown it is stopped
 * first (SHUTDOWN_TASKS, before the filesystems' own sync).
 *
 * Interface (fs/vfs.h): flusher_start(period_ns), flusher_stop(),
 * flusher_passes.
 */
#include "fs/internal.h"
#include "mm/pagecache.h"
#include "kernel/clock.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/ktest.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "kernel/sched/task.h"
#include "kernel/wait.h"

#define FLUSH_PERIOD_NS	5000000000ull	/* 5 s */

volatile unsigned long flusher_passes;

static struct task *flusher;
static volatile bool flusher_stopping;
static struct wait_queue flusher_wq = WAIT_QUEUE_INIT(flusher_wq);
static uint64_t flusher_period;

static int flusher_pass(void)
{
	int err = flush_file_data(), e = vfs_sync();

	if (!e) {
		vfs_lock();
		e = pagecache_sync_all();
		vfs_unlock();
	}
	return err ? err : e;
}

static int flusher_main(void *arg)
{
	while (!flusher_stopping) {
		wait_event_timeout(&flusher_wq, flusher_stopping,
				   flusher_period);
		if (flusher_stopping)
			break;
		if (flusher_pass())
			pr_warn("flusher: write-back failed\n");
		flusher_passes++;
	}
	return 0;
}

/* Start the flusher, writing back every period_ns.  -EBUSY if running. */
int flusher_start(uint64_t period_ns)
{
	if (flusher)
		return -EBUSY;
	flusher_stopping = false;
	flusher_period = period_ns;
	flusher = kthread_create(flusher_main, NULL, "flusher");
	return flusher ? 0 : -ENOMEM;
}

/* Stop the flusher and wait until it has ended. */
void flusher_stop(void)
{
	if (!flusher || !sched_can_sleep())
		return;
	flusher_stopping = true;
	wake_up(&flusher_wq);
	kthread_join(flusher);
	flusher = NULL;
}

static int flusher_init(void)
{
	if (ktest_mode)
		return 0;
	return flusher_start(FLUSH_PERIOD_NS);
}
INITCALL(INIT_LATE, flusher_init);
SHUTDOWN_HOOK(SHUTDOWN_TASKS, flusher_stop);
