/*
 * memhog.c: take memory until there is none: maps and touches 1 MiB at a
 * time, printing the total every 4 MiB, until mmap fails (it then prints
 * "mmap: ENOMEM at N MiB" and exits 0) or the kernel kills it.  With an
 * argument N, stops at N MiB and sleeps until a signal comes instead.
 * For the out-of-memory system tests (tests/system/memory.py); not run by
 * the oracle, whose machine's memory differs.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "check.h"

#define CHUNK	(1024 * 1024)

int main(int argc, char **argv)
{
	long limit = argc > 1 ? atol(argv[1]) : 0;
	long mib;

	for (mib = 0; !limit || mib < limit; mib++) {
		char *p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			printf("mmap: %s at %ld MiB\n", strerror(errno), mib);
			return 0;
		}
		for (long i = 0; i < CHUNK; i += 4096)
			p[i] = 1;
		if ((mib + 1) % 4 == 0)
			printf("%ld MiB\n", mib + 1);
	}
	printf("holding %ld MiB\n", mib);
	pause();
	return 0;
}
