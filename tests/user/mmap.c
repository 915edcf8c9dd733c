/*
 * mmap.c: anonymous and file mappings.  Private anonymous memory starts
 * zeroed; MAP_SHARED anonymous memory written by a forked child is seen
 * by the parent; MAP_PRIVATE memory is copied on write after fork, both
 * ways; a child touching memory after munmap, or writing after
 * mprotect(PROT_READ), dies with SIGSEGV, and a handler sees SEGV_MAPERR
 * or SEGV_ACCERR with si_addr the faulting address; munmap of a middle
 * page leaves its neighbours; mremap grows and keeps the contents; a
 * MAP_SHARED file mapping writes the file, a MAP_PRIVATE one does not;
 * the errors EINVAL, EBADF, EACCES.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include "check.h"

#define PAGE 4096
static sigjmp_buf jump;
static volatile int fault_code;
static void *volatile fault_addr;

static char *map(size_t len, int prot, int flags)
{
	char *p = mmap(NULL, len, prot, flags | MAP_ANONYMOUS, -1, 0);

	CHECK(p != MAP_FAILED);
	return p;
}

/* The wait status of a child that writes (or reads) *p. */
static const char *child_touch(volatile char *p, int write)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (write)
			*p = 1;
		else
			(void)*p;
		_exit(0);
	}
	return wait_str(pid);
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_code = si->si_code;
	fault_addr = si->si_addr;
	siglongjmp(jump, 1);
}

static void anonymous(void)
{
	char *priv = map(3 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	char *shared = map(PAGE, PROT_READ | PROT_WRITE, MAP_SHARED);
	int zero = 1;
	pid_t pid;

	for (int i = 0; i < 3 * PAGE; i++)
		zero &= priv[i] == 0;
	yes("fresh private memory is zero", zero);
	yes("mapping is page-aligned", ((unsigned long)priv & (PAGE - 1)) == 0);
	strcpy(priv, "parent");
	strcpy(shared, "parent");
	pid = fork();
	if (pid == 0) {
		int ok = !strcmp(priv, "parent");

		strcpy(priv, "child");
		strcpy(shared, "child");
		_exit(ok ? 0 : 1);
	}
	printf("child saw the parent's private data: %s\n", wait_str(pid));
	printf("after the child wrote: private \"%s\", shared \"%s\"\n", priv,
	       shared);
	CHECK(munmap(priv + PAGE, PAGE) == 0);
	printf("read of the unmapped middle page: %s\n",
	       child_touch(priv + PAGE, 0));
	priv[0] = priv[2 * PAGE] = 'n';
	yes("its neighbours still work", priv[0] == 'n' && priv[2 * PAGE] == 'n');
	CHECK(munmap(priv, 3 * PAGE) == 0);
	printf("read after munmap: %s\n", child_touch(priv, 0));
	CHECK(mprotect(shared, PAGE, PROT_READ) == 0);
	printf("write after mprotect(PROT_READ): %s\n",
	       child_touch(shared, 1));
	printf("read after mprotect(PROT_READ): %s\n", child_touch(shared, 0));
	CHECK(mprotect(shared, PAGE, PROT_NONE) == 0);
	printf("read after mprotect(PROT_NONE): %s\n", child_touch(shared, 0));
	CHECK(mprotect(shared, PAGE, PROT_READ | PROT_WRITE) == 0);
	printf("write after mprotect(PROT_READ|PROT_WRITE): %s\n",
	       child_touch(shared, 1));
	CHECK(munmap(shared, PAGE) == 0);
}

static void fault_info(void)
{
	struct sigaction sa = { .sa_sigaction = on_segv,
				.sa_flags = SA_SIGINFO | SA_NODEFER };
	char *ro = map(PAGE, PROT_READ, MAP_PRIVATE);
	char *gone = map(PAGE, PROT_READ, MAP_PRIVATE);

	CHECK(munmap(gone, PAGE) == 0);
	CHECK(sigaction(SIGSEGV, &sa, NULL) == 0);
	if (!sigsetjmp(jump, 1))
		*(volatile char *)(ro + 5) = 1;
	printf("write to read-only: SEGV_ACCERR %d, si_addr right %d\n",
	       fault_code == SEGV_ACCERR, fault_addr == ro + 5);
	if (!sigsetjmp(jump, 1))
		(void)*(volatile char *)(gone + 9);
	printf("read of unmapped: SEGV_MAPERR %d, si_addr right %d\n",
	       fault_code == SEGV_MAPERR, fault_addr == gone + 9);
	signal(SIGSEGV, SIG_DFL);
	CHECK(munmap(ro, PAGE) == 0);
}

static void remap(void)
{
	char *p = map(PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE), *q;

	strcpy(p, "kept");
	q = mremap(p, PAGE, 16 * PAGE, MREMAP_MAYMOVE);
	CHECK(q != MAP_FAILED);
	q[15 * PAGE] = 'z';
	printf("mremap grow: \"%s\", last page %c\n", q, q[15 * PAGE]);
	CHECK(munmap(q, 16 * PAGE) == 0);
}

static void files(void)
{
	char buf[8] = { 0 };
	int fd = open(tmp("f"), O_CREAT | O_RDWR | O_TRUNC, 0644);
	char *s, *p;

	CHECK(ftruncate(fd, PAGE) == 0);
	s = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	CHECK(s != MAP_FAILED && p != MAP_FAILED);
	memcpy(s, "shared", 6);
	printf("private mapping sees the shared write: %.6s\n", p);
	memcpy(p, "PRIV", 4);
	CHECK(pread(fd, buf, 6, 0) == 6);
	printf("file after both writes: \"%s\"\n", buf);
	CHECK(msync(s, PAGE, MS_SYNC) == 0);
	CHECK(munmap(s, PAGE) == 0 && munmap(p, PAGE) == 0);
	close(fd);
	fd = open(tmp("f"), O_RDONLY);
	expect_err("MAP_SHARED writable of an O_RDONLY file", (long)mmap(NULL,
		   PAGE, PROT_WRITE, MAP_SHARED, fd, 0), EACCES);
	close(fd);
	expect_err("mmap length 0", (long)mmap(NULL, 0, PROT_READ,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), EINVAL);
	expect_err("mmap of a bad fd", (long)mmap(NULL, PAGE, PROT_READ,
		   MAP_PRIVATE, 99, 0), EBADF);
	expect_err("munmap unaligned", munmap((void *)(PAGE + 1), PAGE),
		   EINVAL);
	CHECK(unlink(tmp("f")) == 0);
}

int main(void)
{
	tmp_init("mmap");
	anonymous();
	fault_info();
	remap();
	files();
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
