/*
 * statx.c: statx against stat64 for a file, a directory, a symbolic link
 * (followed or not), a device node and descriptors (AT_EMPTY_PATH), its
 * flag and mask checks; and the filesystem statistics calls: statfs64,
 * fstatfs64 and the old statfs/fstatfs, their consistency, the magic
 * numbers of /proc and /dev (Linux's devtmpfs is a tmpfs) and errors.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <linux/stat.h>
#include "check.h"

#define AT_STATX_SYNC_TYPE_ALL	0x6000

/* The old 32-bit struct statfs of i386. */
struct statfs32 {
	uint32_t type, bsize, blocks, bfree, bavail, files, ffree;
	uint32_t fsid[2];
	uint32_t namelen, frsize, flags;
	uint32_t spare[4];
};

static long do_statx(int dirfd, const char *path, int flags, unsigned mask,
		     struct statx *sx)
{
	return syscall(SYS_statx, dirfd, path, flags, mask, sx);
}

/* Whether statx's fields equal stat's. */
static int same(const struct statx *sx, const struct stat *st)
{
	return sx->stx_ino == st->st_ino && sx->stx_mode == st->st_mode &&
	       sx->stx_nlink == st->st_nlink && sx->stx_uid == st->st_uid &&
	       sx->stx_gid == st->st_gid && sx->stx_size == (uint64_t)st->st_size &&
	       sx->stx_blocks == (uint64_t)st->st_blocks &&
	       sx->stx_blksize == (uint32_t)st->st_blksize &&
	       makedev(sx->stx_dev_major, sx->stx_dev_minor) == st->st_dev &&
	       makedev(sx->stx_rdev_major, sx->stx_rdev_minor) == st->st_rdev &&
	       sx->stx_mtime.tv_sec == st->st_mtim.tv_sec &&
	       sx->stx_mtime.tv_nsec == (uint32_t)st->st_mtim.tv_nsec &&
	       sx->stx_ctime.tv_sec == st->st_ctim.tv_sec &&
	       sx->stx_atime.tv_sec == st->st_atim.tv_sec;
}

static void compare(const char *what, int dirfd, const char *path, int flags)
{
	struct statx sx;
	struct stat st;
	int ok = do_statx(dirfd, path, flags, STATX_BASIC_STATS, &sx) == 0 &&
		 fstatat(dirfd, path, &st, flags) == 0;

	printf("%s: statx %s, basic mask %s\n", what,
	       ok && same(&sx, &st) ? "equals stat" : "differs",
	       (sx.stx_mask & STATX_BASIC_STATS) == STATX_BASIC_STATS ?
	       "complete" : "incomplete");
	if (!ok || !same(&sx, &st))
		failures++;
}

static void statx_calls(void)
{
	struct statx sx;
	int fd = open(tmp("file"), O_CREAT | O_RDWR, 0640), dfd;

	CHECK(fd >= 0 && write(fd, "hello statx", 11) == 11);
	CHECK(symlink("file", tmp("link")) == 0);
	compare("file", AT_FDCWD, tmp("file"), 0);
	compare("directory", AT_FDCWD, tmp_dir, 0);
	compare("link followed", AT_FDCWD, tmp("link"), 0);
	compare("link itself", AT_FDCWD, tmp("link"), AT_SYMLINK_NOFOLLOW);
	compare("/dev/null", AT_FDCWD, "/dev/null", 0);
	compare("fd with AT_EMPTY_PATH", fd, "", AT_EMPTY_PATH);
	dfd = open(tmp_dir, O_RDONLY | O_DIRECTORY);
	compare("relative to a directory fd", dfd, "file", 0);
	CHECK(chdir(tmp_dir) == 0);
	compare("cwd with AT_FDCWD and AT_EMPTY_PATH", AT_FDCWD, "", AT_EMPTY_PATH);
	CHECK(chdir("/") == 0);
	yes("size 11", do_statx(fd, "", AT_EMPTY_PATH, STATX_SIZE, &sx) == 0 &&
	    sx.stx_size == 11);
	expect_err("unknown flag", do_statx(AT_FDCWD, "/", 0x1, 0, &sx), EINVAL);
	expect_err("both sync types",
		   do_statx(AT_FDCWD, "/", AT_STATX_SYNC_TYPE_ALL, 0, &sx), EINVAL);
	expect_err("reserved mask bit",
		   do_statx(AT_FDCWD, "/", 0, 0x80000000u, &sx), EINVAL);
	expect_err("missing file", do_statx(AT_FDCWD, tmp("none"), 0, 0, &sx),
		   ENOENT);
	expect_err("empty path without AT_EMPTY_PATH",
		   do_statx(AT_FDCWD, "", 0, 0, &sx), ENOENT);
	expect_err("bad buffer", do_statx(AT_FDCWD, "/", 0, 0, bad_ptr), EFAULT);
	expect_err("bad descriptor", do_statx(999, "", AT_EMPTY_PATH, 0, &sx),
		   EBADF);
	expect_err("relative to a file fd", do_statx(fd, "x", 0, 0, &sx), ENOTDIR);
	close(dfd);
	close(fd);
	unlink(tmp("link"));
	unlink(tmp("file"));
}

static void fs_stats(void)
{
	struct statfs a, b;
	struct statfs32 o;
	int fd = open(tmp_dir, O_RDONLY);

	yes("statfs of the test directory", statfs(tmp_dir, &a) == 0);
	yes("blocks: avail <= free <= total", a.f_bavail <= a.f_bfree &&
	    a.f_bfree <= a.f_blocks);
	yes("inodes: free <= total", a.f_ffree <= a.f_files);
	yes("block size and name length set", a.f_bsize > 0 &&
	    a.f_frsize == a.f_bsize && a.f_namelen == 255);
	yes("fstatfs agrees", fstatfs(fd, &b) == 0 && b.f_type == a.f_type &&
	    b.f_blocks == a.f_blocks && b.f_files == a.f_files);
	yes("ST_VALID in f_flags", (a.f_flags & 0x20) != 0);
	yes("old statfs agrees", syscall(SYS_statfs, tmp_dir, &o) == 0 &&
	    o.type == a.f_type && o.blocks == a.f_blocks && o.bsize == a.f_bsize);
	yes("old fstatfs agrees", syscall(SYS_fstatfs, fd, &o) == 0 &&
	    o.type == a.f_type);
	yes("statfs /proc: PROC_SUPER_MAGIC", statfs("/proc", &b) == 0 &&
	    b.f_type == 0x9fa0);
	yes("statfs /dev: TMPFS_MAGIC", statfs("/dev", &b) == 0 &&
	    b.f_type == 0x01021994);
	expect_err("statfs64 with a wrong size",
		   syscall(SYS_statfs64, "/", 88, &a), EINVAL);
	expect_err("statfs of a missing path", statfs(tmp("none"), &a), ENOENT);
	expect_err("fstatfs of a bad fd", fstatfs(999, &a), EBADF);
	expect_err("statfs64 into a bad buffer",
		   syscall(SYS_statfs64, "/", 84, bad_ptr), EFAULT);
	close(fd);
}

int main(void)
{
	tmp_init("statx");
	statx_calls();
	fs_stats();
	rmdir(tmp_dir);
	return finish();
}
