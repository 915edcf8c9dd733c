/*
 * split.c: a program whose time divides 3:1 between two functions, for
 * the profiler's system tests and benchmark (kernel/prof/): `split
 * [SECONDS]` (default 2) repeats rounds of work_three() then work_one()
 * until SECONDS of CPU time have passed, and prints "split: done".
 *
 * work_three() runs three units and work_one() one; a unit is the same
 * call of work_unit(), SPLIT_UNIT steps of a xorshift chain in which each
 * step depends on the one before (nothing to vectorize, and the result of
 * one unit seeds the next, so no two calls can be merged).  So their CPU
 * costs are exactly 3:1, and a profile must find main;work_three in about
 * 75% of the samples and main;work_one in about 25%, each with work_unit
 * below it: only an unwinder that walks the stack tells them apart.  The
 * functions are noinline and noclone, so that each keeps its name and its
 * frame.  Exit status 0, or 2 for a bad argument.
 *
 * Its output does not depend on timing, but its run time does: it is not
 * in programs.txt (the oracle does not run it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Steps of one unit of work. */
#define SPLIT_UNIT (1u << 16)

/* Keeps the computation's result alive: the compiler cannot drop it. */
static volatile uint32_t split_sink;

/* CPU time used by the process so far, in ns. */
static long long cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/*
 * One unit of work from seed x; returns the value the chain ended on.
 * The result goes out through a volatile local: gcc gives a leaf function
 * that touches no stack no frame, even with -fno-omit-frame-pointer, and
 * then a sample in work_unit would not show its caller (the frame-pointer
 * chain starts at the caller's caller).  With the local on the stack, it
 * keeps its frame.
 */
static __attribute__((noinline, noclone)) uint32_t work_unit(uint32_t x)
{
	volatile uint32_t out;

	for (uint32_t i = 0; i < SPLIT_UNIT; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		x += i;
	}
	out = x;
	return out;
}

/*
 * Three units, each seeded by the one before.  The store after the last
 * call keeps the result alive and the call from being a tail call (a
 * jump that would leave work_unit without work_three's frame above it).
 */
static __attribute__((noinline, noclone)) uint32_t work_three(uint32_t x)
{
	x = work_unit(x);
	x = work_unit(x);
	x = work_unit(x);
	split_sink = x;
	return x;
}

/* One unit; the store is there for the same reasons as work_three's. */
static __attribute__((noinline, noclone)) uint32_t work_one(uint32_t x)
{
	x = work_unit(x);
	split_sink = x;
	return x;
}

int main(int argc, char **argv)
{
	double seconds = 2;
	long long end;
	uint32_t x = 2463534242u;
	char *rest;

	if (argc > 1) {
		seconds = strtod(argv[1], &rest);
		if (argc > 2 || rest == argv[1] || *rest || seconds < 0) {
			fprintf(stderr, "usage: split [SECONDS]\n");
			return 2;
		}
	}
	end = cpu_ns() + (long long)(seconds * 1e9);
	do {
		x = work_three(x);
		x = work_one(x);
	} while (cpu_ns() < end);
	printf("split: done\n");
	return 0;
}
