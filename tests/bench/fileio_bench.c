/*
 * fileio_bench.c: bench-fileio (tests/bench/fileio.mk, issue 14 section
 * 5): sequential file I/O through read(2) and write(2) on ext2, the same
 * static program on maestro (init=/test/fileio_bench, the disk on the
 * primary IDE master, /dev/hda) and on Linux (/init of linux-peer's
 * initramfs, which loads ata_piix, sd_mod and ext4 first: /dev/sda).
 * On the empty ext2 filesystem the build writes on the disk (4 KiB
 * blocks), mounted at /mnt:
 *   write-64M-fsync   64 MiB written in 1 MiB write()s, then fsync();
 *   read-cold-1M      the file read whole in 1 MiB read()s right after
 *                     a remount (nothing of it cached);
 *   read-cold-4K      the same in 4 KiB read()s, after another remount;
 *   read-warm-1M/4K   read again from the page cache, the best of 3.
 * Each row is a line "fileio-bench: NAME MICROSECONDS"; the contents are
 * checked (a pattern of the offset), and "fileio-bench: done" ends the
 * run.  Then the program powers the machine off.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include "tests/bench/peer_start.h"

#define FILE_SIZE	(64u << 20)
#define BIG		(1u << 20)
#define SMALL		4096u
#define WARM_RUNS	3
#define MNT		"/mnt"
#define PATH		MNT "/data"

static const char *disk;
static uint32_t *buf;

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + ts.tv_nsec / 1000;
}

static void row(const char *name, uint64_t us)
{
	printf("fileio-bench: %s %llu\n", name, (unsigned long long)us);
	fflush(stdout);
}

/* Fill buf with the words of file offset off on. */
static void pattern(uint64_t off, uint32_t len)
{
	for (uint32_t i = 0; i < len / 4; i++)
		buf[i] = (uint32_t)(off / 4 + i) * 2654435761u;
}

static int remount(void)
{
	if (umount(MNT) && errno != EINVAL) {
		perror("fileio-bench: umount");
		return -1;
	}
	if (mount(disk, MNT, "ext2", 0, NULL)) {
		perror("fileio-bench: mount");
		return -1;
	}
	return 0;
}

static int write_file(void)
{
	int fd = open(PATH, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	uint64_t start = now_us();

	if (fd < 0)
		return -1;
	for (uint32_t off = 0; off < FILE_SIZE; off += BIG) {
		pattern(off, BIG);
		if (write(fd, buf, BIG) != (ssize_t)BIG)
			return -1;
	}
	if (fsync(fd) || close(fd))
		return -1;
	row("write-64M-fsync", now_us() - start);
	return 0;
}

/* Read the file in len-byte read()s: microseconds, or 0 on an error or
 * wrong contents. */
static uint64_t read_file(uint32_t len)
{
	int fd = open(PATH, O_RDONLY);
	uint64_t start = now_us(), took;

	if (fd < 0)
		return 0;
	for (uint32_t off = 0; off < FILE_SIZE; off += len)
		if (read(fd, buf, len) != (ssize_t)len)
			return 0;
	took = now_us() - start;
	close(fd);
	/* Check a sample of it: the last chunk read and the first. */
	for (uint32_t i = 0; i < len / 4; i++)
		if (buf[i] != (uint32_t)((FILE_SIZE - len) / 4 + i) * 2654435761u)
			return 0;
	return took ? took : 1;
}

static int cold(const char *name, uint32_t len)
{
	uint64_t us;

	if (remount())
		return -1;
	us = read_file(len);
	if (!us)
		return -1;
	row(name, us);
	return 0;
}

static int warm(const char *name, uint32_t len)
{
	uint64_t best = ~0ull;

	for (int i = 0; i < WARM_RUNS; i++) {
		uint64_t us = read_file(len);

		if (!us)
			return -1;
		best = us < best ? us : best;
	}
	row(name, best);
	return 0;
}

static int bench(void)
{
	buf = malloc(BIG);
	if (!buf || remount())
		return -1;
	return write_file() || cold("read-cold-1M", BIG) ||
	       cold("read-cold-4K", SMALL) || warm("read-warm-1M", BIG) ||
	       warm("read-warm-4K", SMALL);
}

int main(void)
{
	int err = peer_disk_start(MNT, true, &disk) || bench();

	peer_disk_end("fileio-bench", err, MNT);
	reboot(RB_POWER_OFF);
	return 0;
}
