/*
 * hello.c: what exec hands a program.  Prints argc, argv (argv[0] by its
 * last path component), envp, and the auxiliary vector values that are
 * the same on every Linux i386 and on maestro; for the others (addresses,
 * ids, hwcap) it prints only checks that must hold.  AT_EXECFN (the path
 * given to execve, which for a #! script is the script) by its last
 * component.  Exit status 0 when every check held.
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

extern char **environ;
static int failures;

static void check(const char *what, int ok)
{
	printf("check %s: %s\n", what, ok ? "ok" : "FAILED");
	if (!ok)
		failures++;
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* AT_PHDR must point at the running program's own program headers. */
static int phdr_ok(void)
{
	const Elf32_Phdr *ph = (const Elf32_Phdr *)getauxval(AT_PHDR);
	unsigned long n = getauxval(AT_PHNUM);
	int loads = 0;

	for (unsigned long i = 0; ph && i < n; i++)
		loads += ph[i].p_type == PT_LOAD;
	return ph && loads > 0;
}

static int random_ok(void)
{
	const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);
	int nonzero = 0;

	for (int i = 0; r && i < 16; i++)
		nonzero |= r[i];
	return r && nonzero;
}

int main(int argc, char **argv)
{
	const char *execfn = (const char *)getauxval(AT_EXECFN);

	printf("argc %d\n", argc);
	printf("argv[0] %s\n", base(argv[0]));
	for (int i = 1; i < argc; i++)
		printf("argv[%d] \"%s\"\n", i, argv[i]);
	for (char **e = environ; *e; e++)
		printf("env \"%s\"\n", *e);
	printf("AT_PAGESZ %lu\n", getauxval(AT_PAGESZ));
	printf("AT_CLKTCK %lu\n", getauxval(AT_CLKTCK));
	printf("AT_PHENT %lu\n", getauxval(AT_PHENT));
	printf("AT_SECURE %lu\n", getauxval(AT_SECURE));
	printf("AT_FLAGS %lu\n", getauxval(AT_FLAGS));
	check("stack 16-byte aligned at argc", ((uintptr_t)argv - 4) % 16 == 0);
	check("envp follows argv", environ == argv + argc + 1);
	check("AT_PHDR", phdr_ok());
	check("AT_RANDOM", random_ok());
	printf("AT_EXECFN %s\n", execfn ? base(execfn) : "(none)");
	check("AT_UID", getauxval(AT_UID) == getuid());
	check("AT_EUID", getauxval(AT_EUID) == geteuid());
	check("AT_GID", getauxval(AT_GID) == getgid());
	check("AT_EGID", getauxval(AT_EGID) == getegid());
	check("AT_ENTRY", getauxval(AT_ENTRY) != 0);
	check("AT_HWCAP has FPU", getauxval(AT_HWCAP) & 1);
	printf("%d failures\n", failures);
	return failures != 0;
}
