/*
 * prof_bench.c: the profiler's overhead and accuracy, measured inside
 * maestro (tests/bench/prof.mk runs it as init).
 *
 * Overhead: two workloads, each a fixed amount of work sized at the start
 * to take about 0.15 s: "cpu" (pure computation in user mode) and
 * "syscall" (getppid, a 1-byte read of /dev/zero and a 1-byte write to
 * /dev/null per step).  Each round times each workload three ways: with
 * no recording ("off"), with the sampling timer interrupting at 1000 Hz
 * but no task profiled ("timer": the interrupt's own cost, nothing
 * written), and with a recording of the whole system at 1000 Hz ("on");
 * the order rotates from round to round.  The overhead of a mode is the
 * median, over ROUNDS rounds, of its time over the same round's time
 * without recording.  The sampling handler's own cost comes from the profiler's
 * statistics (TSC cycles per interrupt, from its first to its last
 * instruction).
 *
 * Accuracy: /test/split spends 3/4 of its time in work_three and 1/4 in
 * work_one (the same inner loop, called three times and once); `profile`
 * records it and the shares of its samples under each are printed.
 *
 * Output: "prof-bench: NAME VALUE UNIT" lines, then "prof-bench: done".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kernel/prof/uapi.h"

#define ROUNDS		21
#define TARGET_NS	150000000ull

static int prof_fd = -1;
static int zero_fd, null_fd;
static volatile uint32_t sink;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void cpu_work(uint64_t steps)
{
	uint32_t x = 2463534242u;

	for (uint64_t i = 0; i < steps; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
	}
	sink = x;
}

static void syscall_work(uint64_t steps)
{
	char c;

	for (uint64_t i = 0; i < steps; i++) {
		syscall(SYS_getppid);
		if (read(zero_fd, &c, 1) != 1 || write(null_fd, &c, 1) != 1)
			exit(1);
	}
}

/* Steps of work that take about TARGET_NS. */
static uint64_t calibrate(void (*work)(uint64_t))
{
	uint64_t steps = 1000, t;

	for (;;) {
		t = now_ns();
		work(steps);
		t = now_ns() - t;
		if (t > TARGET_NS / 8)
			return steps * TARGET_NS / t;
		steps *= 4;
	}
}

/* Start a recording with flags (0: stop the running one). */
static void recording(uint32_t flags)
{
	struct prof_config cfg = { .flags = flags, .hz = 1000 };

	if (ioctl(prof_fd, flags ? PROF_IOC_START : PROF_IOC_STOP,
		  flags ? (unsigned long)&cfg : 0) < 0) {
		printf("prof-bench: /dev/profile: %s\n", strerror(errno));
		exit(1);
	}
}

/* The modes of a round: no recording, the sampling timer running with
 * no task profiled (the interrupt's own cost), everything recorded. */
#define MODES	3
static const uint32_t mode_flags[MODES] = {
	0, PROF_F_SAMPLES, PROF_F_SAMPLES | PROF_F_ALL,
};
static const char *const mode_names[MODES] = { "off", "timer", "on" };

static uint64_t timed(void (*work)(uint64_t), uint64_t steps, int mode)
{
	uint64_t t;

	if (mode_flags[mode])
		recording(mode_flags[mode]);
	t = now_ns();
	work(steps);
	t = now_ns() - t;
	if (mode_flags[mode])
		recording(0);
	return t;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Each round runs the modes back to back in a rotated order, so that
 * none is always first or last; a mode's overhead is the median over the
 * rounds of its time over the same round's time without recording, which
 * cancels the emulator's slow drifts in speed. */
static void overhead(const char *name, void (*work)(uint64_t))
{
	uint64_t steps = calibrate(work), t[MODES][ROUNDS];
	double ratio[ROUNDS];

	for (int r = 0; r < ROUNDS; r++)
		for (int i = 0; i < MODES; i++)
			t[(r + i) % MODES][r] = timed(work, steps, (r + i) % MODES);
	for (int m = 1; m < MODES; m++) {
		for (int r = 0; r < ROUNDS; r++)
			ratio[r] = (double)t[m][r] / t[0][r];
		qsort(ratio, ROUNDS, sizeof(ratio[0]), cmp_double);
		printf("prof-bench: %s-%s-overhead %+.2f %%\n", name,
		       mode_names[m], 100.0 * (ratio[ROUNDS / 2] - 1));
	}
	for (int m = 0; m < MODES; m++) {
		qsort(t[m], ROUNDS, sizeof(t[m][0]), cmp_u64);
		printf("prof-bench: %s-%s %llu us\n", name, mode_names[m],
		       (unsigned long long)t[m][ROUNDS / 2] / 1000);
	}
}

static void handler_cost(void)
{
	struct prof_stats st;

	recording(mode_flags[2]);
	cpu_work(calibrate(cpu_work));
	if (ioctl(prof_fd, PROF_IOC_STATS, &st) < 0 || !st.handler_calls)
		exit(1);
	recording(0);
	printf("prof-bench: handler %llu cycles/sample\n",
	       (unsigned long long)(st.handler_cycles / st.handler_calls));
	printf("prof-bench: handler-ns %llu ns/sample\n",
	       (unsigned long long)(st.handler_cycles * 1000000 /
				    st.handler_calls / st.tsc_khz));
	printf("prof-bench: rate %u Hz\n", st.hz);
}

/* Samples under work_three and work_one in /test/split's profile. */
static void accuracy(void)
{
	char line[4096];
	unsigned long three = 0, one = 0, total = 0, n;
	pid_t pid = fork();
	FILE *f;

	if (pid == 0) {
		execl("/bin/profile", "profile", "-o", "/tmp/split.folded",
		      "/test/split", "3", (char *)NULL);
		_exit(127);
	}
	waitpid(pid, NULL, 0);
	f = fopen("/tmp/split.folded", "r");
	while (f && fgets(line, sizeof(line), f)) {
		char *sp = strrchr(line, ' ');

		if (!sp || strncmp(line, "split;", 6))
			continue;
		n = strtoul(sp + 1, NULL, 10);
		total += n;
		if (strstr(line, ";work_three"))
			three += n;
		else if (strstr(line, ";work_one"))
			one += n;
	}
	if (f)
		fclose(f);
	printf("prof-bench: split-samples %lu samples\n", total);
	if (total) {
		printf("prof-bench: work_three %.1f %% (expected 75)\n",
		       100.0 * three / total);
		printf("prof-bench: work_one %.1f %% (expected 25)\n",
		       100.0 * one / total);
	}
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	prof_fd = open("/dev/profile", O_RDONLY);
	zero_fd = open("/dev/zero", O_RDONLY);
	null_fd = open("/dev/null", O_WRONLY);
	if (prof_fd < 0 || zero_fd < 0 || null_fd < 0) {
		printf("prof-bench: cannot open the devices: %s\n",
		       strerror(errno));
		return 1;
	}
	overhead("cpu", cpu_work);
	overhead("syscall", syscall_work);
	handler_cost();
	accuracy();
	printf("prof-bench: done\n");
	return 0;
}
