/*
 * stat.c: the stat family, on the fields that are the same everywhere:
 * type bits and permission bits (with umask 0), st_nlink (files, hard
 * links, directories and their subdirectories), st_size, st_ino and
 * st_dev relationships, lstat on a symbolic link (its size is the
 * target's length) against stat through it, fstat, fstatat with
 * AT_SYMLINK_NOFOLLOW, a FIFO from mkfifo, chmod/fchmod, truncate, and
 * times set with utimensat read back.
 */
#include <fcntl.h>
#include <sys/syscall.h>
#include "check.h"

static void show(const char *what, const struct stat *st)
{
	const char *type = S_ISREG(st->st_mode) ? "regular" :
		S_ISDIR(st->st_mode) ? "directory" :
		S_ISLNK(st->st_mode) ? "symlink" :
		S_ISFIFO(st->st_mode) ? "fifo" : "other";

	printf("%s: %s, mode %04o, nlink %d, size %lld\n", what, type,
	       (unsigned)(st->st_mode & 07777), (int)st->st_nlink,
	       S_ISDIR(st->st_mode) ? 0LL : (long long)st->st_size);
}

static void files(void)
{
	struct stat a, b, l;
	int fd = open(tmp("f"), O_CREAT | O_RDWR, 0640);

	CHECK(write(fd, "0123456789abc", 13) == 13);
	CHECK(fstat(fd, &a) == 0);
	show("fstat file", &a);
	CHECK(link(tmp("f"), tmp("hard")) == 0);
	CHECK(stat(tmp("hard"), &b) == 0);
	show("stat hard link", &b);
	yes("same st_ino and st_dev", a.st_ino == b.st_ino &&
	    a.st_dev == b.st_dev);
	CHECK(symlink("f", tmp("sym")) == 0);
	CHECK(lstat(tmp("sym"), &l) == 0);
	show("lstat symlink", &l);
	CHECK(stat(tmp("sym"), &b) == 0);
	show("stat through symlink", &b);
	yes("symlink has its own inode", l.st_ino != a.st_ino);
	CHECK(fstatat(AT_FDCWD, tmp("sym"), &b, AT_SYMLINK_NOFOLLOW) == 0);
	yes("fstatat AT_SYMLINK_NOFOLLOW sees the link", S_ISLNK(b.st_mode));
	CHECK(fchmod(fd, 0600) == 0 && chmod(tmp("hard"), 0604) == 0);
	CHECK(fstat(fd, &a) == 0);
	printf("mode after fchmod and chmod: %04o\n", (unsigned)(a.st_mode & 07777));
	CHECK(truncate(tmp("f"), 3) == 0);
	CHECK(fstat(fd, &a) == 0);
	printf("size after truncate: %lld\n", (long long)a.st_size);
	CHECK(unlink(tmp("hard")) == 0);
	CHECK(fstat(fd, &a) == 0);
	printf("nlink after unlinking the hard link: %d\n", (int)a.st_nlink);
	CHECK(unlink(tmp("f")) == 0);
	CHECK(fstat(fd, &a) == 0);
	printf("open but unlinked: nlink %d, size %lld\n", (int)a.st_nlink,
	       (long long)a.st_size);
	CHECK(close(fd) == 0);
	expect_err("stat through a dangling symlink", stat(tmp("sym"), &b),
		   ENOENT);
	CHECK(unlink(tmp("sym")) == 0);
}

static void others(void)
{
	struct stat st;
	struct timespec ts[2] = { { 1000000000, 0 }, { 1234567890, 0 } };
	int fd;

	CHECK(stat(tmp_dir, &st) == 0);
	show("stat empty directory", &st);
	CHECK(mkdir(tmp("d1"), 0750) == 0 && mkdir(tmp("d2"), 0700) == 0);
	CHECK(stat(tmp_dir, &st) == 0);
	show("stat directory with two subdirectories", &st);
	CHECK(mkfifo(tmp("fifo"), 0620) == 0);
	CHECK(lstat(tmp("fifo"), &st) == 0);
	show("lstat fifo", &st);
	fd = open(tmp("t"), O_CREAT | O_WRONLY, 0644);
	CHECK(fd >= 0 && close(fd) == 0);
	CHECK(utimensat(AT_FDCWD, tmp("t"), ts, 0) == 0);
	CHECK(stat(tmp("t"), &st) == 0);
	printf("atime %lld, mtime %lld\n", (long long)st.st_atim.tv_sec,
	       (long long)st.st_mtim.tv_sec);
	show("stat new empty file", &st);
	fd = open(tmp_dir, O_RDONLY | O_DIRECTORY);
	CHECK(fstat(fd, &st) == 0);
	show("fstat directory", &st);
	close(fd);
	expect_err("stat(missing)", stat(tmp("missing"), &st), ENOENT);
	expect_err("stat(file/x)", stat(tmp("t/x"), &st), ENOTDIR);
	expect_err("stat(bad buffer)", syscall(SYS_stat64, tmp("t"), bad_ptr), EFAULT);
	expect_err("fstat(bad buffer)", syscall(SYS_fstat64, 1, bad_ptr), EFAULT);
	expect_err("fstat(-1)", fstat(-1, &st), EBADF);
	CHECK(unlink(tmp("t")) == 0 && unlink(tmp("fifo")) == 0);
	CHECK(rmdir(tmp("d1")) == 0 && rmdir(tmp("d2")) == 0);
}

int main(void)
{
	umask(0);
	tmp_init("stat");
	files();
	others();
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
