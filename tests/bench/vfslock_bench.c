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
 *          round can take a minute;
 *   write  the same while a child writes /mnt/scribble, 16 MiB in 64 KiB
 *          write()s then fsync(), from its start again and again (the
 *          disk busy writing: the kernel's write-back, and fsync's);
 *   walk   the same while a child walks /mnt/tree, never read before
 *          (800 directories of 200 empty files): getdents and lstat of
 *          every name, the disk busy reading directories and inode
 *          tables; the rounds stop when the walk is done.
 * Rows, each a line "vfslock-bench: NAME VALUE":
 *   stat-idle-p50, stat-idle-p99, read-idle-p50, read-idle-p99,
 *   stat-busy-p50, stat-busy-p99, read-busy-p50, read-busy-p99,
 *   stat-write-p50 ... read-write-p99
 *              the median and 99th percentile (nearest rank) of the
 *              phase's latencies, in microseconds;
 *   busy-rounds, write-rounds, walk-rounds  the rounds of the phase (N
 *              unless the limit, or the walk's end, cut it);
 *   walk-files, walk-fps  the names the walker lstat'ed, and per second;
 *   stream-MBps, scribble-MBps  what the child read (wrote) during the
 *              phase over the time it took, in MB/s (10^6 bytes);
 *   stream-MB, scribble-MB  that amount, in MB (so that it shows the disk
 *              was busy);
 *   idle-s, busy-s, write-s, walk-s  each phase's length in seconds.
 * "vfslock-bench: done" ends the run.  Then the program powers the
 * machine off.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <dirent.h>
#include <poll.h>
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
#define SCRIBBLE	MNT "/scribble"
#define SCRIBBLE_SIZE	(16u << 20)
#define TREE		MNT "/tree"

/* What a child reports when it stops. */
struct stream_result {
	uint64_t bytes;		/* read after its first read() returned, or
				   written; names lstat'ed by the walker */
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

/* Whether fd (-1: none) has something to read. */
static bool readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return fd >= 0 && poll(&p, 1, 0) == 1;
}

/* N rounds, none started after limit_s seconds nor once done_fd (-1:
 * none) is readable: stat(SMALL) and a 4 KiB pread() of fd, each timed
 * into stat_ns and read_ns, then a sleep of GAP_NS.  Row PHASE-s;
 * returns the rounds done, or -1. */
static int measure(int fd, const char *phase, uint64_t limit_s, int done_fd)
{
	struct timespec gap = { 0, GAP_NS };
	uint64_t start = now_ns(), end = start + limit_s * 1000000000u;
	char name[16];
	struct stat st;
	int i;

	for (i = 0; i < N && now_ns() < end && !readable(done_fd); i++) {
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

/* One step of a child: a CHUNK read() of BIG (from its start again at
 * its end), or a CHUNK write() of SCRIBBLE (fsync() and from its start
 * again every SCRIBBLE_SIZE bytes).  The bytes moved, or -1. */
static ssize_t child_step(int fd, bool writer, char *buf, uint64_t *pos)
{
	ssize_t n = writer ? write(fd, buf, CHUNK) : read(fd, buf, CHUNK);

	if (n == 0 && !writer)
		lseek(fd, 0, SEEK_SET);
	if (n > 0 && writer && (*pos += (uint64_t)n) >= SCRIBBLE_SIZE) {
		if (fsync(fd))
			return -1;
		lseek(fd, 0, SEEK_SET);
		*pos = 0;
	}
	return n;
}

/* lstat every name under the directory dirfd (closed here), and under
 * its subdirectories: how many, or -1. */
static int64_t walk(int dirfd)
{
	DIR *d = fdopendir(dirfd);
	struct dirent *e;
	int64_t n = 0;

	if (!d)
		return -1;
	while (n >= 0 && (e = readdir(d))) {
		struct stat st;
		int sub;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
			n = -1;
			break;
		}
		n++;
		if (!S_ISDIR(st.st_mode))
			continue;
		sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY);
		int64_t m = sub < 0 ? -1 : walk(sub);
		n = m < 0 ? -1 : n + m;
	}
	closedir(d);
	return n;
}

/* The walker: a byte on ready, then one walk of TREE, then a struct
 * stream_result on result, then it waits for SIGUSR1. */
static void __attribute__((noreturn)) walker(int ready, int result)
{
	struct sigaction sa = { .sa_handler = on_stop };
	struct stream_result r = { 0, 0 };
	uint64_t start;
	int64_t n;
	int fd;

	sigaction(SIGUSR1, &sa, NULL);
	fd = open(TREE, O_RDONLY | O_DIRECTORY);
	if (fd < 0 || write(ready, "", 1) != 1) {
		fail("walk", TREE);
		_exit(1);
	}
	start = now_ns();
	n = walk(fd);
	if (n < 0) {
		fail("walk", TREE);
		_exit(1);
	}
	r.bytes = (uint64_t)n;
	r.ns = now_ns() - start;
	if (write(result, &r, sizeof(r)) != sizeof(r))
		_exit(1);
	while (!stop)
		pause();
	_exit(0);
}

/* The child: child_step until SIGUSR1.  A byte on ready once the first
 * step has returned; at the end, a struct stream_result on result. */
static void __attribute__((noreturn)) child(int ready, int result,
					     bool writer)
{
	static char buf[CHUNK];
	const char *path = writer ? SCRIBBLE : BIG;
	struct sigaction sa = { .sa_handler = on_stop };
	struct stream_result r = { 0, 0 };
	uint64_t start, pos = 0;
	ssize_t n;
	int fd;

	sigaction(SIGUSR1, &sa, NULL);
	memset(buf, 0x5a, sizeof(buf));
	fd = writer ? open(path, O_WRONLY | O_CREAT, 0644) : open(path, O_RDONLY);
	if (fd < 0 || child_step(fd, writer, buf, &pos) != (ssize_t)CHUNK) {
		fail(writer ? "scribble" : "stream", path);
		_exit(1);
	}
	start = now_ns();
	if (write(ready, "", 1) != 1)
		_exit(1);
	while (!stop) {
		n = child_step(fd, writer, buf, &pos);
		if (n > 0)
			r.bytes += n;
		else if (n < 0 && errno != EINTR) {
			fail(writer ? "scribble" : "stream", path);
			_exit(1);
		}
	}
	r.ns = now_ns() - start;
	_exit(write(result, &r, sizeof(r)) != sizeof(r));
}

enum phase { BUSY, WRITE, WALK };

static const char *const phase_names[] = { "busy", "write", "walk" };
static const char *const child_names[] = { "stream", "scribble", "walk" };

/* The phase's rows: its rounds, percentiles, and what the child did. */
static void phase_rows(enum phase ph, int rounds,
		       const struct stream_result *r)
{
	char name[32];

	printf("vfslock-bench: %s-rounds %d\n", phase_names[ph], rounds);
	percentiles("stat", phase_names[ph], stat_ns, rounds);
	percentiles("read", phase_names[ph], read_ns, rounds);
	if (ph == WALK) {
		row("walk-files", (double)r->bytes);
		row("walk-fps", r->ns ? r->bytes * 1e9 / r->ns : 0);
		return;
	}
	snprintf(name, sizeof(name), "%s-MBps", child_names[ph]);
	row(name, r->ns ? r->bytes * 1e3 / r->ns : 0);
	snprintf(name, sizeof(name), "%s-MB", child_names[ph]);
	row(name, r->bytes / 1e6);
}

/* measure() while a child streams BIG (BUSY), writes SCRIBBLE (WRITE)
 * or walks TREE (WALK: until the walk ends). */
static int busy(int fd, enum phase ph)
{
	const char *what = child_names[ph];
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
		if (ph == WALK)
			walker(ready[1], result[1]);
		child(ready[1], result[1], ph == WRITE);
	}
	close(ready[1]);
	close(result[1]);
	if (pid < 0) {
		fail("fork", "");
		goto close_pipes;
	}
	if (read(ready[0], &c, 1) != 1) {
		errno = EIO;
		fail("the child did not start", what);
		goto reap;
	}
	rounds = measure(fd, phase_names[ph], BUSY_LIMIT_S,
			 ph == WALK ? result[0] : -1);
	if (ph != WALK)
		kill(pid, SIGUSR1);
	if (read(result[0], &r, sizeof(r)) != sizeof(r)) {
		errno = EIO;
		rounds = fail("the child did not report", what);
	}
	if (ph == WALK)
		kill(pid, SIGUSR1);
reap:
	if (rounds < 0)
		kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
close_pipes:
	close(ready[0]);
	close(result[0]);
	if (rounds < 0)
		return -1;
	if (rounds == 0) {
		errno = EIO;
		return fail("no round during the phase", what);
	}
	phase_rows(ph, rounds, &r);
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
	err = warm(fd) || measure(fd, "idle", UINT32_MAX, -1) != N;
	if (!err) {
		percentiles("stat", "idle", stat_ns, N);
		percentiles("read", "idle", read_ns, N);
		err = busy(fd, BUSY) || busy(fd, WRITE) || busy(fd, WALK);
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
