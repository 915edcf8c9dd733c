/*
 * util.h: helpers shared by the host tests (tests/host/util.c).
 *
 * Interface:
 *   test_rand()		deterministic 32-bit pseudo-random numbers
 *				(xorshift), the same sequence on every run;
 *   fill_nonzero(p, n)		fill with non-zero bytes biased towards the
 *				values that trip word-at-a-time code (0x01,
 *				0x7f, 0x80, 0x81, 0xfe, 0xff);
 *   guard_map(), guard_unmap()	one readable, writable page directly followed
 *				by an inaccessible one: guard_map() returns
 *				the page, guard_end() the first byte that
 *				faults.
 */
#ifndef TESTS_HOST_UTIL_H
#define TESTS_HOST_UTIL_H

#include <stddef.h>
#include <stdint.h>

uint32_t test_rand(void);
void fill_nonzero(unsigned char *p, size_t n);
char *guard_map(void);
char *guard_end(char *page);
void guard_unmap(char *page);

#endif
