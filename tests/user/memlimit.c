/*
 * memlimit.c: when mmap and brk refuse memory, as Linux: past RLIMIT_AS
 * (every mapping counts), past RLIMIT_DATA (private writable memory and
 * the heap only), and, whatever the limits, one private writable mapping
 * bigger than the machine's memory (Linux's default overcommit
 * heuristic; a read-only or MAP_NORESERVE one is not refused).  Each
 * case runs in a child, the limits being for good.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "check.h"

#define MIB	(1024 * 1024ul)

static void try_map(const char *what, size_t len, int prot, int flags)
{
	void *p = mmap(NULL, len, prot, flags | MAP_ANONYMOUS, -1, 0);

	printf("%s: %s\n", what, p == MAP_FAILED ? strerror(errno) : "mapped");
	if (p != MAP_FAILED)
		munmap(p, len);
}

/* The brk call itself (musl's sbrk refuses any increment): it answers
 * the new break, or the old one when it refuses. */
static void try_sbrk(const char *what, long len)
{
	long old = syscall(SYS_brk, 0), now = syscall(SYS_brk, old + len);

	printf("%s: %s\n", what, now == old + len ? "grown" : "refused");
	CHECK(syscall(SYS_brk, old) == old);
}

static void limit(int resource, rlim_t bytes)
{
	struct rlimit r = { bytes, bytes };

	CHECK(setrlimit(resource, &r) == 0);
}

static void address_space(void)
{
	void *keep;

	limit(RLIMIT_AS, 64 * MIB);
	try_map("RLIMIT_AS 64 MiB, map 128 MiB", 128 * MIB, PROT_READ,
		MAP_PRIVATE);
	try_map("map 16 MiB", 16 * MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	try_sbrk("sbrk 96 MiB", 96 * MIB);
	try_sbrk("sbrk 1 MiB", MIB);
	keep = mmap(NULL, 40 * MIB, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		    -1, 0);
	CHECK(keep != MAP_FAILED);
	try_map("with 40 MiB mapped, map 30 MiB more", 30 * MIB, PROT_READ,
		MAP_PRIVATE);
	printf("MAP_FIXED over those 40 MiB: %s\n",
	       mmap(keep, 40 * MIB, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		    MAP_FIXED, -1, 0) == keep ? "mapped" : strerror(errno));
}

static void data(void)
{
	limit(RLIMIT_DATA, 16 * MIB);
	try_map("RLIMIT_DATA 16 MiB, private writable 32 MiB", 32 * MIB,
		PROT_READ | PROT_WRITE, MAP_PRIVATE);
	try_map("read-only 32 MiB", 32 * MIB, PROT_READ, MAP_PRIVATE);
	try_map("shared writable 32 MiB", 32 * MIB, PROT_READ | PROT_WRITE,
		MAP_SHARED);
	try_map("private writable 4 MiB", 4 * MIB, PROT_READ | PROT_WRITE,
		MAP_PRIVATE);
	try_sbrk("sbrk 32 MiB", 32 * MIB);
	try_sbrk("sbrk 1 MiB", MIB);
}

static void overcommit(void)
{
	size_t huge = 1536 * MIB;

	try_map("private writable 1.5 GiB", huge, PROT_READ | PROT_WRITE,
		MAP_PRIVATE);
	try_map("the same with MAP_NORESERVE", huge, PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_NORESERVE);
	try_map("read-only 1.5 GiB", huge, PROT_READ, MAP_PRIVATE);
	try_map("shared 1.5 GiB", huge, PROT_READ | PROT_WRITE, MAP_SHARED);
}

static void in_child(const char *name, void (*fn)(void))
{
	pid_t pid = fork();

	if (pid == 0) {
		fn();
		_exit(finish());
	}
	printf("%s: %s\n", name, wait_str(pid));
}

int main(void)
{
	in_child("address space", address_space);
	in_child("data", data);
	in_child("overcommit", overcommit);
	return finish();
}
