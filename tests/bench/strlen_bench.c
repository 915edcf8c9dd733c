/*
 * strlen_bench.c: lib's word-at-a-time strlen against a byte loop and
 * against musl's strlen, in the two static musl programs that
 * tests/bench/bench.mk makes from this file: i386 (32-bit words, as in the
 * kernel) and x86_64 (64-bit words, the host's own).  Every row of the
 * output starts with the word size of the program that printed it.
 *
 * lib/strlen.c is compiled with tests/host/lib_rename.h, so its strlen is
 * lib_strlen here and `strlen` stays the C library's.  Both are measured
 * as the linker placed them and as renamed copies of the same object code
 * at fixed positions modulo 64 (see bench.mk for why): the table compares
 * lib's worst placement with musl's best.
 *
 * Every function is called through a volatile function pointer, so the
 * compiler can neither inline it nor hoist a pure call out of the timing
 * loop.  One run times, with CLOCK_MONOTONIC, enough calls to process about
 * 1 MB.  The program makes PASSES passes over all the cases, a few runs of
 * each function per case and pass, and keeps each one's best time: spread
 * over several seconds like this, every case gets to run in the quiet
 * moments of a busy (or hyperthreaded) machine.  Prints ns per call and
 * the ratios, then checks the targets of issue 2: lib at least 2.2x the
 * byte loop from 64 bytes up, no slower than it at 8 bytes, and at least
 * as fast as musl (the issue set them for the 32-bit build).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PASSES		60
#define RUNS_PER_PASS	4
#define BYTES_PER_RUN	(1u << 20)
#define MAX_LEN		65536

typedef size_t (*strlen_fn)(const char *);

size_t lib_strlen(const char *s);
size_t lib_strlen_0(const char *s);
size_t lib_strlen_32(const char *s);
size_t musl_strlen_0(const char *s);
size_t musl_strlen_16(const char *s);
size_t musl_strlen_32(const char *s);
size_t musl_strlen_48(const char *s);

/* The plain byte loop; bench.mk's flags keep gcc from calling strlen. */
__attribute__((noinline))
static size_t byte_strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

enum { BYTE, LIB, LIB_0, LIB_32, MUSL, MUSL_0, MUSL_16, MUSL_32, MUSL_48,
       NFNS };

static const struct {
	const char *name;
	strlen_fn fn;
} fns[NFNS] = {
	[BYTE] = { "byte", byte_strlen },
	[LIB] = { "lib", lib_strlen },
	[LIB_0] = { "lib", lib_strlen_0 },
	[LIB_32] = { "lib", lib_strlen_32 },
	[MUSL] = { "musl", strlen },
	[MUSL_0] = { "musl", musl_strlen_0 },
	[MUSL_16] = { "musl", musl_strlen_16 },
	[MUSL_32] = { "musl", musl_strlen_32 },
	[MUSL_48] = { "musl", musl_strlen_48 },
};

/* The word size of this build, in bits: 32 for i386, 64 for x86_64. */
#define WORD_BITS	((int)(8 * sizeof(size_t)))

struct result {
	size_t len, off;
	double ns[NFNS];
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Time per call, in ns, of reps calls of fn on s (whose length is len). */
static double time_fn(strlen_fn f, const char *s, size_t len, unsigned reps)
{
	strlen_fn volatile fn = f;
	size_t sum = 0;
	double t;

	t = now_ns();
	for (unsigned i = 0; i < reps; i++)
		sum += fn(s);
	t = (now_ns() - t) / reps;
	if (sum != (size_t)reps * len) {
		fprintf(stderr, "strlen_bench: wrong length\n");
		exit(1);
	}
	return t;
}

/* Lay out the string of case r in buf; returns it. */
static char *setup_case(char *buf, const struct result *r)
{
	char *s = buf + r->off;

	for (size_t i = 0; i < r->len; i++)
		s[i] = (char)('a' + i % 26);
	s[r->len] = '\0';
	return s;
}

/* One pass over case r: a few runs of each function, keeping the best. */
static void run_case(char *buf, struct result *r)
{
	char *s = setup_case(buf, r);
	unsigned reps = BYTES_PER_RUN / (unsigned)(r->len + 32);
	double t;

	for (int f = 0; f < NFNS; f++)
		time_fn(fns[f].fn, s, r->len, reps / 8 + 1);	/* warm up */
	for (int run = 0; run < RUNS_PER_PASS; run++)
		for (int f = 0; f < NFNS; f++) {
			t = time_fn(fns[f].fn, s, r->len, reps);
			if (t < r->ns[f])
				r->ns[f] = t;
		}
}

/* lib's slowest placement. */
static double lib_worst(const struct result *r)
{
	double worst = r->ns[LIB];

	for (int f = LIB_0; f <= LIB_32; f++)
		if (r->ns[f] > worst)
			worst = r->ns[f];
	return worst;
}

/* musl's fastest placement. */
static double musl_best(const struct result *r)
{
	double best = r->ns[MUSL];

	for (int f = MUSL_0; f <= MUSL_48; f++)
		if (r->ns[f] < best)
			best = r->ns[f];
	return best;
}

/* Check the targets; returns the number missed. */
static int check_targets(const struct result *r, int n)
{
	int missed = 0;

	for (int i = 0; i < n; i++) {
		double byte_ratio = r[i].ns[BYTE] / lib_worst(&r[i]);
		double musl_ratio = musl_best(&r[i]) / lib_worst(&r[i]);
		double need = r[i].len >= 64 ? 2.2 : 1.0;

		if (byte_ratio < need) {
			printf("%d-bit MISSED: len %zu off %zu: byte/lib "
			       "%.2f < %.1f\n", WORD_BITS, r[i].len, r[i].off,
			       byte_ratio, need);
			missed++;
		}
		if (musl_ratio < 1.0) {
			printf("%d-bit MISSED: len %zu off %zu: musl/lib "
			       "%.2f < 1\n", WORD_BITS, r[i].len, r[i].off,
			       musl_ratio);
			missed++;
		}
	}
	return missed;
}

static void print_table(const struct result *r, int n)
{
	printf("strlen, %d-bit words, ns per call (best of %d runs; lib: "
	       "its slowest placement, musl: its fastest)\n", WORD_BITS,
	       PASSES * RUNS_PER_PASS);
	printf("%6s %7s %4s %10s %10s %10s %9s %9s\n", "words", "length",
	       "off", "byte", "lib", "musl", "byte/lib", "musl/lib");
	for (int i = 0; i < n; i++)
		printf("%2d-bit %7zu %4zu %10.2f %10.2f %10.2f %9.2f %9.2f\n",
		       WORD_BITS, r[i].len, r[i].off, r[i].ns[BYTE],
		       lib_worst(&r[i]),
		       musl_best(&r[i]), r[i].ns[BYTE] / lib_worst(&r[i]),
		       musl_best(&r[i]) / lib_worst(&r[i]));
}

/* Every placement: its function's address modulo 64, then its times. */
static void print_placements(const struct result *r, int n)
{
	printf("\nby placement (function address modulo 64), ns per call:\n"
	       "%6s %7s %4s", "words", "length", "off");
	for (int f = LIB; f < NFNS; f++)
		printf(" %4s@%-2lu", fns[f].name,
		       (unsigned long)((uintptr_t)fns[f].fn % 64));
	printf("\n");
	for (int i = 0; i < n; i++) {
		printf("%2d-bit %7zu %4zu", WORD_BITS, r[i].len, r[i].off);
		for (int f = LIB; f < NFNS; f++)
			printf(" %7.2f", r[i].ns[f]);
		printf("\n");
	}
}

int main(void)
{
	static const size_t lens[] = { 8, 64, 1024, 65536 };
	static const size_t offs[] = { 0, 1, 3 };
	struct result res[12];
	char *buf = aligned_alloc(64, MAX_LEN + 64);
	int n = 0, missed;

	for (size_t l = 0; l < 4; l++)
		for (size_t o = 0; o < 3; o++, n++) {
			res[n].len = lens[l];
			res[n].off = offs[o];
			for (int f = 0; f < NFNS; f++)
				res[n].ns[f] = 1e30;
		}
	for (int pass = 0; pass < PASSES; pass++)
		for (int i = 0; i < n; i++)
			run_case(buf, &res[i]);
	print_table(res, n);
	print_placements(res, n);
	missed = check_targets(res, n);
	if (missed)
		printf("%d-bit strlen targets: %d missed\n", WORD_BITS,
		       missed);
	else
		printf("%d-bit strlen targets: all met (>= 2.2x byte loop "
		       "from 64 bytes, >= byte loop at 8, >= musl)\n",
		       WORD_BITS);
	free(buf);
	return 0;
}
