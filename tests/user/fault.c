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
 */
#include <limits.h>
#include <stdlib.h>
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

static int do_fault(const char *kind)
{
	unsigned char stack_code[sizeof(data_code)];

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
	if (!strcmp(kind, "exec-stack")) {
		memcpy(stack_code, data_code, sizeof(stack_code));
		return call_bytes(stack_code);
	}
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
