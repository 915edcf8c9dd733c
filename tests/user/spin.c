/*
 * spin.c: a CPU-bound program for the profiler (kernel/prof/), whose
 * system tests and benchmark profile it: `spin [SECONDS]` (default 2)
 * spends SECONDS of CPU time in spin_here(), called from main, and prints
 * "spin: done".  spin_here() does pure computation (a xorshift chain that
 * each step depends on) and reads the clock only once every SPIN_CHECK
 * steps, so that nearly every sample of a profile has the user stack
 * main;spin_here.  Exit status 0, or 2 for a bad argument.
 *
 * Its output does not depend on timing, but its run time does: it is not
 * in programs.txt (the oracle does not run it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Steps between two readings of the clock. */
#define SPIN_CHECK (1u << 20)

/* Keeps the computation's result alive: the compiler cannot drop it. */
static volatile uint32_t spin_sink;

/* CPU time used by the process so far, in ns. */
static long long cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Spins until the process has used ns more nanoseconds of CPU time. */
static __attribute__((noinline, noclone)) void spin_here(long long ns)
{
	long long end = cpu_ns() + ns;
	uint32_t x = 2463534242u;

	do {
		for (uint32_t i = 0; i < SPIN_CHECK; i++) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			x += i;
		}
		spin_sink = x;
	} while (cpu_ns() < end);
}

int main(int argc, char **argv)
{
	double seconds = 2;
	char *end;

	if (argc > 1) {
		seconds = strtod(argv[1], &end);
		if (argc > 2 || end == argv[1] || *end || seconds < 0) {
			fprintf(stderr, "usage: spin [SECONDS]\n");
			return 2;
		}
	}
	spin_here((long long)(seconds * 1e9));
	printf("spin: done\n");
	return 0;
}
