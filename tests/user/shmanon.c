/*
 * shmanon.c: shared anonymous memory (MAP_SHARED | MAP_ANONYMOUS) across
 * fork, as Linux's shmem backs it.  Every page is one page for every
 * process that maps it, whether or not anybody touched it before the
 * fork: five pages of which the parent touched four, the child writing
 * each; the child touching a page first, the parent first, both after
 * the fork; a page touched only by a grandchild; the middle page unmapped
 * in one process, the others still shared; pieces made by mprotect and
 * moved by mremap at their offset in the memory; the memory outliving
 * the process that mapped it; and its line in /proc/self/maps.  Exit
 * status 0 when every check held.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "check.h"

#define PG	4096

static volatile uint32_t *map_shared(int pages)
{
	void *p = mmap(NULL, pages * PG, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	CHECK(p != MAP_FAILED);
	return p;
}

/* The word at the start of page i of m. */
static volatile uint32_t *page(volatile uint32_t *m, int i)
{
	return (volatile uint32_t *)((volatile char *)m + i * PG);
}

/* Block until a byte comes on fd. */
static void wait_byte(int fd)
{
	char c;

	CHECK(read(fd, &c, 1) == 1);
}

static void send_byte(int fd)
{
	CHECK(write(fd, "x", 1) == 1);
}

static void five_pages(void)
{
	volatile uint32_t *m = map_shared(5);
	pid_t pid;

	for (int i = 0; i < 4; i++)
		*page(m, i) = 1;	/* page 4: nobody before the fork */
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 5; i++)
			*page(m, i) = 42;
		_exit(0);
	}
	printf("five pages, child: %s\n", wait_str(pid));
	for (int i = 0; i < 5; i++)
		printf("five pages: page %d reads %u\n", i, *page(m, i));
}

static void child_first(void)
{
	volatile uint32_t *m = map_shared(1);
	pid_t pid = fork();

	if (pid == 0) {
		*m = 7;
		_exit(0);
	}
	printf("child first, child: %s\n", wait_str(pid));
	printf("child first: parent reads %u\n", *m);
}

static void parent_first(void)
{
	volatile uint32_t *m = map_shared(1);
	int go[2];
	pid_t pid;

	CHECK(pipe(go) == 0);
	pid = fork();
	if (pid == 0) {
		wait_byte(go[0]);
		_exit(*m == 8 ? 0 : 1);
	}
	*m = 8;
	send_byte(go[1]);
	printf("parent first: child saw the store: %s\n", wait_str(pid));
	close(go[0]);
	close(go[1]);
}

static void both_after(void)
{
	volatile uint32_t *m = map_shared(2);
	int go[2], back[2];
	pid_t pid;

	CHECK(pipe(go) == 0 && pipe(back) == 0);
	pid = fork();
	if (pid == 0) {
		*page(m, 1) = 20;
		send_byte(back[1]);
		wait_byte(go[0]);
		_exit(*page(m, 0) == 10 ? 0 : 1);
	}
	*page(m, 0) = 10;
	wait_byte(back[0]);
	printf("both after: parent reads the child's page: %u\n", *page(m, 1));
	send_byte(go[1]);
	printf("both after: child read the parent's page: %s\n", wait_str(pid));
	close(go[0]);
	close(go[1]);
	close(back[0]);
	close(back[1]);
}

static void grandchild(void)
{
	volatile uint32_t *m = map_shared(3);
	pid_t pid = fork();

	if (pid == 0) {
		pid_t g = fork();

		if (g == 0) {
			*page(m, 2) = 33;
			_exit(0);
		}
		_exit(waitpid(g, NULL, 0) == g && *page(m, 2) == 33 ? 0 : 1);
	}
	printf("grandchild: the child saw its store: %s\n", wait_str(pid));
	printf("grandchild: parent reads %u\n", *page(m, 2));
}

static void unmap_middle(void)
{
	volatile uint32_t *m = map_shared(3);
	int go[2], back[2];
	pid_t pid;

	CHECK(pipe(go) == 0 && pipe(back) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(munmap((void *)page(m, 1), PG) == 0);
		*page(m, 0) = 5;
		*page(m, 2) = 6;
		send_byte(back[1]);
		wait_byte(go[0]);
		_exit(*page(m, 0) == 50 && *page(m, 2) == 60 ? 0 : 1);
	}
	wait_byte(back[0]);
	printf("middle unmapped in the child: parent reads %u and %u\n",
	       *page(m, 0), *page(m, 2));
	*page(m, 1) = 4;
	printf("middle unmapped: the parent's middle page: %u\n", *page(m, 1));
	*page(m, 0) = 50;
	*page(m, 2) = 60;
	send_byte(go[1]);
	printf("middle unmapped: child read the parent's stores: %s\n",
	       wait_str(pid));
	close(go[0]);
	close(go[1]);
	close(back[0]);
	close(back[1]);
}

static void pieces(void)
{
	volatile uint32_t *m = map_shared(4), *moved;
	pid_t pid = fork();

	if (pid == 0) {
		CHECK(mprotect((void *)page(m, 1), PG, PROT_READ) == 0);
		moved = mremap((void *)page(m, 3), PG, 2 * PG, MREMAP_MAYMOVE);
		CHECK(moved != MAP_FAILED);
		*moved = 13;
		*page(m, 2) = 12;
		_exit(*page(m, 1) == 0 ? 0 : 1);
	}
	printf("pieces, child: %s\n", wait_str(pid));
	printf("pieces: after mprotect, page 2 reads %u\n", *page(m, 2));
	printf("pieces: after mremap, page 3 reads %u\n", *page(m, 3));
}

/* The mapping outlives the process that made it: its children go on
 * sharing pages nobody touched while it lived. */
static void outlives_parent(void)
{
	int go1[2], go2[2], back[2];
	uint32_t seen = 0;
	pid_t pid;

	CHECK(pipe(go1) == 0 && pipe(go2) == 0 && pipe(back) == 0);
	pid = fork();
	if (pid == 0) {
		volatile uint32_t *m = map_shared(2);

		if (fork() == 0) {
			wait_byte(go1[0]);
			*page(m, 1) = 99;
			send_byte(back[1]);
			_exit(0);
		}
		if (fork() == 0) {
			wait_byte(go2[0]);
			seen = *page(m, 1);
			CHECK(write(back[1], &seen, sizeof(seen)) == sizeof(seen));
			_exit(0);
		}
		_exit(0);
	}
	printf("outlives: the mapper: %s\n", wait_str(pid));
	send_byte(go1[1]);
	wait_byte(back[0]);
	send_byte(go2[1]);
	CHECK(read(back[0], &seen, sizeof(seen)) == sizeof(seen));
	printf("outlives: the second child reads the first's store: %u\n", seen);
	close(go1[0]);
	close(go1[1]);
	close(go2[0]);
	close(go2[1]);
	close(back[0]);
	close(back[1]);
}

/* The line of /proc/self/maps starting at addr, without its device and
 * inode columns, in line; 0 or -1. */
static int maps_line(uintptr_t addr, char *line, size_t size)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char buf[256];
	int ret = -1;

	if (!f)
		return -1;
	while (fgets(buf, sizeof(buf), f)) {
		unsigned long start, end, off;
		char perms[8], *name = strchr(buf, '/');

		if (sscanf(buf, "%lx-%lx %7s %lx", &start, &end, perms, &off) != 4 ||
		    start != addr)
			continue;
		snprintf(line, size, "%lu pages %s offset %#lx %s",
			 (end - start) / PG, perms, off, name ? name : "-\n");
		ret = 0;
	}
	fclose(f);
	return ret;
}

static void maps(void)
{
	volatile uint32_t *m = map_shared(3);
	char line[256];

	CHECK(munmap((void *)m, PG) == 0);
	if (maps_line((uintptr_t)page(m, 1), line, sizeof(line)) == 0)
		printf("maps: %s", line);
	else
		printf("maps: no line\n");
}

int main(void)
{
	five_pages();
	child_first();
	parent_first();
	both_after();
	grandchild();
	unmap_middle();
	pieces();
	outlives_parent();
	maps();
	return finish();
}
