/*
 * vfslock_bench.c: bench-vfslock (tests/bench/vfslock.mk, issue 14
 * section 2, "the global VFS lock"): does a process that waits for the
 * disk hold up another that needs only cached data?  The same static
 * program on maestro (init=/test/vfslock_bench, the disk on the primary
 * IDE master, /dev/hda) and on Linux (/init of linux-peer's initramfs,
 * which loads ata_piix, sd_mod and ext4 first: /dev/sda).  The disk is a
 * copy of the ext2 image the build makes once (tools/vfslock-tree.py:
 * /small, 64 KiB, and /big, 256 MiB, twice the memory), mounted at /mnt.
 *
 * /small is read once and stat'ed (cached from then on), then two phases
 * of N rounds each, a round being stat("/mnt/small") timed, a 4 KiB
 * pread() of /small timed (the i-th round at 4 KiB * i modulo 64 KiB),
 * then a nanosleep() of 200 us (on maestro, to the next tick), so that
 * the rounds measure waiting, not only sharing the CPU:
 *   idle   nothing else runs;
 *   busy   a child streams /mnt/big from the disk meanwhile, in 64 KiB
 *          read()s from start to end and again until told to stop
 *          (SIGUSR1); /big never read before and larger than the memory,
 *          so each pass comes from the disk.  The rounds start once the
 *          child's first read() has returned, and no round starts after
 *          BUSY_LIMIT_S seconds: on a kernel whose every file operation
 *          waits for a lock the streamer holds across its disk reads, a
 *          round can take a minute.
 * Rows, each a line "vfslock-bench: NAME VALUE":
 *   stat-idle-p50, stat-idle-p99, read-idle-p50, read-idle-p99,
 *   stat-busy-p50, stat-busy-p99, read-busy-p50, read-busy-p99
 *              the median and 99th percentile (nearest rank) of the
 *              phase's latencies, in microseconds;
 *   busy-rounds  the rounds of the busy phase (N unless the limit cut it);
 *   stream-MBps  what the child read during the busy phase over the
 *              time it read it, in MB/s (10^6 bytes);
 *   stream-MB  that amount, in MB (so that it shows the disk was busy);
 *   idle-s, busy-s  each phase's length in seconds.
 * "vfslock-bench: done" ends the run.  Then the program powers the
 * machine off.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include "tests/bench/peer_start.h"

#define N		2000
#define PAGE		4096u
#define SMALL_SIZE	(64u << 10)
#define CHUNK		(64u << 10)
#define GAP_NS		200000
#define BUSY_LIMIT_S	120
#define MNT		"/mnt"
#define SMALL		MNT "/small"
#define BIG		MNT "/big"

/* What the streaming child reports when it stops. */
struct stream_result {
	uint64_t bytes;		/* read after its first read() returned */
	uint64_t ns;		/* over this time */
};

static const char *disk;
static uint64_t stat_ns[N], read_ns[N];
static char page[PAGE];
static volatile sig_atomic_t stop;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static void row(const char *name, double value)
{
	printf("vfslock-bench: %s %.1f\n", name, value);
	fflush(stdout);
}

static int fail(const char *what, const char *path)
{
	printf("vfslock-bench: %s %s: %s\n", what, path, strerror(errno));
	fflush(stdout);
	return -1;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Rows WHAT-PHASE-p50 and -p99 of the n latencies in ns (sorted here). */
static void percentiles(const char *what, const char *phase, uint64_t *ns,
			int n)
{
	char name[32];

	qsort(ns, n, sizeof(*ns), cmp_u64);
	snprintf(name, sizeof(name), "%s-%s-p50", what, phase);
	row(name, ns[(n * 50 + 99) / 100 - 1] / 1e3);
	snprintf(name, sizeof(name), "%s-%s-p99", what, phase);
	row(name, ns[(n * 99 + 99) / 100 - 1] / 1e3);
}

/* Read /small whole and stat it, so that both are cached. */
static int warm(int fd)
{
	struct stat st;

	for (uint32_t off = 0; off < SMALL_SIZE; off += PAGE)
		if (pread(fd, page, PAGE, off) != (ssize_t)PAGE)
			return fail("read", SMALL);
	if (stat(SMALL, &st))
		return fail("stat", SMALL);
	if (st.st_size != SMALL_SIZE) {
		errno = EINVAL;
		return fail("stat (wrong size)", SMALL);
	}
	return 0;
}

/* N rounds, none started after limit_s seconds: stat(SMALL) and a 4 KiB
 * pread() of fd, each timed into stat_ns and read_ns, then a sleep of
 * GAP_NS.  Row PHASE-s; returns the rounds done, or -1. */
static int measure(int fd, const char *phase, uint64_t limit_s)
{
	struct timespec gap = { 0, GAP_NS };
	uint64_t start = now_ns(), end = start + limit_s * 1000000000u;
	char name[16];
	struct stat st;
	int i;

	for (i = 0; i < N && now_ns() < end; i++) {
		uint64_t t0, t1, t2;
		ssize_t n;
		int err;

		t0 = now_ns();
		err = stat(SMALL, &st);
		t1 = now_ns();
		n = pread(fd, page, PAGE, (off_t)i * PAGE % SMALL_SIZE);
		t2 = now_ns();
		if (err)
			return fail("stat", SMALL);
		if (n != (ssize_t)PAGE)
			return fail("pread", SMALL);
		stat_ns[i] = t1 - t0;
		read_ns[i] = t2 - t1;
		nanosleep(&gap, NULL);
	}
	snprintf(name, sizeof(name), "%s-s", phase);
	printf("vfslock-bench: %s %.3f\n", name, (now_ns() - start) / 1e9);
	fflush(stdout);
	return i;
}

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

/* The child: stream BIG in CHUNK read()s, from the start to the end and
 * again, until SIGUSR1.  A byte on ready once the first read() has
 * returned; at the end, a struct stream_result on result. */
static void __attribute__((noreturn)) stream(int ready, int result)
{
	static char buf[CHUNK];
	struct sigaction sa = { .sa_handler = on_stop };
	struct stream_result r = { 0, 0 };
	uint64_t start;
	ssize_t n;
	int fd;

	sigaction(SIGUSR1, &sa, NULL);
	fd = open(BIG, O_RDONLY);
	if (fd < 0 || read(fd, buf, CHUNK) != (ssize_t)CHUNK) {
		fail("stream", BIG);
		_exit(1);
	}
	start = now_ns();
	if (write(ready, "", 1) != 1)
		_exit(1);
	while (!stop) {
		n = read(fd, buf, CHUNK);
		if (n > 0)
			r.bytes += n;
		else if (n == 0)
			lseek(fd, 0, SEEK_SET);
		else if (errno != EINTR) {
			fail("stream", BIG);
			_exit(1);
		}
	}
	r.ns = now_ns() - start;
	_exit(write(result, &r, sizeof(r)) != sizeof(r));
}

/* The busy phase: measure() while a child streams BIG. */
static int busy(int fd)
{
	int ready[2], result[2], status, rounds = -1;
	struct stream_result r = { 0, 0 };
	pid_t pid;
	char c;

	if (pipe(ready) || pipe(result))
		return fail("pipe", "");
	pid = fork();
	if (pid == 0) {
		close(ready[0]);
		close(result[0]);
		stream(ready[1], result[1]);
	}
	close(ready[1]);
	close(result[1]);
	if (pid < 0) {
		fail("fork", "");
		goto close_pipes;
	}
	if (read(ready[0], &c, 1) != 1) {
		errno = EIO;
		fail("the streamer did not start", BIG);
		goto reap;
	}
	rounds = measure(fd, "busy", BUSY_LIMIT_S);
	kill(pid, SIGUSR1);
	if (read(result[0], &r, sizeof(r)) != sizeof(r)) {
		errno = EIO;
		rounds = fail("the streamer did not report", BIG);
	}
reap:
	if (rounds < 0)
		kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
close_pipes:
	close(ready[0]);
	close(result[0]);
	if (rounds < 0)
		return -1;
	printf("vfslock-bench: busy-rounds %d\n", rounds);
	percentiles("stat", "busy", stat_ns, rounds);
	percentiles("read", "busy", read_ns, rounds);
	row("stream-MBps", r.ns ? r.bytes * 1e3 / r.ns : 0);
	row("stream-MB", r.bytes / 1e6);
	return 0;
}

static int bench(void)
{
	int fd, err;

	if (mount(disk, MNT, "ext2", 0, NULL))
		return fail("mount", disk);
	fd = open(SMALL, O_RDONLY);
	if (fd < 0)
		return fail("open", SMALL);
	err = warm(fd) || measure(fd, "idle", UINT32_MAX) != N;
	if (!err) {
		percentiles("stat", "idle", stat_ns, N);
		percentiles("read", "idle", read_ns, N);
		err = busy(fd);
	}
	close(fd);
	return err;
}

int main(void)
{
	int err = peer_disk_start(MNT, true, &disk) || bench();

	peer_disk_end("vfslock-bench", err, MNT);
	reboot(RB_POWER_OFF);
	return 0;
}
