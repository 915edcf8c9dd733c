/*
 * sysloop.c: a system-call-bound program for the profiler's system tests
 * and benchmark (kernel/prof/): `sysloop N` makes N rounds of getppid
 * (the raw system call: musl caches nothing, but the raw call makes sure
 * every round enters the kernel), a 1-byte read from /dev/zero and a
 * 1-byte write to /dev/null, then prints "sysloop: done".  A profile of it
 * is mostly kernel frames under the system call entry.  Exit status 0, 1
 * when a call fails (with a message), 2 for a bad argument.
 *
 * Its run time depends on the machine: it is not in programs.txt (the
 * oracle does not run it).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Opens path with flags, or exits with a message. */
static int open_or_die(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0) {
		perror(path);
		exit(1);
	}
	return fd;
}

int main(int argc, char **argv)
{
	long n;
	char *rest, c;
	int zero, null;

	if (argc != 2 || (n = strtol(argv[1], &rest, 10)) < 0 ||
	    rest == argv[1] || *rest) {
		fprintf(stderr, "usage: sysloop N\n");
		return 2;
	}
	zero = open_or_die("/dev/zero", O_RDONLY);
	null = open_or_die("/dev/null", O_WRONLY);
	for (long i = 0; i < n; i++) {
		if (syscall(SYS_getppid) < 0 || read(zero, &c, 1) != 1 ||
		    write(null, &c, 1) != 1) {
			perror("sysloop");
			return 1;
		}
	}
	printf("sysloop: done\n");
	return 0;
}
