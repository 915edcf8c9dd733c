/*
 * brk.c: the program break, through the raw brk system call (musl's
 * sbrk only reads it).  The break starts at or above the program's end;
 * growing by 1 MiB gives zeroed, writable memory; shrinking takes pages
 * away (a child touching them dies with SIGSEGV) and growing again gives
 * zeroed pages; a forked child has the same break; a break below the
 * start, or at the top of the address space, is refused (brk returns the old break).
 */
#include <sys/syscall.h>
#include "check.h"

#define PAGE 4096
#define GROW (1024 * 1024)
extern char end[];

static unsigned long cur_brk(unsigned long to)
{
	return (unsigned long)syscall(SYS_brk, to);
}

static int all_zero(const char *p, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

int main(void)
{
	unsigned long start = cur_brk(0), base, top;
	char *p;
	pid_t pid;

	yes("break at or above the end of the program",
	    start >= (unsigned long)end);
	base = (start + PAGE - 1) & ~(unsigned long)(PAGE - 1);
	yes("brk grows by 1 MiB", cur_brk(base + GROW) == base + GROW);
	p = (char *)base;
	yes("new memory is zero", all_zero(p, GROW));
	memset(p, 0xa5, GROW);
	yes("and writable", (unsigned char)p[GROW - 1] == 0xa5);
	pid = fork();
	if (pid == 0)
		_exit(cur_brk(0) == base + GROW && p[5] == (char)0xa5 ? 0 : 1);
	printf("child has the same break and contents: %s\n", wait_str(pid));
	top = cur_brk(base + PAGE);
	yes("brk shrinks to one page", top == base + PAGE);
	pid = fork();
	if (pid == 0) {
		p[2 * PAGE] = 1;
		_exit(0);
	}
	printf("child writing above the shrunk break: %s\n", wait_str(pid));
	yes("the page below the break is kept", (unsigned char)p[10] == 0xa5);
	CHECK(cur_brk(base + GROW) == base + GROW);
	yes("regrown memory is zero", all_zero(p + PAGE, GROW - PAGE));
	yes("brk below the start is refused",
	    cur_brk(start - 64 * PAGE) == base + GROW);
	yes("brk to the top of the address space is refused",
	    cur_brk(0xfffff000) == base + GROW);
	yes("brk back to the start", cur_brk(start) == start);
	return finish();
}
