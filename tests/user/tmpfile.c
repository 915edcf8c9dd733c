/*
 * tmpfile.c: open with O_TMPFILE as Linux has it: an unnamed regular
 * file in a directory (on the ext2 root and on the /dev/shm tmpfs), which
 * linkat names through AT_EMPTY_PATH or /proc/self/fd/N with
 * AT_SYMLINK_FOLLOW, unless it was opened with O_EXCL; the flag checks
 * (EINVAL), ENOTDIR, ENOENT, EOPNOTSUPP on procfs; a removed file cannot
 * be linked again; AT_EMPTY_PATH is root's.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include "check.h"

static void show(const char *path)
{
	struct stat st;
	char buf[32] = "";
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &st)) {
		printf("%s: %s\n", path, strerror(errno));
		return;
	}
	CHECK(read(fd, buf, sizeof(buf) - 1) >= 0);
	printf("%s: mode %o nlink %lu: %s\n", strrchr(path, '/') + 1,
	       st.st_mode, (unsigned long)st.st_nlink, buf);
	close(fd);
}

static void named(const char *what, const char *dir, const char *name)
{
	char path[128], link[32];
	struct stat st;
	int fd = open(dir, O_TMPFILE | O_RDWR, 0640);

	printf("O_TMPFILE in %s: %s\n", what, fd >= 0 ? "ok" : strerror(errno));
	if (fd < 0)
		return;
	CHECK(fstat(fd, &st) == 0);
	printf("mode %o nlink %lu size %lld\n", st.st_mode,
	       (unsigned long)st.st_nlink, (long long)st.st_size);
	CHECK(write(fd, "unnamed", 7) == 7);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	printf("linkat AT_EMPTY_PATH: %d\n",
	       linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH));
	show(path);
	CHECK(fstat(fd, &st) == 0);
	printf("the descriptor's nlink: %lu\n", (unsigned long)st.st_nlink);
	CHECK(unlink(path) == 0);
	close(fd);

	fd = open(dir, O_TMPFILE | O_WRONLY, 0600);
	CHECK(write(fd, "second", 6) == 6);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	printf("linkat of /proc/self/fd/N: %d\n",
	       linkat(AT_FDCWD, link, AT_FDCWD, path, AT_SYMLINK_FOLLOW));
	show(path);
	CHECK(unlink(path) == 0);
	close(fd);

	fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL, 0600);
	expect_err("linkat of an O_EXCL one",
		   linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH), ENOENT);
	close(fd);
}

static void errors(void)
{
	char link[32];
	int fd;

	expect_err("O_TMPFILE | O_RDONLY", open("/tmp", O_TMPFILE | O_RDONLY),
		   EINVAL);
	expect_err("with O_CREAT", open("/tmp", O_TMPFILE | O_CREAT | O_RDWR,
					0600), EINVAL);
	expect_err("without O_DIRECTORY",
		   open("/tmp", (O_TMPFILE & ~O_DIRECTORY) | O_RDWR, 0600),
		   EINVAL);
	expect_err("on a file", open(tmp("file"), O_TMPFILE | O_RDWR, 0600),
		   ENOTDIR);
	expect_err("in a missing directory",
		   open(tmp("missing"), O_TMPFILE | O_RDWR, 0600), ENOENT);
	expect_err("in /proc", open("/proc", O_TMPFILE | O_RDWR, 0600),
		   EOPNOTSUPP);
	fd = open(tmp("file"), O_RDWR);
	CHECK(unlink(tmp("file")) == 0);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	expect_err("linkat of a removed file",
		   linkat(AT_FDCWD, link, AT_FDCWD, tmp("again"),
			  AT_SYMLINK_FOLLOW), ENOENT);
	close(fd);
}

int main(void)
{
	pid_t pid;
	int fd;

	tmp_init("tmpfile");
	fd = open(tmp("file"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	named("a directory of the ext2 root", tmp_dir, "named");
	named("/dev/shm", "/dev/shm", "tmpfile-named");
	errors();
	CHECK(chmod(tmp_dir, 0777) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		fd = open(tmp_dir, O_TMPFILE | O_RDWR, 0600);
		CHECK(fd >= 0);
		expect_err("AT_EMPTY_PATH as another user",
			   linkat(fd, "", AT_FDCWD, tmp("user"), AT_EMPTY_PATH),
			   ENOENT);
		_exit(finish());
	}
	printf("other user: %s\n", wait_str(pid));
	remove_tree(tmp_dir);
	return finish();
}
