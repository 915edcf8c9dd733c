/*
 * fileio.c: file I/O in a fresh directory under /tmp: create, write,
 * lseek, read, pread, pwrite, ftruncate, fstat sizes, rename, unlink and
 * rmdir, and a directory listing (sorted, so the order is deterministic).
 * Prints what it saw; exit status 0 when everything matched.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures;
static char dir[64];

#define CHECK(c) do { if (!(c)) { printf("FAILED %s (line %d)\n", #c, \
	__LINE__); failures++; } } while (0)

static const char *path(const char *name)
{
	static char buf[128];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static void rw_file(void)
{
	char buf[32] = { 0 };
	struct stat st;
	int fd = open(path("a"), O_CREAT | O_RDWR | O_TRUNC, 0644);

	CHECK(fd >= 0);
	CHECK(write(fd, "hello, world\n", 13) == 13);
	CHECK(lseek(fd, 0, SEEK_CUR) == 13);
	CHECK(lseek(fd, 7, SEEK_SET) == 7);
	CHECK(read(fd, buf, sizeof(buf)) == 6);
	printf("read \"%.5s\"\n", buf);
	CHECK(pwrite(fd, "W", 1, 7) == 1);
	CHECK(pread(fd, buf, 5, 7) == 5);
	printf("pread \"%.5s\"\n", buf);
	CHECK(lseek(fd, 0, SEEK_CUR) == 13);
	CHECK(ftruncate(fd, 5) == 0);
	CHECK(fstat(fd, &st) == 0);
	printf("size after truncate %lld\n", (long long)st.st_size);
	CHECK(lseek(fd, 4096, SEEK_SET) == 4096);
	CHECK(write(fd, "x", 1) == 1);
	CHECK(fstat(fd, &st) == 0);
	printf("size after hole %lld\n", (long long)st.st_size);
	CHECK(pread(fd, buf, 4, 100) == 4 && !memcmp(buf, "\0\0\0\0", 4));
	CHECK(close(fd) == 0);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_dir(void)
{
	char *names[16];
	int n = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	CHECK(d != NULL);
	while (d && (de = readdir(d)) && n < 16)
		names[n++] = strdup(de->d_name);
	if (d)
		closedir(d);
	qsort(names, n, sizeof(names[0]), cmp);
	for (int i = 0; i < n; i++) {
		printf("entry %s\n", names[i]);
		free(names[i]);
	}
}

int main(void)
{
	char b[128];

	snprintf(dir, sizeof(dir), "/tmp/fileio.%d", (int)getpid());
	CHECK(mkdir(dir, 0755) == 0);
	rw_file();
	CHECK(mkdir(path("sub"), 0700) == 0);
	snprintf(b, sizeof(b), "%s", path("a"));
	CHECK(rename(b, path("b")) == 0);
	list_dir();
	CHECK(unlink(path("b")) == 0);
	CHECK(rmdir(path("sub")) == 0);
	CHECK(rmdir(dir) == 0);
	printf("%d failures\n", failures);
	return failures != 0;
}
