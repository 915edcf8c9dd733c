/*
 * util.c: helpers shared by the host tests (interface in util.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "tests/host/util.h"

static uint32_t rand_state = 2463534242u;

uint32_t test_rand(void)
{
	uint32_t x = rand_state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return rand_state = x;
}

void fill_nonzero(unsigned char *p, size_t n)
{
	static const unsigned char nasty[] = { 0x01, 0x7f, 0x80, 0x81, 0xfe,
					       0xff };
	uint32_t r;

	for (size_t i = 0; i < n; i++) {
		r = test_rand();
		if (r & 1)
			p[i] = nasty[(r >> 1) % sizeof(nasty)];
		else
			p[i] = (unsigned char)((r >> 8) % 255 + 1);
	}
}

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

char *guard_map(void)
{
	size_t ps = page_size();
	char *p = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || mprotect(p + ps, ps, PROT_NONE) != 0) {
		perror("guard_map");
		exit(2);
	}
	return p;
}

char *guard_end(char *page)
{
	return page + page_size();
}

void guard_unmap(char *page)
{
	munmap(page, 2 * page_size());
}
