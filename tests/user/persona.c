/*
 * persona.c: personality(2) as Linux has it: 0xffffffff asks, a new value
 * returns the old one, fork and exec keep it, and READ_IMPLIES_EXEC makes
 * later PROT_READ mappings executable (/proc/self/maps) until cleared.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include "check.h"

#define ASK	0xffffffffu

/* The permissions /proc/self/maps shows for the mapping at addr. */
static const char *perms_of(void *addr)
{
	static char perms[8];
	char line[256];
	FILE *f = fopen("/proc/self/maps", "r");

	strcpy(perms, "none");
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long start;
		char p[8];

		if (sscanf(line, "%lx-%*x %7s", &start, p) == 2 &&
		    start == (unsigned long)addr)
			strcpy(perms, p);
	}
	if (f)
		fclose(f);
	return perms;
}

static void mapping(const char *what)
{
	void *a = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	printf("%s: PROT_READ mapping is %s\n", what, perms_of(a));
	munmap(a, 4096);
}

int main(int argc, char **argv)
{
	pid_t pid;

	if (argc > 1) {
		printf("after exec: %#x\n", (unsigned)personality(ASK));
		return 0;
	}
	printf("at start: %#x\n", (unsigned)personality(ASK));
	printf("set ADDR_NO_RANDOMIZE, old: %#x\n",
	       (unsigned)personality(ADDR_NO_RANDOMIZE));
	printf("now: %#x\n", (unsigned)personality(ASK));
	pid = fork();
	if (pid == 0) {
		printf("in a child: %#x\n", (unsigned)personality(ASK));
		execl(argv[0], argv[0], "exec", (char *)NULL);
		_exit(127);
	}
	printf("child: %s\n", wait_str(pid));
	mapping("without READ_IMPLIES_EXEC");
	personality(READ_IMPLIES_EXEC);
	mapping("with READ_IMPLIES_EXEC");
	printf("cleared, old: %#x\n", (unsigned)personality(0));
	mapping("cleared again");
	return finish();
}
