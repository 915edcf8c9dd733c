/*
 * dir.c: directories.  mkdir and rmdir, a listing through readdir (sorted,
 * with d_type) as files come and go, 100 entries counted, rename of files
 * and directories (replacing a file, into another directory), chdir and
 * getcwd relative to the test's directory, the *at calls with a directory
 * descriptor, and the errors: EEXIST, ENOENT, ENOTDIR, ENOTEMPTY, EISDIR,
 * EINVAL (a directory moved into itself, rmdir of ".").
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include "check.h"

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Prints the sorted entries of dir, or only their count when quiet. */
static void list(const char *what, const char *dir, int quiet)
{
	char *names[128];
	int n = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	CHECK(d != NULL);
	while (d && (de = readdir(d)) && n < 128) {
		char t = de->d_type == DT_DIR ? 'd' : de->d_type == DT_REG ?
			'f' : '?';
		names[n] = malloc(strlen(de->d_name) + 3);
		sprintf(names[n++], "%s %c", de->d_name, t);
	}
	if (d)
		closedir(d);
	qsort(names, n, sizeof(names[0]), cmp);
	printf("%s: %d entries\n", what, n);
	for (int i = 0; i < n; i++) {
		if (!quiet)
			printf("  %s\n", names[i]);
		free(names[i]);
	}
}

static void touch(const char *path)
{
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);

	CHECK(fd >= 0);
	CHECK(write(fd, path + strlen(path) - 1, 1) == 1);
	close(fd);
}

static void listing(void)
{
	char name[160];

	list("empty", tmp_dir, 0);
	CHECK(mkdir(tmp("sub"), 0755) == 0);
	touch(tmp("a"));
	touch(tmp("b"));
	list("after mkdir sub, a, b", tmp_dir, 0);
	CHECK(unlink(tmp("a")) == 0);
	list("after unlink a", tmp_dir, 0);
	for (int i = 0; i < 100; i++) {
		snprintf(name, sizeof(name), "%s/many-%03d", tmp("sub"), i);
		touch(name);
	}
	list("sub with 100 files", tmp("sub"), 1);
	expect_err("rmdir(non-empty)", rmdir(tmp("sub")), ENOTEMPTY);
	for (int i = 0; i < 100; i++) {
		snprintf(name, sizeof(name), "%s/many-%03d", tmp("sub"), i);
		CHECK(unlink(name) == 0);
	}
	list("sub emptied", tmp("sub"), 0);
}

static void renames(void)
{
	char buf[4] = { 0 };
	int fd;

	touch(tmp("c"));
	CHECK(rename(tmp("b"), tmp("c")) == 0);
	fd = open(tmp("c"), O_RDONLY);
	CHECK(read(fd, buf, 1) == 1);
	close(fd);
	printf("rename over an existing file: c holds \"%s\"\n", buf);
	CHECK(rename(tmp("c"), tmp("sub/moved")) == 0);
	CHECK(mkdir(tmp("d"), 0755) == 0);
	CHECK(rename(tmp("sub"), tmp("d/sub2")) == 0);
	list("after moving c into sub and sub into d", tmp("d/sub2"), 0);
	expect_err("rename(missing)", rename(tmp("nope"), tmp("x")), ENOENT);
	expect_err("rename dir into itself",
		   rename(tmp("d"), tmp("d/sub2/x")), EINVAL);
	touch(tmp("f2"));
	expect_err("rename dir over a file", rename(tmp("d"), tmp("f2")),
		   ENOTDIR);
	expect_err("rename file over a dir", rename(tmp("f2"), tmp("d")),
		   EISDIR);
	CHECK(unlink(tmp("f2")) == 0);
	CHECK(rename(tmp("d/sub2"), tmp("sub")) == 0);
	CHECK(rmdir(tmp("d")) == 0);
}

static void cwd_and_at(void)
{
	char buf[256];
	size_t n = strlen(tmp_dir);
	int dfd;

	CHECK(chdir(tmp("sub")) == 0);
	CHECK(getcwd(buf, sizeof(buf)) != NULL);
	printf("getcwd: <tmp>%s\n", strncmp(buf, tmp_dir, n) ? buf : buf + n);
	CHECK(chdir("..") == 0);
	CHECK(getcwd(buf, sizeof(buf)) != NULL);
	yes("chdir .. returns to the test directory", !strcmp(buf, tmp_dir));
	expect_err("getcwd into 2 bytes", getcwd(buf, 2) ? 0 : -1, ERANGE);
	dfd = open(tmp("sub"), O_RDONLY | O_DIRECTORY);
	CHECK(mkdirat(dfd, "at", 0755) == 0);
	CHECK(close(openat(dfd, "at/f", O_CREAT | O_WRONLY, 0644)) == 0);
	CHECK(renameat(dfd, "at/f", dfd, "g") == 0);
	list("sub after mkdirat, openat, renameat", tmp("sub"), 0);
	expect_err("unlinkat(dir, 0)", unlinkat(dfd, "at", 0), EISDIR);
	CHECK(unlinkat(dfd, "at", AT_REMOVEDIR) == 0);
	CHECK(unlinkat(dfd, "g", 0) == 0);
	CHECK(unlinkat(dfd, "moved", 0) == 0);
	close(dfd);
	CHECK(chdir("/") == 0);
}

static void errors(void)
{
	touch(tmp("file"));
	expect_err("mkdir(existing)", mkdir(tmp("sub"), 0755), EEXIST);
	expect_err("mkdir(missing parent)", mkdir(tmp("no/x"), 0755), ENOENT);
	expect_err("mkdir(file/x)", mkdir(tmp("file/x"), 0755), ENOTDIR);
	expect_err("rmdir(missing)", rmdir(tmp("nope")), ENOENT);
	expect_err("rmdir(file)", rmdir(tmp("file")), ENOTDIR);
	expect_err("rmdir(dir/.)", rmdir(tmp("sub/.")), EINVAL);
	expect_err("unlink(dir)", unlink(tmp("sub")), EISDIR);
	expect_err("unlink(missing)", unlink(tmp("nope")), ENOENT);
	expect_err("opendir(file)", opendir(tmp("file")) ? 0 : -1, ENOTDIR);
	expect_err("open(dir, O_WRONLY)", open(tmp("sub"), O_WRONLY), EISDIR);
	expect_err("chdir(file)", chdir(tmp("file")), ENOTDIR);
	CHECK(unlink(tmp("file")) == 0);
	CHECK(rmdir(tmp("sub")) == 0);
}

int main(void)
{
	tmp_init("dir");
	listing();
	renames();
	cwd_and_at();
	errors();
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
