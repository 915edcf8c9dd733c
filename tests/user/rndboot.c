/*
 * rndboot.c: maestro only (not in programs.txt: what it prints differs
 * on every run by design).  Randomness as the first process sees it,
 * for tests/system/random.py; booted as init (init=/test/rndboot
 * shutdown=poweroff) it prints, one "rndboot: ..." line each:
 *   nonblock RESULT TIME	getrandom(16, GRND_NONBLOCK) at once: "16"
 *				or the errno's name (EAGAIN), and the seconds
 *				the call took by CLOCK_MONOTONIC;
 *   urandom HEX		the first 32 bytes read from /dev/urandom;
 *   at_random HEX		its 16 AT_RANDOM bytes;
 *   boot_id TEXT		/proc/sys/kernel/random/boot_id ("none" if
 *				it cannot be read);
 *   waiting ...		before a blocking getrandom(16, 0),
 *   blocking RESULT TIME	and after it, as nonblock;
 *   child at_random HEX	twice: the AT_RANDOM bytes of a child that
 *				exec'd this program with "at-random";
 *   done
 * then ends (the kernel powers off).  With "at-random" it prints only its
 * "at_random" line.  The host compares the lines of two boots.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define GRND_NONBLOCK	1

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void hex(const char *what, const unsigned char *p, int n)
{
	printf("rndboot: %s ", what);
	for (int i = 0; i < n; i++)
		printf("%02x", p[i]);
	printf("\n");
}

static void timed_getrandom(const char *what, unsigned int flags)
{
	unsigned char buf[16];
	double start = now();
	long n = syscall(SYS_getrandom, buf, sizeof(buf), flags);
	double took = now() - start;

	if (n < 0)
		printf("rndboot: %s %s %.3f\n", what,
		       errno == EAGAIN ? "EAGAIN" : strerror(errno), took);
	else
		printf("rndboot: %s %ld %.3f\n", what, n, took);
}

static void first_urandom(void)
{
	unsigned char buf[32];
	int fd = open("/dev/urandom", O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf)) != sizeof(buf))
		memset(buf, 0, sizeof(buf));
	if (fd >= 0)
		close(fd);
	hex("urandom", buf, sizeof(buf));
}

static void boot_id(void)
{
	char buf[64] = "none\n";
	int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	if (n > 0)
		buf[n] = '\0';
	if (fd >= 0)
		close(fd);
	printf("rndboot: boot_id %s", buf);
}

static void child_at_random(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		execl("/test/rndboot", "rndboot", "at-random", (char *)0);
		_exit(127);
	}
	waitpid(pid, NULL, 0);
}

int main(int argc, char **argv)
{
	const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);
	unsigned char none[16] = { 0 };

	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc == 2 && !strcmp(argv[1], "at-random")) {
		hex("child at_random", r ? r : none, 16);
		return 0;
	}
	timed_getrandom("nonblock", GRND_NONBLOCK);
	first_urandom();
	hex("at_random", r ? r : none, 16);
	boot_id();
	printf("rndboot: waiting for a blocking getrandom\n");
	timed_getrandom("blocking", 0);
	child_at_random();
	child_at_random();
	printf("rndboot: done\n");
	return 0;
}
