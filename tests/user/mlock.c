/*
 * mlock.c: locked memory as Linux has it: mlock widens the range to
 * whole pages, faults them in and counts them in /proc/self/status's
 * VmLck; munlock; mlock2 (MLOCK_ONFAULT: counted, not faulted in; EINVAL
 * for other flags); ENOMEM for a range with a hole (the part before it
 * stays locked, nothing faulted in) or none; mlockall's EINVAL cases,
 * MCL_CURRENT, MCL_FUTURE (later mappings come locked and faulted in),
 * munlockall; MAP_LOCKED (LTP's mmap14: VmLck grows by the mapping);
 * locks are not inherited by fork; RLIMIT_MEMLOCK for a user (ENOMEM,
 * EAGAIN for MAP_LOCKED, EPERM at 0) and not for root.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "check.h"

#define PG 4096
#define NR_mlock2 376

static long vmlck(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	long kb = -1;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmLck:", 6))
			kb = strtol(line + 6, NULL, 10);
	if (f)
		fclose(f);
	return kb;
}

/* Residency of n pages at p, as 1 and 0. */
static const char *resident(void *p, int n)
{
	static char s[32];
	unsigned char v[32];

	if (mincore(p, (size_t)n * PG, v))
		return "mincore failed";
	for (int i = 0; i < n; i++)
		s[i] = (v[i] & 1) ? '1' : '0';
	s[n] = '\0';
	return s;
}

static void show(const char *what, long ret)
{
	int err = errno;
	long kb = vmlck();

	printf("%s: %ld %s, VmLck %ld kB\n", what, ret,
	       ret < 0 ? strerror(err) : "-", kb);
}

static void ranges(void)
{
	char *a = mmap(NULL, 8 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	printf("VmLck at first: %ld kB\n", vmlck());
	show("mlock 3 pages from +100", mlock(a + 100, 3 * PG));
	printf("resident: %s\n", resident(a, 8));
	show("munlock page 1", munlock(a + PG, 1));
	show("mlock2 ONFAULT pages 4-6",
	     syscall(NR_mlock2, a + 4 * PG, 3 * PG, 1));
	printf("resident: %s\n", resident(a, 8));
	show("mlock2 flags 2", syscall(NR_mlock2, a, PG, 2));
	show("mlock length 0", mlock(a, 0));
	show("mlock again (counted once)", mlock(a, 4 * PG));
	show("munlockall", munlockall());
	CHECK(munmap(a + 7 * PG, PG) == 0);
	show("mlock pages 6-7, 7 unmapped", mlock(a + 6 * PG, 2 * PG));
	printf("resident: %s\n", resident(a, 7));
	show("mlock of unmapped memory", mlock(a + 7 * PG, PG));
	show("munlock of unmapped memory", munlock(a + 7 * PG, PG));
	show("munlock pages 0-6", munlock(a, 7 * PG));
	CHECK(munmap(a, 7 * PG) == 0);
}

static void all(void)
{
	char *a;
	pid_t pid;

	show("mlockall(0)", mlockall(0));
	show("mlockall(MCL_ONFAULT)", mlockall(MCL_ONFAULT));
	show("mlockall(8)", mlockall(8));
	printf("mlockall(MCL_CURRENT): %d\n", mlockall(MCL_CURRENT));
	printf("VmLck > 0: %s\n", vmlck() > 0 ? "yes" : "no");
	pid = fork();
	if (pid == 0) {
		printf("child's VmLck: %ld kB\n", vmlck());
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	show("munlockall", munlockall());
	show("mlockall(MCL_FUTURE)", mlockall(MCL_FUTURE));
	a = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	printf("mapping after MCL_FUTURE: VmLck %ld kB, resident %s\n",
	       vmlck(), resident(a, 2));
	show("munlockall", munlockall());
	munmap(a, 2 * PG);
	a = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	printf("mapping after munlockall: VmLck %ld kB, resident %s\n",
	       vmlck(), resident(a, 2));
	munmap(a, 2 * PG);
}

static void map_locked(void)
{
	long before = vmlck();
	char *a = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_LOCKED, -1, 0);

	printf("MAP_LOCKED: VmLck grew by %ld kB, resident %s\n",
	       vmlck() - before, resident(a, 3));
	munmap(a + PG, PG);
	printf("middle page unmapped: VmLck %ld kB\n", vmlck());
	munmap(a, 3 * PG);
	printf("all unmapped: VmLck %ld kB\n", vmlck());
}

static void limits(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct rlimit r = { 8 * PG, 8 * PG };
		char *a = mmap(NULL, 16 * PG, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		CHECK(setrlimit(RLIMIT_MEMLOCK, &r) == 0);
		CHECK(setuid(1000) == 0);
		show("user: mlock 4 pages", mlock(a, 4 * PG));
		show("user: mlock 8 more", mlock(a + 4 * PG, 8 * PG));
		show("user: mlock 4 more", mlock(a + 4 * PG, 4 * PG));
		show("user: mlock the same 8 again", mlock(a, 8 * PG));
		show("user: MAP_LOCKED page",
		     (long)mmap(NULL, PG, PROT_READ, MAP_PRIVATE |
				MAP_ANONYMOUS | MAP_LOCKED, -1, 0) == -1 ?
		     -1 : 0);
		show("user: mlockall(MCL_CURRENT)", mlockall(MCL_CURRENT));
		show("user: munlock", munlock(a, 16 * PG));
		r.rlim_cur = 0;
		CHECK(setrlimit(RLIMIT_MEMLOCK, &r) == 0);
		show("user, limit 0: mlock", mlock(a, PG));
		show("user, limit 0: mlockall", mlockall(MCL_FUTURE));
		show("user, limit 0: MAP_LOCKED",
		     (long)mmap(NULL, PG, PROT_READ, MAP_PRIVATE |
				MAP_ANONYMOUS | MAP_LOCKED, -1, 0) == -1 ?
		     -1 : 0);
		show("user, limit 0: munlockall", munlockall());
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	pid = fork();
	if (pid == 0) {
		struct rlimit r = { 0, 0 };
		char *a = mmap(NULL, 4 * PG, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		CHECK(setrlimit(RLIMIT_MEMLOCK, &r) == 0);
		show("root, limit 0: mlock", mlock(a, 4 * PG));
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
}

int main(void)
{
	ranges();
	all();
	map_locked();
	limits();
	return finish();
}
