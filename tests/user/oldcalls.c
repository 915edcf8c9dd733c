/*
 * oldcalls.c: the older i386 forms of calls that static programs built
 * against old headers still make, made by number: stat, lstat and fstat
 * (106-108, the 64-byte struct stat) against stat64 on the same files
 * (every field that both have), their EOVERFLOW for a file of 3 GiB and
 * the overflow id 65534 for ids above 65535; getdents (141,
 * struct linux_dirent: names, record lengths, the type in each record's
 * last byte) and its errors; chown, lchown and fchown with 16-bit ids
 * (182, 16, 95), 0xffff leaving an id unchanged.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "check.h"

#define NR_lchown16	16
#define NR_fchown16	95
#define NR_stat		106
#define NR_lstat	107
#define NR_fstat	108
#define NR_getdents	141
#define NR_chown16	182

/* Linux i386's struct stat. */
struct old_stat {
	uint32_t st_dev, st_ino;
	uint16_t st_mode, st_nlink, st_uid, st_gid;
	uint32_t st_rdev, st_size, st_blksize, st_blocks;
	uint32_t atime, atime_nsec, mtime, mtime_nsec;	/* (libc's st_atime */
	uint32_t ctime, ctime_nsec;			/* is a macro) */
	uint32_t unused4, unused5;
};

static int same(const struct old_stat *o, const struct stat *n)
{
	return o->st_dev == (uint32_t)n->st_dev &&
	       o->st_ino == (uint32_t)n->st_ino && o->st_mode == n->st_mode &&
	       o->st_nlink == n->st_nlink && o->st_uid == n->st_uid &&
	       o->st_gid == n->st_gid && o->st_rdev == (uint32_t)n->st_rdev &&
	       o->st_size == (uint32_t)n->st_size &&
	       o->st_blksize == (uint32_t)n->st_blksize &&
	       o->st_blocks == (uint32_t)n->st_blocks &&
	       o->mtime == (uint32_t)n->st_mtim.tv_sec &&
	       o->mtime_nsec == (uint32_t)n->st_mtim.tv_nsec;
}

static void stats(void)
{
	struct old_stat o;
	struct stat n;
	int fd = open(tmp("f"), O_CREAT | O_RDWR, 0644);

	CHECK(write(fd, "hello", 5) == 5);
	CHECK(symlink("f", tmp("sym")) == 0);
	CHECK(syscall(NR_stat, tmp("f"), &o) == 0 && stat(tmp("f"), &n) == 0);
	yes("stat matches stat64", same(&o, &n));
	printf("stat size %u, nlink %u\n", o.st_size, o.st_nlink);
	CHECK(syscall(NR_lstat, tmp("sym"), &o) == 0 &&
	      lstat(tmp("sym"), &n) == 0);
	yes("lstat sees the link and matches lstat64",
	    S_ISLNK(o.st_mode) && same(&o, &n));
	CHECK(syscall(NR_fstat, fd, &o) == 0 && fstat(fd, &n) == 0);
	yes("fstat matches fstat64", same(&o, &n));
	CHECK(chown(tmp("f"), 70000, 70001) == 0);
	CHECK(syscall(NR_stat, tmp("f"), &o) == 0);
	printf("ids above 65535: uid %u, gid %u\n", o.st_uid, o.st_gid);
	CHECK(ftruncate(fd, 3LL << 30) == 0);
	expect_err("stat of 3 GiB", syscall(NR_stat, tmp("f"), &o), EOVERFLOW);
	expect_err("fstat of 3 GiB", syscall(NR_fstat, fd, &o), EOVERFLOW);
	expect_err("stat bad buffer", syscall(NR_stat, "/", bad_ptr), EFAULT);
	expect_err("stat missing", syscall(NR_stat, tmp("none"), &o), ENOENT);
	expect_err("fstat bad fd", syscall(NR_fstat, 99, &o), EBADF);
	close(fd);
	CHECK(unlink(tmp("f")) == 0 && unlink(tmp("sym")) == 0);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Print the entries of buf (len bytes), sorted by name. */
static void show_dirents(const char *buf, long len)
{
	char *lines[16];
	int n = 0;

	for (long off = 0; off < len && n < 16;) {
		uint16_t reclen;
		const char *name = buf + off + 10;

		memcpy(&reclen, buf + off + 8, 2);
		lines[n] = malloc(64);
		snprintf(lines[n++], 64, "%s type %d reclen%%4 %d", name,
			 buf[off + reclen - 1], reclen % 4);
		off += reclen;
	}
	qsort(lines, n, sizeof(lines[0]), by_name);
	for (int i = 0; i < n; i++) {
		printf("  %s\n", lines[i]);
		free(lines[i]);
	}
}

static void dirents(void)
{
	char buf[1024];
	int fd;
	long len;

	CHECK(mkdir(tmp("d"), 0755) == 0 && mkdir(tmp("d/sub"), 0755) == 0);
	CHECK(close(open(tmp("d/file"), O_CREAT | O_WRONLY, 0644)) == 0);
	CHECK(symlink("file", tmp("d/link")) == 0);
	fd = open(tmp("d"), O_RDONLY | O_DIRECTORY);
	len = syscall(NR_getdents, fd, buf, sizeof(buf));
	printf("getdents: %s\n", len > 0 ? "entries" : "none");
	show_dirents(buf, len);
	printf("getdents at the end: %ld\n",
	       syscall(NR_getdents, fd, buf, sizeof(buf)));
	close(fd);
	fd = open(tmp("d"), O_RDONLY | O_DIRECTORY);
	expect_err("getdents tiny buffer", syscall(NR_getdents, fd, buf, 8),
		   EINVAL);
	expect_err("getdents bad buffer",
		   syscall(NR_getdents, fd, bad_ptr, 1024), EFAULT);
	close(fd);
	fd = open(tmp("d/file"), O_RDONLY);
	expect_err("getdents on a file", syscall(NR_getdents, fd, buf, 1024),
		   ENOTDIR);
	close(fd);
	expect_err("getdents bad fd", syscall(NR_getdents, 99, buf, 1024),
		   EBADF);
}

static void owners(const char *what, const char *path, int nofollow)
{
	struct stat st;

	CHECK((nofollow ? lstat(path, &st) : stat(path, &st)) == 0);
	printf("%s: uid %u gid %u\n", what, (unsigned)st.st_uid,
	       (unsigned)st.st_gid);
}

static void chowns(void)
{
	int fd;

	CHECK(syscall(NR_chown16, tmp("d/file"), 1000, 2000) == 0);
	owners("chown16 1000 2000", tmp("d/file"), 0);
	CHECK(syscall(NR_chown16, tmp("d/file"), 0xffff, 3000) == 0);
	owners("chown16 0xffff 3000", tmp("d/file"), 0);
	CHECK(syscall(NR_lchown16, tmp("d/link"), 4000, 0xffff) == 0);
	owners("lchown16 on the link", tmp("d/link"), 1);
	owners("its target", tmp("d/file"), 0);
	fd = open(tmp("d/file"), O_RDONLY);
	CHECK(syscall(NR_fchown16, fd, 5000, 6000) == 0);
	owners("fchown16 5000 6000", tmp("d/file"), 0);
	close(fd);
	expect_err("fchown16 bad fd", syscall(NR_fchown16, 99, 1, 1), EBADF);
	expect_err("chown16 missing", syscall(NR_chown16, tmp("none"), 1, 1),
		   ENOENT);
}

int main(void)
{
	tmp_init("oldcalls");
	stats();
	dirents();
	chowns();
	return finish();
}
