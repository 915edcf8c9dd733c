/*
 * pagemap.c: /proc/self/pagemap as Linux gives it: one 64-bit entry per
 * page, bit 63 present, 61 file or shared page, 56 mapped once (not after
 * fork), the frame number only through a file root opened; 0 for a page
 * not in memory or no mapping covers; offsets and sizes must be
 * multiples of 8; reading ends with user space.  (Linux i386 has no
 * soft-dirty bit 55.)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include "check.h"

#define PAGE	4096ul

static int pm;

static uint64_t entry(const void *addr)
{
	uint64_t e = 0;

	CHECK(pread(pm, &e, 8, (off_t)((uintptr_t)addr / PAGE * 8)) == 8);
	return e;
}

static void show(const char *what, const void *addr)
{
	uint64_t e = entry(addr);

	printf("%s:%s%s%s%s%s\n", what, e >> 63 ? " present" : "",
	       (e >> 61) & 1 ? " file" : "", (e >> 56) & 1 ? " exclusive" : "",
	       (e >> 55) & 1 ? " soft-dirty" : "",
	       e & ((1ull << 55) - 1) ? " pfn" : (e ? "" : " nothing"));
}

int main(void)
{
	char *anon, *shared, *file, buf[16];
	pid_t pid;
	int fd;

	tmp_init("pagemap");
	pm = open("/proc/self/pagemap", O_RDONLY);
	CHECK(pm >= 0);
	anon = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	shared = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	CHECK(anon != MAP_FAILED && shared != MAP_FAILED);
	anon[0] = 1;
	anon[2 * PAGE] = 1;
	shared[0] = 1;
	CHECK(munmap(anon + 3 * PAGE, PAGE) == 0);
	show("unmapped page", anon + 3 * PAGE);
	fd = open(tmp("data"), O_CREAT | O_RDWR, 0600);
	CHECK(fd >= 0 && write(fd, "data", 4) == 4);
	file = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	CHECK(file != MAP_FAILED && file[0] == 'd');
	show("written anonymous page", anon);
	show("untouched anonymous page", anon + PAGE);
	show("shared anonymous page", shared);
	show("file page read", file);
	pid = fork();
	if (pid == 0) {
		show("the written page in the child", anon);
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		show("the same as uid 1000", anon);
		pm = open("/proc/self/pagemap", O_RDONLY);
		CHECK(pm >= 0);
		show("opened as uid 1000", anon);
		_exit(finish());
	}
	printf("child: %s\n", wait_str(pid));
	expect_err("pread at offset 4", (int)pread(pm, buf, 8, 4), EINVAL);
	expect_err("pread of 7 bytes", (int)pread(pm, buf, 7, 0), EINVAL);
	printf("pread at the end of user space: %d\n",
	       (int)pread(pm, buf, 8, (off_t)(0xc0000000ull / PAGE * 8)));
	printf("pread of the last page: %d\n",
	       (int)pread(pm, buf, 16, (off_t)(0xbffff000ull / PAGE * 8)));
	return finish();
}
