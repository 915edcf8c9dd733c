/*
 * getrandom_bench.c: the QEMU rows of bench-random (tests/bench/random.mk,
 * issue 12), one static i386 musl program run as init on maestro
 * (init=/test/getrandom_bench shutdown=poweroff) and as /init of Debian's
 * i386 Linux in the same QEMU (tools/linux-peer.py).
 *
 * It first makes a blocking getrandom() of one byte, so that the pool is
 * seeded before anything is timed on either kernel, and prints how long
 * that took.  Then, for each row, ROUNDS rounds each repeating batches of
 * calls for at least MIN_NS of CLOCK_MONOTONIC, the best round kept:
 *   getrandom-16, getrandom-4096, getrandom-1048576
 *		getrandom(buf, N, 0) through the system call (musl has no
 *		vDSO path for it), with short returns counted as what they
 *		gave;
 *   urandom-4096	read() of 4 KiB from /dev/urandom (made with mknod
 *		when the initramfs has no /dev/urandom).
 * One line each, "random-bench: NAME BYTES CALLS NANOSECONDS", then
 * "random-bench: done".  A failed call prints "random-bench: NAME failed
 * errno N" and stops that row.  As process 1 (Linux) it powers off at the
 * end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS		3
#define MIN_NS		300000000LL
#define MAX_LEN		(1 << 20)

static unsigned char buf[MAX_LEN];
static int urandom_fd = -1;

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One call of each kind: bytes given, or -errno. */
static long call_getrandom(size_t len)
{
	ssize_t n = getrandom(buf, len, 0);

	return n < 0 ? -errno : n;
}

static long call_urandom(size_t len)
{
	ssize_t n = read(urandom_fd, buf, len);

	return n < 0 ? -errno : n;
}

struct result {
	long long bytes, calls, ns;
	int err;
};

/* The best of ROUNDS rounds of batches of calls of len bytes. */
static struct result measure(long (*call)(size_t), size_t len, int batch)
{
	struct result best = { 0, 0, 0, 0 };

	for (int r = 0; r < ROUNDS; r++) {
		struct result cur = { 0, 0, 0, 0 };
		long long t0 = now_ns();

		do {
			for (int i = 0; i < batch; i++) {
				long n = call(len);

				if (n <= 0) {
					best.err = n ? (int)-n : EIO;
					return best;
				}
				cur.bytes += n;
			}
			cur.calls += batch;
			cur.ns = now_ns() - t0;
		} while (cur.ns < MIN_NS);
		if (!best.ns || cur.bytes * best.ns > best.bytes * cur.ns)
			best = cur;
	}
	return best;
}

static void row(const char *name, long (*call)(size_t), size_t len,
		int batch)
{
	struct result r = measure(call, len, batch);

	if (r.err)
		printf("random-bench: %s failed errno %d\n", name, r.err);
	else
		printf("random-bench: %s %lld %lld %lld\n", name, r.bytes,
		       r.calls, r.ns);
}

static void open_urandom(void)
{
	urandom_fd = open("/dev/urandom", O_RDONLY);
	if (urandom_fd < 0 && errno == ENOENT &&
	    mknod("/dev/urandom", S_IFCHR | 0666, makedev(1, 9)) == 0)
		urandom_fd = open("/dev/urandom", O_RDONLY);
}

int main(void)
{
	long long t0 = now_ns();
	unsigned char c;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (getrandom(&c, 1, 0) != 1)
		printf("random-bench: seed failed errno %d\n", errno);
	else
		printf("random-bench: seeded %lld\n", now_ns() - t0);
	row("getrandom-16", call_getrandom, 16, 1000);
	row("getrandom-4096", call_getrandom, 4096, 100);
	row("getrandom-1048576", call_getrandom, MAX_LEN, 1);
	open_urandom();
	if (urandom_fd < 0)
		printf("random-bench: urandom-4096 failed errno %d\n", errno);
	else
		row("urandom-4096", call_urandom, 4096, 100);
	printf("random-bench: done\n");
	if (getpid() == 1) {
		sync();
		reboot(RB_POWER_OFF);
	}
	return 0;
}
