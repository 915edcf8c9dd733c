/*
 * linux_disk_bench.c: the peer of ata_bench.c, run by Linux.
 *
 * This is /init of the initramfs that tools/linux-peer.py builds around
 * Debian's i386 kernel (make bench-ata-peer).  It loads the modules listed
 * in /lib/modules/order (ata_piix and its dependencies, dependencies first)
 * with finit_module, passing them their "module.param=value" words from
 * the kernel command line as modprobe would, mounts devtmpfs on /dev and
 * waits for /dev/sda, the primary IDE master.  Then it measures what
 * ata_bench.c measures in maestro, from user space:
 *   - O_DIRECT reads (the page cache out of the way): 16 MiB sequentially
 *     in 64 KiB and in 1 MiB requests, 2000 random 4 KiB-aligned 4 KiB
 *     reads; 4 MiB and 500 with "libata.force=pio4" on the command line
 *     (libata then drives the disk by PIO), as maestro's PIO figures are;
 *     the best of 3 runs of each;
 *   - the page cache: 16 MiB read once through buffered I/O, then 20000
 *     random 4 KiB pread()s of it and one sequential pass in 4 KiB reads.
 * The random offsets come from the same xorshift32 sequences as maestro's.
 * Each result is one line, "linux-bench: MODE ROW: B bytes, R requests,
 * N ns" (MODE is dma, pio or cached), and "linux-bench: done" ends the
 * run; tools/linux-peer.py keeps these lines.  Then it powers off.
 * Built static for i386 with tools/i386-musl-gcc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "tests/bench/peer_start.h"

#define SEQ_DMA		(16u << 20)
#define SEQ_PIO		(4u << 20)
#define RUNS		3
#define RAND_DMA	2000u
#define RAND_PIO	500u
#define CACHE_RANDOM	20000u
#define BUF_SIZE	(1u << 20)
#define DISK		"/dev/sda"

struct result {
	uint64_t bytes, ns;
	uint32_t requests;
	int err;
};

static char cmdline[PEER_CMDLINE_MAX];

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("linux-bench: ", stdout);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static uint32_t xorshift32(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

/* Wait up to 20 s for the disk's device node. */
static int wait_disk(void)
{
	if (peer_wait_for(DISK) == 0)
		return 0;
	say("no %s\n", DISK);
	return -1;
}

static void seq_read(int fd, void *buf, uint32_t total, uint32_t req,
		     struct result *r)
{
	uint64_t start = now_ns();

	for (uint32_t done = 0; done < total && !r->err; done += req) {
		if (pread(fd, buf, req, done) != (ssize_t)req)
			r->err = errno ? errno : EIO;
		r->requests++;
	}
	r->ns = now_ns() - start;
	r->bytes = (uint64_t)r->requests * req;
}

static void random_read(int fd, void *buf, uint32_t blocks, uint32_t count,
			uint32_t seed, struct result *r)
{
	uint64_t start = now_ns();

	for (uint32_t i = 0; i < count && !r->err; i++) {
		off_t off = (off_t)(xorshift32(&seed) % blocks) << 12;

		if (pread(fd, buf, 4096, off) != 4096)
			r->err = errno ? errno : EIO;
		r->requests++;
	}
	r->ns = now_ns() - start;
	r->bytes = (uint64_t)r->requests * 4096;
}

static void keep(struct result *best, const struct result *r)
{
	if (!best->ns || r->err || (!best->err && r->ns < best->ns))
		*best = *r;
}

static int report(const char *mode, const char *row, const struct result *r)
{
	if (r->err) {
		say("%s %s: failed: %s\n", mode, row, strerror(r->err));
		return -1;
	}
	say("%s %s: %llu bytes, %u requests, %llu ns\n", mode, row,
	    (unsigned long long)r->bytes, r->requests,
	    (unsigned long long)r->ns);
	return 0;
}

/* The three O_DIRECT measurements, best of RUNS. */
static int bench_direct(const char *mode, void *buf, uint64_t size)
{
	bool pio = strcmp(mode, "pio") == 0;
	uint32_t seq = pio ? SEQ_PIO : SEQ_DMA;
	struct result best[3] = { { 0 } };
	int fd = open(DISK, O_RDONLY | O_DIRECT);

	if (fd < 0) {
		say("open %s: %s\n", DISK, strerror(errno));
		return -1;
	}
	for (int run = 0; run < RUNS; run++) {
		struct result r[3] = { { 0 } };

		seq_read(fd, buf, seq, 64 << 10, &r[0]);
		seq_read(fd, buf, seq, 1 << 20, &r[1]);
		random_read(fd, buf, (uint32_t)(size >> 12),
			    pio ? RAND_PIO : RAND_DMA, 2463534242u, &r[2]);
		for (int i = 0; i < 3; i++)
			keep(&best[i], &r[i]);
	}
	close(fd);
	return report(mode, "sequential 64 KiB", &best[0]) |
	       report(mode, "sequential 1 MiB", &best[1]) |
	       report(mode, "random 4 KiB", &best[2]);
}

/* Warm the page cache with the first 16 MiB, then read it back. */
static int bench_cached(void *buf)
{
	struct result warm = { 0 }, rnd = { 0 }, seq = { 0 };
	int fd = open(DISK, O_RDONLY);

	if (fd < 0) {
		say("open %s: %s\n", DISK, strerror(errno));
		return -1;
	}
	seq_read(fd, buf, SEQ_DMA, BUF_SIZE, &warm);
	random_read(fd, buf, SEQ_DMA >> 12, CACHE_RANDOM, 88172645u, &rnd);
	seq_read(fd, buf, SEQ_DMA, 4096, &seq);
	close(fd);
	return report("cached", "random 4 KiB", &rnd) |
	       report("cached", "sequential 4 KiB", &seq);
}

/* The cost of a system call that does nothing, for reading the figures. */
static void bench_syscall(void)
{
	uint64_t start = now_ns();

	for (int i = 0; i < 20000; i++)
		syscall(SYS_getppid);
	say("null system call (getppid) %.2f us\n",
	    (now_ns() - start) / 20000 / 1e3);
}

static int bench(void)
{
	char mode[64], clock[64];
	struct utsname uts;
	uint64_t size = 0;
	void *buf;
	int fd, err;

	fd = open(DISK, O_RDONLY);
	if (fd < 0 || ioctl(fd, BLKGETSIZE64, &size) || size < SEQ_DMA) {
		say("%s missing or smaller than 16 MiB\n", DISK);
		return -1;
	}
	close(fd);
	peer_read_file("/sys/class/ata_device/dev1.0/xfer_mode", mode, sizeof(mode));
	mode[strcspn(mode, "\n")] = 0;
	peer_read_file("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  clock, sizeof(clock));
	clock[strcspn(clock, "\n")] = 0;
	uname(&uts);
	say("Linux %s, %s %llu MiB, transfer mode %s, clock source %s\n",
	    uts.release, DISK, (unsigned long long)(size >> 20), mode, clock);
	if (posix_memalign(&buf, 4096, BUF_SIZE))
		return -1;
	memset(buf, 0, BUF_SIZE);
	bench_syscall();
	if (strstr(cmdline, "libata.force=pio"))
		return bench_direct("pio", buf, size);
	err = bench_direct("dma", buf, size);
	return bench_cached(buf) | err;
}

int main(void)
{
	int err;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	klogctl(8, NULL, 1);	/* console: emergencies only from now on */
	peer_read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	err = peer_load_modules(cmdline) || wait_disk() || bench();
	say("%s\n", err ? "failed" : "done");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
