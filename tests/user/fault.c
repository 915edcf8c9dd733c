/*
 * fault.c: faults kill the faulting process with the right signal, and
 * the rest goes on.  "fault KIND..." forks one child per KIND, which does
 * that fault, and prints how the child ended:
 *   null		read through a NULL pointer		SIGSEGV
 *   null-write		write through a NULL pointer		SIGSEGV
 *   kernel-read	read 0xc0000000 (the kernel's half)	SIGSEGV
 *   rodata-write	write to a string constant		SIGSEGV
 *   text-write		write to the program's own code		SIGSEGV
 *   exec-data		call code placed in .data (needs NX)	SIGSEGV
 *   exec-stack		call code placed on the stack		SIGSEGV
 *   exec-heap		call code placed in the brk heap	SIGSEGV
 *   exec-mmap		call code in an anonymous read-write	SIGSEGV
 *			mapping
 *   exec-mprotect	the same after mprotect(PROT_READ |	exited 3
 *			PROT_EXEC)
 *   divzero		integer division by zero		SIGFPE
 *   divoverflow	INT_MIN / -1				SIGFPE
 *   stack-overflow	unbounded recursion			SIGSEGV
 *   ud2		an undefined instruction		SIGILL
 *   hlt		a privileged instruction		SIGSEGV
 *   int3		a breakpoint				SIGTRAP
 *   abort		abort()					SIGABRT
 * "fault -do KIND" does the fault itself.  The code placed in .data and on
 * the stack returns 3 if it runs, so a kernel that executes it shows up as
 * "exited 3".
 *
 * The same program is built twice more (tests/user/user.mk): linked with
 * -z execstack (PT_GNU_STACK asks for an executable stack: exec-stack
 * runs, the rest still faults) as fault-execstack, and without
 * PT_GNU_STACK at all as fault-nognustack, which Linux i386 runs with
 * READ_IMPLIES_EXEC: every readable mapping is executable, so all of the
 * exec- kinds run.
 */
#include <limits.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "check.h"

static volatile int zero, minus_one = -1, int_min = INT_MIN;
/* Volatile, so that gcc cannot turn the accesses into a trap of its own. */
static int *volatile null_ptr;
static int *volatile kernel_ptr = (int *)0xc0000000;
/* mov $3, %eax; ret */
static unsigned char data_code[] = { 0xb8, 3, 0, 0, 0, 0xc3 };

static int recurse(volatile char *prev)
{
	volatile char pad[1024];

	pad[0] = prev ? prev[0] + 1 : 0;
	if (zero)
		return 0;
	return recurse(pad) + pad[1];
}

static int call_bytes(unsigned char *code)
{
	int (*fn)(void) = (int (*)(void))(void *)code;

	return fn();
}

/* Copy data_code into this frame and call it.  gcc must neither drop the
 * copy (a call does not read its target as data: the barrier says the
 * bytes are used) nor make the call a tail call, which would free the
 * frame, the code with it, before jumping there. */
static int call_on_stack(void)
{
	unsigned char stack_code[sizeof(data_code)];
	int ret;

	memcpy(stack_code, data_code, sizeof(stack_code));
	__asm__ volatile("" : : "r"(stack_code) : "memory");
	ret = call_bytes(stack_code);
	return ret + zero;
}

/* Copy data_code to a fresh page of the brk heap and call it. */
static int call_on_heap(void)
{
	char *cur = (char *)syscall(SYS_brk, 0);

	if ((char *)syscall(SYS_brk, cur + 4096) != cur + 4096)
		return 101;
	memcpy(cur, data_code, sizeof(data_code));
	__asm__ volatile("" : : "r"(cur) : "memory");
	return call_bytes((unsigned char *)cur);
}

/* Copy data_code to an anonymous read-write page and call it, after
 * making the page read-execute when protect is set. */
static int call_in_mapping(int protect)
{
	unsigned char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 102;
	memcpy(p, data_code, sizeof(data_code));
	__asm__ volatile("" : : "r"(p) : "memory");
	if (protect && mprotect(p, 4096, PROT_READ | PROT_EXEC))
		return 103;
	return call_bytes(p);
}

static int do_fault(const char *kind)
{
	if (!strcmp(kind, "null"))
		return *null_ptr;
	if (!strcmp(kind, "null-write"))
		*null_ptr = 1;
	if (!strcmp(kind, "kernel-read"))
		return *kernel_ptr;
	if (!strcmp(kind, "rodata-write"))
		*(volatile char *)(const char *)"constant" = 'C';
	if (!strcmp(kind, "text-write"))
		*(volatile unsigned char *)(void *)do_fault = 0xc3;
	if (!strcmp(kind, "exec-data"))
		return call_bytes(data_code);
	if (!strcmp(kind, "exec-stack"))
		return call_on_stack();
	if (!strcmp(kind, "exec-heap"))
		return call_on_heap();
	if (!strcmp(kind, "exec-mmap"))
		return call_in_mapping(0);
	if (!strcmp(kind, "exec-mprotect"))
		return call_in_mapping(1);
	if (!strcmp(kind, "divzero"))
		return 100 / zero;
	if (!strcmp(kind, "divoverflow"))
		return int_min / minus_one;
	if (!strcmp(kind, "stack-overflow"))
		return recurse(NULL);
	if (!strcmp(kind, "ud2"))
		__asm__ volatile("ud2");
	if (!strcmp(kind, "hlt"))
		__asm__ volatile("hlt");
	if (!strcmp(kind, "int3"))
		__asm__ volatile("int3");
	if (!strcmp(kind, "abort"))
		abort();
	printf("unknown fault %s\n", kind);
	return 100;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "-do"))
		return do_fault(argv[2]);
	for (int i = 1; i < argc; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(do_fault(argv[i]));
		printf("%s: %s\n", argv[i], wait_str(pid));
	}
	printf("parent still running\n");
	return 0;
}
