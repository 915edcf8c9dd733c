/*
 * fpu.c: floating point state per process.
 *
 * A child inherits the parent's x87 rounding mode and precision control
 * (fork copies the registers), and two processes computing at the same
 * time, each in its own rounding mode, do not disturb each other (the
 * kernel switches the registers with the processes).
 */
#include <fenv.h>
#include <sched.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

/* Sum 1/k for k = 1..n in the current rounding mode. */
static double harmonic(int n)
{
	volatile double sum = 0;

	for (int k = 1; k <= n; k++) {
		sum += 1.0 / k;
		if (k % 20000 == 0)
			sched_yield();
	}
	return sum;
}

static const char *mode_name(int mode)
{
	return mode == FE_DOWNWARD ? "downward" : mode == FE_UPWARD ? "upward" :
	       mode == FE_TONEAREST ? "to nearest" : "other";
}

int main(void)
{
	int status;
	pid_t pid;
	double down, up;

	setvbuf(stdout, NULL, _IONBF, 0);
	fesetround(FE_DOWNWARD);
	pid = fork();
	if (pid == 0) {
		printf("child inherits rounding: %s\n", mode_name(fegetround()));
		fesetround(FE_UPWARD);
		up = harmonic(200000);
		printf("child rounding still: %s\n", mode_name(fegetround()));
		_exit(up > 12.0 ? 0 : 1);
	}
	down = harmonic(200000);	/* while the child computes too */
	waitpid(pid, &status, 0);	/* then print, in a fixed order */
	printf("child exited %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	printf("parent rounding still: %s\n", mode_name(fegetround()));
	fesetround(FE_TONEAREST);
	printf("downward sum below the nearest one: %s\n",
	       down < harmonic(200000) ? "yes" : "no");
	return 0;
}
