/*
 * falloc.c: fallocate and lseek's SEEK_DATA/SEEK_HOLE as Linux has
 * them on ext2 (the root, under /tmp) and ramfs, which have no
 * preallocation (EOPNOTSUPP: punching holes is left out, which Linux's
 * ext4 driver, the oracle's ext2, does on ext2 files and its ext2 driver
 * does not): fallocate's checks on mode (EOPNOTSUPP, EINVAL), offset and
 * length (EINVAL, EFBIG) and the descriptor (EBADF, ESPIPE, ENODEV);
 * SEEK_DATA and SEEK_HOLE on a sparse ext2 file (holes from its block
 * map, one at the end after ftruncate), on an empty and a full file, on
 * ramfs (the generic answer: all data, the hole at the end), ENXIO at
 * and past the end, ESPIPE on a pipe.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include "check.h"

#define KEEP	0x01
#define PUNCH	0x02
#define NOHIDE	0x04
#define COLLAPSE 0x08
#define ZERO	0x10
#define INSERT	0x20
#define UNSHARE	0x40

static long falloc(int fd, int mode, int64_t off, int64_t len)
{
	return syscall(SYS_fallocate, fd, mode, (uint32_t)off,
		       (uint32_t)((uint64_t)off >> 32), (uint32_t)len,
		       (uint32_t)((uint64_t)len >> 32));
}

static void show(const char *what, long long ret)
{
	printf("%s: %lld %s\n", what, ret, ret < 0 ? strerror(errno) : "-");
}

static void modes(int fd)
{
	show("mode 0", falloc(fd, 0, 0, 4096));
	show("KEEP_SIZE", falloc(fd, KEEP, 0, 4096));
	show("NO_HIDE_STALE", falloc(fd, NOHIDE, 0, 4096));
	show("UNSHARE", falloc(fd, UNSHARE, 0, 4096));
	show("mode 0x80", falloc(fd, 0x80, 0, 4096));
	show("PUNCH_HOLE without KEEP_SIZE", falloc(fd, PUNCH, 0, 4096));
	show("PUNCH_HOLE|ZERO_RANGE|KEEP_SIZE",
	     falloc(fd, PUNCH | ZERO | KEEP, 0, 4096));
	show("COLLAPSE_RANGE|KEEP_SIZE", falloc(fd, COLLAPSE | KEEP, 0, 4096));
	show("INSERT_RANGE|KEEP_SIZE", falloc(fd, INSERT | KEEP, 0, 4096));
	show("UNSHARE|PUNCH_HOLE|KEEP_SIZE",
	     falloc(fd, UNSHARE | PUNCH | KEEP, 0, 4096));
	show("offset -1", falloc(fd, 0, -1, 4096));
	show("length 0", falloc(fd, 0, 0, 0));
	show("length -1", falloc(fd, 0, 0, -1));
	show("mode 0x80, length 0", falloc(fd, 0x80, 0, 0));
	show("offset + length past 2^63", falloc(fd, 0, INT64_MAX - 10, 100));
}

static void descriptors(void)
{
	int p[2], ro = open(tmp("f"), O_RDONLY), null = open("/dev/null", O_RDWR);

	CHECK(pipe(p) == 0);
	show("read-only descriptor", falloc(ro, 0, 0, 4096));
	show("read-only, mode 0x80", falloc(ro, 0x80, 0, 4096));
	show("pipe", falloc(p[1], 0, 0, 4096));
	show("/dev/null", falloc(null, 0, 0, 4096));
	show("bad descriptor", falloc(-1, 0, 0, 4096));
	show("lseek SEEK_DATA on a pipe", lseek(p[0], 0, SEEK_DATA));
	close(p[0]);
	close(p[1]);
	close(ro);
	close(null);
}

static void seek(const char *what, int fd, off_t off)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "%s SEEK_DATA %lld", what, (long long)off);
	show(buf, lseek(fd, off, SEEK_DATA));
	snprintf(buf, sizeof(buf), "%s SEEK_HOLE %lld", what, (long long)off);
	show(buf, lseek(fd, off, SEEK_HOLE));
}

static void holes(void)
{
	int fd = open(tmp("sparse"), O_RDWR | O_CREAT, 0644);
	char block[10000];

	seek("empty", fd, 0);
	CHECK(pwrite(fd, "a", 1, 0) == 1);
	CHECK(pwrite(fd, "b", 1, 200000) == 1);
	seek("sparse", fd, 0);
	seek("sparse", fd, 1);
	seek("sparse", fd, 4095);
	seek("sparse", fd, 4096);
	seek("sparse", fd, 100000);
	seek("sparse", fd, 196608);
	seek("sparse", fd, 200000);
	seek("sparse", fd, 200001);
	seek("sparse", fd, -1);
	CHECK(ftruncate(fd, 1 << 20) == 0);
	seek("extended", fd, 200000);
	seek("extended", fd, 200704);
	seek("extended", fd, (1 << 20) - 1);
	printf("offset after a failed seek: %lld\n",
	       (long long)lseek(fd, 0, SEEK_CUR));
	close(fd);
	fd = open(tmp("full"), O_RDWR | O_CREAT, 0644);
	memset(block, 'x', sizeof(block));
	CHECK(write(fd, block, sizeof(block)) == sizeof(block));
	seek("full", fd, 0);
	seek("full", fd, 9999);
	seek("full", fd, 10000);
	printf("offset: %lld\n", (long long)lseek(fd, 0, SEEK_CUR));
	close(fd);
}

static void ramfs(void)
{
	const char *dir = tmp("r");
	char path[160];
	int fd;

	CHECK(mkdir(dir, 0755) == 0);
	CHECK(mount("none", dir, "ramfs", 0, NULL) == 0);
	snprintf(path, sizeof(path), "%s/f", dir);
	fd = open(path, O_RDWR | O_CREAT, 0644);
	show("ramfs: mode 0", falloc(fd, 0, 0, 4096));
	show("ramfs: PUNCH_HOLE|KEEP_SIZE", falloc(fd, PUNCH | KEEP, 0, 4096));
	seek("ramfs empty", fd, 0);
	CHECK(pwrite(fd, "b", 1, 200000) == 1);
	seek("ramfs", fd, 0);
	seek("ramfs", fd, 200000);
	seek("ramfs", fd, 200001);
	close(fd);
	CHECK(umount(dir) == 0);
}

int main(void)
{
	int fd;

	tmp_init("falloc");
	fd = open(tmp("f"), O_RDWR | O_CREAT, 0644);
	modes(fd);
	close(fd);
	descriptors();
	holes();
	ramfs();
	remove_tree(tmp_dir);
	return finish();
}
